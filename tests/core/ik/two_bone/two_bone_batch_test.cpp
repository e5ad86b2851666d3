// TwoBoneBatchJob solves independent limbs four at a time in SIMD lanes; each limb must get what
// TwoBoneJob gives it alone: same tip, same rotations, same reported result. Random rigs hold a
// random number of limbs (not a multiple of four as a rule), hanging from a placed and turned
// base, from a bone below it, or from nothing (moved by the root offset); some have joint limits
// or degenerate shapes, which the lanes hand back to TwoBoneJob; some bones are scaled by the pose.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_batch.hpp"
#include "core/ik/two_bone/two_bone_lanes.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr int kBatchedLimbs = 100000;

JointLimits random_limits(std::mt19937& rng, Dimensions dims) {
    std::uniform_real_distribution<float> u(0.1f, 2.5f);
    JointLimits l;
    if (dims == Dimensions::Two) {
        l.min_angle = -u(rng);
        l.max_angle = u(rng);
    } else {
        l.max_angle = u(rng);
    }
    return l;
}

// Bones 0 "base" (a root) and 1 "spine" (its child), then per limb an upper bone, a lower bone
// and a foot below it that no limb moves.
struct RigOfLimbs {
    Skeleton skeleton;
    Pose pose;
    std::vector<TwoBoneLimb> limbs;
    std::vector<bool> in_limb;  // per bone
};

RigOfLimbs random_limb_rig(std::mt19937& rng, Dimensions dims, int count) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_real_distribution<float> len(0.05f, 3.0f);
    std::vector<Bone> bones{bone("base", -1, random_point(rng, dims, 5), random_turn(rng, dims), 1.0f),
                            bone("spine", 0, random_point(rng, dims, 1), random_turn(rng, dims), 1.0f)};
    std::vector<TwoBoneLimb> limbs;
    std::vector<float> reaches;
    for (int i = 0; i < count; ++i) {
        const float pick = unit(rng);
        const int parent = pick < 0.4f ? 0 : (pick < 0.8f ? 1 : -1);
        const int upper = static_cast<int>(bones.size());
        const glm::vec3 offset = len(rng) * glm::vec3{1.0f, 0.0f, 0.0f} + random_point(rng, dims, 0.3f);
        float lower_length = len(rng);
        if (unit(rng) < 0.02f) lower_length = 1e-5f * glm::length(offset);  // too thin for the lanes
        bones.push_back(bone("upper" + std::to_string(i), parent, random_point(rng, dims, 2), random_turn(rng, dims), glm::length(offset)));
        bones.push_back(bone("lower" + std::to_string(i), upper, offset, random_turn(rng, dims), lower_length));
        bones.push_back(bone("foot" + std::to_string(i), upper + 1, {lower_length, 0.0f, 0.0f}, random_turn(rng, dims), 0.3f));
        if (unit(rng) < 0.15f) bones[static_cast<std::size_t>(upper + (unit(rng) < 0.5f ? 0 : 1))].limits = random_limits(rng, dims);
        TwoBoneLimb limb;
        limb.root = upper;
        limb.effector = upper + 1;
        limb.settings.bend = unit(rng) < 0.5f ? 1 : -1;
        if (unit(rng) < 0.3f) limb.settings.softness = unit(rng);
        if (unit(rng) < 0.1f) limb.tolerance = 0.01f * unit(rng);
        limbs.push_back(limb);
        reaches.push_back(glm::length(offset) + lower_length);
    }
    RigOfLimbs r{Skeleton(std::move(bones)), {}, std::move(limbs), {}};
    r.pose = Pose::rest(r.skeleton.size());
    r.pose.root_offset = random_point(rng, dims, 1);
    for (auto& q : r.pose.rotations) q = random_turn(rng, dims);
    // Some bones stretched (issue 17): a scaled upper bone moves the lower one's joint, a scaled
    // lower bone lengthens it; the lanes must read both as TwoBoneJob does.
    std::uniform_real_distribution<float> stretch(0.5f, 2.0f);
    for (auto& s : r.pose.scales) {
        if (unit(rng) < 0.3f) s = {stretch(rng), stretch(rng), dims == Dimensions::Two ? 1.0f : stretch(rng)};
    }
    r.in_limb.assign(r.skeleton.size(), false);

    // Targets and poles around each limb's root joint as the pose places it.
    const std::vector<Transform> world = compute_world(r.skeleton, r.pose).value();
    for (std::size_t i = 0; i < r.limbs.size(); ++i) {
        TwoBoneLimb& limb = r.limbs[i];
        r.in_limb[static_cast<std::size_t>(limb.root)] = r.in_limb[static_cast<std::size_t>(limb.effector)] = true;
        const glm::vec3 shoulder = world[static_cast<std::size_t>(limb.root)].translation;
        limb.target = unit(rng) < 0.02f ? shoulder : shoulder + random_point(rng, dims, 1.3f * reaches[i]);
        if (dims == Dimensions::Three && unit(rng) < 0.7f) {
            // Now and then on the line to the target, which the lanes refuse.
            limb.settings.pole = unit(rng) < 0.03f ? shoulder + 2.0f * (limb.target - shoulder) : shoulder + random_point(rng, dims, 3);
        }
    }
    return r;
}

