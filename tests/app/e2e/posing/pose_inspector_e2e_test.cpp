// The pose's move and scale edited in the inspector as a user edits them (issue 17, point 1):
// dragging the fields in the real window under Xvfb, each drag one undo step, checked in the
// saved files and in the pixels (a stretched bone draws longer, its child hangs at its new tip).

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(ScriptedPoseInspector, MoveAndScaleABoneFromTheInspector) {
    const auto dir = scratch_dir("e2e-pose-inspector");
    const std::string hero = std::string(MARIONETTE_ASSETS) + "/hero.json";
    // The fields are DragFloat2 rows [x][y] label: 60 pixels left of the row's centre is in x.
    write_file(dir / "pose.json", R"({"steps": [
        {"wait": 2},
        {"click": {"bone": "arm_l_upper", "at": "middle"}},
        {"wait": 2},
        {"expect": {"selected": "arm_l_upper"}},
        {"screenshot": ")" + (dir / "before.png").string() +
                                      R"("},
        {"drag": {"from": {"ui": "inspector/pose/scale", "offset": [-60, 0]}, "to": {"ui": "inspector/pose/scale", "offset": [-10, 0]}, "moves": 8}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "scaled.png").string() +
                                      R"("},
        {"save": "scaled.json"},
        {"drag": {"from": {"ui": "inspector/pose/move", "offset": [-60, 0]}, "to": {"ui": "inspector/pose/move", "offset": [-20, 0]}, "moves": 8}},
        {"wait": 2},
        {"save": "moved.json"},
        {"key": "ctrl+z"}, {"wait": 1},
        {"save": "undone_move.json"},
        {"key": "ctrl+z"}, {"wait": 1},
        {"save": "undone_scale.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "pose.json").string() + " " + hero)), 0);
    const Rig original = load(hero);
    const Rig scaled = load(dir / "scaled.json");
    const Rig moved = load(dir / "moved.json");
    const Rig undone_move = load(dir / "undone_move.json");
    const Rig undone_scale = load(dir / "undone_scale.json");
    const auto upper = static_cast<std::size_t>(original.skeleton.find("arm_l_upper"));
    const auto lower = static_cast<std::size_t>(original.skeleton.find("arm_l_lower"));

    // 50 pixels at 0.01 a pixel: half as long again, as wide as before.
    EXPECT_NEAR(scaled.pose.scales[upper].x, 1.5f, 0.02f);
    EXPECT_EQ(scaled.pose.scales[upper].y, 1.0f);
    EXPECT_EQ(scaled.pose.translations[upper], glm::vec3(0.0f));
    EXPECT_EQ(moved.pose.scales[upper], scaled.pose.scales[upper]);
    EXPECT_NEAR(moved.pose.translations[upper].x, 20.0f, 0.5f);  // 40 pixels at 0.5 a pixel
    EXPECT_EQ(moved.pose.translations[upper].y, 0.0f);
    EXPECT_EQ(undone_move.pose, scaled.pose) << "each drag is one undo step";
    EXPECT_EQ(undone_scale.pose, original.pose);

    // The child hangs at the stretched tip.
    const auto world = compute_world(scaled.skeleton, scaled.pose).value();
    const glm::vec3 tip = bone_tip(world[upper], posed_length(scaled.skeleton, scaled.pose, upper));
    EXPECT_LT(glm::length(world[lower].translation - tip), 1e-3f);
    EXPECT_NEAR(glm::length(tip - world[upper].translation), 1.5f * original.skeleton[upper].length,
                0.02f * original.skeleton[upper].length);

    // Drawn: the selected bone covers about half as many pixels again (its diamond keeps its
    // width and grows in length).
    const int before = count_selected(load_png(dir / "before.png"));
    const int after = count_selected(load_png(dir / "scaled.png"));
    ASSERT_GT(before, 200) << "the selected bone is drawn";
    EXPECT_GT(after, before * 13 / 10) << before << " -> " << after;
    EXPECT_LT(after, before * 17 / 10) << before << " -> " << after;
    std::filesystem::remove_all(dir);
}
