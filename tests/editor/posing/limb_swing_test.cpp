// An IK drag spreads a swing over frames (limb_swing.hpp): the shipped rigs' chains dragged along
// smooth paths as the viewport drags them (and the humanoid's arm and leg with swing-twist
// shoulder and hip). Every frame the chain shown turns no joint by more than the target's step
// accounts for or kSwingStepRadians, so by no more than docs/ik.md's 10 degrees while the target
// moves less than a degree seen from the chain's root; stays within its joint limits; and shows
// the solve itself whenever no swing is under way. A swing ends with the solve's answer after a
// few frames of a resting cursor, or at once when the drag ends. A limb out of reach keeps the
// side it is on where the other side is barely better (kKeepSideOfReach).

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/ik/ik_chain.hpp"
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

// docs/ik.md's rule: no joint turns more than this in a frame while the target moves less than
// kSmoothStepRadians seen from the chain's root.
constexpr float kRuleRadians = 10.0f * kPiF / 180.0f;
constexpr float kSmoothStepRadians = 1.0f * kPiF / 180.0f;

// The target's step seen from `centre`, in radians.
float step_seen_from(const glm::vec3& centre, const glm::vec3& from, const glm::vec3& to) {
    return std::atan2(glm::length(glm::cross(from - centre, to - centre)), glm::dot(from - centre, to - centre));
}

// An IkDrag of `chain` grabbed at its tip in the rig's own pose.
IkDrag drag_at_tip(const Rig& rig, const IkChain& chain) {
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const auto e = static_cast<std::size_t>(chain.effector);
    Result<IkDrag> started = IkDrag::start(rig, rig.pose, chain, bone_tip(world[e], rig.skeleton[e].length));
    EXPECT_TRUE(started.ok());
    return std::move(started).value();
}

// The frames a swing takes at most to arrive once the cursor rests: half a turn at
// kSwingStepRadians a frame.
const int kMostSettleFrames = static_cast<int>(std::ceil(kPiF / kSwingStepRadians)) + 1;

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
        const float reach = chain_reach(rig.skeleton, rig.pose, chain.root, chain.effector);
        IkDrag drag = drag_at_tip(rig, chain);
        std::vector<glm::quat> last_solve;
        glm::vec3 target = drag.target();
        bool was_swinging = false;
        for (int f = 1; f <= 1500; ++f) {
            const glm::vec3 next = limb_path_point(static_cast<float>(f) / 1500.0f, centre, reach, rig.is_2d(), seed);
            const Pose shown_before = rig.pose;
            // The solve itself, from where the last solve left the chain (what the drag solves from),
            // keeping the side as the drag does.
            Pose solved = rig.pose;
            for (std::size_t i = 0; i < last_solve.size(); ++i) solved.rotations[static_cast<std::size_t>(bones[i])] = last_solve[i];
            const Pose solve_before = solved;
            SolveOverrides as_dragged;
            as_dragged.keep_side = kKeepSideOfReach * reach;
            ASSERT_TRUE(solve_chain(rig, drag.chain(), next, solved, as_dragged).ok());
            ASSERT_TRUE(drag.drag(rig, next).ok());
            ++frames;
            const float allowed = follow_allowance(centre, target, next);
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
            if (step_seen_from(centre, target, next) < kSmoothStepRadians) {
                ASSERT_LE(shown_turn, kRuleRadians) << "frame " << f;
            }
            // A solve turning further than allowed starts a swing, unless one under way already
            // brought the chain near enough.
            if (solve_turn > allowed + 1e-3f && !drag.swinging() && !was_swinging)
                ADD_FAILURE() << "frame " << f << ": a swing shown in one frame";
            was_swinging = drag.swinging();
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
        while (drag.settle(rig)) ASSERT_LT(++settling, kMostSettleFrames);
        for (std::size_t i = 0; i < bones.size(); ++i) {
            EXPECT_LT(turn_between(rig.pose.rotations[static_cast<std::size_t>(bones[i])], last_solve[i]), 1e-4f);
        }
    }
    std::cout << GetParam().file << " " << GetParam().chain << ": " << frames << " frames, " << swings << " swings, " << swinging_frames
              << " frames swinging, largest solve turn in a frame " << largest_solve_turn * 180.0f / kPiF << " deg\n";
    // Swings are rare: under a twelfth of the frames (a swing of 100 degrees takes 12 frames).
    EXPECT_LT(swinging_frames, frames / 12);
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
        ASSERT_LT(steps, 60);
    }
    EXPECT_LT(turn_between(rig.pose.rotations[1], goal[0]), 1e-5f);
    EXPECT_GE(steps, static_cast<int>(std::ceil(238.0f * kPiF / 180.0f / kSwingStepRadians)));  // 238 degrees of rotation vector
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
    for (bool arrived = false; !arrived && steps < 60; ++steps) {
        arrived = turn_toward(rig, rig.pose, bones, goal, kSwingStepRadians);
        ASSERT_TRUE(within_limits(rig.pose.rotations[1], range, true, 1e-5f)) << "step " << steps;
        const float angle = angle_2d(rig.pose.rotations[1]);
        ASSERT_GT(angle, previous) << "step " << steps << ": not on the way through the range";
        previous = angle;
    }
    EXPECT_EQ(steps, static_cast<int>(std::ceil(320.0f * kPiF / 180.0f / kSwingStepRadians)));
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
    IkDrag drag = drag_at_tip(rig, chain);
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

