#!/usr/bin/env bash
# AttnScope's one set-up script, for a fresh Debian 12 / Ubuntu 22.04+ machine.
#   ./setup.sh run [app args]   install what is missing, build, open the app on the demo model
#   ./setup.sh test             install what is missing, build (warnings as errors), run the suite
#   ./setup.sh test --full      the same, then the suite under ASan + UBSan, then every fuzz
#                               target replayed over its committed inputs and a fixed number
#                               of runs from a fixed seed: deterministic, what .ci/run runs
#   ./setup.sh fuzz MINUTES     random fuzzing, MINUTES per target, before a release; what it
#                               finds is copied to tests/fuzz/regressions/ to be committed
# Running it again installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

usage() { echo "usage: $0 run [app args] | test [--full] | fuzz MINUTES" >&2; exit 2; }
mode=${1:-}
[[ -n $mode ]] || usage
shift
full=0
case "$mode" in
  run) ;;
  test)
    if [[ ${1:-} == --full ]]; then full=1; shift; fi
    [[ $# -eq 0 ]] || usage ;;
  fuzz)
    [[ ${1:-} =~ ^[0-9]+$ ]] || usage
    minutes=$1; shift ;;
  *) usage ;;
esac

start=$SECONDS
stage_start=$SECONDS
# Prints how long the stage that just ended took, and the total so far.
stamp() {
  local now=$SECONDS
  printf '== setup.sh: %s in %d min %02d s (total %d min %02d s)\n' "$1" $(((now - stage_start) / 60)) \
    $(((now - stage_start) % 60)) $(((now - start) / 60)) $(((now - start) % 60))
  stage_start=$now
}

# Build and test dependencies; the README's dependency table says why each one is here.
packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-qpa-plugins
  libgl-dev libeigen3-dev fonts-dejavu-core fonts-wqy-microhei
  appstream desktop-file-utils dpkg-dev
)
# The sanitizer and fuzz builds need clang and its runtimes (libFuzzer, ASan,
# UBSan), whose package carries clang's major version.
if [[ $mode == fuzz || $full == 1 ]]; then packages+=(clang); fi

install_missing() {
  local missing=() p status
  for p in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
install_missing "${packages[@]}"
if [[ $mode == fuzz || $full == 1 ]]; then
  clang_major=$(clang -dumpversion | cut -d. -f1)
  install_missing "libclang-rt-${clang_major}-dev"
fi
stamp "packages"

# One compile job per core: the machine is shared.
jobs=$(nproc)
build() {
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$jobs"
}

case "$mode" in
  run)
    build release
    stamp "release build"
    exec build/release/app/attnscope "$@" ;;
  fuzz)
    build fuzz
    stamp "fuzz build"
    tests/fuzz/fuzz.sh build/fuzz "$minutes"
    stamp "fuzzing" ;;
  test)
    build ci
    stamp "ci build (Release, -Werror)"
    ctest --preset ci -j "$jobs"
    stamp "the suite"
    if ((full)); then
      build asan
      stamp "asan build (ASan + UBSan)"
      ctest --preset asan -j "$jobs"
      stamp "the suite under ASan + UBSan"
      build fuzz
      stamp "fuzz build"
      tests/fuzz/replay.sh build/fuzz
      stamp "fuzz replay"
    fi ;;
esac
