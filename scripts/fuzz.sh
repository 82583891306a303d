#!/usr/bin/env bash
# Fuzzes privoco's readers of user input with libFuzzer (clang and Debian's libclang-rt-dev; scripts/setup.sh installs
# them): builds build-fuzz/ with AddressSanitizer, UndefinedBehaviorSanitizer and coverage, then runs each target from
# a copy of its seed corpus (tests/fuzz/corpus/TARGET) for SECONDS (default 60) or exactly N executions (--runs N).
# A crash, a hang (10 s per input), a leak or a sanitizer report leaves its input in build-fuzz/findings/TARGET/
# and makes the script exit 1; add that input to the target's corpus with the fix (the replay test then keeps it).
# Usage: bash scripts/fuzz.sh [SECONDS | --runs N] [TARGET ...]   (targets: fuzz_decimal fuzz_assignments fuzz_rows
#        fuzz_state; default all)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time=60)
if [ "${1:-}" = "--runs" ]; then limit=(-runs="$2"); shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then limit=(-max_total_time="$1"); shift; fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_decimal fuzz_assignments fuzz_rows fuzz_state)
CXX="${PRIVOCO_FUZZ_CXX:-clang++}"
command -v "$CXX" > /dev/null || { echo "fuzz.sh: $CXX not found (Debian: clang, libclang-rt-14-dev)" >&2; exit 2; }
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$CXX" -DPRIVOCO_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer \
  -DPRIVOCO_SIMD_VARIANTS=0" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" > build-fuzz.log
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}" >> build-fuzz.log
status=0
for t in "${targets[@]}"; do
  work="build-fuzz/corpus/$t" findings="build-fuzz/findings/$t"
  rm -rf "$work" && mkdir -p "$work" "$findings"
  cp tests/fuzz/corpus/"$t"/* "$work"/
  echo "== $t (${limit[*]})"
  if ! "build-fuzz/tests/fuzz/$t" "${limit[@]}" -timeout=10 -rss_limit_mb=4096 -max_len=8192 \
       -artifact_prefix="$findings/" -print_final_stats=1 "$work" 2> "build-fuzz/$t.log"; then
    status=1
    echo "$t: FINDING, input in $findings/ (log build-fuzz/$t.log)"
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "build-fuzz/$t.log" || true
done
exit $status
