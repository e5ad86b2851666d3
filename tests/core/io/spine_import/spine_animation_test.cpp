// Spine animations read and made states: curves as a runtime plays them (ten straight pieces of
// a Bezier) and as Marionette's keys hold them, both key forms (3.8's, 4's), the setup before a
// first key, switches at the runtime's float, x and y splits merged, Spine's draw order rule,
// bones a rig cannot follow key for key keyed from Spine's pose, and bad timelines refused by
// their place.

#include <gtest/gtest.h>

#include <cmath>

#include "core/anim/state_pose.hpp"
#include "core/io/spine_import/spine_curves.hpp"
#include "core/io/spine_import/spine_import.hpp"
#include "core/io/spine_import/spine_skeleton_reader.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;

namespace {

SpineTimelineKey key_at(double time, double value, SpineKeyCurve curve = {}) {
    SpineTimelineKey k;
    k.time = time;
    k.values = {value, value, value, value};
    k.curve = std::move(curve);
    return k;
}

SpineKeyCurve bezier(std::vector<std::array<double, 4>> handles) { return SpineKeyCurve{SpineKeyCurve::Kind::Bezier, std::move(handles)}; }

// A two-bone skeleton (an arm and a hand hanging off it at 10 units) with `animations`.
std::string arm(const std::string& animations, const std::string& hand_inherit = "normal") {
    return R"({"skeleton": {"spine": "4.2.22"},
        "bones": [{"name": "root"}, {"name": "arm", "parent": "root", "length": 10},
                  {"name": "hand", "parent": "arm", "x": 10, "length": 5, "inherit": ")" +
           hand_inherit + R"("}],
        "slots": [{"name": "a", "bone": "arm", "attachment": "one"}, {"name": "b", "bone": "hand"}, {"name": "c", "bone": "root"}],
        "ik": [{"name": "reach", "bones": ["arm", "hand"], "target": "root", "mix": 0}],
        "skins": [{"name": "default", "attachments": {"a": {"one": {"width": 4, "height": 4}, "two": {"width": 4, "height": 4}}}}],
        "animations": {)" +
           animations + "}}";
}

Rig import_text(const std::string& text, std::vector<std::string>* warnings = nullptr) {
    Result<ImportedRig> r = import_spine(text, nullptr, {}, "pictures");
    EXPECT_TRUE(r.ok()) << r.message();
    if (!r.ok()) return Rig{};
    if (warnings) *warnings = r.value().warnings;
    return r.value().rig;
}

std::string import_error(const std::string& text) {
    Result<ImportedRig> r = import_spine(text, nullptr, {}, "pictures");
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.message();
}

const KeyTrack* track_of(const State& s, int bone, PoseProperty p) {
    for (const KeyTrack& t : s.tracks)
        if (t.bone == bone && t.property == p) return &t;
    return nullptr;
}

}  // namespace

TEST(SpineCurves, ARuntimeDrawsABezierInTenStraightPieces) {
    // An ease whose handles lie on the line is the line itself.
    const SpineTimelineKey a = key_at(0.0, 0.0, bezier({{1.0 / 3.0, 10.0 / 3.0, 2.0 / 3.0, 20.0 / 3.0}}));
    const SpineTimelineKey b = key_at(1.0, 10.0);
    const SpineTimelineKey keys[] = {a, b};
    EXPECT_NEAR(spine_timeline_value(keys, 0, 0.25), 2.5, 1e-9);
    // An ease in and out: the pieces pass through the curve's points at tenths of its parameter
    // and stray from it between them.
    const SpineTimelineKey ease = key_at(0.0, 0.0, bezier({{0.5, 0.0, 0.5, 10.0}}));
    const SpineTimelineKey eased[] = {ease, b};
    const auto points = spine_bezier_points(0.0, 0.0, {0.5, 0.0, 0.5, 10.0}, 1.0, 10.0);
    EXPECT_NEAR(spine_timeline_value(eased, 0, points[4][0]), points[4][1], 1e-9);
    const double between = 0.5 * (points[4][0] + points[5][0]);
    EXPECT_NEAR(spine_timeline_value(eased, 0, between), 0.5 * (points[4][1] + points[5][1]), 1e-9);
    // Before the first key the first key's value; a step holds until the next key.
    EXPECT_EQ(spine_timeline_value(eased, 0, -1.0), 0.0);
    SpineKeyCurve stepped{SpineKeyCurve::Kind::Stepped, {}};
    const SpineTimelineKey steps[] = {key_at(0.0, 1.0, stepped), key_at(1.0, 2.0)};
    EXPECT_EQ(spine_timeline_value(steps, 0, 0.999), 1.0);
    EXPECT_EQ(spine_timeline_value(steps, 0, 1.0), 2.0);
}

