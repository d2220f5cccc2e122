#!/usr/bin/env bash
# Runs every fuzz target of a `fuzz` build for a short while: first over its
# committed regression inputs (issue 13's reproducers) and seed corpus, then
# on new inputs until SECONDS have passed. New inputs go to a temporary folder;
# the committed corpora are never modified. Exit status 1 on any finding.
#   tests/fuzz/smoke.sh BUILD_DIR [SECONDS=30]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$1
seconds=${2:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for target in fuzz_safetensors fuzz_model_file fuzz_pickle fuzz_json fuzz_tokenizer_files fuzz_encode fuzz_trace_file; do
  bin=$build/tests/fuzz/$target
  [[ -x $bin ]] || { echo "smoke.sh: $bin is missing" >&2; exit 1; }
  mkdir -p "$work/$target/new" "$work/$target/artifacts"
  dirs=("$work/$target/new" "$here/corpus/$target")
  [[ -d $here/regressions/$target ]] && dirs+=("$here/regressions/$target")
  echo "== $target: ${seconds}s"
  if ! TMPDIR=$work/$target "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 -max_len=65536 \
        -artifact_prefix="$work/$target/artifacts/" "${dirs[@]}" >"$work/$target/log" 2>&1; then
    echo "smoke.sh: $target FOUND A PROBLEM:" >&2
    tail -n 60 "$work/$target/log" >&2
    for a in "$work/$target/artifacts"/*; do
      [[ -f $a ]] && { mkdir -p "$build/fuzz-artifacts"; cp "$a" "$build/fuzz-artifacts/"; echo "input kept: $build/fuzz-artifacts/$(basename "$a")" >&2; }
    done
    status=1
  else
    grep -E '^#[0-9]+.*DONE' "$work/$target/log" | tail -n 1 || tail -n 2 "$work/$target/log"
  fi
done
exit $status
