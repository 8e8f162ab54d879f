#!/usr/bin/env bash
# install/example_engine: cmake --install into a temporary prefix, cardc compile the example set, configure and
# build examples/engine against the prefix with a separate cmake, run it and check what it prints.
# Usage: example_engine_test.sh CMAKE BUILD_DIR CARDC SOURCE_DIR [SANITIZE]
set -euo pipefail
cmake_exe=$1 build_dir=$2 cardc=$3 src=$4 sanitize=${5:-0}
# A sanitized libcardrt needs the sanitizer runtime first in the engine too (scripts/test --sanitize).
san_flags=()
if [[ $sanitize == 1 || $sanitize == ON || $sanitize == TRUE ]]; then
  san_flags=(-DCMAKE_C_FLAGS=-fsanitize=address,undefined -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined)
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

fail() { echo "FAIL: $*" >&2; exit 1; }

echo "-- installing $build_dir into $prefix"
"$cmake_exe" --install "$build_dir" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; }
for f in include/cardrt/cardrt.h lib/cmake/cardrt/cardrtConfig.cmake; do
  [[ -f $prefix/$f ]] || fail "the install has no $f"
done
ls "$prefix"/lib*/libcardrt.so >/dev/null 2>&1 || fail "the install has no libcardrt.so"

echo "-- compiling the example set"
set_file=$src/examples/engine/river_watch.cards
"$cardc" check --compile "$set_file" >"$work/check.log" 2>&1 || { cat "$work/check.log"; fail "cardc check --compile"; }
cat "$work/check.log"
grep -q '4 cards: 0 errors, 0 warnings (4 cards compiled)' "$work/check.log" || fail "cardc check --compile did not compile all 4 cards"
"$cardc" keygen "$work/key" >/dev/null || fail "cardc keygen"
[[ $(stat -c %a "$work/key") == 600 ]] || fail "the secret key is not private (mode $(stat -c %a "$work/key"))"
"$cardc" compile "$set_file" --sign "$work/key" -o "$work/river_watch.so" || fail "cardc compile --sign"
"$cardc" compile "$set_file" -o "$work/unsigned.so" || fail "cardc compile"
"$cardc" compile "$set_file" --emit=profile -o "$work/profile.txt" || fail "cardc compile --emit=profile"
head -1 "$work/profile.txt" | grep -qx 'cardrt-profile 1' || fail "--emit=profile does not start with 'cardrt-profile 1'"

echo "-- building examples/engine against the install"
"$cmake_exe" -S "$src/examples/engine" -B "$work/engine-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release "${san_flags[@]}" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configuring examples/engine"; }
"$cmake_exe" --build "$work/engine-build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "building examples/engine"; }
# It links the installed runtime, not the build tree's.
if command -v ldd >/dev/null; then
  ldd "$work/engine-build/engine" | grep libcardrt | grep -q "$prefix" || { ldd "$work/engine-build/engine"; fail "the engine does not use the installed libcardrt"; }
fi

echo "-- running the engine"
status=0
"$work/engine-build/engine" --trust "$work/key.pub" "$work/river_watch.so" >"$work/engine.out" 2>&1 || status=$?
cat "$work/engine.out"
[[ $status -eq 0 ]] || fail "the engine exited with $status"
expect() { grep -Eq -- "$1" "$work/engine.out" || fail "the engine's output has no line matching: $1"; }
expect "^engine: .*river_watch\.so: profile [0-9a-f]{16}, 4 cards$"
expect "^engine: card [0-9]+, ability [0-9]+: done$"
expect "^engine: [1-9][0-9]* abilities used, [0-9]+ events$"
# The runtime's event log, as the cards' text says.
expect "^ +[0-9]+ triggered player=0 card=[0-9]+\\[Hoshiro the Ferryman\\] what=enter_play"
expect "^ +[0-9]+ resource_gained player=0 other=[0-9]+\\[Hoshiro the Ferryman\\] what=Honor amount=2 "
expect "^ +[0-9]+ resource_lost player=0 other=[0-9]+\\[Mizuka of the Reeds\\] what=Honor amount=1 "
expect "^ +[0-9]+ bonus player=0 card=[0-9]+\\[Hoshiro the Ferryman\\] other=[0-9]+\\[Mizuka of the Reeds\\] what=Force amount=2 value=4$"
expect "^ +[0-9]+ resource_gained player=0 other=[0-9]+\\[Lantern Watchtower\\] what=Honor amount=1 "
expect "^ +[0-9]+ draw player=0 .*other=[0-9]+\\[Ashigaru Bargemen\\] amount=1 "
expect "^engine: 4 abilities used, [0-9]+ events$"
# The profile the engine built from the library is the one cardc compiled the set against: the same identity as
# the module's profile hash.
want=$("$cardc" compile "$set_file" --emit=ir -o - | sed -n 's/^module .* profile=\([0-9a-f]*\) .*/\1/p')
[[ -n $want ]] || fail "cardc compile --emit=ir printed no profile hash"
expect "^engine: .*: profile $want, 4 cards$"