TEST(SpineCurves, OneMarionetteCurveHoldsValuesThatShareTheirHandles) {
    SpineTimelineKey a = key_at(0.0, 0.0, bezier({{0.25, 0.0, 0.75, 10.0}, {0.25, 0.0, 0.75, 20.0}}));
    SpineTimelineKey b = key_at(1.0, 10.0);
    b.values[1] = 20.0;
    const std::size_t both[] = {0, 1};
    std::optional<MarionetteCurve> c = marionette_curve(a, b, both);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->interpolation, Interpolation::Bezier);
    EXPECT_EQ(c->curve, (BezierCurve{0.25f, 0.0f, 0.75f, 1.0f, kSpineCurveLines}));
    a.curve.handles[1] = {0.5, 0.0, 0.5, 20.0};  // y eases otherwise
    EXPECT_FALSE(marionette_curve(a, b, both));
    b.values[1] = 0.0;  // y stays put: any curve holds it
    a.values[1] = 0.0;
    a.curve.handles[1] = {0.5, 0.0, 0.5, 0.0};
    EXPECT_TRUE(marionette_curve(a, b, both));
    a.curve.handles[1] = {0.5, 3.0, 0.5, 0.0};  // unless it bulges on the way
    EXPECT_FALSE(marionette_curve(a, b, both));
}

TEST(SpineAnimation, KeysCurvesAndTheSetupBeforeTheFirstKey) {
    // Each curve is one Bezier key drawn in the runtime's ten lines: the hand, which eases hard,
    // plays those lines, not the cubic between their points.
    const Rig rig = import_text(arm(R"("wave": {"bones": {
        "arm": {"rotate": [{"time": 0.5, "value": 30, "curve": [0.6, 36, 0.9, 54]}, {"time": 1, "value": 60, "curve": "stepped"},
                           {"time": 1.5, "value": 0}]},
        "hand": {"rotate": [{"value": 0, "curve": [0.5, 0, 0.5, 90]}, {"time": 1, "value": 90}]}}})"));
    ASSERT_EQ(rig.states.size(), 1u);
    const State& s = rig.states[0];
    EXPECT_EQ(s.name, "wave");
    EXPECT_TRUE(s.loop);
    const KeyTrack* t = track_of(s, 1, PoseProperty::Rotation);
    ASSERT_TRUE(t);
    ASSERT_EQ(t->keys.size(), 4u);
    // The setup until the first key, which a runtime switches to at its float.
    EXPECT_EQ(t->keys[0].time, 0.0f);
    EXPECT_EQ(t->keys[0].angle, 0.0f);
    EXPECT_EQ(t->keys[0].interpolation, Interpolation::Step);
    EXPECT_EQ(t->keys[1].time, 0.5f);
    EXPECT_NEAR(t->keys[1].angle, 30.0f * 3.14159265f / 180.0f, 1e-6f);
    EXPECT_EQ(t->keys[1].interpolation, Interpolation::Bezier);
    EXPECT_NEAR(t->keys[1].curve.x1, 0.2f, 1e-6f);
    EXPECT_EQ(t->keys[2].interpolation, Interpolation::Step);
    EXPECT_NEAR(t->keys[3].angle, 0.0f, 1e-7f);
    EXPECT_EQ(t->keys[1].curve.lines, kSpineCurveLines);
    const KeyTrack* hand = track_of(s, 2, PoseProperty::Rotation);
    ASSERT_TRUE(hand);
    ASSERT_EQ(hand->keys.size(), 2u);
    EXPECT_EQ(hand->keys[0].interpolation, Interpolation::Bezier);
    EXPECT_EQ(hand->keys[0].curve, (BezierCurve{0.5f, 0.0f, 0.5f, 1.0f, kSpineCurveLines}));
    const SpineTimelineKey spine_keys[] = {key_at(0.0, 0.0, bezier({{0.5, 0.0, 0.5, 90.0}})), key_at(1.0, 90.0)};
    for (int i = 0; i <= 100; ++i) {
        const double time = i / 100.0;
        EXPECT_NEAR(sample_track(*hand, true, time).angle, spine_timeline_value(spine_keys, 0, time) * 3.14159265 / 180.0, 1e-5) << time;
    }
}

