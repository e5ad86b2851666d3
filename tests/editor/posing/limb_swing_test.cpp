// An IK drag spreads a swing over frames (limb_swing.hpp): the shipped rigs' chains dragged along
// smooth paths as the viewport drags them (and the humanoid's arm and leg with swing-twist
// shoulder and hip). Every frame the chain shown turns no joint by more
// than the target's step accounts for or kSwingStepRadians, stays within its joint limits, and
// shows the solve itself whenever no swing is under way; a swing ends with the solve's answer
// after a few frames of a resting cursor, or at once when the drag ends.

#include <gtest/gtest.h>

#include "core/ik/ik_solve.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/limb_paths.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/limb_swing.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

float turn_between(const glm::quat& a, const glm::quat& b) { return rotation_change(a, b); }

class ShippedSwings : public ::testing::TestWithParam<ShippedChain> {};

std::string case_name(const ::testing::TestParamInfo<ShippedChain>& p) {
    return std::string(p.param.file).substr(0, std::string(p.param.file).find('.')) + "_" + p.param.chain +
           (p.param.twist > 0.0f ? "_swing_twist" : "");
}

}  // namespace

TEST_P(ShippedSwings, AreSpreadOverFramesWithinLimitsAndEndOnTheSolve) {
    Rig file_rig = load_shipped_rig(GetParam().file);
    const int c = file_rig.find_chain(GetParam().chain);
    ASSERT_GE(c, 0);
    const IkChain& chain = file_rig.chains[static_cast<std::size_t>(c)];
    if (GetParam().twist > 0.0f) give_swing_twist(file_rig, chain.root, chain.effector, GetParam().twist);
    const std::vector<int> bones = chain_bones(file_rig.skeleton, chain.root, chain.effector);
    int swings = 0, swinging_frames = 0, frames = 0;
    float largest_solve_turn = 0.0f;
    for (int seed = 0; seed < 4; ++seed) {
        Rig rig = file_rig;
        const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
        const glm::vec3 centre = world[static_cast<std::size_t>(chain.root)].translation;
        const auto e = static_cast<std::size_t>(chain.effector);
        float reach = 0.0f;
        for (std::size_t i = 1; i < bones.size(); ++i)
            reach += glm::length(rig.skeleton[static_cast<std::size_t>(bones[i])].rest.translation);
        reach += rig.skeleton[e].length;
        Result<IkDrag> started = IkDrag::start(rig, rig.pose, chain, bone_tip(world[e], rig.skeleton[e].length));
        ASSERT_TRUE(started.ok());
        IkDrag drag = std::move(started).value();
        std::vector<glm::quat> last_solve;
        glm::vec3 target = drag.target();
        for (int f = 1; f <= 1500; ++f) {
            const glm::vec3 next = limb_path_point(static_cast<float>(f) / 1500.0f, centre, reach, rig.is_2d(), seed);
            const Pose shown_before = rig.pose;
            // The solve itself, from where the last solve left the chain (what the drag solves from).
            Pose solved = rig.pose;
            for (std::size_t i = 0; i < last_solve.size(); ++i) solved.rotations[static_cast<std::size_t>(bones[i])] = last_solve[i];
            const Pose solve_before = solved;
            ASSERT_TRUE(solve_chain(rig, drag.chain(), next, solved).ok());
            ASSERT_TRUE(drag.drag(rig, next).ok());
            ++frames;
            const float allowed = follow_allowance(centre, reach, target, next);
            float shown_turn = 0.0f, solve_turn = 0.0f, gap = 0.0f;
            for (const int b : bones) {
                const auto i = static_cast<std::size_t>(b);
                shown_turn = std::max(shown_turn, turn_between(shown_before.rotations[i], rig.pose.rotations[i]));
                solve_turn = std::max(solve_turn, turn_between(solve_before.rotations[i], solved.rotations[i]));
                gap = std::max(gap, turn_between(rig.pose.rotations[i], solved.rotations[i]));
                if (const auto& limits = rig.skeleton[i].limits) {
                    ASSERT_TRUE(within_limits(rig.pose.rotations[i], *limits, rig.is_2d(), 1e-4f))
                        << "frame " << f << " bone " << rig.skeleton[i].name;
                }
            }
            // Through a range the way may be longer than the short turn measured here.
            ASSERT_LE(shown_turn, allowed + 1e-4f) << "frame " << f;
            if (solve_turn > allowed + 1e-3f && !drag.swinging()) ADD_FAILURE() << "frame " << f << ": a swing shown in one frame";
            if (drag.swinging()) {
                ++swinging_frames;
            } else {
                ASSERT_LT(gap, 1e-4f) << "frame " << f << ": no swing under way, yet the chain shown is not the solve";
            }
            if (solve_turn > allowed + 1e-3f) ++swings;
            largest_solve_turn = std::max(largest_solve_turn, solve_turn);
            last_solve.clear();
            for (const int b : bones) last_solve.push_back(solved.rotations[static_cast<std::size_t>(b)]);
            target = next;
        }
        // The cursor rests: the swing goes on a frame at a time and ends on the solve.
        int settling = 0;
        while (drag.settle(rig)) ASSERT_LT(++settling, 30);
        for (std::size_t i = 0; i < bones.size(); ++i) {
            EXPECT_LT(turn_between(rig.pose.rotations[static_cast<std::size_t>(bones[i])], last_solve[i]), 1e-4f);
        }
    }
    std::cout << GetParam().file << " " << GetParam().chain << ": " << frames << " frames, " << swings << " swings, " << swinging_frames
              << " frames swinging, largest solve turn in a frame " << largest_solve_turn * 180.0f / kPiF << " deg\n";
    EXPECT_LT(swinging_frames, frames / 20);
}

