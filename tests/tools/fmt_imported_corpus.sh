#!/usr/bin/env bash
# tools/fmt_imported_corpus: every set imported from the real card pool is in the canonical layout, and formatting
# it changes nothing (the formatter itself proves the AST is unchanged on every run). Skipped (77) without the corpus.
# Usage: fmt_imported_corpus.sh CARDC SOURCE_DIR
set -euo pipefail
cardc=$1 src=$2
corpus="${CARDC_L5R_CORPUS:-$src/../shared/corpora/l5r-oracle}"
[[ -d $corpus ]] || { echo "skipped: no corpus at $corpus"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-fmt-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$cardc" import --from=l5r-oracle "$corpus" -o "$work/sets" >/dev/null 2>&1 || true  # some cards are reported, not dropped
ls "$work/sets"/*.cards >/dev/null
"$cardc" fmt --check "$work/sets"
cp -r "$work/sets" "$work/again"
"$cardc" fmt --in-place "$work/again"
diff -r "$work/sets" "$work/again"
echo "PASS"