TEST(SpineAnimation, ASwitchGoesWhereTheRuntimeSwitches) {
    // 0.1 as a float is above 0.1: a runtime playing 0.1 s has not reached it, so the key goes
    // a float later; 0.9 as a float is below 0.9: it has, so the key goes at its float.
    const Rig rig = import_text(arm(R"("blink": {"slots": {"a": {"attachment": [
        {"time": 0.1, "name": "two"}, {"time": 0.9, "name": "one"}, {"time": 1.2, "name": null}]}}})"));
    const SlotTrack& t = rig.states.at(0).slot_tracks.at(0);
    ASSERT_EQ(t.keys.size(), 4u);  // the setup's drawing at 0
    EXPECT_EQ(t.keys[0].attachment, 0);
    EXPECT_EQ(t.keys[1].time, std::nextafter(0.1f, 1.0f));
    EXPECT_EQ(t.keys[1].attachment, 1);
    EXPECT_EQ(t.keys[2].time, 0.9f);
    EXPECT_EQ(t.keys[3].attachment, -1);
}

TEST(SpineAnimation, SplitTimelinesAreMergedAndDrawOrderFollowsSpinesRule) {
    const Rig rig = import_text(arm(R"("slide": {
        "bones": {"hand": {"translatex": [{"value": 2}, {"time": 1, "value": 4}], "translatey": [{"time": 0.5, "value": 6}]}},
        "drawOrder": [{"time": 0.5, "offsets": [{"slot": "a", "offset": 2}]}, {"time": 1}]})"));
    const State& s = rig.states.at(0);
    const KeyTrack* t = track_of(s, 2, PoseProperty::Translation);
    ASSERT_TRUE(t);
    Key at = sample_track(*t, true, 0.75);
    EXPECT_NEAR(at.vector.x, 3.5f, 1e-4f);
    EXPECT_NEAR(at.vector.y, 6.0f, 1e-4f);
    at = sample_track(*t, true, 0.25);
    EXPECT_NEAR(at.vector.x, 2.5f, 1e-4f);
    EXPECT_NEAR(at.vector.y, 0.0f, 1e-4f);  // the setup's until y's first key
    ASSERT_EQ(s.draw_order.size(), 3u);
    EXPECT_EQ(s.draw_order[0].order, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(s.draw_order[1].order, (std::vector<int>{1, 2, 0}));  // "a" moved up two
    EXPECT_EQ(s.draw_order[2].order, (std::vector<int>{0, 1, 2}));  // no offsets: the setup's
}

TEST(SpineAnimation, ABoneThatKeepsItsWorldTurnIsKeyedFromSpinesPose) {
    std::vector<std::string> warnings;
    const Rig rig = import_text(
        arm(R"("swing": {"bones": {"arm": {"rotate": [{"value": 0}, {"time": 1, "value": 90}]}}})", "noRotationOrReflection"), &warnings);
    const State& s = rig.states.at(0);
    ASSERT_TRUE(track_of(s, 2, PoseProperty::Rotation));
    // Whatever the arm's turn, the hand points the way it did at the setup, as in Spine.
    for (const double time : {0.0, 0.3, 0.55, 1.0}) {
        Pose pose = rig.pose;
        sample_state(rig, s, time, rig.pose, pose);
        Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
        ASSERT_TRUE(world.ok());
        EXPECT_NEAR(angle_2d(world.value()[2].rotation), 0.0f, 1e-3f) << time;
    }
    bool said = false;
    for (const std::string& w : warnings) said = said || w.find("keyed from Spine's pose") != std::string::npos;
    EXPECT_TRUE(said);
}

TEST(SpineAnimation, BonesAnIkConstraintTurnsFollowItsTargetAsInSpine) {
    // A two-bone arm reaching for a target bone that moves up; the arm's bones have no keys.
    std::vector<std::string> warnings;
    const Rig rig = import_text(R"({"skeleton": {"spine": "4.2.22"},
        "bones": [{"name": "root"}, {"name": "arm", "parent": "root", "length": 10},
                  {"name": "hand", "parent": "arm", "x": 10, "length": 10}, {"name": "target", "parent": "root", "x": 14}],
        "ik": [{"name": "reach", "bones": ["arm", "hand"], "target": "target"}],
        "animations": {"lift": {"bones": {"target": {"translate": [{}, {"time": 1, "y": 10}]}}}}})",
                                &warnings);
    const State& s = rig.states.at(0);
    ASSERT_TRUE(track_of(s, 1, PoseProperty::Rotation));
    ASSERT_TRUE(track_of(s, 2, PoseProperty::Rotation));
    for (const double time : {0.0, 0.3, 0.55, 0.9}) {  // (at 1 the state loops to 0)
        Pose pose = rig.pose;
        sample_state(rig, s, time, rig.pose, pose);
        Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
        ASSERT_TRUE(world.ok());
        const glm::vec3 tip = bone_tip(world.value()[2], 10.0f);
        EXPECT_NEAR(tip.x, 14.0f, 1e-3f) << time;
        EXPECT_NEAR(tip.y, 10.0f * float(time), 1e-3f) << time;
    }
    bool said = false;
    for (const std::string& w : warnings) said = said || w.find("keyed from Spine's pose, where IK") != std::string::npos;
    EXPECT_TRUE(said);
}

