#!/usr/bin/env bash
# tools/compile_sets: `cardc compile` makes one library of several sets and folders of one game, and --keep-going
# leaves the cards with errors out (docs/tools.md "Command line"). The expected card counts are read from the
# sources (`card "` lines), the titles from the set.
# Usage: compile_sets_test.sh CARDC SOURCE_DIR
set -euo pipefail
cardc=$1 src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-compile-sets.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
defined() { grep -o 'cardrt_def_card(%p0, "[^"]*"' "$1" | sed 's/.*, "//; s/"$//'; }

legends=$src/cards/legends/emerald_dawn.cards river=$src/examples/engine/river_watch.cards
want=$(( $(grep -c '^card "' "$legends") + $(grep -c '^card "' "$river") ))

# Two sets, and a folder and a set, of one game: one module with every card of both.
"$cardc" compile "$legends" "$river" --emit=ir -o "$work/two.ir" || fail "compile SET SET"
[[ $(defined "$work/two.ir" | wc -l) -eq $want ]] || fail "compile SET SET defined $(defined "$work/two.ir" | wc -l) cards, not $want"
defined "$work/two.ir" | grep -qx "Hoshiro the Ferryman" || fail "the second set's cards are missing"
"$cardc" compile "$src/cards/legends" "$river" -o "$work/both.so" || fail "compile FOLDER SET -o LIB"
[[ -s $work/both.so ]] || fail "compile FOLDER SET wrote no library"
"$cardc" compile "$src/cards/legends" "$river" --emit=ir -o "$work/folder.ir"
cmp -s "$work/two.ir" "$work/folder.ir" || fail "a folder and the set it holds compile differently"

# Sets of two games cannot share a library.
status=0
"$cardc" compile "$legends" "$src/cards/terrus" -o "$work/mixed.so" 2>"$work/err" || status=$?
[[ $status -eq 2 ]] || fail "sets of two games: exit $status, not 2"
grep -q "one library holds one game's cards: .*ashen_meadows.cards is a set of game 'terrus'" "$work/err" ||
  { cat "$work/err"; fail "sets of two games: no message"; }
[[ ! -e $work/mixed.so ]] || fail "sets of two games wrote a library"

# --keep-going: a card with an error is left out, named, with its diagnostic; the others are compiled.
sed 's/enters play: Gain 1 Honor\./enters play: Gain 1 Honr./' "$river" >"$work/typo.cards"
grep -q "Gain 1 Honr" "$work/typo.cards" || fail "could not make the typo"
status=0
"$cardc" compile --profile-path "$src/cards/legends" "$work/typo.cards" -o "$work/typo.so" 2>"$work/err" || status=$?
[[ $status -eq 1 && ! -e $work/typo.so ]] || fail "without --keep-going an error fails the compile (exit $status)"
"$cardc" compile --color never --keep-going --profile-path "$src/cards/legends" "$work/typo.cards" --emit=ir \
  -o "$work/kept.ir" 2>"$work/err" || { cat "$work/err"; fail "compile --keep-going"; }
grep -q "typo.cards:11:48: error: 'Honr' is not a resource of game 'legends' \[UnknownResource\]" "$work/err" ||
  { cat "$work/err"; fail "--keep-going did not print the left-out card's diagnostic"; }
grep -q "left out 1 card with errors: 'Hoshiro the Ferryman'" "$work/err" || { cat "$work/err"; fail "--keep-going did not name the card"; }
diff <(defined "$work/kept.ir") <(grep '^card "' "$river" | sed 's/^card "//; s/"$//' | grep -vx "Hoshiro the Ferryman") ||
  fail "--keep-going did not compile exactly the other cards"
# A check error stops a pass before the binding: a card the binder refuses is found by the next pass and left out
# too, and each diagnostic is printed once.
sed 's/\*\*Limited:\*\* Bow this card: Gain 1 Honor\./**Limited:** Bow this card: Other players may not draw cards this turn./' \
  "$work/typo.cards" >"$work/two.cards"
grep -q "may not draw cards" "$work/two.cards" || fail "could not make the unbound card"
"$cardc" compile --color never -k --profile-path "$src/cards/legends" "$work/two.cards" --emit=ir -o "$work/two_kept.ir" \
  2>"$work/err" || { cat "$work/err"; fail "compile --keep-going with a check error and a binding error"; }
grep -q "left out 2 cards with errors: 'Hoshiro the Ferryman', 'Lantern Watchtower'" "$work/err" ||
  { cat "$work/err"; fail "--keep-going did not leave out both cards"; }
[[ $(grep -c "error: 'Honr' is not a resource" "$work/err") -eq 1 ]] || { cat "$work/err"; fail "a diagnostic printed twice"; }
diff <(defined "$work/two_kept.ir") <(grep '^card "' "$river" | sed 's/^card "//; s/"$//' |
  grep -vx -e "Hoshiro the Ferryman" -e "Lantern Watchtower") || fail "--keep-going did not compile exactly the other cards"
"$cardc" compile -k --profile-path "$src/cards/legends" - -o "$work/stdin.so" <"$work/typo.cards" 2>/dev/null ||
  fail "--keep-going on standard input (read once)"
# --sign signs the one library of several sets, and a --keep-going one (docs/robustness.md "Signed card
# libraries"): its signature holds for the key that made it (the loader then goes on to the next check: the library
# is of two sets, not the scenario's one) and names an untrusted key; unsigned, it is refused as unsigned.
"$cardc" keygen "$work/key" >/dev/null && "$cardc" keygen "$work/other" >/dev/null || fail "cardc keygen"
scenario=$src/tests/scenarios/legends/akodo_kage.scenario
grep -q '^set .*emerald_dawn.cards$' "$scenario" || fail "$scenario does not play emerald_dawn.cards"
loads() {  # loads LIBRARY KEY.pub WANT: cardc run --library refuses LIBRARY saying WANT
  local status=0
  "$cardc" run --quiet --library "$1" --trust "$2" "$scenario" >"$work/out" 2>"$work/err" || status=$?
  [[ $status -ne 0 ]] && grep -q -- "$3" "$work/err" || { cat "$work/err"; fail "run --library $1 --trust $2: no '$3'"; }
}
"$cardc" compile "$legends" "$river" --sign "$work/key" -o "$work/signed.so" || fail "compile SET SET --sign"
loads "$work/signed.so" "$work/key.pub" "was built from card text"
loads "$work/signed.so" "$work/other.pub" "which this engine does not trust"
"$cardc" compile "$legends" "$river" -o "$work/unsigned.so" || fail "compile SET SET"
loads "$work/unsigned.so" "$work/key.pub" "is not signed"
"$cardc" compile -k --sign "$work/key" --profile-path "$src/cards/legends" "$work/typo.cards" -o "$work/kept.so" \
  2>/dev/null || fail "compile --keep-going --sign"
loads "$work/kept.so" "$work/other.pub" "which this engine does not trust"
"$cardc" compile "$legends" --sign "$work/key" -o "$work/emerald.so" || fail "compile SET --sign"
"$cardc" run --quiet --library "$work/emerald.so" --trust "$work/key.pub" "$scenario" >"$work/out" 2>&1 ||
  { cat "$work/out"; fail "the scenario did not pass on its set's signed library"; }

# An error outside every card still stops it.
sed 's/^game legends$/game legendz/' "$river" >"$work/nogame.cards"
status=0
"$cardc" compile -k "$work/nogame.cards" -o "$work/nogame.so" 2>/dev/null || status=$?
[[ $status -eq 1 && ! -e $work/nogame.so ]] || fail "--keep-going with an error outside every card: exit $status"
echo PASS