INSTANTIATE_TEST_SUITE_P(Editor, ShippedSwings,
                         ::testing::Values(ShippedChain{"hero.json", "arm_l"}, ShippedChain{"hero.json", "arm_r"},
                                           ShippedChain{"hero.json", "leg_l"}, ShippedChain{"hero.json", "spine_to_hand_l"},
                                           ShippedChain{"humanoid.json", "arm_l"}, ShippedChain{"humanoid.json", "leg_l"},
                                           ShippedChain{"humanoid.json", "arm_l", 60.0f}, ShippedChain{"humanoid.json", "leg_l", 30.0f}),
                         case_name);

// Two poses on opposite rims of a 120 degree cone are nearer each other the short way, through
// turns of over 120 degrees, which the cone forbids: the swing goes through the cone, every
// step within it, and arrives.
TEST(LimbSwing, ACrossTheConeSwingStaysInsideAndArrives) {
    Rig rig = chain_rig(Dimensions::Three, {1.0f, 1.0f});
    JointLimits cone;
    cone.max_angle = 120.0f * kPiF / 180.0f;
    rig.skeleton[1].limits = cone;
    const float edge = 119.0f * kPiF / 180.0f;
    rig.pose.rotations[1] = glm::angleAxis(edge, glm::vec3{0.0f, 1.0f, 0.0f});
    const std::vector<glm::quat> goal{glm::angleAxis(edge, glm::vec3{0.0f, -0.998f, 0.063f})};
    const std::vector<int> bones{1};
    ASSERT_GT(largest_turn(rig, rig.pose, bones, goal), 3.0f);  // the way through the cone
    int steps = 0;
    for (;;) {
        const glm::quat before = rig.pose.rotations[1];
        const bool arrived = turn_toward(rig, rig.pose, bones, goal, kSwingStepRadians);
        ASSERT_LE(turn_between(before, rig.pose.rotations[1]), kSwingStepRadians + 1e-5f);
        ASSERT_TRUE(within_limits(rig.pose.rotations[1], cone, false, 1e-5f)) << "step " << steps;
        ++steps;
        if (arrived) break;
        ASSERT_LT(steps, 40);
    }
    EXPECT_LT(turn_between(rig.pose.rotations[1], goal[0]), 1e-5f);
    EXPECT_GE(steps, 16);  // 238 degrees of rotation vector at 15 a step
}

// A 2D range from -170 to 170 degrees: from -160 to 160 the way is through the range (320
// degrees), never across the 20 degrees it leaves out, however much shorter that is.
TEST(LimbSwing, ARangeIsCrossedThroughItsAllowedAngles) {
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f});
    JointLimits range;
    range.min_angle = -170.0f * kPiF / 180.0f;
    range.max_angle = 170.0f * kPiF / 180.0f;
    rig.skeleton[1].limits = range;
    rig.pose.rotations[1] = rotation_2d(-160.0f * kPiF / 180.0f);
    const std::vector<glm::quat> goal{rotation_2d(160.0f * kPiF / 180.0f)};
    const std::vector<int> bones{1};
    EXPECT_NEAR(largest_turn(rig, rig.pose, bones, goal), 320.0f * kPiF / 180.0f, 1e-4f);
    int steps = 0;
    float previous = angle_2d(rig.pose.rotations[1]);
    for (bool arrived = false; !arrived && steps < 40; ++steps) {
        arrived = turn_toward(rig, rig.pose, bones, goal, kSwingStepRadians);
        ASSERT_TRUE(within_limits(rig.pose.rotations[1], range, true, 1e-5f)) << "step " << steps;
        const float angle = angle_2d(rig.pose.rotations[1]);
        ASSERT_GT(angle, previous) << "step " << steps << ": not on the way through the range";
        previous = angle;
    }
    EXPECT_EQ(steps, 22);  // 320 degrees at 15 a step
    EXPECT_LT(turn_between(rig.pose.rotations[1], goal[0]), 1e-5f);
}

// The drag ends (the button comes up) during a swing: the document keeps the solve's answer.
TEST(LimbSwing, EndingTheDragMidSwingKeepsTheSolve) {
    Rig rig = load_shipped_rig("hero.json");
    const int c = rig.find_chain("arm_l");
    ASSERT_GE(c, 0);
    const IkChain chain = rig.chains[static_cast<std::size_t>(c)];
    const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const glm::vec3 centre = world[static_cast<std::size_t>(chain.root)].translation;
    const auto e = static_cast<std::size_t>(chain.effector);
    IkDrag drag = IkDrag::start(rig, rig.pose, chain, bone_tip(world[e], rig.skeleton[e].length)).value();
    // Round the shoulder beyond reach until a swing starts.
    const float reach = 1.5f * glm::length(bone_tip(world[e], rig.skeleton[e].length) - centre);
    Pose solved = rig.pose;
    bool swung = false;
    for (int f = 0; f < 2000 && !swung; ++f) {
        const float a = 2.0f * kPiF * static_cast<float>(f) / 2000.0f;
        const glm::vec3 target = centre + reach * glm::vec3{std::cos(a), std::sin(a), 0.0f};
        ASSERT_TRUE(solve_chain(rig, drag.chain(), target, solved).ok());
        ASSERT_TRUE(drag.drag(rig, target).ok());
        swung = drag.swinging();
    }
    ASSERT_TRUE(swung) << "no swing on the way round";
    drag.finish(rig);
    EXPECT_FALSE(drag.swinging());
    for (const int b : bones) {
        EXPECT_LT(turn_between(rig.pose.rotations[static_cast<std::size_t>(b)], solved.rotations[static_cast<std::size_t>(b)]), 1e-4f);
    }
}
