// Authoring state poses as a user does it (journey 3): pose the hero with the mouse, capture the
// pose into a new state, switch between it and walking; and posing over a playing state.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

int state_named(const Rig& rig, const std::string& name) {
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        if (rig.states[i].name == name) return static_cast<int>(i);
    }
    return -1;
}


}  // namespace

// The hero's left hand is raised to (726, 133) (up across the body, as far as its limits let
// it) in a 1280x800 window with the state panel open, the pose captured as a new state
// "reach", then the hero switches to walking and back.
TEST(StatesJourney, CaptureAPoseIntoAStateAndSwitchWithWalking) {
    const auto dir = scratch_dir("e2e-states");
    write_file(dir / "states.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"drag": {"from": {"bone": "arm_l_lower", "at": "tip"}, "to": [726, 133], "moves": 15}},
        {"wait": 1},
        {"expect": {"bone": "arm_l_lower", "at": "tip", "pixel": [726, 133], "within": 1}},
        {"click": {"ui": "states/from pose"}},
        {"wait": 1},
        {"expect": {"state": "state"}},
        {"click": {"ui": "states/name"}},
        {"key": "ctrl+a"},
        {"text": "reach"},
        {"key": "Return"},
        {"wait": 40},
        {"expect": {"state": "reach", "from": null}},
        {"expect": {"bone": "arm_l_lower", "at": "tip", "pixel": [726, 133], "within": 1}},
        {"screenshot": "reach.png"},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 8},
        {"expect": {"state": "walking", "from": "reach", "weight": [0.05, 0.4]}},
        {"wait": 8},
        {"expect": {"state": "walking", "from": "reach", "weight": [0.35, 0.8]}},
        {"wait": 30},
        {"expect": {"state": "walking", "from": null}},
        {"screenshot": "walking.png"},
        {"click": {"ui": "states/list/reach"}},
        {"wait": 40},
        {"expect": {"state": "reach", "from": null}},
        {"expect": {"bone": "arm_l_lower", "at": "tip", "pixel": [726, 133], "within": 1}},
        {"save": "authored.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "states.json").string() + " " + kHeroRigFile)), 0);

    // The saved file holds the new state: the pose as the user made it, held still.
    const Rig original = load(kHeroRigFile);
    const Rig saved = load(dir / "authored.json");
    const int reach = state_named(saved, "reach");
    const int walking = state_named(saved, "walking");
    ASSERT_GE(reach, 0) << "the captured state was not saved under its new name";
    ASSERT_GE(walking, 0);
    EXPECT_EQ(saved.states.size(), original.states.size() + 1);
    EXPECT_GT(glm::distance(tip_of(saved, "arm_l_lower"), tip_of(original, "arm_l_lower")), 10.0f) << "the hand was not posed";
    EXPECT_LT(pose_distance(live(saved, reach, 0.0), saved.pose), 1e-5f);
    EXPECT_LT(pose_distance(live(saved, reach, 0.77), saved.pose), 1e-5f);
    EXPECT_GE(saved.states[static_cast<std::size_t>(reach)].channels.size(), 2u) << "both arm bones were posed";

    // Sampled frame by frame (60 Hz) through reach -> walking -> reach, the shown pose passes
    // through in-between poses and no joint turns in one frame by more than the states' own
    // motion plus the cosine blend at its steepest across the gap between them.
    const double dt = 1.0 / 60.0;
    const float duration = saved.transition.duration;
    float widest_gap = 0.0f;
    float fastest = 0.0f;
    for (double t = 0.0; t < 4.0; t += dt) {
        widest_gap = std::max(widest_gap, pose_distance(live(saved, reach, t), live(saved, walking, t)));
        fastest = std::max(fastest, pose_distance(live(saved, walking, t), live(saved, walking, t + dt)));
    }
    const float bound = fastest + max_ease_slope(saved.transition.easing) / duration * static_cast<float>(dt) * widest_gap;
    StateMachine m;
    jump_to_state(m, reach);
    Pose last;
    sample(m, saved, last);
    float worst = 0.0f;
    int in_between = 0;
    for (int frame = 1; frame <= 240; ++frame) {
        advance(m, dt);
        if (frame == 60) switch_state(m, saved, walking, saved.transition);
        if (frame == 150) switch_state(m, saved, reach, saved.transition);
        Pose now;
        sample(m, saved, now);
        worst = std::max(worst, pose_distance(last, now));
        const float w = blend_weight(m);
        if (in_transition(m) && w > 0.0f && w < 1.0f) {
            const Pose a = live(saved, *blending_from(m), m.clock);
            const Pose b = live(saved, active_state(m), m.clock);
            // Strictly between: away from both ends, and no farther from either than they are apart.
            const float gap = pose_distance(a, b);
            if (pose_distance(now, a) > 1e-4f && pose_distance(now, b) > 1e-4f && pose_distance(now, a) <= gap + 1e-4f &&
                pose_distance(now, b) <= gap + 1e-4f) {
                ++in_between;
            }
        }
        last = now;
    }
    EXPECT_LE(worst, bound) << "largest per-frame turn " << glm::degrees(worst) << " deg, allowed " << glm::degrees(bound);
    const int transition_frames = static_cast<int>(duration / dt);
    EXPECT_GE(in_between, 2 * transition_frames - 4) << "the switches did not pass through in-between poses";

    // The saved file bakes from the command line too: the same switches, frame by frame.
    const std::string bake = std::string(MARIONETTE_BINARY) + " --animate " + (dir / "authored.json").string() +
                             " --timeline reach@0,walking@1,reach@2.5 --fps 60 --seconds 4 --out " + (dir / "frames.json").string();
    ASSERT_EQ(run(bake + " > /dev/null"), 0);
    const nlohmann::json frames = nlohmann::json::parse(read_file(dir / "frames.json"))["frames"];
    ASSERT_EQ(frames.size(), 240u);
    float last_weight = 0.0f;
    int blending = 0;
    for (const auto& f : frames) {
        const double t = f["time"].get<double>();
        if (t > 1.0 + 1e-9 && t < 1.0 + duration - 1e-9) {
            EXPECT_EQ(f["from"], "reach") << "t=" << t;
            const float w = f["weight"].get<float>();
            EXPECT_GT(w, last_weight) << "t=" << t;
            last_weight = w;
            ++blending;
        }
    }
    EXPECT_GE(blending, transition_frames - 2);

    // Pixels: the raised hand is drawn while "reach" shows, and gone from there while walking.
    const Image shown_reach = load_png(dir / "reach.png");
    const Image shown_walking = load_png(dir / "walking.png");
    int at_hand_reach = 0;
    int at_hand_walking = 0;
    for (int dy = -4; dy <= 4; ++dy) {
        for (int dx = -4; dx <= 4; ++dx) {
            at_hand_reach += is_bone_drawn(shown_reach.at(726 + dx, 133 + dy)) ? 1 : 0;
            at_hand_walking += is_bone_drawn(shown_walking.at(726 + dx, 133 + dy)) ? 1 : 0;
        }
    }
    EXPECT_GE(at_hand_reach, 4) << "no hand drawn where it was posed";
    EXPECT_EQ(at_hand_walking, 0) << "the hand still up while walking";
    EXPECT_TRUE(is_background(shown_reach.at(300, 60)));
    std::filesystem::remove_all(dir);
}

// Grabbing a bone while a state plays stops the preview on the pose shown; the drag starts from
// there. Undo takes back the drag, then the taken pose; a state deleted in the panel comes back
// with Ctrl+Z.
TEST(StatesJourney, PosingOverAPlayingStateStartsFromThePoseShown) {
    const auto dir = scratch_dir("e2e-states-take");
    write_file(dir / "take.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/climbing"}},
        {"wait": 45},
        {"click": {"ui": "states/play"}},
        {"wait": 1},
        {"save": "before.json"},
        {"drag": {"from": {"bone": "leg_r_lower", "at": "tip"}, "to": {"bone": "leg_r_lower", "at": "tip", "offset": [-25, -20]}, "moves": 10}},
        {"wait": 1},
        {"expect": {"state": null}},
        {"save": "dragged.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "taken.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 2},
        {"click": {"ui": "states/delete"}},
        {"wait": 2},
        {"expect": {"state": null}},
        {"save": "deleted.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "restored.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "take.json").string() + " " + kHeroRigFile)), 0);

    const Rig original = load(kHeroRigFile);
    const Rig dragged = load(dir / "dragged.json");
    const Rig taken = load(dir / "taken.json");
    const Rig undone = load(dir / "undone.json");
    // The taken pose is climbing's at some moment: arms up, far from the rig's own pose.
    const int climbing = state_named(original, "climbing");
    float nearest_climbing_frame = 10.0f;
    for (double t = 0.0; t < 1.6; t += 1.0 / 240.0)
        nearest_climbing_frame = std::min(nearest_climbing_frame,
                                          pose_distance(taken.pose.rotations.empty() ? Pose{} : taken.pose, live(original, climbing, t)));
    EXPECT_LT(nearest_climbing_frame, glm::radians(1.0f)) << "the pose taken is not one climbing shows";
    EXPECT_GT(pose_distance(taken.pose, original.pose), glm::radians(30.0f));
    // The drag moved the right leg from there, and only the right leg.
    EXPECT_GT(glm::distance(tip_of(dragged, "leg_r_lower"), tip_of(taken, "leg_r_lower")), 5.0f);
    for (const char* still : {"arm_l_upper", "arm_r_lower", "leg_l_upper", "leg_l_lower", "body"}) {
        const auto i = static_cast<std::size_t>(original.skeleton.find(still));
        EXPECT_LT(rotation_distance(dragged.pose.rotations[i], taken.pose.rotations[i]), 1e-5f) << still;
    }
    EXPECT_TRUE(same_rotations(undone, original, 1e-6f)) << "two undos did not give the rig's own pose back";

    const Rig deleted = load(dir / "deleted.json");
    const Rig restored = load(dir / "restored.json");
    EXPECT_EQ(state_named(deleted, "walking"), -1);
    EXPECT_EQ(state_named(restored, "walking"), 0);
    EXPECT_EQ(restored.states.size(), original.states.size());
    std::filesystem::remove_all(dir);
}

