#!/usr/bin/env bash
# tools/replay_cli: `cardc run --record FILE` records a scenario's game and `cardc replay FILE --library SET.so` plays
# it back to the same event log, byte for byte; a library of edited cards is refused naming both, and with --force
# the replay is played and the call where the edited card first plays differently is reported (docs/tools.md
# "Replays", docs/runtime.md "Replays").
# Usage: replay_cli_test.sh CARDC SOURCE_DIR
set -euo pipefail
cardc=$1 src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-replay-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

set_file=$src/cards/legends/emerald_dawn.cards
scenario=$src/tests/scenarios/legends/akodo_kage.scenario
grep -q '^set .*emerald_dawn.cards$' "$scenario" || fail "$scenario does not play emerald_dawn.cards"
"$cardc" keygen "$work/key" >/dev/null || fail "cardc keygen"
"$cardc" compile "$set_file" --sign "$work/key" -o "$work/set.so" || fail "compile --sign"

# Recorded while the scenario plays against the library; the log it printed, without the summary line, is the log.
"$cardc" run --library "$work/set.so" --trust "$work/key.pub" --record "$work/kage.replay" "$scenario" \
  >"$work/run.out" 2>"$work/run.err" || { cat "$work/run.err"; fail "run --record"; }
[[ -s $work/kage.replay ]] || fail "run --record wrote no replay"
head -c 8 "$work/kage.replay" | grep -q CARDPLAY || fail "the replay has no CARDPLAY magic"
grep -v '^scenarios: ' "$work/run.out" >"$work/recorded.log"
grep -q ' game_start ' "$work/recorded.log" || fail "the run printed no event log"

# Played back: the same log, byte for byte, and a summary saying so.
"$cardc" replay "$work/kage.replay" --library "$work/set.so" --trust "$work/key.pub" \
  >"$work/replay.out" 2>"$work/replay.err" || { cat "$work/replay.err"; fail "replay (exit $?)"; }
cmp -s "$work/recorded.log" "$work/replay.out" || { diff "$work/recorded.log" "$work/replay.out" | head; fail "the replayed log differs"; }
grep -q "identical to the recording" "$work/replay.err" || { cat "$work/replay.err"; fail "no summary"; }
# --quiet prints no log; an unsigned library is refused unless --allow-unsigned, as in cardc run.
"$cardc" replay --quiet "$work/kage.replay" --library "$work/set.so" --trust "$work/key.pub" >"$work/quiet.out" 2>/dev/null ||
  fail "replay --quiet"
[[ ! -s $work/quiet.out ]] || fail "replay --quiet printed the log"
status=0
"$cardc" replay "$work/kage.replay" --library "$work/set.so" >/dev/null 2>"$work/err" || status=$?
[[ $status -eq 2 ]] || fail "a library no trusted key signed: exit $status, not 2"

# The same cards, Akodo Kage gaining 1 Honor instead of 2 as he enters play: another library, refused naming both.
sed 's/After this Personality enters play: Gain 2 Honor\./After this Personality enters play: Gain 1 Honor./' \
  "$set_file" >"$work/edited.cards"
! cmp -s "$set_file" "$work/edited.cards" || fail "could not edit the card"
"$cardc" compile --profile-path "$src/cards/legends" "$work/edited.cards" --sign "$work/key" -o "$work/edited.so" ||
  fail "compile the edited set"
status=0
"$cardc" replay "$work/kage.replay" --library "$work/edited.so" --trust "$work/key.pub" >"$work/out" 2>"$work/err" ||
  status=$?
[[ $status -eq 2 && ! -s $work/out ]] || fail "another library: exit $status, not 2 (or a log was printed)"
grep -q "recorded with card library 'legends/.*playing with card library 'legends/" "$work/err" ||
  { cat "$work/err"; fail "another library: both identities are not named"; }
grep -q -- "--force" "$work/err" || { cat "$work/err"; fail "another library: no hint of --force"; }

# --force: played, exit 1, the first divergence at the call that plays Akodo Kage (his trigger gains 1 Honor now).
status=0
"$cardc" replay --force "$work/kage.replay" --library "$work/edited.so" --trust "$work/key.pub" \
  >"$work/forced.out" 2>"$work/forced.err" || status=$?
[[ $status -eq 1 ]] || { cat "$work/forced.err"; fail "--force: exit $status, not 1"; }
grep -q "played anyway: call [0-9]* of [0-9]* (cardrt_game_put_into_play(1, 0)): event [0-9]* is " \
  "$work/forced.err" || { cat "$work/forced.err"; fail "--force: the first divergence is not reported"; }
grep -q "diverged from the recording" "$work/forced.err" || { cat "$work/forced.err"; fail "--force: no summary"; }
! cmp -s "$work/recorded.log" "$work/forced.out" || fail "--force: the edited card played the same"

# Damaged bytes are refused with a message, never a crash.
head -c 100 "$work/kage.replay" >"$work/cut.replay"
status=0
"$cardc" replay "$work/cut.replay" --library "$work/set.so" --trust "$work/key.pub" >/dev/null 2>"$work/err" || status=$?
[[ $status -eq 2 ]] && grep -q "cannot play the replay: it is 100 bytes" "$work/err" ||
  { cat "$work/err"; fail "a truncated replay: exit $status"; }
status=0
"$cardc" replay "$work/missing.replay" --library "$work/set.so" >/dev/null 2>"$work/err" || status=$?
[[ $status -eq 2 ]] && grep -q "missing.replay:1:1: error: cannot read" "$work/err" || fail "a missing replay: exit $status"
echo "replay_cli: ok"
