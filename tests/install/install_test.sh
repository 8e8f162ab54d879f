#!/usr/bin/env bash
# install/*: cmake --install this build into a fresh temporary prefix, then build the out-of-tree example engine
# (examples/engine/) against that prefix one way, with the shared and the static runtime, as C and as C++, and run
# each engine on a card library the installed cardc compiled and signed (docs/tools.md "Packaging", "Example
# engine"); each engine also refuses what no trusted key signed, before any of its code runs, and each build's
# playouts (examples/engine/playouts.c) play copies of the game.
#   WAY cardrt      find_package(cardrt) (cardrt::cardrt, cardrt::cardrt_static)
#   WAY cardc       find_package(cardc): the runtime comes with it, and the engine's build compiles the set with
#                   the installed cardc program (cardc_compile_cards)
#   WAY pkg-config  cc/c++ engine.c $(pkg-config --cflags --libs cardrt | cardrt-static), no CMake at all
# The set is compiled from a copy outside the source tree, so its profile comes from the install (share/cardc).
# Usage: install_test.sh WAY CMAKE BUILD_DIR SOURCE_DIR [SANITIZE]
set -euo pipefail
way=$1 cmake_exe=$2 build_dir=$3 src=$4 sanitize=${5:-0}
# A sanitized libcardrt needs the sanitizer runtime in the engine too (scripts/test --sanitize).
san=()
if [[ $sanitize == 1 || $sanitize == ON || $sanitize == TRUE ]]; then san=(-fsanitize=address,undefined); fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cardc-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

fail() { echo "FAIL ($way${variant:+, $variant}): $*" >&2; exit 1; }

echo "-- installing $build_dir into $prefix"
"$cmake_exe" --install "$build_dir" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; }
libdir=$(cd "$prefix" && ls -d lib*/ | head -1); libdir=${libdir%/}
for f in bin/cardc include/cardrt/cardrt.h include/cardrt/cardrt.hpp "$libdir/libcardrt.so" "$libdir/libcardrt_static.a" \
         "$libdir/cmake/cardrt/cardrtConfig.cmake" "$libdir/cmake/cardc/cardcConfig.cmake" \
         "$libdir/pkgconfig/cardrt.pc" "$libdir/pkgconfig/cardrt-static.pc" "$libdir/cardrt/cardrt.dynamic-list" \
         share/cardc/legends/legends.game share/cardc/terrus/terrus.game share/cardc/heroes/heroes.game \
         share/cardc/gems/gems.game share/bash-completion/completions/cardc; do
  [[ -e $prefix/$f ]] || fail "the install has no $f"
done
if command -v help2man >/dev/null; then
  [[ -s $prefix/share/man/man1/cardc.1 ]] || fail "the install has no man page (share/man/man1/cardc.1)"
fi
# Nothing installed names the build tree or the configure-time prefix: the tree works wherever it is put.
if grep -rIl -e "$build_dir" -e "$src" "$prefix/$libdir/pkgconfig" "$prefix/$libdir/cmake" >"$work/leaks" 2>/dev/null; then
  cat "$work/leaks"; fail "installed files name the build or source tree"
fi

echo "-- compiling the example set with the installed cardc, from outside the source tree"
cardc=$prefix/bin/cardc
mkdir "$work/sets"
cp "$src/examples/engine/river_watch.cards" "$work/sets/"
set_file=$work/sets/river_watch.cards
(cd "$work" && "$cardc" check --compile "$set_file") >"$work/check.log" 2>&1 || { cat "$work/check.log"; fail "installed cardc check --compile (is the legends profile found in share/cardc?)"; }
grep -q '4 cards: 0 errors, 0 warnings (4 cards compiled)' "$work/check.log" || { cat "$work/check.log"; fail "cardc check --compile did not compile all 4 cards"; }
# Signed libraries (docs/robustness.md "Signed card libraries"): a key pair, a signed and an unsigned library.
"$cardc" keygen "$work/key" >/dev/null || fail "cardc keygen"
[[ $(stat -c %a "$work/key") == 600 ]] || fail "the secret key is not private (mode $(stat -c %a "$work/key"))"
"$cardc" keygen "$work/other" >/dev/null || fail "cardc keygen"
(cd "$work" && "$cardc" compile "$set_file" --sign "$work/key" -o "$work/river_watch.so") || fail "installed cardc compile --sign"
(cd "$work" && "$cardc" compile "$set_file" -o "$work/unsigned.so") || fail "installed cardc compile"
"$cardc" compile "$set_file" --emit=profile -o "$work/profile.txt" || fail "cardc compile --emit=profile"
head -1 "$work/profile.txt" | grep -qx 'cardrt-profile 1' || fail "--emit=profile does not start with 'cardrt-profile 1'"
want=$("$cardc" compile "$set_file" --emit=ir -o - | sed -n 's/^module .* profile=\([0-9a-f]*\) .*/\1/p')
[[ -n $want ]] || fail "cardc compile --emit=ir printed no profile hash"

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
cc -shared -fPIC -o "$work/hostile.so" "$work/hostile.c" || fail "cc hostile.so"
python3 - "$work/hostile.so" <<'PY'
import hashlib, struct, sys
data = open(sys.argv[1], "rb").read()
open(sys.argv[1], "ab").write(hashlib.sha256(data).digest() + struct.pack("<Q", len(data)) + b"CARDLIB1")
PY
mkfifo "$work/fifo.so"