echo "-- the engine refuses what no trusted key signed, before any of its code runs"
refused() {  # refused WHY ENGINE-ARGS...: the engine exits 1 naming WHY
  local out status=0
  out=$(timeout 20 "$work/engine-build/engine" "${@:2}" 2>&1) || status=$?
  [[ $status -eq 1 ]] || fail "the engine exited with $status on ${*:2}: $out"
  grep -q -- "$1" <<<"$out" || fail "the engine's refusal of ${*:2} does not say '$1': $out"
}
refused "is not signed" --trust "$work/key.pub" "$work/unsigned.so"
"$cardc" keygen "$work/other" >/dev/null || fail "cardc keygen"
refused "does not trust" --trust "$work/other.pub" "$work/river_watch.so"
refused "is not signed" "$work/unsigned.so"
# A shared object whose constructor creates a file, given a valid seal: anyone can compute a SHA-256.
cat >"$work/hostile.c" <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
__attribute__((constructor)) static void hostile(void) {
  const char* marker = getenv("HOSTILE_MARKER");
  int fd = marker ? open(marker, O_WRONLY | O_CREAT, 0644) : -1;
  if (fd >= 0) close(fd);
}
int cardrt_library_register(void* pool) { (void)pool; return 0; }
C
cc -shared -fPIC -o "$work/hostile.so" "$work/hostile.c" || fail "cc"
python3 - "$work/hostile.so" <<'PY'
import hashlib, struct, sys
data = open(sys.argv[1], "rb").read()
open(sys.argv[1], "ab").write(hashlib.sha256(data).digest() + struct.pack("<Q", len(data)) + b"CARDLIB1")
PY
export HOSTILE_MARKER=$work/constructor-ran
refused "is not signed" --trust "$work/key.pub" "$work/hostile.so"
[[ ! -e $HOSTILE_MARKER ]] || fail "the engine ran the constructor of an unsigned library"
# The control: with --allow-unsigned (unsafe) the same library's constructor does run.
refused "not a card library" --allow-unsigned "$work/hostile.so"
[[ -e $HOSTILE_MARKER ]] || fail "the marker test cannot see a constructor run"
# Not a regular file: refused at once, not waited on.
mkfifo "$work/fifo.so"
refused "not a regular file" --trust "$work/key.pub" "$work/fifo.so"
refused "not a regular file" --trust "$work/fifo.so" "$work/river_watch.so"
echo "-- running the playouts (examples/engine/playouts.c: copies of the game, random actions)"
status=0
"$work/engine-build/playouts" --trust "$work/key.pub" "$work/river_watch.so" 0.05 >"$work/playouts.out" 2>&1 || status=$?
cat "$work/playouts.out"
[[ $status -eq 0 ]] || fail "the playouts exited with $status"
grep -Eq "^playouts: one thread [1-9][0-9]*/s \([0-9.]+ actions each\), two threads [1-9][0-9]*/s" "$work/playouts.out" ||
  fail "the playouts printed no counts"
grep -Eq "^playouts: one decision, [1-9][0-9]* legal actions x 32 playouts" "$work/playouts.out" ||
  fail "the playouts found no legal action to decide between"
echo "PASS"
