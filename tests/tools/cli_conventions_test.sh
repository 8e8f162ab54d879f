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
refused "cardc: 'chek' is not a cardc command; did you mean 'check'?" --color never chek "$src/cards"
refused "did you mean 'compile'?" compil "$src/cards/heroes/lantern_road.cards"
refused "cardc: 'frobnicate' is not a cardc command" frobnicate
if grep -q "did you mean" "$work/err"; then fail "a word far from every command got a suggestion"; fi
refused "cardc check: unknown option '--colr'; did you mean '--color'?" check --colr never "$src/cards"
refused "cardc compile: unknown option '--profil-path'; did you mean '--profile-path'?" \
  compile --profil-path=x "$src/cards/heroes/lantern_road.cards" -o "$work/x.so"
# --profile-path takes one folder (repeatable): the set after it stays a set.
mkdir "$work/elsewhere"
cp "$src/cards/heroes/lantern_road.cards" "$work/elsewhere/"
"$cardc" check --profile-path "$src/cards/heroes" "$work/elsewhere/lantern_road.cards" >"$work/out" 2>&1 ||
  { cat "$work/out"; fail "check --profile-path DIR SET"; }
"$cardc" check "$src/cards/heroes/lantern_road.cards" >"$work/in_place" 2>&1 || fail "check of the bundled set"
diff "$work/in_place" "$work/out" >/dev/null || { cat "$work/in_place" "$work/out"; fail "check --profile-path DIR SET did not check exactly the set"; }
"$cardc" compile --profile-path "$src/cards/gems" --profile-path "$src/cards/heroes" "$work/elsewhere/lantern_road.cards" \
  -o "$work/lantern_road.so" >"$work/out" 2>&1 || { cat "$work/out"; fail "compile --profile-path DIR --profile-path DIR SET -o OUT"; }
[[ -s $work/lantern_road.so ]] || fail "compile --profile-path DIR SET wrote no library"