# The engine's output: the cards it listed, the zones it found by role, the event log as the cards' text says.
check_engine_output() {
  local out=$1
  expect() { grep -Eq -- "$1" "$out" || { cat "$out"; fail "the engine's output has no line matching: $1"; }; }
  expect "^engine: .*river_watch\.so: profile $want, 4 cards$"
  expect "^engine: card 0: Hoshiro the Ferryman \(Personality\)$"
  expect "^engine: card 1: Mizuka of the Reeds \(Personality\)$"
  expect "^engine: card 2: Lantern Watchtower \(Holding\)$"
  expect "^engine: card 3: Ashigaru Bargemen \(Follower\)$"
  expect "^engine: deck zone Fate Deck, play zone Play$"
  expect "^engine: card [0-9]+, ability [0-9]+: done$"
  expect "^ +[0-9]+ triggered player=0 card=[0-9]+\\[Hoshiro the Ferryman\\] what=enter_play"
  expect "^ +[0-9]+ resource_gained player=0 other=[0-9]+\\[Hoshiro the Ferryman\\] what=Honor amount=2 "
  expect "^ +[0-9]+ resource_lost player=0 other=[0-9]+\\[Mizuka of the Reeds\\] what=Honor amount=1 "
  expect "^ +[0-9]+ bonus player=0 card=[0-9]+\\[Hoshiro the Ferryman\\] other=[0-9]+\\[Mizuka of the Reeds\\] what=Force amount=2 value=4$"
  expect "^ +[0-9]+ resource_gained player=0 other=[0-9]+\\[Lantern Watchtower\\] what=Honor amount=1 "
  expect "^ +[0-9]+ draw player=0 .*other=[0-9]+\\[Ashigaru Bargemen\\] amount=1 "
  expect "^engine: 4 abilities used, [0-9]+ events$"
}

# The engine refuses what no trusted key signed, before any of its code runs.
check_engine_refusals() {
  local engine=$1 library=$2
  refused() {  # refused WHY ENGINE-ARGS...: the engine exits 1 naming WHY
    local out status=0
    out=$(timeout 20 "$engine" "${@:2}" 2>&1) || status=$?
    [[ $status -eq 1 ]] || fail "the engine exited with $status on ${*:2}: $out"
    grep -q -- "$1" <<<"$out" || fail "the engine's refusal of ${*:2} does not say '$1': $out"
  }
  refused "is not signed" --trust "$work/key.pub" "$work/unsigned.so"
  refused "does not trust" --trust "$work/other.pub" "$library"
  refused "is not signed" "$work/unsigned.so"
  export HOSTILE_MARKER=$work/$variant_dir.constructor-ran
  refused "is not signed" --trust "$work/key.pub" "$work/hostile.so"
  [[ ! -e $HOSTILE_MARKER ]] || fail "the engine ran the constructor of an unsigned library"
  # The control: with --allow-unsigned (unsafe) the same library's constructor does run.
  refused "not a card library" --allow-unsigned "$work/hostile.so"
  [[ -e $HOSTILE_MARKER ]] || fail "the marker test cannot see a constructor run"
  # Not a regular file: refused at once, not waited on.
  refused "not a regular file" --trust "$work/key.pub" "$work/fifo.so"
  refused "not a regular file" --trust "$work/fifo.so" "$library"
  # Unsigned, it runs only when allowed (unsafe, development only).
  local status=0
  "$engine" --allow-unsigned "$work/unsigned.so" >"$work/$variant_dir.unsigned.out" 2>&1 || status=$?
  [[ $status -eq 0 ]] || { cat "$work/$variant_dir.unsigned.out"; fail "the engine exited with $status on --allow-unsigned"; }
}

