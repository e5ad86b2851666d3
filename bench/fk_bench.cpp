// Forward kinematics over generated skeletons: ns per bone must stay flat as the rig grows
// (one pass over the parent-before-child array).

#include <benchmark/benchmark.h>

#include <random>

#include "core/rig/forward_kinematics.hpp"

using namespace marionette;

namespace {

// A tree where each bone hangs off a random earlier one, turned a little about a random axis.
Skeleton random_skeleton(int n, bool is_2d) {
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> angle(-0.5f, 0.5f);
    std::vector<Bone> bones(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        Bone& b = bones[static_cast<std::size_t>(i)];
        b.name = std::string("b").append(std::to_string(i));
        b.parent = i == 0 ? -1 : static_cast<int>(rng() % static_cast<unsigned>(i));
        b.length = 1.0f;
        b.rest.translation = {1.0f, 0.0f, 0.0f};
        b.rest.rotation =
            is_2d ? rotation_2d(angle(rng)) : glm::angleAxis(angle(rng), glm::normalize(glm::vec3{angle(rng), angle(rng), 1.0f}));
    }
    return Skeleton(std::move(bones));
}

void BM_ForwardKinematics(benchmark::State& state, bool is_2d) {
    const int n = static_cast<int>(state.range(0));
    const Skeleton sk = random_skeleton(n, is_2d);
    Pose pose = Pose::rest(sk.size());
    for (std::size_t i = 0; i < pose.rotations.size(); ++i) pose.rotations[i] = rotation_2d(0.01f * static_cast<float>(i));
    std::vector<Transform> world(sk.size());
    const ForwardKinematicsJob job{&sk, &pose, world};
    if (!job.validate()) state.SkipWithError("invalid job");
    for (auto _ : state) {
        job.run();
        benchmark::DoNotOptimize(world.data());
        benchmark::ClobberMemory();
    }
    // Seconds per bone, printed with an SI prefix ("9.5n" is 9.5 ns).
    state.counters["per_bone"] =
        benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_CAPTURE(BM_ForwardKinematics, 2d, true)->RangeMultiplier(10)->Range(10, 100000);
BENCHMARK_CAPTURE(BM_ForwardKinematics, 3d, false)->RangeMultiplier(10)->Range(10, 100000);

BENCHMARK_MAIN();
