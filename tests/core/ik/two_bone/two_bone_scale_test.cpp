// A limb too small for float's squares solves as its twin of unit size: TwoBoneJob scales limbs
// under kScaledBelowReach up by a power of two (two_bone_solver.cpp), which must change nothing
// but the units.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// A limb of reach 1.25 * `scale` from the origin, with limits of `kind`: 0 none, 1 a cone and
// a hinge (2D: ranges), 2 swing-twist and a hinge.
Rig scaled_limb(Dimensions dims, float scale, int kind) {
    Rig rig;
    rig.dimensions = dims;
    rig.skeleton = Skeleton({bone("upper", -1, {0, 0, 0}, glm::quat{1, 0, 0, 0}, 0.75f * scale),
                             bone("lower", 0, {0.75f * scale, 0, 0}, glm::angleAxis(0.4f, glm::vec3{0, 0, 1}), 0.5f * scale)});
    rig.pose = Pose::rest(2);
    const float degree = kPiF / 180.0f;
    if (kind == 1 && dims == Dimensions::Two) {
        JointLimits u, m;
        u.min_angle = -30.0f * degree;
        u.max_angle = 40.0f * degree;
        m.min_angle = 0.0f;
        m.max_angle = 120.0f * degree;
        rig.skeleton[0].limits = u;
        rig.skeleton[1].limits = m;
    } else if (kind == 1) {
        JointLimits u, m;
        u.max_angle = 30.0f * degree;
        m.hinge = glm::vec3{0, 0, 1};
        m.min_angle = 0.0f;
        m.max_angle = 120.0f * degree;
        rig.skeleton[0].limits = u;
        rig.skeleton[1].limits = m;
    } else if (kind == 2) {
        give_bench_swing_twist_limits(rig, 0, 1);
    }
    return rig;
}

}  // namespace

TEST(TwoBoneScale, ALimbTooShortForFloatsSquaresSolvesAsItsTwinOfUnitSize) {
    // 2^-15 (3e-5) and 2^-70 (8.5e-22): at these sizes the solve's products of lengths can fall
    // below float's normal range (the next test's fold; at 2^-70 a cone's limits were lost).
    // Scaling by a power of two is exact, so the small limb must turn exactly as its twin of
    // reach 1.25 does, keeping its limits, with the miss scaled by the same factor. Targets at
    // random and at the fold's distance (0.25 of the twin's reach).
    std::mt19937 rng(7);
    for (const int exponent : {-15, -70}) {
        const float small = std::ldexp(1.0f, exponent);
        for (const Dimensions dims : {Dimensions::Two, Dimensions::Three}) {
            for (int kind = 0; kind < 3; ++kind) {
                if (kind == 2 && dims == Dimensions::Two) continue;
                const Rig twin = scaled_limb(dims, 1.0f, kind);
                const Rig limb = scaled_limb(dims, small, kind);
                for (int i = 0; i < 400; ++i) {
                    glm::vec3 target = random_point(rng, dims, 2.0f);
                    if (i % 2 == 1 && glm::length(target) > 1e-3f) target *= 0.25f / glm::length(target);
                    Pose a = twin.pose;
                    Pose b = limb.pose;
                    TwoBoneJob twin_job{&twin.skeleton, dims, 0, 1, target, {}, 0.0f, &a};
                    TwoBoneJob limb_job{&limb.skeleton, dims, 0, 1, target * small, {}, 0.0f, &b};
                    ASSERT_TRUE(twin_job.validate().ok());
                    ASSERT_TRUE(limb_job.validate().ok());
                    const IkResult ra = twin_job.run();
                    const IkResult rb = limb_job.run();
                    SCOPED_TRACE("2^" + std::to_string(exponent) + " kind " + std::to_string(kind) + " target " + std::to_string(i));
                    for (int k = 0; k < 2; ++k) {
                        EXPECT_EQ(a.rotations[k], b.rotations[k]);
                        if (limb.skeleton[k].limits) {
                            EXPECT_TRUE(within_limits(b.rotations[k], *limb.skeleton[k].limits, dims == Dimensions::Two, 1e-3f));
                        }
                    }
                    EXPECT_TRUE(std::isfinite(rb.error));
                    EXPECT_EQ(ra.reached, rb.reached);
                    EXPECT_NEAR(rb.error / small, ra.error, 1e-5f);
                }
            }
        }
    }
}

