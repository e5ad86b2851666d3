// R, G and the FK/IK snaps as a user gives them in the real window (issue 20, points 4 and 5):
// on the hero, R with a typed angle, R followed by the pointer then Escape, G on the body along
// X, and I on a leg pins it where it is; the saved files and the shown bones say what happened.

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedTransform, RotateGrabAndSnapOnTheHero) {
    const auto dir = scratch_dir("e2e-transform");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    // Where the forearm's tip shows once it has turned 40 degrees.
    Rig turned = hero;
    const auto forearm = static_cast<std::size_t>(turned.skeleton.find("arm_l_lower"));
    turned.pose.rotations[forearm] = rotation_2d(40.0f * kPi / 180.0f);
    const glm::vec3 tip = bone_tip(compute_world(turned.skeleton, turned.pose).value()[forearm], turned.skeleton[forearm].length);
    char expect_tip[160];
    std::snprintf(expect_tip, sizeof expect_tip,
                  R"({"expect": {"bone": "arm_l_lower", "at": "tip", "world": [%.4f, %.4f], "within": 0.05}})", static_cast<double>(tip.x),
                  static_cast<double>(tip.y));
    write_file(dir / "steps.json", std::string(R"({"steps": [
        {"wait": 2},
        {"select": ["arm_l_lower"]},
        {"move": [640, 300]},
        {"wait": 1},
        {"rotate": 40},
        {"wait": 1},
        )") + expect_tip + R"(,
        {"save": "rotated.json"},
        {"key": "r"},
        {"move": [700, 200]},
        {"move": [560, 150]},
        {"wait": 1},
        {"screenshot": "rotating.png"},
        {"key": "Escape"},
        {"wait": 1},
        )" + expect_tip + R"(,
        {"save": "escaped.json"},
        {"select": ["body"]},
        {"grab": {"by": 25, "axis": "x"}},
        {"wait": 1},
        {"save": "moved.json"},
        {"select": ["leg_l_lower"]},
        {"snap": "fk_to_ik"},
        {"wait": 1},
        {"save": "snapped.json"},
        {"key": "ctrl+z"},
        {"key": "ctrl+z"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig rotated = load(dir / "rotated.json");
    EXPECT_NEAR(pose_angle_2d(rotated, "arm_l_lower"), 40.0f * kPi / 180.0f, 1e-4f);
    EXPECT_NEAR(pose_angle_2d(rotated, "arm_l_upper"), 0.0f, 1e-6f);
    EXPECT_EQ(load(dir / "escaped.json").pose, rotated.pose) << "Escape left the pose changed";
    const Rig moved = load(dir / "moved.json");
    EXPECT_NEAR(moved.pose.root_offset.x - rotated.pose.root_offset.x, 25.0f, 1e-4f);
    EXPECT_NEAR(moved.pose.root_offset.y, rotated.pose.root_offset.y, 1e-4f);
    const Rig snapped = load(dir / "snapped.json");
    const IkChain& leg = snapped.chains[static_cast<std::size_t>(snapped.find_chain("leg_l"))];
    ASSERT_TRUE(leg.pin.has_value());
    EXPECT_NEAR(glm::distance(*leg.pin, tip_of(moved, "leg_l_lower")), 0.0f, 1e-3f);
    // The leg is straight at rest, at full reach, where the solve's rounding is a few hundredths of a degree.
    EXPECT_NEAR(pose_angle_2d(snapped, "leg_l_lower"), pose_angle_2d(moved, "leg_l_lower"), 2e-3f) << "the snap moved the leg";
    const Rig undone = load(dir / "undone.json");
    EXPECT_EQ(undone.pose, hero.pose) << "three steps: rotate, move, snap";
    EXPECT_FALSE(undone.chains[static_cast<std::size_t>(undone.find_chain("leg_l"))].pin.has_value());
    EXPECT_TRUE(std::filesystem::exists(dir / "rotating.png"));
    std::filesystem::remove_all(dir);
}

// The 3D gizmo in pixels: its green Y ring shows around the selected bone and nowhere without a
// selection (nothing else the humanoid's view draws is green); a drag on its blue Z ring turns
// the arm, saved as one step.
TEST(ScriptedTransform, TheGizmoShowsOnTheSelectedBoneAndItsRingTurnsIt) {
    const auto dir = scratch_dir("e2e-gizmo");
    const Rig humanoid = shipped_at_rest(dir, "humanoid.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"move": [900, 650]},
        {"wait": 1},
        {"screenshot": "none.png"},
        {"select": ["upper_arm_r"]},
        {"wait": 2},
        {"screenshot": "selected.png"},
        {"drag": {"from": {"bone": "upper_arm_r", "at": "joint", "offset": [-50, -50]},
                  "to": {"bone": "upper_arm_r", "at": "joint", "offset": [-70, 0]}, "moves": 6}},
        {"wait": 1},
        {"save": "turned.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "humanoid.json")), 0);
    const auto green = [](const unsigned char* p) { return p[1] > 180 && p[0] < 150 && p[2] < 120; };
    EXPECT_EQ(count_in_viewport(load_png(dir / "none.png"), green), 0);
    EXPECT_GT(count_in_viewport(load_png(dir / "selected.png"), green), 60) << "no Y ring drawn";
    const Rig turned = load(dir / "turned.json");
    const auto arm = static_cast<std::size_t>(turned.skeleton.find("upper_arm_r"));
    EXPECT_GT(rotation_angle(turned.pose.rotations[arm]), 0.2f) << "the ring drag did not turn the arm";
    for (std::size_t b = 0; b < turned.skeleton.size(); ++b) {
        if (b != arm) {
            EXPECT_EQ(turned.pose.rotations[b], humanoid.pose.rotations[b]) << turned.skeleton[b].name;
        }
    }
    std::filesystem::remove_all(dir);
}

// The inspector's FK / IK part by mouse: FK to IK pins the leg where it is, the mix slider
// dragged to its left end sets 0, IK to FK (now enabled), the leg already at its pin, changes nothing.
TEST(ScriptedTransform, TheInspectorsMixSliderAndSnapButtons) {
    const auto dir = scratch_dir("e2e-mix");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"select": ["leg_l_lower"]},
        {"wait": 2},
        {"click": {"ui": "inspector/chain/leg_l/fk_to_ik"}},
        {"wait": 2},
        {"drag": {"from": {"ui": "inspector/chain/leg_l/mix"}, "to": {"ui": "inspector/chain/leg_l/mix", "offset": [-400, 0]}, "moves": 6}},
        {"wait": 2},
        {"save": "mixed.json"},
        {"click": {"ui": "inspector/chain/leg_l/ik_to_fk"}},
        {"wait": 2},
        {"move": [640, 300]},
        {"wait": 1},
        {"key": "ctrl+z"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig mixed = load(dir / "mixed.json");
    const IkChain& leg = mixed.chains[static_cast<std::size_t>(mixed.find_chain("leg_l"))];
    ASSERT_TRUE(leg.pin.has_value()) << "FK to IK pinned nothing";
    EXPECT_NEAR(glm::distance(*leg.pin, tip_of(hero, "leg_l_lower")), 0.0f, 1e-3f);
    EXPECT_EQ(leg.mix, 0.0f);
    // Two undos: the IK to FK (no change: the leg is at its pin) is no step, so they take the
    // slider and the pin back.
    const Rig undone = load(dir / "undone.json");
    const IkChain& back = undone.chains[static_cast<std::size_t>(undone.find_chain("leg_l"))];
    EXPECT_FALSE(back.pin.has_value());
    EXPECT_EQ(back.mix, 1.0f);
    std::filesystem::remove_all(dir);
}

namespace {

float angle_between(const glm::quat& a, const glm::quat& b) { return 2.0f * std::acos(std::min(1.0f, std::abs(glm::dot(a, b)))); }

}  // namespace

// R while a state plays: the state stops first and its shown pose becomes the rig's (as a drag
// does), the typed turn is made from that pose, and nothing animates afterwards.
TEST(ScriptedTransform, RotateWhileAStatePlaysStopsItAndTurnsFromTheShownPose) {
    const auto dir = scratch_dir("e2e-transform-playing");
    const Rig hero = shipped_at_rest(dir, "hero.json");
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 20},
        {"select": ["arm_l_lower"]},
        {"move": [640, 300]},
        {"wait": 1},
        {"key": "r"},
        {"text": "30"},
        {"key": "Return"},
        {"wait": 2},
        {"save": "turned.json"},
        {"screenshot": ")" + shot("a.png") +
                                       R"("},
        {"wait": 10},
        {"screenshot": ")" + shot("b.png") +
                                       R"("},
        {"key": "ctrl+z"},
        {"wait": 2},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "hero.json")), 0);
    const Rig turned = load(dir / "turned.json");
    // The legs hold the walk's pose at the moment R was pressed (the hero's rest pose has them straight).
    const auto leg = static_cast<std::size_t>(hero.skeleton.find("leg_l_upper"));
    EXPECT_GT(angle_between(turned.pose.rotations[leg], hero.pose.rotations[leg]), 0.01f) << "the shown walking pose was taken";
    // The forearm turned 30 degrees from where the walk showed it: undoing the turn leaves the
    // taken pose, with the forearm 30 degrees back.
    const Rig undone = load(dir / "undone.json");
    const auto forearm = static_cast<std::size_t>(hero.skeleton.find("arm_l_lower"));
    EXPECT_NEAR(angle_between(turned.pose.rotations[forearm], undone.pose.rotations[forearm]), 30.0f * kPi / 180.0f, 1e-3f);
    EXPECT_EQ(undone.pose.rotations[leg], turned.pose.rotations[leg]) << "the undo takes back the turn, not the stop";
    EXPECT_EQ(viewport_differences(load_png(dir / "a.png"), load_png(dir / "b.png")), 0) << "the state stopped: nothing moves";
    std::filesystem::remove_all(dir);
}
