#!/usr/bin/env bash
# Builds the whole test suite with AddressSanitizer and UndefinedBehaviorSanitizer (GCC, the
# project's compiler) in build-asan/ and runs it. The first report of either ends the process
# that made it, so its test fails; leaks count too, except those of the X, GL and SDL libraries
# the window tests load, which scripts/lsan.supp names (never our code).
#
# Usage: bash scripts/sanitize.sh [extra ctest arguments, e.g. -R Soak]
# The soak test runs MARIONETTE_SOAK_DRAGS drags (default here 100,000 of its million): the
# sanitized build is several times slower and the full soak runs in the ordinary build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan

bash scripts/install-deps.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMARIONETTE_SANITIZE=ON -DMARIONETTE_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --parallel "$(nproc)"

export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}"
export MARIONETTE_SOAK_DRAGS="${MARIONETTE_SOAK_DRAGS:-100000}"
ctest --test-dir "$build" --output-on-failure --parallel 2 "$@"
