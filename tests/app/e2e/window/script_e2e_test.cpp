// The editor as a user drives it: scripts of mouse and key steps replayed through SDL's event
// queue in the real window under Xvfb (marionette --script), checked in the files the editor
// saves and in its screenshots.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

const std::string kArm = std::string(MARIONETTE_ASSETS) + "/arm.json";

struct IkDragCase {
    const char* name;
    const char* effector;  // the bone whose tip is dragged: it ends the chain
    int x, y;              // where the mouse is released: in reach in a 1280x800 window
};

class ScriptedIkDrag : public ::testing::TestWithParam<IkDragCase> {};

}  // namespace

// Select by clicking, drag the effector in IK mode, save; undo, save again. The tip ends under
// the released mouse (checked in the editor, on the drawn pixels, by the script's expect step),
// the shoulder stays put and one undo restores the first pose (checked in the saved files).
TEST_P(ScriptedIkDrag, HandEndsUnderTheMouseShoulderStaysUndoRestores) {
    const IkDragCase c = GetParam();
    const auto dir = scratch_dir(std::string("e2e-") + c.name);
    const std::string at = "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]";
    write_file(dir / "drag.json", R"({"steps": [
        {"wait": 2},
        {"click": {"bone": "forearm", "at": "middle"}},
        {"expect": {"selected": "forearm"}},
        {"expect": {"mode": "ik"}},
        {"drag": {"from": {"bone": ")" +
                                      std::string(c.effector) + R"(", "at": "tip"}, "to": )" + at + R"(, "moves": 15}},
        {"wait": 1},
        {"expect": {"bone": ")" + std::string(c.effector) +
                                      R"(", "at": "tip", "pixel": )" + at + R"(, "within": 1}},
        {"expect": {"modified": true}},
        {"screenshot": "posed.png"},
        {"save": "posed.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "drag.json").string() + " " + kArm)), 0);

    const Rig original = load(kArm);
    const Rig posed = load(dir / "posed.json");
    const Rig undone = load(dir / "undone.json");
    ASSERT_EQ(posed.skeleton.size(), original.skeleton.size());
    const auto before = world_of(original);
    const auto after = world_of(posed);
    const int shoulder = original.skeleton.find("upper_arm");
    const int effector = original.skeleton.find(c.effector);
    const auto s = static_cast<std::size_t>(shoulder);
    const auto e = static_cast<std::size_t>(effector);
    EXPECT_LT(glm::length(after[s].translation - before[s].translation), 1e-4f) << "the shoulder moved";
    const float moved = glm::length(bone_tip(after[e], posed.skeleton[e].length) - bone_tip(before[e], original.skeleton[e].length));
    EXPECT_GT(moved, 50.0f) << "the drag did not move the effector";
    for (std::size_t i = 0; i < original.skeleton.size(); ++i) {
        for (int k = 0; k < 4; ++k) {
            EXPECT_NEAR(undone.pose.rotations[i][k], original.pose.rotations[i][k], 1e-6f) << "undo: bone " << i;
        }
    }

    // Under the released mouse the effector is drawn. Its tip tapers to a point whose last few
    // pixels are thinner than one (smoothed into the background), so look a little back along
    // the bone, in the direction the saved file has it (2D: pixels are world x, -y).
    const Image img = load_png(dir / "posed.png");
    ASSERT_EQ(img.width, 1280);
    ASSERT_EQ(img.height, 800);
    const glm::vec3 back = after[e].translation - bone_tip(after[e], posed.skeleton[e].length);
    const glm::vec2 along = glm::normalize(glm::vec2{back.x, -back.y});
    for (float px : {10.0f, 14.0f, 18.0f}) {
        const glm::vec2 p = glm::vec2{c.x, c.y} + px * along;
        EXPECT_TRUE(is_bone_drawn(img.at(static_cast<int>(p.x), static_cast<int>(p.y))))
            << "no bone drawn " << px << " px back from the released mouse";
    }
    EXPECT_TRUE(is_background(img.at(img.width - 5, 5)));
    std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Arm, ScriptedIkDrag,
                         ::testing::Values(IkDragCase{"two_bone", "forearm", 760, 560}, IkDragCase{"ccd", "hand", 860, 380}),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

// In FK mode a drag turns only the dragged bone (and carries its children); Tab switches to IK,
// where the same drag moves the whole arm.
TEST(ScriptedFkDrag, TurnsOnlyTheDraggedBoneThenTabSwitchesToIk) {
    const auto dir = scratch_dir("e2e-fk");
    write_file(dir / "fk.json", R"({"steps": [
        {"wait": 2},
        {"key": "Tab"},
        {"expect": {"mode": "fk"}},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [0, -150]}, "moves": 10}},
        {"save": "fk.json"},
        {"key": "Tab"},
        {"expect": {"mode": "ik"}},
        {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": {"bone": "forearm", "at": "tip", "offset": [-60, 120]}, "moves": 10}},
        {"save": "ik.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--script " + (dir / "fk.json").string() + " " + kArm)), 0);
    const Rig original = load(kArm);
    const Rig fk = load(dir / "fk.json");
    const Rig ik = load(dir / "ik.json");
    auto same = [](const glm::quat& a, const glm::quat& b) { return std::abs(std::abs(glm::dot(a, b)) - 1.0f) < 1e-6f; };
    EXPECT_TRUE(same(fk.pose.rotations[0], original.pose.rotations[0])) << "FK: the upper arm turned";
    EXPECT_FALSE(same(fk.pose.rotations[1], original.pose.rotations[1])) << "FK: the forearm did not turn";
    EXPECT_TRUE(same(fk.pose.rotations[2], original.pose.rotations[2])) << "FK: the hand turned on its own";
    EXPECT_FALSE(same(ik.pose.rotations[0], fk.pose.rotations[0])) << "IK: the upper arm did not move";
    EXPECT_FALSE(same(ik.pose.rotations[1], fk.pose.rotations[1])) << "IK: the forearm did not move";
    std::filesystem::remove_all(dir);
}

