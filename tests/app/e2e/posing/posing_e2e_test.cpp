// Posing as a user does it, beyond the 2D arm: the first minute on Io (the puppet the editor
// opens with no file), dragging the 3D humanoid's hand with each solver, pinning the hero's feet
// and moving the whole puppet, dragging a pole handle.

#include <algorithm>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/angles.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

const std::string kHumanoid = std::string(MARIONETTE_ASSETS) + "/humanoid.json";

// The pin handle's red.
bool is_pin_red(const unsigned char* p) { return p[0] > 200 && p[1] < 110 && p[2] < 130; }

struct Drag3dCase {
    const char* name;
    const char* effector;  // forearm_l ends the two-bone chain arm_l; hand_l ends none (auto CCD)
    int x, y;              // release point in a 1280x800 window, in reach
};

class ScriptedIkDrag3d : public ::testing::TestWithParam<Drag3dCase> {};

}  // namespace

// The editor started with no file opens Io. In IK mode a drag of its left hand bends the arm at
// the elbow and leaves the hand under the mouse; a drag of the top of its head turns the head
// alone. Where the hand and the head are drawn in a 1280x800 window is checked first.
TEST(ScriptedIo, AHandDragBendsTheElbowAndAHeadDragTurnsTheHead) {
    const auto dir = scratch_dir("e2e-io-first-minute");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"expect": {"bone": "arm_l_lower", "at": "tip", "pixel": [714, 521], "within": 6}},
        {"expect": {"bone": "head", "at": "tip", "pixel": [610, 94], "within": 6}},
        {"screenshot": "open.png"},
        {"drag": {"from": {"bone": "arm_l_lower", "at": "tip"}, "to": [674, 431], "moves": 10}},
        {"wait": 2},
        {"expect": {"bone": "arm_l_lower", "at": "tip", "pixel": [674, 431], "within": 1.5}},
        {"screenshot": "hand.png"},
        {"save": "hand.json"},
        {"drag": {"from": {"bone": "head", "at": "tip"}, "to": [690, 112], "moves": 10}},
        {"wait": 1},
        {"save": "head.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string())), 0);

    const Rig io = load(std::filesystem::path(MARIONETTE_ASSETS) / "io.json");
    const Rig hand = load(dir / "hand.json");
    const Rig head = load(dir / "head.json");
    ASSERT_EQ(hand.skeleton.size(), io.skeleton.size()) << "the editor did not open Io";
    // The elbow bent (from its rest bend of 10 degrees to past 60), within its limits.
    const Bone& forearm = io.skeleton[static_cast<std::size_t>(io.skeleton.find("arm_l_lower"))];
    const float turn = pose_angle_2d(hand, "arm_l_lower");
    EXPECT_GT(angle_2d(forearm.rest.rotation) + turn, degrees_to_radians(60.0f));
    EXPECT_LE(turn, *forearm.limits->max_angle + 1e-5f);
    // Only the arm moved: the body, the head and the other limbs are as they were.
    for (const char* still : {"body", "head", "arm_r_upper", "arm_r_lower", "leg_l_upper", "leg_l_lower"}) {
        EXPECT_EQ(pose_angle_2d(hand, still), pose_angle_2d(io, still)) << still;
    }
    EXPECT_EQ(hand.pose.root_offset, io.pose.root_offset);
    // The head turned toward the mouse, clockwise (the mouse went 80 pixels right of the top
    // of a head about 270 pixels tall: some 17 degrees), and the body did not.
    EXPECT_LT(pose_angle_2d(head, "head"), -degrees_to_radians(12.0f));
    EXPECT_GT(pose_angle_2d(head, "head"), -degrees_to_radians(22.0f));
    EXPECT_EQ(pose_angle_2d(head, "body"), pose_angle_2d(io, "body"));
    EXPECT_EQ(pose_angle_2d(head, "arm_l_lower"), turn);
    // And the picture shows it: the forearm's dark picture and its light rim now cover the
    // place the hand was dragged to.
    const Image open = load_png(dir / "open.png");
    const Image bent = load_png(dir / "hand.png");
    int drawn = 0;
    for (int y = 421; y <= 441; ++y) {
        for (int x = 664; x <= 684; ++x) {
            const unsigned char* before = open.at(x, y);
            const unsigned char* after = bent.at(x, y);
            drawn += std::abs(before[0] - after[0]) + std::abs(before[1] - after[1]) + std::abs(before[2] - after[2]) > 60;
        }
    }
    EXPECT_GT(drawn, 100) << "of the 441 pixels round the released mouse, few changed";
    // Io opens as its file's view says, X-ray off: the face covers the head's bone (drawn
    // over it, the bone's yellow would fill the face's middle); saving keeps that view.
    const unsigned char* face = open.at(600, 200);
    EXPECT_GT(std::min({face[0], face[1], face[2]}), 230)
        << "not the white face: " << int(face[0]) << " " << int(face[1]) << " " << int(face[2]);
    EXPECT_EQ(hand.editor.json().at("layers").at("xray"), false);
}