# The playouts (examples/engine/playouts.c): copies of the game, random legal actions.
check_playouts() {
  local playouts=$1 library=$2 out=$work/$variant_dir.playouts.out status=0
  "$playouts" --trust "$work/key.pub" "$library" 0.05 >"$out" 2>&1 || status=$?
  [[ $status -eq 0 ]] || { cat "$out"; fail "the playouts exited with $status"; }
  grep -Eq "^playouts: one thread [1-9][0-9]*/s \([0-9.]+ actions each\), two threads [1-9][0-9]*/s" "$out" ||
    { cat "$out"; fail "the playouts printed no counts"; }
  grep -Eq "^playouts: one decision, [1-9][0-9]* legal actions x 32 playouts" "$out" ||
    { cat "$out"; fail "the playouts found no legal action to decide between"; }
  status=0
  "$playouts" "$work/unsigned.so" 0.05 >"$out" 2>&1 || status=$?
  [[ $status -eq 1 ]] || { cat "$out"; fail "the playouts exited with $status on an unsigned library"; }
}

# Build one engine into $work/$variant/engine (and, for WAY cardc, its river_watch.so).
build_engine() {
  local runtime=$1 lang=$2 dir=$work/$variant
  if [[ $way == pkg-config ]]; then
    local module=cardrt compiler=cc std=-std=c99 x=c
    [[ $runtime == static ]] && module=cardrt-static
    [[ $lang == CXX ]] && { compiler=c++; std=-std=c++17; x=c++; }
    mkdir -p "$dir"
    local flags libs
    flags=$(PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig pkg-config --cflags "$module") || fail "pkg-config --cflags $module"
    libs=$(PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig pkg-config --libs "$module") || fail "pkg-config --libs $module"
    local rpath
    rpath=$(PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig pkg-config --variable=libdir "$module")
    # shellcheck disable=SC2086  # pkg-config output is a list of words
    "$compiler" $std -Wall -Wextra -Werror "${san[@]}" $flags -x $x "$src/examples/engine/engine.c" -x none \
      -o "$dir/engine" $libs -Wl,-rpath,"$rpath" >"$dir/build.log" 2>&1 || { cat "$dir/build.log"; fail "$compiler with pkg-config $module"; }
    # shellcheck disable=SC2086
    "$compiler" $std -Wall -Wextra -Werror "${san[@]}" $flags -x $x "$src/examples/engine/playouts.c" -x none \
      -o "$dir/playouts" $libs -pthread -Wl,-rpath,"$rpath" >"$dir/build.log" 2>&1 || { cat "$dir/build.log"; fail "$compiler playouts.c with pkg-config $module"; }
  else
    local sanflags=()
    ((${#san[@]})) && sanflags=(-DCMAKE_${lang}_FLAGS="${san[*]}" -DCMAKE_EXE_LINKER_FLAGS="${san[*]}")
    "$cmake_exe" -S "$src/examples/engine" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
      -DENGINE_FIND="$way" -DENGINE_RUNTIME="$runtime" -DENGINE_LANGUAGE="$lang" -DENGINE_SIGN_KEY="$work/key" "${sanflags[@]}" \
      >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; fail "configuring examples/engine"; }
    "$cmake_exe" --build "$dir" >"$dir.build.log" 2>&1 || { cat "$dir.build.log"; fail "building examples/engine"; }
  fi
}

for runtime in shared static; do
  for lang in C CXX; do
    variant="$runtime runtime, $lang"
    variant_dir=${runtime}-${lang}
    echo "-- $way: $variant"
    variant=$variant_dir build_engine "$runtime" "$lang"
    engine=$work/$variant_dir/engine
    library=$work/river_watch.so
    if [[ $way == cardc ]]; then
      library=$work/$variant_dir/river_watch.so
      [[ -f $library ]] || fail "the engine's build did not compile river_watch.so with the installed cardc"
    fi
    # Which runtime it uses: the installed shared one, or none (linked in).
    if command -v ldd >/dev/null; then
      if [[ $runtime == shared ]]; then
        ldd "$engine" | grep libcardrt | grep -q "$prefix" || { ldd "$engine"; fail "the engine does not use the installed libcardrt.so"; }
      elif ldd "$engine" | grep -q libcardrt; then
        ldd "$engine"; fail "the engine links libcardrt.so instead of the static runtime"
      fi
    fi
    status=0
    "$engine" --trust "$work/key.pub" "$library" >"$work/$variant_dir.out" 2>&1 || status=$?
    [[ $status -eq 0 ]] || { cat "$work/$variant_dir.out"; fail "the engine exited with $status"; }
    check_engine_output "$work/$variant_dir.out"
    check_engine_refusals "$engine" "$library"
    check_playouts "$work/$variant_dir/playouts" "$library"
  done
done
echo "PASS"
