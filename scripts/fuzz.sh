#!/usr/bin/env bash
# Fuzzes the rig loader, the glTF importer, the PSD reader, the Spine atlas reader and the IK
# solvers with libFuzzer (Debian's clang 14), each for a bounded time, all at once (sharing the
# cores). Builds the five targets, and the core library they test,
# with clang and AddressSanitizer + UndefinedBehaviorSanitizer in build-fuzz/.
#
# Usage: bash scripts/fuzz.sh [SECONDS]      seconds per target, default 60 (FUZZ_SECONDS too)
# MARIONETTE_WERROR=ON in the environment makes warnings errors (CI sets it: .ci/run).
#
# Seeds: the shipped rigs, the bad-file tests' files, the PSD tests' files, the atlas tests' texts
# and the kept inputs in
# tests/data/fuzz/.
# What the fuzzer learns stays in build-fuzz/corpus/ for the next local run. A crash, a hang
# (one input over 10 s), running out of memory (2 GB) or a broken invariant (fuzz/*_check.hpp)
# fails the run and leaves the input in build-fuzz/artifacts/TARGET/ (and in the log, base64).
# Exit 0: nothing found; 1: a finding; anything else: the build failed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${FUZZ_SECONDS:-60}}
build=build-fuzz

bash scripts/install-deps.sh fuzz
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DMARIONETTE_FUZZ=ON \
  -DMARIONETTE_BUILD_APP=OFF -DMARIONETTE_BUILD_TESTS=OFF -DMARIONETTE_BUILD_BENCH=OFF \
  -DMARIONETTE_WERROR="${MARIONETTE_WERROR:-OFF}" >/dev/null
cmake --build "$build" --target rig_loader_fuzz ik_fuzz gltf_import_fuzz psd_reader_fuzz spine_atlas_fuzz spine_skeleton_fuzz --parallel "$(nproc)"

# Sanitizer reports symbolized, and fatal.
export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

declare -A seeds=(
  [rig_loader]="assets/rigs tests/data/bad tests/data/fuzz/rig_loader"
  [ik]="tests/data/fuzz/ik"
  [gltf_import]="tests/data/gltf tests/data/fuzz/gltf_import"
  [psd_reader]="tests/data/psd"
  [spine_atlas]="tests/data/spine_atlas"
  [spine_skeleton]="tests/data/spine_import tests/data/fuzz/spine_skeleton"
)
declare -A extra=(
  [rig_loader]="-dict=fuzz/rig_loader.dict -max_len=16384"
  [ik]="-max_len=512"
  [gltf_import]="-max_len=65536"
  [psd_reader]="-max_len=65536"
  [spine_atlas]="-max_len=16384"
  [spine_skeleton]="-max_len=65536"
)
declare -A pids=()
for target in rig_loader ik gltf_import psd_reader spine_atlas spine_skeleton; do
  mkdir -p "$build/corpus/$target" "$build/artifacts/$target" "$build/logs"
  # shellcheck disable=SC2086  # the seed folders and options are word lists on purpose
  "$build/fuzz/${target}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    ${extra[$target]} -artifact_prefix="$build/artifacts/$target/" \
    "$build/corpus/$target" ${seeds[$target]} >"$build/logs/$target.log" 2>&1 &
  pids[$target]=$!
done

failed=0
passed=0
for target in rig_loader ik gltf_import psd_reader spine_atlas spine_skeleton; do
  if wait "${pids[$target]}"; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/logs/$target.log")
    echo "fuzz: $target: ${runs:-?} inputs in ${seconds} s, nothing found"
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "fuzz: $target FOUND A PROBLEM; the end of $build/logs/$target.log:" >&2
    tail -n 60 "$build/logs/$target.log" >&2
    for input in "$build/artifacts/$target"/*; do
      [ -f "$input" ] || continue
      echo "fuzz: the input: $input" >&2
      [ "$(stat -c %s "$input")" -le 65536 ] && echo "fuzz: base64: $(base64 -w0 "$input")" >&2
    done
    cat >&2 <<MSG
fuzz: reproduce with: $build/fuzz/${target}_fuzz INPUT
fuzz: fix the bug, then copy INPUT into tests/data/fuzz/$target/ so that it stays a test in
fuzz: every build (tests/fuzz/corpus_replay_test.cpp replays that folder), and note the finding
fuzz: in docs/reliability.md.
MSG
  fi
done
echo "fuzz: build and run took $SECONDS s"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