TEST(SpineAnimation, IkMixKeysAndWhatIsLeftOut) {
    std::vector<std::string> warnings;
    const Rig rig = import_text(arm(R"("reach": {"ik": {"reach": [{"mix": 0}, {"time": 1, "mix": 1}]},
        "bones": {"arm": {"shear": [{"x": 5}]}}, "deform": {}, "events": [], "transform": {}})"),
                                &warnings);
    const State& s = rig.states.at(0);
    ASSERT_EQ(s.chain_tracks.size(), 1u);
    EXPECT_EQ(s.chain_tracks[0].keys.front().mix, 0.0f);
    EXPECT_EQ(s.chain_tracks[0].keys.back().mix, 1.0f);
    std::string all;
    for (const std::string& w : warnings) all += w + "\n";
    EXPECT_NE(all.find("shear keys left out, in animation \"reach\": \"arm\""), std::string::npos) << all;
    EXPECT_NE(all.find("timelines left out, in animation \"reach\": \"transform\""), std::string::npos) << all;
}

TEST(SpineAnimation, BadTimelinesAreRefusedByTheirPlace) {
    EXPECT_EQ(import_error(arm(R"("a": {"bones": {"leg": {"rotate": [{"value": 1}]}}})")), "animations.a.bones.leg: \"leg\" is not a bone");
    EXPECT_EQ(import_error(arm(R"("a": {"bones": {"arm": {"rotate": [{"time": 0.4}, {"time": 0.2}]}}})")),
              "animations.a.bones.arm.rotate[1].time: 0.2 is before the key before it (0.4)");
    EXPECT_EQ(import_error(arm(R"("a": {"bones": {"arm": {"translate": [{"x": 1, "curve": [0.1, 0.2]}, {"time": 1}]}}})")),
              "animations.a.bones.arm.translate[0].curve: expected 8 numbers (4 a value), got 2");
    EXPECT_EQ(import_error(arm(R"("a": {"slots": {"z": {"attachment": []}}})")), "animations.a.slots.z: \"z\" is not a slot");
    EXPECT_EQ(import_error(arm(R"("a": {"ik": {"grab": [{}]}})")), "animations.a.ik.grab: \"grab\" is not an IK constraint");
    EXPECT_EQ(import_error(arm(R"("a": {"drawOrder": [{"offsets": [{"slot": "q", "offset": 1}]}]})")),
              "animations.a.drawOrder[0].offsets[0].slot: \"q\" is not a slot");
    EXPECT_EQ(import_error(arm(R"("a": {"events": [{"name": "step"}]})")), "animations.a.events[0].name: \"step\" is not an event");
}

