// Reading and writing a rig file as its size grows (issue 21, point 5): the text of the
// generated --bench-frames rig (ten arms, 10 chains) parsed into a rig, and a rig serialized
// into text. Disk is left out: both are what a load and a save cost the CPU.

#include <benchmark/benchmark.h>

#include <string>

#include "core/rig_json.hpp"
#include "editor/benchmark_rig.hpp"

using namespace marionette;

namespace {

Rig generated(int bones) { return make_benchmark_rig(10, (bones - 1) / 10); }

void BM_LoadRig(benchmark::State& state) {
    const std::string text = serialize_rig(generated(static_cast<int>(state.range(0)))).value();
    for (auto _ : state) {
        Result<Rig> rig = parse_rig(text);
        if (!rig) state.SkipWithError(rig.message().c_str());
        benchmark::DoNotOptimize(rig);
    }
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}

void BM_SaveRig(benchmark::State& state) {
    const Rig rig = generated(static_cast<int>(state.range(0)));
    std::size_t bytes = 0;
    for (auto _ : state) {
        Result<std::string> text = serialize_rig(rig);
        if (!text) state.SkipWithError(text.message().c_str());
        bytes = text.value().size();
        benchmark::DoNotOptimize(text);
    }
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

}  // namespace

BENCHMARK(BM_LoadRig)->Arg(1001)->Arg(10001)->Arg(100001)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SaveRig)->Arg(1001)->Arg(10001)->Arg(100001)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
