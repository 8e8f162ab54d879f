#!/usr/bin/env bash
# install/demo: scripts/demo shows the main job on one screen (under 80 lines): the check summary, a library per
# bundled set, the example engine loading a library, one told scenario per game, and every scenario's summary.
# Usage: demo_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(mktemp "${TMPDIR:-/tmp}/cardc-demo-test.XXXXXX")
trap 'rm -f "$out"' EXIT
CARDC_DEMO_NO_BUILD=1 CARDC_BUILD_DIR=$build bash "$src/scripts/demo" >"$out" 2>&1 || { cat "$out"; fail "scripts/demo failed"; }
cat "$out"
lines=$(wc -l <"$out")
(( lines < 80 )) || fail "scripts/demo printed $lines lines (the tour stays under 80)"
grep -q ' cards: 0 errors, 0 warnings$' "$out" || fail "no clean check summary"
sets=$(ls "$src"/cards/*/*.cards | wc -l)
[[ $(grep -o ' cards -> *[0-9]* KB' "$out" | wc -l) -eq $sets ]] || fail "not one library per bundled set ($sets)"
grep -q '^engine: river_watch.so: profile [0-9a-f]\{16\}, 4 cards$' "$out" || fail "the engine did not load the library"
grep -q '^engine: 4 abilities used, ' "$out" || fail "the engine did not play"
for game in legends terrus heroes gems; do grep -q "^== $game: " "$out" || fail "no told scenario of $game"; done
want=$(ls "$src"/tests/scenarios/*/*.scenario | wc -l)
grep -q "^scenarios: $want passed, 0 failed$" "$out" || fail "not every scenario ($want) passed"
echo "PASS: $lines lines"
