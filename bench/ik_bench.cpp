// IK solver speed. Two-bone: ns per solve over random targets, one limb per call (TwoBoneJob) and
// several independent limbs per call (TwoBoneBatchJob, reported per limb); the same limb with
// joint limits (a range, cone or swing-twist at the upper joint, a range or hinge at the middle one), over
// the targets its limits let it reach and over all of them (the rest need the closest-tip search). CCD: ns per joint per
// iteration for chains of 2 to 1000 joints; the per-joint cost must stay flat as the chain grows
// (each iteration is O(N): the effector is carried up the chain, not recomputed by FK per joint).

#include <benchmark/benchmark.h>

#include <random>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/two_bone/two_bone_batch.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "ik_bench_limbs.hpp"

using namespace marionette;
using namespace marionette::bench;

namespace {

void BM_TwoBone(benchmark::State& state, Dimensions dims) {
    Rig rig = two_bone_limb(dims);
    Pose pose = rig.pose;
    const auto targets = random_targets(dims, 2.2f, 1024);
    TwoBoneSettings settings;
    if (dims == Dimensions::Three) settings.pole = kFreePole;
    TwoBoneJob job{&rig.skeleton, dims, 0, 1, {}, settings, 0.0f, &pose};
    if (!job.validate()) state.SkipWithError("invalid job");
    std::size_t i = 0;
    for (auto _ : state) {
        job.target = targets[i++ & 1023];
        benchmark::DoNotOptimize(job.run());
    }
    state.SetItemsProcessed(state.iterations());
}

// BM_TwoBone's limb with limits like the shipped rigs' arms (limit_like_arms). `reachable`: only
// the targets some pose within the limits reaches.
void BM_TwoBoneLimited(benchmark::State& state, Dimensions dims, bool reachable, bool swing_twist = false) {
    Rig rig = two_bone_limb(dims);
    limit_like_arms(rig, swing_twist);
    Pose pose = rig.pose;
    TwoBoneSettings settings;
    if (dims == Dimensions::Three) settings.pole = kLimitedPole;
    TwoBoneJob job{&rig.skeleton, dims, 0, 1, {}, settings, 0.0f, &pose};
    std::vector<glm::vec3> targets;
    for (const glm::vec3& t : random_targets(dims, 2.2f, 8192)) {
        job.target = t;
        if (job.run().reached || !reachable) targets.push_back(t);
        if (targets.size() == 1024) break;
    }
    if (targets.size() < 1024 || !job.validate()) state.SkipWithError("too few targets, or an invalid job");
    pose = rig.pose;
    std::size_t i = 0;
    for (auto _ : state) {
        job.target = targets[i++ & 1023];
        benchmark::DoNotOptimize(job.run());
    }
    state.SetItemsProcessed(state.iterations());
}

// `limbs` copies of BM_TwoBone's limb, each a root bone of its own at the origin (so, as there, no
// parent frame to compose), all solved in one call toward their own random targets. Items are limbs: the
// reported rate is per solve, comparable with BM_TwoBone's.
void BM_TwoBoneBatch(benchmark::State& state, Dimensions dims) {
    const int count = static_cast<int>(state.range(0));
    std::vector<Bone> bones;
    for (int i = 0; i < count; ++i) {
        const int upper = static_cast<int>(bones.size());
        bones.push_back(Bone{"upper" + std::to_string(i), -1, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}}, 1.0f, {}, {}});
        bones.push_back(Bone{"lower" + std::to_string(i), upper, {{1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}}, 0.8f, {}, {}});
    }
    const Skeleton skeleton(std::move(bones));
    Pose pose = Pose::rest(skeleton.size());
    const auto targets = random_targets(dims, 2.2f, 1024);
    std::vector<TwoBoneLimb> limbs(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        TwoBoneLimb& limb = limbs[static_cast<std::size_t>(i)];
        limb.root = 2 * i;
        limb.effector = 2 * i + 1;
        if (dims == Dimensions::Three) limb.settings.pole = kFreePole;
    }
    std::vector<IkResult> results(limbs.size());
    const TwoBoneBatchJob job{&skeleton, dims, limbs, &pose, results};
    if (!job.validate()) state.SkipWithError("invalid job");
    std::size_t k = 0;
    for (auto _ : state) {
        for (TwoBoneLimb& limb : limbs) limb.target = targets[k++ & 1023];
        job.run();
        benchmark::DoNotOptimize(results.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * count);
}

void BM_Ccd(benchmark::State& state, Dimensions dims) {
    const int joints = static_cast<int>(state.range(0));
    const Rig rig = chain(dims, joints);
    // Targets well inside reach, so every solve runs its iterations without stalling.
    const auto targets = random_targets(dims, 0.5f * static_cast<float>(joints), 256);
    std::vector<CcdJoint> scratch(static_cast<std::size_t>(joints));
    CcdSettings settings;
    settings.max_iterations = 8;
    settings.tolerance = 0.0f;
    Pose pose = rig.pose;
    CcdJob job{&rig.skeleton, dims, 0, joints - 1, {}, settings, scratch, &pose};
    if (!job.validate()) state.SkipWithError("invalid job");
    std::size_t i = 0;
    double joint_iterations = 0;
    for (auto _ : state) {
        job.target = targets[i++ & 255];
        const IkResult r = job.run();
        joint_iterations += static_cast<double>(r.iterations) * joints;
        benchmark::DoNotOptimize(r);
    }
    // Seconds per joint per iteration ("12n" is 12 ns).
    state.counters["per_joint_iteration"] = benchmark::Counter(joint_iterations, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_CAPTURE(BM_TwoBone, 2d, Dimensions::Two);
BENCHMARK_CAPTURE(BM_TwoBone, 3d, Dimensions::Three);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 2d_reachable, Dimensions::Two, true);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 3d_reachable, Dimensions::Three, true);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 2d_any, Dimensions::Two, false);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 3d_any, Dimensions::Three, false);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 3d_swing_twist_reachable, Dimensions::Three, true, true);
BENCHMARK_CAPTURE(BM_TwoBoneLimited, 3d_swing_twist_any, Dimensions::Three, false, true);
BENCHMARK_CAPTURE(BM_TwoBoneBatch, 2d, Dimensions::Two)->Arg(4)->Arg(16);
BENCHMARK_CAPTURE(BM_TwoBoneBatch, 3d, Dimensions::Three)->Arg(4)->Arg(16);
BENCHMARK_CAPTURE(BM_Ccd, 2d, Dimensions::Two)->Arg(2)->Arg(10)->Arg(100)->Arg(1000);
BENCHMARK_CAPTURE(BM_Ccd, 3d, Dimensions::Three)->Arg(2)->Arg(10)->Arg(100)->Arg(1000);

BENCHMARK_MAIN();
