// IK solver speed. Two-bone: ns per solve over random targets, one limb per call (TwoBoneJob) and
// several independent limbs per call (TwoBoneBatchJob, reported per limb); the same limb with
// joint limits (a range, cone or swing-twist at the upper joint, a range or hinge at the middle one), over
// the targets its limits let it reach and over all of them (the rest need the closest-tip search). CCD: ns per joint per
// iteration for chains of 2 to 1000 joints; the per-joint cost must stay flat as the chain grows
// (each iteration is O(N): the effector is carried up the chain, not recomputed by FK per joint).

#include <benchmark/benchmark.h>

#include <random>

#include "core/ccd_solver.hpp"
#include "core/two_bone_batch.hpp"
#include "core/two_bone_solver.hpp"

using namespace marionette;

namespace {

Rig chain(Dimensions dims, int joints) {
    Rig rig;
    rig.dimensions = dims;
    std::vector<Bone> bones(static_cast<std::size_t>(joints));
    for (int i = 0; i < joints; ++i) {
        Bone& b = bones[static_cast<std::size_t>(i)];
        b.name = std::string("b").append(std::to_string(i));
        b.parent = i - 1;
        b.length = 1.0f;
        b.rest.translation = {i == 0 ? 0.0f : 1.0f, 0.0f, 0.0f};
    }
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

std::vector<glm::vec3> random_targets(Dimensions dims, float radius, std::size_t count) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(-radius, radius);
    std::vector<glm::vec3> targets(count);
    for (auto& t : targets) t = {u(rng), u(rng), dims == Dimensions::Two ? 0.0f : u(rng)};
    return targets;
}

void BM_TwoBone(benchmark::State& state, Dimensions dims) {
    Rig rig = chain(dims, 2);
    rig.skeleton[1].length = 0.8f;
    Pose pose = rig.pose;
    const auto targets = random_targets(dims, 2.2f, 1024);
    TwoBoneSettings settings;
    if (dims == Dimensions::Three) settings.pole = glm::vec3{0.0f, 0.0f, -5.0f};
    TwoBoneJob job{&rig.skeleton, dims, 0, 1, {}, settings, 0.0f, &pose};
    if (!job.validate()) state.SkipWithError("invalid job");
    std::size_t i = 0;
    for (auto _ : state) {
        job.target = targets[i++ & 1023];
        benchmark::DoNotOptimize(job.run());
    }
    state.SetItemsProcessed(state.iterations());
}

// BM_TwoBone's limb with limits like the shipped rigs' arms: 2D, the upper joint within
// [-40, 180] degrees and the middle one within [-20, 130]; 3D, the upper joint within a 120 degree
// cone and the middle one a hinge about its y within [-10, 140]; `swing_twist`: the upper joint a
// 120 degree swing with a twist of +-60 instead. `reachable`: only the targets some pose within
// the limits reaches.
void BM_TwoBoneLimited(benchmark::State& state, Dimensions dims, bool reachable, bool swing_twist = false) {
    constexpr float kDeg = 3.14159265f / 180.0f;
    Rig rig = chain(dims, 2);
    rig.skeleton[1].length = 0.8f;
    JointLimits upper, middle;
    if (dims == Dimensions::Two) {
        upper.min_angle = -40.0f * kDeg;
        upper.max_angle = 180.0f * kDeg;
        middle.min_angle = -20.0f * kDeg;
        middle.max_angle = 130.0f * kDeg;
    } else {
        if (swing_twist) {
            upper.swing = 120.0f * kDeg;
            upper.twist = TwistRange{-60.0f * kDeg, 60.0f * kDeg};
        } else {
            upper.max_angle = 120.0f * kDeg;
        }
        middle.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
        middle.min_angle = -10.0f * kDeg;
        middle.max_angle = 140.0f * kDeg;
    }
    rig.skeleton[0].limits = upper;
    rig.skeleton[1].limits = middle;
    Pose pose = rig.pose;
    TwoBoneSettings settings;
    // On the side the elbow goes as the hinge bends forward (the middle joint swings toward +z),
    // as a rig places its pole: one on the other side asks for the arm rolled half round, which
    // the cone refuses, and every solve would swivel away from the pole.
    if (dims == Dimensions::Three) settings.pole = glm::vec3{0.0f, 0.0f, 5.0f};
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
        if (dims == Dimensions::Three) limb.settings.pole = glm::vec3{0.0f, 0.0f, -5.0f};
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
