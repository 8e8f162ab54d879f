#!/usr/bin/env bash
# tools/cli_conventions: the command line's manners (docs/tools.md "Command line"): --version names the compiler,
# the card library ABI and the profile description format; a mistyped subcommand or option is refused on stderr
# with the closest spelling, exit 2, nothing on stdout.
# Usage: cli_conventions_test.sh CARDC SOURCE_DIR PROJECT_VERSION
set -euo pipefail
cardc=$1 src=$2 project_version=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-cli-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# --version: the expected values come from their own sources, not from what cardc prints.
abi=$(sed -n 's/^#define CARDRT_ABI_VERSION \([0-9]*\).*/\1/p' "$src/runtime/include/cardrt/cardrt.h")
format=$("$cardc" compile "$src/cards/heroes/lantern_road.cards" --emit=profile -o - | sed -n '1s/^cardrt-profile //p')
[[ -n $abi && -n $format ]] || fail "could not read the ABI version or the description format"
"$cardc" --version >"$work/out" 2>"$work/err" || fail "cardc --version exited non-zero"
[[ ! -s $work/err ]] || { cat "$work/err"; fail "cardc --version wrote to stderr"; }
printf 'cardc %s\ncard library ABI %s (runtime %s)\nprofile description format %s\n' "$project_version" "$abi" "$abi" \
  "$format" | diff - "$work/out" || fail "cardc --version prints something else"

# refused: exit 2, stdout empty, the message on stderr
refused() {
  local want=$1; shift
  local status=0
  "$cardc" "$@" >"$work/out" 2>"$work/err" || status=$?
  [[ $status -eq 2 ]] || { cat "$work/err"; fail "cardc $* exited $status, not 2"; }
  [[ ! -s $work/out ]] || { cat "$work/out"; fail "cardc $* wrote to stdout"; }
  grep -qF -- "$want" "$work/err" || { cat "$work/err"; fail "cardc $*: stderr does not say: $want"; }
}
refused "cardc: 'chek' is not a cardc command; did you mean 'check'?" chek "$src/cards"
refused "did you mean 'compile'?" compil "$src/cards/heroes/lantern_road.cards"
refused "cardc: 'frobnicate' is not a cardc command" frobnicate
if grep -q "did you mean" "$work/err"; then fail "a word far from every command got a suggestion"; fi
refused "cardc check: unknown option '--colr'; did you mean '--color'?" check --colr never "$src/cards"
refused "cardc compile: unknown option '--profil-path'; did you mean '--profile-path'?" \
  compile --profil-path=x "$src/cards/heroes/lantern_road.cards" -o "$work/x.so"
echo PASS