TEST(ScriptRun, AFailedCheckExitsOneNamingTheStep) {
    const auto dir = scratch_dir("e2e-fail");
    write_file(dir / "fail.json", R"({"steps": [{"wait": 1}, {"expect": {"mode": "fk"}}]})");
    const std::string out = (dir / "out.txt").string();
    EXPECT_EQ(run(xvfb("--script " + (dir / "fail.json").string() + " " + kArm + " 2>" + out)), 1);
    const std::string text = read_file(out);
    EXPECT_NE(text.find("step 2 (expect): the mode is ik, expected fk"), std::string::npos) << text;
    std::filesystem::remove_all(dir);
}

TEST(ScriptRun, ABadScriptIsRefusedWithItsPlace) {
    const auto dir = scratch_dir("e2e-bad");
    const std::pair<const char*, const char*> cases[] = {
        {R"({"steps": [{"drag": {"from": [1, 2]}}]})", "steps[0].drag: missing required \"to\""},
        {R"({"steps": [{"key": "ctrl+Nope"}]})", "step 1 (key): \"Nope\" is not a key"},
        {R"({"steps": [{"click": {"bone": "elbow"}}]})", "step 1 (click): \"elbow\" is not a bone of this rig"},
        {R"({"steps": [{"hover": [1, 2]}]})", "steps[0]: unknown step \"hover\""},
        {R"({"steps": [)", "not valid JSON"},
    };
    for (const auto& [script, expected] : cases) {
        write_file(dir / "bad.json", script);
        const std::string out = (dir / "out.txt").string();
        EXPECT_EQ(run(xvfb("--script " + (dir / "bad.json").string() + " " + kArm + " 2>" + out)), 1) << script;
        const std::string text = read_file(out);
        EXPECT_NE(text.find(expected), std::string::npos) << "expected: " << expected << "\ngot: " << text;
    }
    std::filesystem::remove_all(dir);
}

// The panels, driven as a user drives them (at the pixels of a 1280x800 window): rename a bone
// in the inspector, drag its length (one undo step), add a child in the outliner, re-parent it
// by dragging it onto another bone, delete it.
TEST(ScriptedPanels, InspectorAndOutlinerEditThroughTheHistory) {
    const auto dir = scratch_dir("e2e-panels");
    const std::string hero = std::string(MARIONETTE_ASSETS) + "/hero.json";
    write_file(dir / "panels.json", R"({"steps": [
        {"wait": 2},
        {"click": {"bone": "arm_l_lower", "at": "middle"}},
        {"wait": 1},
        {"click": {"ui": "inspector/name"}}, {"wait": 1}, {"key": "ctrl+a"}, {"text": "elbow_l"}, {"key": "Return"}, {"wait": 1},
        {"expect": {"selected": "elbow_l"}},
        {"drag": {"from": {"ui": "inspector/length", "offset": [-40, 0]}, "to": {"ui": "inspector/length"}, "moves": 8}}, {"wait": 1},
        {"save": "longer.json"},
        {"key": "ctrl+z"}, {"wait": 1},
        {"save": "renamed.json"},
        {"click": {"ui": "outliner/add"}}, {"wait": 2},
        {"expect": {"selected": "bone"}},
        {"save": "added.json"},
        {"drag": {"from": {"ui": "outliner/bone"}, "to": {"ui": "outliner/head"}, "moves": 8}}, {"wait": 2},
        {"save": "moved.json"},
        {"click": {"ui": "outliner/delete"}}, {"wait": 2},
        {"expect": {"selected": null}},
        {"save": "deleted.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "panels.json").string() + " " + hero)), 0);
    const Rig original = load(hero);
    const Rig longer = load(dir / "longer.json");
    const Rig renamed = load(dir / "renamed.json");
    const Rig added = load(dir / "added.json");
    const Rig moved = load(dir / "moved.json");
    const Rig deleted = load(dir / "deleted.json");
    const int lower = original.skeleton.find("arm_l_lower");
    ASSERT_GE(lower, 0);
    const auto l = static_cast<std::size_t>(lower);
    EXPECT_EQ(longer.skeleton[l].name, "elbow_l");
    EXPECT_GT(longer.skeleton[l].length, original.skeleton[l].length + 5.0f);
    EXPECT_EQ(renamed.skeleton[l].name, "elbow_l");  // the undo took back the length only
    EXPECT_EQ(renamed.skeleton[l].length, original.skeleton[l].length);
    ASSERT_EQ(added.skeleton.size(), original.skeleton.size() + 1);
    const int bone = added.skeleton.find("bone");
    ASSERT_GE(bone, 0);
    EXPECT_EQ(added.skeleton[static_cast<std::size_t>(bone)].parent, added.skeleton.find("elbow_l"));
    const int moved_bone = moved.skeleton.find("bone");
    ASSERT_GE(moved_bone, 0);
    EXPECT_EQ(moved.skeleton[static_cast<std::size_t>(moved_bone)].parent, moved.skeleton.find("head"));
    EXPECT_EQ(deleted.skeleton.size(), original.skeleton.size());
    EXPECT_EQ(deleted.skeleton.find("bone"), -1);
    std::filesystem::remove_all(dir);
}
