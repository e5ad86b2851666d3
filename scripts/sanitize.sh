#!/usr/bin/env bash
# Builds the whole test suite with AddressSanitizer and UndefinedBehaviorSanitizer (GCC, the
# project's compiler) in build-asan/ and runs it. The first report of either ends the process
# that made it, so its test fails.
#
# Leaks count too, in every test but the real-editor ones (ctest label "app"), which run with
# leak checking off and ASan and UBSan otherwise as strict: SDL loads libdbus, X and GL libraries
# itself and unloads them at exit with memory still allocated (libdbus's global data is freed
# only by dbus_shutdown(), which SDL never calls), so LeakSanitizer reports blocks from libraries
# no longer mapped, which no suppression can name. The editor's own code is leak-checked where
# it runs without a window: core, cli, editor and the headless ImGui dialog tests.
# scripts/lsan.supp names the outside libraries whose leaks are accepted.
#
# Usage: bash scripts/sanitize.sh
# MARIONETTE_WERROR=ON in the environment makes warnings errors (CI sets it: .ci/run).
# The soak test runs MARIONETTE_SOAK_DRAGS drags (default here 100,000 of its million): the full
# soak runs in the ordinary build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan

bash scripts/install-deps.sh
# -O1 -g1: what the sanitizers need (inlining kept modest, line tables for the reports) at about
# half the compile time of -O2 -g, which matters on CI's two cores.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DMARIONETTE_SANITIZE=ON -DMARIONETTE_BUILD_BENCH=OFF \
  -DMARIONETTE_WERROR="${MARIONETTE_WERROR:-OFF}" >/dev/null
start=$SECONDS
cmake --build "$build" --parallel "$(nproc)"
echo "sanitize: the build took $((SECONDS - start)) s" | tee "$build/timings.txt"

strict="halt_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export MARIONETTE_SOAK_DRAGS="${MARIONETTE_SOAK_DRAGS:-100000}"
export MARIONETTE_IK_REFERENCE_TARGETS="${MARIONETTE_IK_REFERENCE_TARGETS:-5000}"
export MARIONETTE_RIM_GRID_TARGETS="${MARIONETTE_RIM_GRID_TARGETS:-200}"
export MARIONETTE_BEND_GRID_TARGETS="${MARIONETTE_BEND_GRID_TARGETS:-200}"
status=0
start=$SECONDS
ASAN_OPTIONS="$strict:detect_leaks=1" ctest --test-dir "$build" --output-on-failure --parallel 2 -LE app || status=1
ASAN_OPTIONS="$strict:detect_leaks=0" ctest --test-dir "$build" --output-on-failure --parallel 2 -L app || status=1
echo "sanitize: the tests took $((SECONDS - start)) s" | tee -a "$build/timings.txt"
exit $status
