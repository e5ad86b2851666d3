// `marionette --animate`'s work per frame: sample the states, forward kinematics, and the frame's
// line of JSON (write_frames_json). The time per bone must stay flat as the rig grows; it once
// grew with the bone count, each bone's entry looked up among those already written.

#include <benchmark/benchmark.h>

#include <string>

#include "core/anim/frames_json.hpp"
#include "editor/script/benchmark_rig.hpp"

using namespace marionette;

namespace {

// The --bench-frames rig grown to about `bones` bones (ten arms off one root), with two states
// swinging every fourth bone, so a transition between them blends whole poses.
Rig animated_rig(int bones) {
    Rig rig = make_benchmark_rig(10, bones / 10);
    for (int s = 0; s < 2; ++s) {
        State state;
        state.name = s == 0 ? "sway" : "curl";
        for (int b = 1; b < static_cast<int>(rig.skeleton.size()); b += 4) {
            StateChannel c;
            c.bone = b;
            c.axis = s == 0 ? glm::vec3{0.0f, 0.0f, 1.0f} : glm::vec3{0.0f, 1.0f, 0.0f};
            c.amplitude = 0.2f;
            c.period = 1.0f + 0.1f * static_cast<float>(b % 7);
            c.phase = 0.3f * static_cast<float>(b % 5);
            state.channels.push_back(c);
        }
        rig.states.push_back(std::move(state));
    }
    return rig;
}

// Frames in the middle of a transition, the costlier case: both states sampled and blended.
void BM_AnimateFrames(benchmark::State& state) {
    const Rig rig = animated_rig(static_cast<int>(state.range(0)));
    const std::vector<TimelineEntry> timeline{{0, 0.0}, {1, 0.05}};
    constexpr std::size_t kFrames = 16;  // at 60 fps: 0.05 s in, all within the 0.5 s transition
    std::size_t bytes = 0;
    // The text goes where --animate sends it, a piece at a time; the file's write is left out.
    const TextSink count = [&bytes](std::string_view piece) {
        bytes += piece.size();
        benchmark::DoNotOptimize(piece.data());
        return Status{};
    };
    for (auto _ : state) {
        bytes = 0;
        if (Status s = write_frames_json(rig, "bench.json", timeline, 60.0, kFrames, count); !s) {
            state.SkipWithError(s.message().c_str());
            break;
        }
    }
    const auto frames = static_cast<double>(kFrames);
    state.counters["per_frame"] = benchmark::Counter(frames, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["per_bone"] = benchmark::Counter(frames * static_cast<double>(rig.skeleton.size()),
                                                    benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["bytes_per_frame"] = static_cast<double>(bytes) / frames;
}

}  // namespace

// Wall time: a large rig's frame is written on two threads.
BENCHMARK(BM_AnimateFrames)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
