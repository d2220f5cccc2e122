#!/usr/bin/env bash
# AttnScope's one set-up script. On a fresh Debian 12 / Ubuntu 22.04+ machine:
#   ./setup.sh run    install what is missing, build, open the app on the demo model
#   ./setup.sh test   install what is missing, build (warnings as errors), run every test;
#                     then the same tests under ASan + UBSan (build/asan), and each
#                     libFuzzer target for a 30 s smoke run (build/fuzz)
# Running it again installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

mode=${1:-}
case "$mode" in
  run|test) shift ;;
  *) echo "usage: $0 run|test [args for the app]" >&2; exit 2 ;;
esac

# Build and test dependencies; README.md's table says why each one is here.
packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-qpa-plugins
  libgl-dev libeigen3-dev fonts-dejavu-core
  clang libclang-rt-14-dev appstream desktop-file-utils dpkg-dev
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# One compile job per core: the machine is shared.
jobs=$(nproc)
build() {
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$jobs"
}

if [[ $mode == run ]]; then
  build release
  exec build/release/app/attnscope "$@"
fi

start=$SECONDS
stamp() { echo "== setup.sh test: $1 ($(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s so far)"; }
build ci
ctest --preset ci -j "$jobs"
stamp "the suite passed; now under ASan + UBSan"
build asan
ctest --preset asan -j "$jobs"
stamp "the sanitizer suite passed; now the fuzz smoke runs"
build fuzz
tests/fuzz/smoke.sh build/fuzz 30
stamp "all done"