# Diagnostics and the summary on stderr, data on stdout.
printf 'game heroes\nset "Typos"\n\ncard "Lost Knight"\n  type Creatur\nend\n' >"$work/elsewhere/typo.cards"
status=0
"$cardc" check --color never --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards" >"$work/out" 2>"$work/err" || status=$?
[[ $status -eq 1 ]] || { cat "$work/out" "$work/err"; fail "check of a set with an error exited $status, not 1"; }
[[ ! -s $work/out ]] || { cat "$work/out"; fail "check wrote its diagnostics to stdout"; }
grep -q "typo.cards:5:8: error: " "$work/err" || { cat "$work/err"; fail "check's diagnostic is not on stderr"; }
grep -q "^2 files, 1 card: 1 error" "$work/err" || { cat "$work/err"; fail "check's summary is not on stderr"; }
status=0
"$cardc" check --diagnostics-format=json --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards" >"$work/out" 2>"$work/err" || status=$?
[[ $status -eq 1 && ! -s $work/err ]] || { cat "$work/err"; fail "check --diagnostics-format=json wrote to stderr"; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["summary"]["errors"] == 1' "$work/out" ||
  fail "check --diagnostics-format=json did not print its JSON on stdout"

# The global options work on every subcommand, before or after its name.
status=0
"$cardc" compile --diagnostics-format=json --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards" \
  -o "$work/typo.so" >"$work/out" 2>"$work/err" || status=$?
[[ $status -eq 1 && ! -s $work/out ]] || { cat "$work/out" "$work/err"; fail "compile of a set with an error: exit $status"; }
python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert lines and all(d["severity"] == "error" for d in lines), lines
assert lines[0]["file"].endswith("typo.cards"), lines[0]' "$work/err" ||
  { cat "$work/err"; fail "compile --diagnostics-format=json did not write JSON diagnostics on stderr"; }
esc=$(printf '\033[')
colored() { "$cardc" "$@" >/dev/null 2>"$work/err" || true; grep -qF "$esc" "$work/err" || { cat "$work/err"; fail "cardc $*: no colour on stderr"; }; }
colored --color always check --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards"
colored check --color always --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards"
colored compile --color=always --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards" -o "$work/typo.so"
"$cardc" compile --color never --profile-path "$src/cards/heroes" "$work/elsewhere/typo.cards" -o "$work/typo.so" 2>"$work/err" || true
if grep -qF "$esc" "$work/err"; then fail "compile --color never wrote colour"; fi

# A folder with no card sets or profiles is an error, not a clean check.
mkdir -p "$work/empty/sub"
echo "notes" >"$work/empty/sub/readme.txt"
refused "cardc check: '$work/empty' holds no card sets (.cards) or game profiles (.game)" check "$work/empty"
refused "found 0" compile "$work/empty" -o "$work/empty.so"

# "-" is standard input (a card set named <stdin>; its profile found from the current folder up) or output.
set_in=$src/cards/heroes/lantern_road.cards
(cd "$src/cards/heroes" && "$cardc" check - <"$set_in") >"$work/out" 2>"$work/err" || { cat "$work/err"; fail "check - <SET"; }
diff "$work/in_place" "$work/err" >/dev/null || { cat "$work/in_place" "$work/err"; fail "check - did not check the set on stdin as check SET does"; }
status=0
"$cardc" check --color never --profile-path "$src/cards/heroes" - <"$work/elsewhere/typo.cards" >"$work/out" 2>"$work/err" || status=$?
[[ $status -eq 1 ]] && grep -q "^<stdin>:5:8: error: " "$work/err" || { cat "$work/err"; fail "check - names stdin <stdin> in diagnostics"; }
"$cardc" compile --profile-path "$src/cards/heroes" - -o "$work/stdin.so" <"$set_in" || fail "compile - -o OUT"
[[ -s $work/stdin.so ]] || fail "compile - wrote no library"
"$cardc" compile --profile-path "$src/cards/heroes" --emit=ir - -o - <"$set_in" | grep '^module ' >/dev/null || fail "compile --emit=ir - -o - printed no module"
"$cardc" fmt - <"$set_in" | cmp -s - "$set_in" || fail "fmt - did not print the (already formatted) set on stdout"
refused "--in-place cannot rewrite standard input" fmt --in-place - <"$set_in"
# Standard input is bounded like a file (base/read_file.h read_input): an endless one is refused past the 16 MiB
# limit at once, not read until memory runs out.
refused "<stdin>:1:1: error: cannot read '<stdin>': larger than the 16 MiB limit" check - </dev/zero
refused "<stdin>:1:1: error: cannot read '<stdin>': larger than the 16 MiB limit" compile - -o "$work/zero.so" </dev/zero
[[ ! -e $work/zero.so ]] || fail "compile - </dev/zero wrote a library"
refused "<stdin>:1:1: error: cannot read '<stdin>': larger than the 16 MiB limit" fmt - </dev/zero

# Files cardc creates get the usual permissions (0666 less the umask), not 0600; fmt -i keeps a symlink.
(umask 022 && "$cardc" render "$set_in" -o "$work/proofs.html") || fail "render -o"
[[ $(stat -c %a "$work/proofs.html") == 644 ]] || fail "render wrote mode $(stat -c %a "$work/proofs.html"), not 644"
mkdir "$work/linked"
printf 'game heroes\nset "Linked"\n\ncard "A"\n  type   Creature\nend\n' >"$work/linked/real.cards"
ln -s real.cards "$work/linked/link.cards"
"$cardc" fmt --in-place "$work/linked/link.cards" >/dev/null || fail "fmt --in-place through a symlink"
[[ -L $work/linked/link.cards ]] || fail "fmt --in-place replaced the symlink with a file"
grep -q '^  type Creature$' "$work/linked/real.cards" || { cat "$work/linked/real.cards"; fail "fmt --in-place did not format the linked file"; }

# bash completion (compiler/tools/packaging/cardc.bash-completion): subcommands and each one's options, from --help.
complete_words() {
  bash -c 'complete() { :; }; compopt() { :; }; source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
           _cardc; printf "%s\n" "${COMPREPLY[@]}"' _ "$src/compiler/tools/packaging/cardc.bash-completion" "$cardc" "$@"
}
[[ $(complete_words ch) == check ]] || fail "completing 'cardc ch' gives: $(complete_words ch)"
[[ $(complete_words co) == compile ]] || fail "completing 'cardc co' gives: $(complete_words co)"
[[ $(complete_words check --col) == --color ]] || fail "completing 'cardc check --col' gives: $(complete_words check --col)"
complete_words compile --pro | grep -qx -- --profile-path || fail "completing 'cardc compile --pro' misses --profile-path"
complete_words --ver | grep -qx -- --version || fail "completing 'cardc --ver' misses --version"
echo PASS