float limb_reach(const Skeleton& sk, const Pose& pose, const TwoBoneLimb& limb) {
    const auto e = static_cast<std::size_t>(limb.effector);
    return glm::length(local_translation(sk, pose, e)) + posed_length(sk, pose, e);
}

class TwoBoneBatch : public ::testing::TestWithParam<Dimensions> {};

}  // namespace

TEST_P(TwoBoneBatch, EveryLimbGetsWhatItGetsAlone) {
    const Dimensions dims = GetParam();
    std::mt19937 rng(dims == Dimensions::Two ? 707 : 808);
    std::uniform_int_distribution<int> group(1, 11);
    float worst_turn = 0, worst_tip = 0, worst_error = 0;
    int limbs_done = 0, rigs = 0;
    while (limbs_done < kBatchedLimbs) {
        const RigOfLimbs rig = random_limb_rig(rng, dims, group(rng));
        ++rigs;
        Pose batch_pose = rig.pose;
        std::vector<IkResult> batch_results(rig.limbs.size());
        const TwoBoneBatchJob batch{&rig.skeleton, dims, rig.limbs, &batch_pose, batch_results};
        ASSERT_TRUE(batch.validate().ok()) << batch.validate().message();
        batch.run();

        Pose alone_pose = rig.pose;
        std::vector<IkResult> alone_results;
        for (const TwoBoneLimb& limb : rig.limbs) {
            const TwoBoneJob job{&rig.skeleton, dims, limb.root, limb.effector, limb.target, limb.settings, limb.tolerance, &alone_pose};
            ASSERT_TRUE(job.validate().ok()) << job.validate().message();
            alone_results.push_back(job.run());
        }

        const std::vector<Transform> batch_world = compute_world(rig.skeleton, batch_pose).value();
        const std::vector<Transform> alone_world = compute_world(rig.skeleton, alone_pose).value();
        for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
            const glm::quat& q = batch_pose.rotations[b];
            ASSERT_TRUE(is_finite(q)) << "rig " << rigs << " bone " << b;
            if (!rig.in_limb[b]) {
                ASSERT_EQ(q, rig.pose.rotations[b]) << "rig " << rigs << ": bone " << b << " is in no limb and was turned";
                continue;
            }
            ASSERT_NEAR(glm::length(q), 1.0f, 1e-6f) << "rig " << rigs << " bone " << b;
            // Bones keep their lengths: each joint sits its posed offset from its parent's.
            const int parent = rig.skeleton[b].parent;
            if (parent >= 0) {
                const float bone_span = glm::length(batch_world[b].translation - batch_world[static_cast<std::size_t>(parent)].translation);
                ASSERT_NEAR(bone_span, glm::length(local_translation(rig.skeleton, rig.pose, b)), 1e-4f * (1.0f + bone_span))
                    << "rig " << rigs;
            }
        }
        for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
            const TwoBoneLimb& limb = rig.limbs[i];
            const auto e = static_cast<std::size_t>(limb.effector);
            const float reach = limb_reach(rig.skeleton, rig.pose, limb);
            const float scale = 1.0f + glm::length(alone_world[static_cast<std::size_t>(limb.root)].translation) + reach;
            const float length = posed_length(rig.skeleton, rig.pose, e);
            const float tip_gap = glm::length(bone_tip(batch_world[e], length) - bone_tip(alone_world[e], length));
            ASSERT_LT(tip_gap, 1e-5f * scale) << "rig " << rigs << " limb " << i;
            const IkResult& got = batch_results[i];
            const IkResult& want = alone_results[i];
            ASSERT_NEAR(got.error, want.error, 1e-5f * scale) << "rig " << rigs << " limb " << i;
            ASSERT_EQ(got.reached, want.reached) << "rig " << rigs << " limb " << i;
            ASSERT_EQ(got.iterations, want.iterations) << "rig " << rigs << " limb " << i;
            const float turn = std::max(rotation_change(batch_pose.rotations[static_cast<std::size_t>(limb.root)],
                                                        alone_pose.rotations[static_cast<std::size_t>(limb.root)]),
                                        rotation_change(batch_pose.rotations[e], alone_pose.rotations[e]));
            ASSERT_LT(turn, 1e-5f) << "rig " << rigs << " limb " << i;
            worst_turn = std::max(worst_turn, turn);
            worst_tip = std::max(worst_tip, tip_gap / scale);
            worst_error = std::max(worst_error, std::fabs(got.error - want.error) / scale);
        }
        limbs_done += static_cast<int>(rig.limbs.size());
    }
    std::cout << "two-bone batch " << dims_name({dims, 0}) << ": " << limbs_done << " limbs in " << rigs << " rigs; largest rotation gap "
              << worst_turn << " rad, tip gap " << worst_tip << " and error gap " << worst_error << " of scale\n";
}