// While a state shows, the viewport's corner has its play/pause and time (the state panel may be
// closed): Io walking moves from frame to frame; the overlay's pause holds it still; its play
// moves it again. Run without the icon font too: the buttons fall back to words and still work.
TEST(StatesJourney, TheViewportOverlayPausesAndPlaysTheState) {
    for (const bool icons : {true, false}) {
        const auto dir = scratch_dir(std::string("e2e-playback-overlay-") + (icons ? "icons" : "words"));
        shipped_at_rest(dir, "io.json");
        write_file(dir / "steps.json", R"({"steps": [
            {"wait": 2},
            {"click": {"ui": "toolbar/states"}},
            {"wait": 2},
            {"click": {"ui": "states/list/walking"}},
            {"click": {"ui": "toolbar/states"}},
            {"wait": 60},
            {"screenshot": "playing-a.png"},
            {"wait": 8},
            {"screenshot": "playing-b.png"},
            {"click": {"ui": "overlay/play"}},
            {"wait": 2},
            {"screenshot": "paused-a.png"},
            {"wait": 8},
            {"screenshot": "paused-b.png"},
            {"click": {"ui": "overlay/play"}},
            {"wait": 8},
            {"screenshot": "again.png"}
        ]})");
        const std::string env = icons ? "" : "MARIONETTE_ICON_FONT=/nonexistent ";
        ASSERT_EQ(run(env + script_on(dir, "io.json")), 0) << (icons ? "with icons" : "with words");
        EXPECT_GT(viewport_differences(load_png(dir / "playing-a.png"), load_png(dir / "playing-b.png")), 200) << "walking does not move";
        EXPECT_EQ(viewport_differences(load_png(dir / "paused-a.png"), load_png(dir / "paused-b.png")), 0) << "paused, it still moves";
        EXPECT_GT(viewport_differences(load_png(dir / "paused-b.png"), load_png(dir / "again.png")), 200) << "played again, it does not";
    }
}
