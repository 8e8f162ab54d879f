# Shared by scripts/demo, scripts/test and scripts/bench: set up, configure and build incrementally.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup"

cardc_build() {
  # $1: build dir, rest: extra cmake args
  local dir="$1"; shift
  local gen=()
  if command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
  fi
  cmake --build "$dir" -j "${CARDC_JOBS:-$(nproc)}"
}
