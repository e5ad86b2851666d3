// The free paths (solve_free_2d, solve_free_3d) take ordinary limbs. two_bone_paths_test holds
// TwoBoneJob::run() to the solve on the limb's shape, and run() falls back on that solve
// wherever a free path declines: a free path that declined every limb would pass it, only
// slower. Here the free paths are called directly, and must answer, and answer as the shape.

#include <gtest/gtest.h>

#include <random>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_paths.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr int kRandomLimbs = 2000;

// A root limb (its parent frame is the world) of bones between a fifth of a unit and three
// units, the middle joint off the upper bone's axis, arbitrary rest rotations and start pose.
struct OrdinaryLimb {
    Skeleton skeleton;
    Pose start;
    glm::vec3 shoulder{0.0f};
    float reach = 0.0f;
};

OrdinaryLimb ordinary_limb(std::mt19937& rng, Dimensions dims) {
    std::uniform_real_distribution<float> length(0.2f, 3.0f);
    const glm::vec3 offset = length(rng) * glm::vec3{1.0f, 0.0f, 0.0f} + random_point(rng, dims, 0.1f);
    std::vector<Bone> bones;
    bones.push_back(bone("upper", -1, random_point(rng, dims, 2.0f), random_turn(rng, dims), glm::length(offset)));
    bones.push_back(bone("lower", 0, offset, random_turn(rng, dims), length(rng)));
    OrdinaryLimb limb{Skeleton(std::move(bones)), {}, {}, 0.0f};
    limb.start = Pose::rest(limb.skeleton.size());
    for (auto& q : limb.start.rotations) q = random_turn(rng, dims);
    limb.shoulder = limb.skeleton[0].rest.translation;
    limb.reach = glm::length(offset) + limb.skeleton[1].length;
    return limb;
}

// Where the two paths' tips land may differ by rounding, scaled by the limb's size.
void expect_same_answer(const OrdinaryLimb& limb, Dimensions dims, const Pose& free, const IkResult& free_result, const Pose& shape,
                        const IkResult& shape_result, int k) {
    const Rig rig{dims, limb.skeleton, {}, limb.start, {}, {}, {}};
    const float scale = 1.0f + glm::length(limb.shoulder) + limb.reach;
    EXPECT_LT(glm::length(tip_of(rig, free, 1) - tip_of(rig, shape, 1)), 2e-5f * scale) << "limb " << k;
    EXPECT_NEAR(free_result.error, shape_result.error, 2e-5f * scale) << "limb " << k;
    EXPECT_EQ(free_result.iterations, 1) << "limb " << k;
}

}  // namespace

TEST(TwoBoneFree, The2DFreePathTakesOrdinaryLimbsAndAnswersAsTheShape) {
    std::mt19937 rng(1515);
    for (int k = 0; k < kRandomLimbs; ++k) {
        const OrdinaryLimb limb = ordinary_limb(rng, Dimensions::Two);
        const glm::vec3 target = limb.shoulder + random_point(rng, Dimensions::Two, 1.3f * limb.reach);
        TwoBoneSettings settings;
        settings.bend = k % 2 == 0 ? 1 : -1;
        Pose free = limb.start, shape = limb.start;
        const TwoBoneJob free_job{&limb.skeleton, Dimensions::Two, 0, 1, target, settings, 0.0f, &free};
        const TwoBoneJob shape_job{&limb.skeleton, Dimensions::Two, 0, 1, target, settings, 0.0f, &shape};
        ASSERT_TRUE(free_job.validate().ok());
        IkResult free_result;
        ASSERT_TRUE(solve_free_2d(free_job, glm::vec2{target}, free_result)) << "limb " << k << ": the 2D free path declined";
        const IkResult shape_result = solve_on_shape(shape_job, target, std::nullopt);
        expect_same_answer(limb, Dimensions::Two, free, free_result, shape, shape_result, k);
    }
}

TEST(TwoBoneFree, The3DFreePathTakesOrdinaryLimbsAndAnswersAsTheShape) {
    std::mt19937 rng(1516);
    for (int k = 0; k < kRandomLimbs; ++k) {
        const OrdinaryLimb limb = ordinary_limb(rng, Dimensions::Three);
        const glm::vec3 target = limb.shoulder + random_point(rng, Dimensions::Three, 1.3f * limb.reach);
        TwoBoneSettings settings;
        settings.pole = limb.shoulder + random_point(rng, Dimensions::Three, 3.0f);
        Pose free = limb.start, shape = limb.start;
        const TwoBoneJob free_job{&limb.skeleton, Dimensions::Three, 0, 1, target, settings, 0.0f, &free};
        const TwoBoneJob shape_job{&limb.skeleton, Dimensions::Three, 0, 1, target, settings, 0.0f, &shape};
        ASSERT_TRUE(free_job.validate().ok());
        IkResult free_result;
        ASSERT_TRUE(solve_free_3d(free_job, target, *settings.pole, free_result)) << "limb " << k << ": the 3D free path declined";
        const IkResult shape_result = solve_on_shape(shape_job, target, settings.pole);
        expect_same_answer(limb, Dimensions::Three, free, free_result, shape, shape_result, k);
    }
}

// What the free paths do decline (two_bone_guards.hpp), they leave untouched for the shape's
// solve: a target on the root joint, and a bone too short against the other for the triangle.
TEST(TwoBoneFree, TheFreePathsDeclineDegenerateLimbsWritingNothing) {
    for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
        const Rig rig = chain_rig(dims, {1.0f, 0.8f});
        Pose pose = rig.pose;
        const glm::vec3 shoulder = world_of(rig, pose)[1].translation;
        TwoBoneSettings settings;
        settings.pole = shoulder + glm::vec3{0.0f, 0.0f, -5.0f};
        const TwoBoneJob on_root{&rig.skeleton, dims, 1, 2, shoulder, settings, 0.0f, &pose};
        IkResult result;
        // The root limb's parent is the base bone at the origin, unturned: its frame is the world's.
        if (dims == Dimensions::Two) {
            EXPECT_FALSE(solve_free_2d(on_root, glm::vec2{shoulder}, result));
        } else {
            EXPECT_FALSE(solve_free_3d(on_root, shoulder, *settings.pole, result));
        }
        EXPECT_EQ(pose.rotations, rig.pose.rotations);

        Rig stub = chain_rig(dims, {1.0f, 1e-4f});
        const TwoBoneJob short_bone{&stub.skeleton, dims, 1, 2, shoulder + glm::vec3{0.5f, 0.2f, 0.0f}, settings, 0.0f, &stub.pose};
        if (dims == Dimensions::Two) {
            EXPECT_FALSE(solve_free_2d(short_bone, glm::vec2{short_bone.target}, result));
        } else {
            EXPECT_FALSE(solve_free_3d(short_bone, short_bone.target, *settings.pole, result));
        }
        EXPECT_EQ(stub.pose.rotations, rig.pose.rotations);
    }
}