// The batch above would pass if the lanes refused every limb; here ordinary limbs go straight
// into the lane kernels, which must solve them and agree with TwoBoneJob.
// 3D limbs have no lane kernel (the batch solves them one by one).
TEST(TwoBoneBatch2D, LanesSolveOrdinaryLimbs) {
    const Dimensions dims = Dimensions::Two;
    std::mt19937 rng(909);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    int solved = 0, total = 0;
    for (int round = 0; round < 2500; ++round) {
        // Four root limbs at the origin, lengths in [0.5, 2], targets well inside the fold and reach.
        std::vector<Bone> bones;
        std::vector<glm::vec3> targets;
        for (int lane = 0; lane < kLanes; ++lane) {
            const float upper = 0.5f + 1.5f * unit(rng), lower = 0.5f + 1.5f * unit(rng);
            bones.push_back(bone("u", -1, {}, random_turn(rng, dims), upper));
            bones.push_back(bone("l", 2 * lane, {upper, 0.0f, 0.0f}, random_turn(rng, dims), lower));
            glm::vec3 dir = random_point(rng, dims, 1.0f);
            if (glm::length(dir) < 0.1f) dir = {1.0f, 0.0f, 0.0f};
            targets.push_back(glm::normalize(dir) *
                              (std::fabs(upper - lower) + 0.1f + (upper + lower - std::fabs(upper - lower) - 0.2f) * unit(rng)));
        }
        const Skeleton sk(std::move(bones));
        Pose pose = Pose::rest(sk.size());
        for (auto& q : pose.rotations) q = random_turn(rng, dims);
        TwoBoneLanesSolved out;
        int mask = 0;
        {
            TwoBoneLanes2d in{};
            for (int lane = 0; lane < kLanes; ++lane) {
                const Bone& u = sk[static_cast<std::size_t>(2 * lane)];
                const Bone& l = sk[static_cast<std::size_t>(2 * lane + 1)];
                in.target_x[lane] = targets[static_cast<std::size_t>(lane)].x;
                in.target_y[lane] = targets[static_cast<std::size_t>(lane)].y;
                in.offset_x[lane] = l.rest.translation.x;
                in.lower[lane] = l.length;
                in.rest_a_w[lane] = u.rest.rotation.w;
                in.rest_a_z[lane] = u.rest.rotation.z;
                in.rest_b_w[lane] = l.rest.rotation.w;
                in.rest_b_z[lane] = l.rest.rotation.z;
                in.bend[lane] = lane % 2 ? 1.0f : -1.0f;
                in.soft_goal2[lane] = -1.0f;  // not soft
            }
            mask = solve_free_2d_lanes(in, out);
        }
        for (int lane = 0; lane < kLanes; ++lane) {
            ++total;
            if (!((mask >> lane) & 1)) continue;
            ++solved;
            Pose alone = pose;
            TwoBoneSettings settings;
            settings.bend = lane % 2 ? 1 : -1;
            const TwoBoneJob job{&sk, dims, 2 * lane, 2 * lane + 1, targets[static_cast<std::size_t>(lane)], settings, 0.0f, &alone};
            ASSERT_TRUE(job.validate().ok());
            const IkResult want = job.run();
            const float* a = out.pose_a[lane];
            const float* b = out.pose_b[lane];
            const glm::quat got_a{a[3], a[0], a[1], a[2]};
            const glm::quat got_b{b[3], b[0], b[1], b[2]};
            ASSERT_LT(rotation_change(got_a, alone.rotations[static_cast<std::size_t>(2 * lane)]), 1e-5f) << "round " << round;
            ASSERT_LT(rotation_change(got_b, alone.rotations[static_cast<std::size_t>(2 * lane + 1)]), 1e-5f) << "round " << round;
            ASSERT_NEAR(out.error[lane], want.error, 1e-5f);
            ASSERT_EQ(((out.reached >> lane) & 1) != 0, want.reached);
        }
    }
#if defined(__SSE2__)
    // Only a target within about a degree of turning a bone half way round is refused here.
    EXPECT_GT(solved, total * 98 / 100) << solved << " of " << total;
#else
    EXPECT_EQ(solved, 0);
#endif
}