TEST(SpineAnimation, Spine38sKeysAreRead) {
    std::vector<std::string> warnings;
    Result<SpineSkeletonData> d = read_spine_skeleton(R"({"skeleton": {"spine": "3.8.99"}, "bones": [{"name": "root"}],
        "animations": {"turn": {"bones": {"root": {"rotate": [{"angle": 10, "curve": 0.25, "c3": 0.75}, {"time": 2, "angle": 30}]}}}}})",
                                                      warnings);
    ASSERT_TRUE(d.ok()) << d.message();
    const SpineBoneTimeline& t = d.value().animations.at(0).bones.at(0);
    EXPECT_EQ(t.keys[0].values[0], 10.0);
    ASSERT_EQ(t.keys[0].curve.kind, SpineKeyCurve::Kind::Bezier);
    // 3.8's fractions (0.25, 0, 0.75, 1) over 0 to 2 s and 10 to 30 degrees.
    const std::array<double, 4> expected{0.5, 10.0, 1.5, 30.0};
    EXPECT_EQ(t.keys[0].curve.handles.at(0), expected);
}

TEST(SpineImportMeshes, ALinkedMeshIsItsParentsMeshShowingItsOwnPicture) {
    std::vector<std::string> warnings;
    const Rig rig = import_text(R"({"skeleton": {"spine": "4.2.22"}, "bones": [{"name": "root"}],
        "slots": [{"name": "face", "bone": "root", "attachment": "happy"}],
        "skins": [{"name": "default", "attachments": {"face": {
            "happy": {"type": "mesh", "uvs": [0, 1, 1, 1, 1, 0, 0, 0], "triangles": [0, 1, 2, 0, 2, 3], "hull": 4,
                      "vertices": [0, 0, 10, 0, 10, 10, 0, 10], "width": 10, "height": 10},
            "sad": {"type": "linkedmesh", "parent": "happy", "path": "faces/sad", "width": 10, "height": 10},
            "lost": {"type": "linkedmesh", "parent": "happy", "skin": "other", "width": 10, "height": 10}}}}]})",
                                &warnings);
    ASSERT_EQ(rig.slots.size(), 1u);
    const std::vector<Attachment>& a = rig.slots[0].attachments;
    ASSERT_EQ(a.size(), 2u);
    EXPECT_EQ(a[1].name, "sad");
    EXPECT_EQ(a[1].image, "pictures/faces_sad.png");
    ASSERT_TRUE(a[0].mesh && a[1].mesh);
    EXPECT_EQ(*a[0].mesh, *a[1].mesh);
    EXPECT_EQ(a[0].offset, a[1].offset);
    // One whose parent is in a skin the import does not read is left out, and said.
    bool said = false;
    for (const std::string& w : warnings) said = said || w == "1 linkedmesh attachment left out: \"lost\"";
    EXPECT_TRUE(said);
}
