#!/usr/bin/env bash
# Builds privoco with GCC's AddressSanitizer and UndefinedBehaviorSanitizer (every report fatal) and runs tests.
# Usage: bash scripts/sanitize.sh [--subset] [BUILD_DIR]
#   (default) the whole test suite in build-sanitize/, except python_test (the module loaded into an uninstrumented
#             python3) and install_test (a project built against the installed libraries without the sanitizers);
#             about 40 minutes to build on 2 cores
#   --subset  what CI runs (ctest's sanitizer_subset test, into BUILD_DIR): the core and fast parts only, and their
#             tests: the fuzz targets' corpus replay with mutations (decimal parser, assignments, CSV and JSON Lines
#             rows) and every fast ID over the whole double range (fast_wide_test)
# Leaks are reported (LeakSanitizer), except Arb's and FLINT's caches, which live until the process ends.
set -euo pipefail
cd "$(dirname "$0")/.."
subset=0
if [ "${1:-}" = "--subset" ]; then subset=1; shift; fi
dir="${1:-build-sanitize}"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" > "$dir.log"
supp="$(pwd)/tests/fuzz/lsan.supp"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
if [ "$subset" = 1 ]; then
  cmake --build "$dir" -j "$(nproc)" --target fuzz_decimal fuzz_assignments fuzz_rows fast_wide_test >> "$dir.log"
  ctest --test-dir "$dir" --output-on-failure -R '^(fuzz_(decimal|assignments|rows)_replay|fast_wide_test)$'
else
  cmake --build "$dir" -j "$(nproc)" >> "$dir.log"
  ctest --test-dir "$dir" --output-on-failure -E '^(python_test|install_test|sanitizer_subset)$'
fi