TEST(TwoBoneScale, ASmallLimbFoldedAtRestAimedAtItsFoldSolvesAsItsTwin) {
    // Found by fuzzing: a 2D limb 3e-5 long, its lower bone turned back onto the upper one (the
    // two 2.3e-10 apart in length) and limited to [0, 90] degrees, the target at its fold. The
    // aim there is the product of two lengths of 2.3e-10, whose square fell below float's normal
    // range: a NaN aim and a NaN miss. Its twin 2^16 times larger solves it exactly.
    const float small = std::ldexp(1.0f, -16);
    auto limb = [](float scale) {
        Rig rig;
        rig.dimensions = Dimensions::Two;
        rig.skeleton = Skeleton({bone("upper", -1, {0, 0, 0}, glm::quat{1, 0, 0, 0}, scale),
                                 bone("lower", 0, {scale, 0, 0}, glm::angleAxis(kPiF, glm::vec3{0, 0, 1}), scale * 1.00001526f)});
        JointLimits m;
        m.min_angle = 0.0f;
        m.max_angle = kPiF / 2.0f;
        rig.skeleton[1].limits = m;
        rig.pose = Pose::rest(2);
        return rig;
    };
    const Rig twin = limb(1.0f);
    const Rig small_limb = limb(small);
    const glm::vec3 target{-2.32830644e-10f, -1.33398609e-12f, 0.0f};
    Pose a = twin.pose;
    Pose b = small_limb.pose;
    TwoBoneJob twin_job{&twin.skeleton, Dimensions::Two, 0, 1, target / small, {}, 0.0f, &a};
    TwoBoneJob small_job{&small_limb.skeleton, Dimensions::Two, 0, 1, target, {}, 0.0f, &b};
    ASSERT_TRUE(twin_job.validate().ok());
    ASSERT_TRUE(small_job.validate().ok());
    const IkResult ra = twin_job.run();
    const IkResult rb = small_job.run();
    ASSERT_TRUE(std::isfinite(rb.error));
    EXPECT_EQ(a.rotations[0], b.rotations[0]);
    EXPECT_EQ(a.rotations[1], b.rotations[1]);
    EXPECT_TRUE(within_limits(b.rotations[1], *small_limb.skeleton[1].limits, true, 1e-3f));
    EXPECT_NEAR(rb.error / small, ra.error, 1e-5f);
}

TEST(TwoBoneScale, AFarTargetForATinyLimbIsAimedAtAndItsWholeMissReported) {
    // The target 1e9 out, a limb 1e-21 long: the limb points straight at it and the miss is the
    // target's distance less the reach, not that of a target brought in.
    const float tiny = 1e-21f;
    const Rig limb = scaled_limb(Dimensions::Three, tiny, 1);
    Pose pose = limb.pose;
    const glm::vec3 target{0.0f, 1e9f, 0.0f};
    TwoBoneJob job{&limb.skeleton, Dimensions::Three, 0, 1, target, {}, 0.0f, &pose};
    ASSERT_TRUE(job.validate().ok());
    const IkResult r = job.run();
    EXPECT_FALSE(r.reached);
    EXPECT_FLOAT_EQ(r.error, 1e9f);
    EXPECT_TRUE(within_limits(pose.rotations[0], *limb.skeleton[0].limits, false, 1e-3f));
    // The upper bone turns as far toward +y as its 30 degree cone allows.
    const glm::vec3 upper_dir = pose.rotations[0] * glm::vec3{1, 0, 0};
    EXPECT_NEAR(std::acos(upper_dir.x), 30.0f * kPiF / 180.0f, 1e-3f);
    EXPECT_GT(upper_dir.y, 0.49f);
}
