// The timeline in the real window (issue 17, point 4), as an animator uses it: open the arm's
// keyed "wave", scrub, turn auto-key on, drag the hand; the drag keys the arm at the playhead
// (seen in the pixels when scrubbing away and back, and in the saved file), the rig's own pose
// is untouched, and one Ctrl+Z takes it all back.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/angles.hpp"

using namespace marionette;
using namespace marionette::testing;


TEST(ScriptedTimeline, AnAutoKeyDragKeysTheArmAtThePlayheadInOneUndoStep) {
    const auto dir = scratch_dir("e2e-timeline");
    const std::string arm = std::string(MARIONETTE_ASSETS) + "/arm.json";
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/wave"}},
        {"wait": 40},
        {"click": {"ui": "timeline/ruler", "offset": [-240, 0]}},
        {"wait": 2},
        {"screenshot": ")" + shot("before.png") +
                                       R"("},
        {"click": {"ui": "timeline/auto-key"}},
        {"drag": {"from": {"bone": "hand", "at": "tip"}, "to": {"bone": "hand", "at": "tip", "offset": [-70, 60]}, "moves": 12}},
        {"wait": 2},
        {"screenshot": ")" + shot("keyed.png") +
                                       R"("},
        {"save": "keyed.json"},
        {"click": {"ui": "timeline/ruler", "offset": [100, 0]}},
        {"wait": 2},
        {"click": {"ui": "timeline/ruler", "offset": [-240, 0]}},
        {"wait": 2},
        {"screenshot": ")" + shot("back.png") +
                                       R"("},
        {"key": "ctrl+z"},
        {"key": "Escape"},
        {"wait": 2},
        {"screenshot": ")" + shot("undone.png") +
                                       R"("},
        {"save": "undone.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + arm)), 0);

    const Rig original = load(arm);
    const Rig keyed = load(dir / "keyed.json");
    EXPECT_EQ(keyed.pose, original.pose) << "auto-key leaves the rig's own pose alone";
    const State& wave = keyed.states.at(0);
    const State& was = original.states.at(0);
    // The drag keyed the arm at one time, on a frame, between the wave's own keys.
    float time = -1.0f;
    int new_keys = 0;
    for (const KeyTrack& t : wave.tracks) {
        const int before = track_driving(was, t.bone, t.property);
        const std::size_t had = before >= 0 ? was.tracks[static_cast<std::size_t>(before)].keys.size() : 0;
        if (t.keys.size() == had) continue;
        ASSERT_EQ(t.keys.size(), had + 1) << "one key per changed track";
        for (const Key& k : t.keys) {
            const bool old = before >= 0 && std::any_of(was.tracks[static_cast<std::size_t>(before)].keys.begin(),
                                                        was.tracks[static_cast<std::size_t>(before)].keys.end(),
                                                        [&](const Key& o) { return o.time == k.time; });
            if (old) continue;
            if (time < 0.0f) time = k.time;
            EXPECT_EQ(k.time, time) << "every new key at the playhead";
            ++new_keys;
        }
    }
    EXPECT_GE(new_keys, 2) << "an IK drag turns more than one bone";
    EXPECT_GT(time, 0.0f);
    EXPECT_LT(time, 1.2f);
    EXPECT_NEAR(time * 30.0f, std::round(time * 30.0f), 1e-3f) << "on a frame at the rig's 30 fps";

    // The pixels: the drag changed what shows at that time, and it stays there after scrubbing
    // away and back; Ctrl+Z (and Escape, to draw the arm unselected as at first) shows the wave
    // as it was.
    const Image before = load_png(dir / "before.png");
    const Image after = load_png(dir / "keyed.png");
    const Image back = load_png(dir / "back.png");
    const Image undone = load_png(dir / "undone.png");
    EXPECT_GT(viewport_differences(before, after), 500);
    EXPECT_EQ(viewport_differences(after, back), 0) << "the keyed pose is the state's at that time";
    EXPECT_EQ(viewport_differences(before, undone), 0);
    const Rig restored = load(dir / "undone.json");
    EXPECT_EQ(restored.states, original.states) << "one undo step took every key back";
    EXPECT_EQ(restored.pose, original.pose);
}

// The curve view as Spine's graph view or Blender's graph editor is used: the arm's wave, paused,
// curves on. Ctrl+A plots every track; a key dragged up takes a higher value at the same
// (snapped) time in one undo step; a Bézier key's handle dragged up makes its curve rise sooner;
// F over the timeline frames the keys and leaves the viewport's camera alone.
TEST(ScriptedTimeline, CurveKeysAndHandlesDragAndUndo) {
    const auto dir = scratch_dir("e2e-curves");
    shipped_at_rest(dir, "arm.json");
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/wave"}},
        {"wait": 2},
        {"click": {"ui": "states/tab/timeline"}},
        {"wait": 1},
        {"click": {"ui": "timeline/play"}},
        {"click": {"ui": "timeline/curves"}},
        {"wait": 2},
        {"move": {"ui": "timeline/rows"}},
        {"key": "ctrl+a"},
        {"wait": 2},
        {"screenshot": "every.png"},
        {"click": {"ui": "curve/forearm/rotation"}},
        {"click": {"ui": "curve/forearm/rotation/1"}},
        {"wait": 1},
        {"drag": {"from": {"ui": "curve/forearm/rotation/1"}, "to": {"ui": "curve/forearm/rotation/1", "offset": [1, -25]}, "moves": 8}},
        {"wait": 1},
        {"save": "moved.json"},
        {"key": "ctrl+z"},
        {"wait": 1},
        {"save": "undone.json"},
        {"click": {"ui": "outliner/upper_arm"}},
        {"wait": 1},
        {"click": {"ui": "curve/upper_arm/rotation"}},
        {"click": {"ui": "curve/upper_arm/rotation/0"}},
        {"wait": 1},
        {"drag": {"from": {"ui": "curve/upper_arm/rotation/0/out"}, "to": {"ui": "curve/upper_arm/rotation/0/out", "offset": [0, -20]}, "moves": 8}},
        {"wait": 1},
        {"save": "handle.json"},
        {"move": {"ui": "timeline/rows"}},
        {"key": "f"},
        {"wait": 1},
        {"save": "framed.json"}
    ]})");
    ASSERT_EQ(run(script_on(dir, "arm.json")), 0);
    const Rig before = load(dir / "arm.json");
    const auto track = [](const Rig& r, const char* bone) -> const KeyTrack& {
        const State& st = r.states[0];
        for (const KeyTrack& t : st.tracks) {
            if (t.bone == r.skeleton.find(bone) && t.property == PoseProperty::Rotation) return t;
        }
        ADD_FAILURE() << "no " << bone << " track";
        return st.tracks[0];
    };
    const Rig moved = load(dir / "moved.json");
    const Key& was = track(before, "forearm").keys[1];
    const Key& now = track(moved, "forearm").keys[1];
    EXPECT_EQ(now.time, was.time) << "a key dragged straight up keeps its (snapped) time";
    EXPECT_GT(now.angle, was.angle + degrees_to_radians(3.0f)) << "dragged up, its value rises";
    EXPECT_EQ(track(moved, "upper_arm").keys, track(before, "upper_arm").keys) << "only the selected key moves";
    EXPECT_EQ(track(load(dir / "undone.json"), "forearm").keys, track(before, "forearm").keys) << "one Ctrl+Z takes the drag back";
    const Rig handled = load(dir / "handle.json");
    const BezierCurve& curve = track(handled, "upper_arm").keys[0].curve;
    EXPECT_EQ(track(handled, "upper_arm").keys[0].interpolation, Interpolation::Bezier);
    EXPECT_GT(curve.y1, 0.05f) << "the leaving handle went up";
    EXPECT_NEAR(curve.x1, 0.25f, 0.03f) << "and stayed at its time";
    EXPECT_EQ(curve.x2, track(before, "upper_arm").keys[0].curve.x2);
    EXPECT_EQ(curve.y2, track(before, "upper_arm").keys[0].curve.y2);
    // F over the timeline frames keys, not the viewport: the saved camera did not move.
    EXPECT_EQ(load(dir / "framed.json").editor.json().at("camera"), handled.editor.json().at("camera"));
}