INSTANTIATE_TEST_SUITE_P(Ik, TwoBoneBatch, ::testing::Values(Dimensions::Two, Dimensions::Three), dims_name);

namespace {

// Indices: 0 hips; legs 1-2 and 3-4 hang from the hips; 5-6 hangs from 4 (below the second leg).
Skeleton legs_skeleton() {
    std::vector<Bone> bones{bone("hips", -1, {0, 10, 0}, {1, 0, 0, 0}, 1.0f)};
    for (int leg : {0, 1}) {
        const int upper = static_cast<int>(bones.size());
        bones.push_back(bone("thigh" + std::to_string(leg), 0, {static_cast<float>(leg), 0, 0}, rotation_2d(-1.5f), 4.0f));
        bones.push_back(bone("shin" + std::to_string(leg), upper, {4, 0, 0}, rotation_2d(0.2f), 4.0f));
    }
    bones.push_back(bone("toe", 4, {4, 0, 0}, {1, 0, 0, 0}, 1.0f));
    bones.push_back(bone("toe_tip", 5, {1, 0, 0}, {1, 0, 0, 0}, 1.0f));
    return Skeleton(std::move(bones));
}

TwoBoneLimb limb(int root, int effector) {
    TwoBoneLimb l;
    l.root = root;
    l.effector = effector;
    l.target = {2, 3, 0};
    return l;
}

}  // namespace

TEST(TwoBoneBatchValidate, RefusesDependentLimbsNamingThem) {
    const Skeleton sk = legs_skeleton();
    Pose pose = Pose::rest(sk.size());
    std::vector<IkResult> results(3);
    auto job_of = [&](const std::vector<TwoBoneLimb>& limbs) {
        results.resize(limbs.size());
        return TwoBoneBatchJob{&sk, Dimensions::Two, limbs, &pose, results};
    };
    const std::vector<TwoBoneLimb> independent{limb(1, 2), limb(3, 4)};
    EXPECT_TRUE(job_of(independent).validate().ok()) << job_of(independent).validate().message();
    const std::vector<TwoBoneLimb> same{limb(1, 2), limb(3, 4), limb(1, 2)};
    expect_validation_error(job_of(same), "limb 2 and limb 0 share the bone \"thigh0\"");
    const std::vector<TwoBoneLimb> overlapping{limb(3, 4), limb(4, 5)};
    expect_validation_error(job_of(overlapping), "limb 1 and limb 0 share the bone \"shin1\"");
    // The toe hangs from the second leg's shin: solving the leg moves the toe's root frame.
    const std::vector<TwoBoneLimb> below{limb(5, 6), limb(1, 2), limb(3, 4)};
    expect_validation_error(job_of(below), "limb 0 (root \"toe\") hangs below limb 2's bone \"shin1\"");
}

TEST(TwoBoneBatchValidate, RefusesBadLimbsNamingThem) {
    const Skeleton sk = legs_skeleton();
    Pose pose = Pose::rest(sk.size());
    std::vector<TwoBoneLimb> limbs{limb(1, 2), limb(3, 5)};
    std::vector<IkResult> results(2);
    TwoBoneBatchJob job{&sk, Dimensions::Two, limbs, &pose, results};
    expect_validation_error(job, "two-bone batch: limb 1: two-bone: \"toe\" is not a child of \"thigh1\"");
    limbs[1] = limb(3, 4);
    limbs[0].target.x = std::nanf("");
    expect_validation_error(job, "limb 0: two-bone: the target is not a finite point");
    limbs[0] = limb(1, 2);
    limbs[1].settings.softness = 2.0f;
    expect_validation_error(job, "limb 1: two-bone: softness must be between 0 and 1");
    limbs[1] = limb(3, 4);
    limbs[1].root = 42;
    expect_validation_error(job, "limb 1: two-bone: the chain's bones are not in the skeleton");
    limbs[1] = limb(3, 4);
    EXPECT_TRUE(job.validate().ok());
    job.results = std::span<IkResult>(results).first(1);
    expect_validation_error(job, "two-bone batch: 1 results for 2 limbs");
    job.results = results;
    job.pose = nullptr;
    expect_validation_error(job, "missing skeleton or pose");
}

TEST(TwoBoneBatchValidate, NoLimbsIsFine) {
    const Skeleton sk = legs_skeleton();
    Pose pose = Pose::rest(sk.size());
    const Pose before = pose;
    const TwoBoneBatchJob job{&sk, Dimensions::Two, {}, &pose, {}};
    ASSERT_TRUE(job.validate().ok());
    job.run();
    EXPECT_EQ(pose.rotations, before.rotations);
}