// The cases docs/ik.md names: a target a degree or less from the last, seen from the hip, that
// the best pose meets on the other side of the leg's limits. The drag keeps the leg where it is.
TEST(LimbSwing, AStepBarelyFavouringTheOtherSideKeepsTheLegWhereItIs) {
    struct Case {
        const char* file;
        const char* chain;
        glm::vec3 from, to;
    };
    for (const Case& c : {Case{"hero.json", "leg_l", {18.4711f, 167.519f, 0.0f}, {17.4083f, 167.801f, 0.0f}},
                          Case{"humanoid.json", "leg_l", {0.1f, 1.38846f, 0.379267f}, {0.1f, 1.39436f, 0.372019f}}}) {
        SCOPED_TRACE(std::string(c.file) + " " + c.chain);
        Rig rig = load_shipped_rig(c.file);
        const IkChain chain = rig.chains[static_cast<std::size_t>(rig.find_chain(c.chain))];
        const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
        IkDrag drag = drag_at_tip(rig, chain);
        ASSERT_TRUE(drag.drag(rig, c.from).ok());
        while (drag.settle(rig)) {
        }
        const Pose before = rig.pose;
        ASSERT_TRUE(drag.drag(rig, c.to).ok());
        EXPECT_FALSE(drag.swinging());
        EXPECT_LT(largest_rotation_change(bones, before, rig.pose), 2.0f * kPiF / 180.0f);
    }
}

// The other cases docs/ik.md names, and more: targets pulled straight out from the chain's root
// joint past its reach, and circled round it out of reach (the humanoid's arm horizontally and
// vertically, the hero's CCD arm), each frame a 500th of the reach or half a degree. Where the
// best pose swings (the elbow's hinge from one limit to the other, CCD's joints at theirs) the
// chain shown turns by at most the rule's 10 degrees a frame, and arrives once the cursor rests.
TEST(LimbSwing, PulledOutOrCircledOutOfReachNoJointTurnsMoreThanTheRule) {
    struct Case {
        const char* file;
        const char* chain;
    };
    for (const Case& c :
         {Case{"hero.json", "arm_l"}, Case{"hero.json", "leg_l"}, Case{"hero.json", "spine_to_hand_l"}, Case{"arm.json", "arm_reach"},
          Case{"humanoid.json", "arm_l"}, Case{"humanoid.json", "leg_l"}, Case{"walker.json", "leg_l"}, Case{"tentacle.json", "tip"}}) {
        SCOPED_TRACE(std::string(c.file) + " " + c.chain);
        const Rig file_rig = load_shipped_rig(c.file);
        const int index = file_rig.find_chain(c.chain);
        ASSERT_GE(index, 0);
        const IkChain& chain = file_rig.chains[static_cast<std::size_t>(index)];
        const std::vector<int> bones = chain_bones(file_rig.skeleton, chain.root, chain.effector);
        const float reach = chain_reach(file_rig.skeleton, file_rig.pose, chain.root, chain.effector);
        const glm::vec3 centre = compute_world(file_rig.skeleton, file_rig.pose).value()[static_cast<std::size_t>(chain.root)].translation;
        const glm::vec3 planes[3][2] = {{{1, 0, 0}, {0, 1, 0}}, {{1, 0, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 0, 1}}};
        std::vector<std::vector<glm::vec3>> paths;
        for (int p = 0; p < (file_rig.is_2d() ? 1 : 3); ++p) {
            for (int d = 0; d < 8; ++d) {
                const float a = 2.0f * kPiF * static_cast<float>(d) / 8.0f;
                const glm::vec3 dir = std::cos(a) * planes[p][0] + std::sin(a) * planes[p][1];
                std::vector<glm::vec3>& line = paths.emplace_back();
                for (int f = 50; f <= 1000; ++f) line.push_back(centre + 0.002f * static_cast<float>(f) * reach * dir);
            }
            std::vector<glm::vec3>& circle = paths.emplace_back();
            for (int f = 0; f <= 720; ++f) {
                const float a = 0.5f * kPiF / 180.0f * static_cast<float>(f);
                circle.push_back(centre + 1.3f * reach * (std::cos(a) * planes[p][0] + std::sin(a) * planes[p][1]));
            }
        }
        for (std::size_t k = 0; k < paths.size(); ++k) {
            Rig rig = file_rig;
            IkDrag drag = drag_at_tip(rig, chain);
            const std::vector<glm::vec3>& path = paths[k];
            ASSERT_TRUE(drag.drag(rig, path[0]).ok());
            while (drag.settle(rig)) {
            }
            for (std::size_t f = 1; f < path.size(); ++f) {
                const Pose before = rig.pose;
                ASSERT_TRUE(drag.drag(rig, path[f]).ok());
                ASSERT_LE(largest_rotation_change(bones, before, rig.pose), kRuleRadians + 1e-4f) << "path " << k << " frame " << f;
            }
            int settling = 0;
            while (drag.settle(rig)) ASSERT_LT(++settling, kMostSettleFrames) << "path " << k;
        }
    }
}
