#!/usr/bin/env bash
# The deterministic fuzz check of `./setup.sh test --full` (and so of CI): every
# target of a `fuzz` build runs
#   1. once over each committed input (corpus/<target>, regressions/<target>),
#   2. then RUNS new inputs mutated from them by libFuzzer from a fixed seed.
# The same commit runs the same inputs every time: the line printed per target
# ends with a digest of the inputs it made, which two runs can compare. The
# committed folders are never modified. Exit status 1 on any finding, with the
# input kept in BUILD_DIR/fuzz-artifacts.
#   tests/fuzz/replay.sh BUILD_DIR [RUNS=4000] [SEED=20261204]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$1
runs=${2:-4000}
seed=${3:-20261204}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
while read -r target; do
  bin=$build/tests/fuzz/$target
  [[ -x $bin ]] || { echo "replay.sh: $bin is missing" >&2; exit 1; }
  inputs=("$here/corpus/$target")
  [[ -d $here/regressions/$target ]] && inputs+=("$here/regressions/$target")
  mkdir -p "$work/$target/new" "$work/$target/artifacts"
  # -runs without -max_total_time and one process: the same inputs in the same
  # order each time. -timeout and -rss_limit_mb turn a hang or a runaway
  # allocation into a finding.
  if ! TMPDIR=$work/$target "$bin" -seed="$seed" -runs="$runs" -timeout=20 -rss_limit_mb=3072 -max_len=65536 \
        -artifact_prefix="$work/$target/artifacts/" "$work/$target/new" "${inputs[@]}" \
        >"$work/$target/log" 2>&1; then
    echo "replay.sh: $target FOUND A PROBLEM:" >&2
    tail -n 60 "$work/$target/log" >&2
    for a in "$work/$target/artifacts"/*; do
      [[ -f $a ]] && { mkdir -p "$build/fuzz-artifacts"; cp "$a" "$build/fuzz-artifacts/"; echo "input kept: $build/fuzz-artifacts/$(basename "$a")" >&2; }
    done
    status=1
    continue
  fi
  made=$(find "$work/$target/new" -type f | wc -l)
  digest=$( (cd "$work/$target/new" && find . -type f -print0 | sort -z | xargs -0r sha256sum) | sha256sum | cut -c1-16)
  done_line=$(grep -E '^#[0-9]+.*DONE' "$work/$target/log" | tail -n 1 || true)
  echo "$target: ${done_line:-done}; $made new inputs kept, digest $digest"
done < "$here/targets.txt"
exit $status
