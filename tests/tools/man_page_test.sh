#!/usr/bin/env bash
# tools/man_page: cardc.1, made by help2man at build time, documents the program as it is: its version, a COMMANDS
# section with every subcommand cardc --help lists, and their options.
# Usage: man_page_test.sh CARDC.1 CARDC
set -euo pipefail
page=$1 cardc=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -s $page ]] || fail "$page is missing or empty"
grep -q '^\.TH CARDC "1"' "$page" || fail "no .TH CARDC 1 header"
grep -qF "$("$cardc" --version | head -1)" "$page" || fail "the page does not name the version"
grep -q '^\.SH COMMANDS' "$page" || fail "no COMMANDS section"
for c in $("$cardc" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p'); do
  grep -qF ".SS \"cardc $c\"" "$page" || fail "no section for cardc $c"
done
grep -qF -- 'profile\-path' "$page" || grep -qF -- '--profile-path' "$page" || fail "the options are missing"
echo PASS
