// Reading and writing a rig file as its size grows (issue 21, point 5): the text of the
// generated --bench-frames rig (ten arms, 10 chains) parsed into a rig, and a rig serialized
// into text. Disk is left out: both are what a load and a save cost the CPU.

#include <benchmark/benchmark.h>

#include <string>

#include "core/rig/rig_json.hpp"
#include "editor/script/benchmark_rig.hpp"

using namespace marionette;

namespace {

Rig generated(int bones) { return make_benchmark_rig(10, (bones - 1) / 10); }

// The same with every bone turned, moved and scaled in the pose: a rig after a drag of every
// bone, or a baked frame, whose pose names each bone.
Rig posed(int bones) {
    Rig rig = generated(bones);
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        rig.pose.rotations[i] = glm::angleAxis(0.01f * static_cast<float>(i % 97 + 1), glm::vec3{0.0f, 0.0f, 1.0f});
        rig.pose.translations[i] = {0.001f * static_cast<float>(i % 13 + 1), 0.0f, 0.0f};
        rig.pose.scales[i] = {1.0f + 0.001f * static_cast<float>(i % 7 + 1), 1.0f, 1.0f};
    }
    return rig;
}

void BM_LoadRig(benchmark::State& state) {
    const int bones = static_cast<int>(state.range(0));
    const std::string text = serialize_rig(state.range(1) != 0 ? posed(bones) : generated(bones)).value();
    for (auto _ : state) {
        Result<Rig> rig = parse_rig(text);
        if (!rig) state.SkipWithError(rig.message().c_str());
        benchmark::DoNotOptimize(rig);
    }
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}

void BM_SaveRig(benchmark::State& state) {
    const int bones = static_cast<int>(state.range(0));
    const Rig rig = state.range(1) != 0 ? posed(bones) : generated(bones);
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

// Arguments: bones, and whether every bone is posed (1) or the pose is the generated one (0).
BENCHMARK(BM_LoadRig)->ArgsProduct({{1001, 10001, 100001}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SaveRig)->ArgsProduct({{1001, 10001, 100001}, {0, 1}})->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