// In the humanoid's default view one pixel near the arm is about 0.0036 units and the arm
// (0.28 + 0.26) is about 150 pixels long: a tip drawn within 1 pixel of the released mouse is
// within 1% of the arm's length of the target, the issue's 3D bound.
TEST_P(ScriptedIkDrag3d, HandEndsUnderTheMouseShoulderStaysUndoRestores) {
    const Drag3dCase c = GetParam();
    const auto dir = scratch_dir(std::string("e2e-3d-") + c.name);
    const std::string at = "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]";
    const std::string bone = c.effector;
    write_file(dir / "drag.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": ")" +
                                      bone + R"(", "at": "tip"}, "to": )" + at + R"(, "moves": 15}},
        {"wait": 1},
        {"expect": {"bone": ")" + bone +
                                      R"(", "at": "tip", "pixel": )" + at + R"(, "within": 1}},
        {"expect": {"selected": ")" + bone +
                                      R"("}},
        {"screenshot": "posed.png"},
        {"save": "posed.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "drag.json").string() + " " + kHumanoid)), 0);

    const Rig original = load(kHumanoid);
    const Rig posed = load(dir / "posed.json");
    const Rig undone = load(dir / "undone.json");
    EXPECT_LT(glm::distance(joint_of(posed, "upper_arm_l"), joint_of(original, "upper_arm_l")), 1e-5f) << "the shoulder moved";
    EXPECT_GT(glm::distance(tip_of(posed, bone), tip_of(original, bone)), 0.05f) << "the drag did not move the hand";
    // Only the arm moved.
    for (const char* still : {"upper_arm_r", "forearm_r", "thigh_l", "shin_l", "spine", "head"}) {
        const auto i = static_cast<std::size_t>(original.skeleton.find(still));
        EXPECT_EQ(posed.pose.rotations[i], original.pose.rotations[i]) << still;
    }
    EXPECT_TRUE(same_rotations(undone, original, 1e-6f)) << "one undo did not restore the pose";

    // Bone-coloured pixels (lit, so any warm or chain-blue shade) close to the released mouse,
    // background well away from the figure.
    const Image img = load_png(dir / "posed.png");
    ASSERT_EQ(img.width, 1280);
    int drawn = 0;
    for (int dy = -6; dy <= 6; ++dy) {
        for (int dx = -6; dx <= 6; ++dx) drawn += is_bone_drawn(img.at(c.x + dx, c.y + dy)) ? 1 : 0;
    }
    EXPECT_GE(drawn, 4) << "no bone drawn around the released mouse";
    EXPECT_TRUE(is_background(img.at(300, 60)));
    std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Humanoid, ScriptedIkDrag3d,
                         ::testing::Values(Drag3dCase{"two_bone", "forearm_l", 720, 300}, Drag3dCase{"ccd", "hand_l", 700, 420}),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

// P pins each foot where it stands; dragging the body (a root bone) in IK mode moves the whole
// hero, and the pinned feet stay where they were while the knees bend. One undo puts the body
// back.
TEST(ScriptedPins, PinnedFeetStayWhileTheBodyMoves) {
    const auto dir = scratch_dir("e2e-pins");
    // Where the hero's feet are drawn in a 1280x800 window (the script checks it first).
    write_file(dir / "pins.json", R"({"steps": [
        {"wait": 2},
        {"expect": {"bone": "leg_l_lower", "at": "tip", "pixel": [529.3, 712.2], "within": 1}},
        {"click": {"bone": "leg_l_lower", "at": "middle"}},
        {"key": "p"},
        {"click": {"bone": "leg_r_lower", "at": "middle"}},
        {"key": "p"},
        {"save": "pinned.json"},
        {"drag": {"from": {"bone": "body", "at": "middle"}, "to": {"bone": "body", "at": "middle", "offset": [-40, 50]}, "moves": 20}},
        {"wait": 1},
        {"expect": {"bone": "leg_l_lower", "at": "tip", "pixel": [529.3, 712.2], "within": 1}},
        {"expect": {"bone": "leg_r_lower", "at": "tip", "pixel": [637.5, 712.2], "within": 1}},
        {"screenshot": "crouched.png"},
        {"save": "crouched.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "pins.json").string() + " " + kHeroRigFile)), 0);

    const Rig original = load(kHeroRigFile);
    const Rig pinned = load(dir / "pinned.json");
    const Rig crouched = load(dir / "crouched.json");
    const Rig undone = load(dir / "undone.json");
    for (const char* leg : {"leg_l", "leg_r"}) {
        const int chain = pinned.find_chain(leg);
        ASSERT_GE(chain, 0);
        const IkChain& c = pinned.chains[static_cast<std::size_t>(chain)];
        ASSERT_TRUE(c.pin.has_value()) << leg << " was not pinned";
        const std::string foot = pinned.skeleton[static_cast<std::size_t>(c.effector)].name;
        EXPECT_LT(glm::distance(*c.pin, tip_of(original, foot)), 1e-3f) << leg << ": pinned away from the foot";
        EXPECT_LT(glm::distance(tip_of(crouched, foot), *c.pin), 0.05f) << leg << ": the foot left its pin";
    }
    // The body went left and down as the mouse did: 40 by 50 pixels (screen y down, world y up).
    const glm::vec3 moved = crouched.pose.root_offset - original.pose.root_offset;
    EXPECT_LT(moved.x, -5.0f);
    EXPECT_NEAR(moved.y / moved.x, 50.0f / 40.0f, 0.05f);
    EXPECT_FALSE(same_rotations(crouched, original, 1e-3f)) << "the legs did not bend";
    EXPECT_EQ(undone.pose.root_offset, pinned.pose.root_offset);
    EXPECT_TRUE(same_rotations(undone, pinned, 1e-6f));

    // The pins are drawn at the feet, in their own red.
    const Image img = load_png(dir / "crouched.png");
    ASSERT_EQ(img.width, 1280);
    EXPECT_TRUE(is_pin_red(img.at(529 + 4, 712))) << "no pin drawn at the left foot";
    EXPECT_TRUE(is_pin_red(img.at(637 + 4, 712))) << "no pin drawn at the right foot";
    std::filesystem::remove_all(dir);
}

// The humanoid's left arm bent by a drag of the hand, then its pole handle dragged down the
// screen: the pole follows, the elbow swings toward it and the hand stays where it was.
TEST(ScriptedPoleDrag, ElbowFollowsThePoleHandStays) {
    const auto dir = scratch_dir("e2e-pole");
    write_file(dir / "pole.json", R"({"steps": [
        {"wait": 2},
        {"drag": {"from": {"bone": "forearm_l", "at": "tip"}, "to": [720, 300], "moves": 15}},
        {"save": "bent.json"},
        {"drag": {"from": {"chain": "arm_l", "at": "pole"}, "to": {"chain": "arm_l", "at": "pole", "offset": [10, 120]}, "moves": 15}},
        {"wait": 1},
        {"expect": {"selected": "forearm_l"}},
        {"screenshot": "pole.png"},
        {"save": "pole.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "pole.json").string() + " " + kHumanoid)), 0);
    const Rig original = load(dir / "bent.json");
    const Rig moved = load(dir / "pole.json");
    const IkChain& before = original.chains[static_cast<std::size_t>(original.find_chain("arm_l"))];
    const IkChain& after = moved.chains[static_cast<std::size_t>(moved.find_chain("arm_l"))];
    ASSERT_TRUE(before.two_bone.pole && after.two_bone.pole);
    EXPECT_GT(glm::distance(*after.two_bone.pole, *before.two_bone.pole), 0.1f) << "the pole did not move";
    EXPECT_LT(after.two_bone.pole->y, before.two_bone.pole->y) << "the pole did not go down";
    EXPECT_LT(glm::distance(tip_of(moved, "forearm_l"), tip_of(original, "forearm_l")), 0.01f * (0.28f + 0.26f)) << "the hand moved";
    EXPECT_GT(glm::distance(joint_of(moved, "forearm_l"), joint_of(original, "forearm_l")), 0.05f) << "the elbow did not swing";
    std::filesystem::remove_all(dir);
}

// F12 writes the viewport alone into the settings' screenshot folder, under
// the next free number, and nothing beside the document (a shipped asset folder).
TEST(ScriptedScreenshot, F12SavesTheViewportInTheScreenshotFolder) {
    const auto dir = scratch_dir("e2e-f12");
    const auto shots = dir / "shots" / "marionette";
    std::filesystem::create_directories(dir / "config");
    std::filesystem::create_directories(shots);
    write_file(dir / "config" / "settings.json", R"({"screenshots": {"folder": ")" + shots.string() + R"("}})");
    std::filesystem::copy_file(std::string(MARIONETTE_ASSETS) + "/arm.json", dir / "arm.json");
    write_file(shots / "arm-001.png", "taken");
    write_file(dir / "f12.json", R"({"steps": [{"wait": 2}, {"key": "F12"}, {"wait": 1}, {"key": "F12"}, {"wait": 1}]})");
    ASSERT_EQ(run("MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " " +
                  xvfb("--window 1280x800 --script " + (dir / "f12.json").string() + " " + (dir / "arm.json").string())),
              0);
    EXPECT_EQ(read_file(shots / "arm-001.png"), "taken") << "an existing file was overwritten";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        EXPECT_NE(entry.path().extension(), ".png") << entry.path() << " was written beside the rig";
    }
    for (const char* name : {"arm-002.png", "arm-003.png"}) {
        const Image img = load_png(shots / name);
        // 1280 less the outliner (240) and inspector (300); 800 less the toolbar (32) and status bar (26).
        EXPECT_EQ(img.width, 740) << name;
        EXPECT_EQ(img.height, 742) << name;
        if (img.width != 740 || img.height != 742) continue;
        int bone = 0;
        for (int y = 0; y < img.height; y += 2) {
            for (int x = 0; x < img.width; x += 2) bone += is_bone_coloured(img.at(x, y)) ? 1 : 0;
        }
        EXPECT_GT(bone, 1000) << name << ": no arm in the picture";
        EXPECT_TRUE(is_background(img.at(5, 5))) << name << ": not the viewport's corner";
    }
    std::filesystem::remove_all(dir);
}
