#!/usr/bin/env bash
# Random fuzzing for a time, before a release (`./setup.sh fuzz MINUTES`): each
# target of a `fuzz` build runs MINUTES from its committed inputs with a seed
# from the clock. New coverage goes to a temporary folder; an input that makes
# a target fail is copied to tests/fuzz/regressions/<target>/, where the
# deterministic replay (replay.sh) runs it from then on: commit it with the fix.
#   tests/fuzz/fuzz.sh BUILD_DIR MINUTES
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$1
seconds=$(($2 * 60))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
while read -r target; do
  bin=$build/tests/fuzz/$target
  [[ -x $bin ]] || { echo "fuzz.sh: $bin is missing" >&2; exit 1; }
  inputs=("$here/corpus/$target")
  [[ -d $here/regressions/$target ]] && inputs+=("$here/regressions/$target")
  mkdir -p "$work/$target/new" "$work/$target/artifacts"
  echo "== $target: $2 min"
  if ! TMPDIR=$work/$target "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 -max_len=65536 \
        -artifact_prefix="$work/$target/artifacts/" "$work/$target/new" "${inputs[@]}" \
        >"$work/$target/log" 2>&1; then
    echo "fuzz.sh: $target FOUND A PROBLEM:" >&2
    tail -n 60 "$work/$target/log" >&2
    mkdir -p "$here/regressions/$target"
    for a in "$work/$target/artifacts"/*; do
      [[ -f $a ]] || continue
      cp "$a" "$here/regressions/$target/"
      echo "added to the regressions: tests/fuzz/regressions/$target/$(basename "$a")" >&2
    done
    status=1
  else
    grep -E '^#[0-9]+.*DONE' "$work/$target/log" | tail -n 1 || tail -n 2 "$work/$target/log"
  fi
done < "$here/targets.txt"
exit $status
