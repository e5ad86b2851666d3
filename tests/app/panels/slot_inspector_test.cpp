// The inspector's Pictures section and the outliner's draw order in a headless ImGui context:
// picking a slot's drawing sets it up, dragging a slot onto another reorders the slots; with a
// keyed state shown on the timeline both key into the state at the playhead instead.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/panels/inspector_panel.hpp"
#include "app/panels/key_inspector.hpp"
#include "app/panels/outliner_panel.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Rig puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "head", "length": 10 } ],
      "slots": [ { "name": "eyes", "bone": "head", "attachment": "open",
        "attachments": [ { "name": "open", "image": "open.png", "size": [6, 2] }, { "name": "closed", "image": "closed.png", "size": [6, 1] } ] } ],
      "states": [ { "name": "blink", "channels": [], "slot_tracks": [ { "slot": "eyes", "keys": [ { "time": 0, "value": "closed" } ] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

class SlotInspectorTest : public ::testing::Test {
protected:
    void draw_with(std::optional<StateKeying> keying) {
        ui.on_frame([this, keying] {
            marks.clear();
            PanelEdits e;
            draw_inspector_panel(rig, 0, {980, 0, 300, 760}, e, &marks, nullptr, 0, keying ? &*keying : nullptr);
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
    void pick(const std::string& box, const std::string& item) {
        ui.click(centre(box));
        ui.frames(2);
        ui.click(centre(box + "/" + item));
        ui.pause();
    }

    HeadlessImGui ui;
    Rig rig = puppet();
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
};

}  // namespace

TEST_F(SlotInspectorTest, PickingADrawingSetsTheSlotUp) {
    draw_with(std::nullopt);
    pick("inspector/slot/shows", "closed");
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0].label, "switch slot eyes");
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_EQ(edits[0].rig.value().slots[0].shown, 1);
    EXPECT_TRUE(edits[0].rig.value().states[0].slot_tracks[0].keys.size() == 1u) << "no key made";
}

TEST_F(SlotInspectorTest, WithAStateOnTheTimelineADrawingIsKeyedAtThePlayhead) {
    SlotPose shown = setup_slot_pose(rig.slots, rig.skin);
    sample_slot_tracks(rig.states[0].slot_tracks, rig.states[0].draw_order, 0.5, shown);  // the state shows "closed"
    draw_with(StateKeying{0, 0.5f, &shown});
    pick("inspector/slot/shows", "open");  // "closed" is shown: picking it again would change nothing
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0].label, "key drawing of eyes");
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    const Rig& keyed = edits[0].rig.value();
    EXPECT_EQ(keyed.slots[0].shown, 0) << "the set-up drawing is left as it was";
    ASSERT_EQ(keyed.states[0].slot_tracks[0].keys.size(), 2u);
    EXPECT_EQ(keyed.states[0].slot_tracks[0].keys[1].time, 0.5f);
    EXPECT_EQ(keyed.states[0].slot_tracks[0].keys[1].attachment, 0);
}

namespace {

class DrawOrderTest : public ::testing::Test {
protected:
    void SetUp() override {
        Attachment face;
        face.name = "face";
        face.image = "face.png";
        face.size = {10, 10};
        rig.slots.insert(rig.slots.begin(), Slot{"face", 0, {face}, 0, glm::vec4(1.0f)});  // under the eyes
        rig.states[0].slot_tracks[0].slot = 1;
    }
    void drag_eyes_onto_face(std::optional<StateKeying> keying) {
        ui.on_frame([this, keying] {
            marks.clear();
            PanelEdits e;
            draw_outliner_panel(rig, 0, {0, 0, 240, 760}, e, &marks, -1, keying ? &*keying : nullptr);
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
        ui.drag(mark_centre(marks, "outliner/slots/eyes"), mark_centre(marks, "outliner/slots/face"));
    }

    HeadlessImGui ui;
    Rig rig = puppet();
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
};

}  // namespace

TEST_F(DrawOrderTest, DraggingASlotOntoAnotherMovesItThere) {
    drag_eyes_onto_face(std::nullopt);
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_EQ(edits[0].rig.value().slots[0].name, "eyes") << "now drawn first, under the face";
    EXPECT_EQ(edits[0].rig.value().states[0].slot_tracks[0].slot, 0) << "the state's track follows its slot";
}

TEST_F(DrawOrderTest, WithAStateOnTheTimelineTheNewOrderIsKeyedThere) {
    SlotPose shown = setup_slot_pose(rig.slots, rig.skin);
    drag_eyes_onto_face(StateKeying{0, 0.25f, &shown});
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0].label, "key draw eyes in place of face");
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    const Rig& keyed = edits[0].rig.value();
    EXPECT_EQ(keyed.slots[0].name, "face") << "the set-up order is left as it was";
    ASSERT_EQ(keyed.states[0].draw_order.size(), 1u);
    EXPECT_EQ(keyed.states[0].draw_order[0].time, 0.25f);
    EXPECT_EQ(keyed.states[0].draw_order[0].order, (std::vector<int>{1, 0})) << "eyes under face from there";
}

namespace {

// The Keys section of `rig` (read each frame: the test may replace it) for `selected`, in a
// window of its own; each edit it proposes lands in `edits`.
void show_key_section(HeadlessImGui& ui, const Rig& rig, SelectedKeys selected, UiMarks& marks, std::vector<PanelEdits::RigEdit>& edits) {
    ui.on_frame([&rig, selected, &marks, &edits] {
        marks.clear();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(400, 500));
        ImGui::Begin("keys");
        PanelEdits e;
        key_section(rig, selected, e, &marks);
        ImGui::End();
        if (e.edit) edits.push_back(std::move(*e.edit));
    });
}

}  // namespace

// A colour key selected on the timeline: the Keys section names it, shows its RGBA and sets
// how it moves on to the next key.
TEST(KeySection, AColourKeyShowsItsValueAndTakesAnInterpolation) {
    Result<Rig> parsed = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "head", "length": 10 } ],
      "slots": [ { "name": "eyes", "bone": "head", "attachments": [ { "name": "open", "image": "open.png", "size": [6, 2] } ] } ],
      "states": [ { "name": "flush", "slot_tracks": [ { "slot": "eyes", "property": "color",
        "keys": [ { "time": 0, "value": [1, 0.5, 0.25, 1] }, { "time": 1, "value": [1, 1, 1, 1] } ] } ] } ] })");
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    const Rig rig = parsed.value();
    HeadlessImGui ui;
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
    show_key_section(ui, rig, SelectedKeys{0, {KeyRef{0, 0, KeyTimeline::Slot}}}, marks, edits);
    ui.frames(2);
    ui.click(mark_centre(marks, "inspector/key/interpolation"));
    ui.frames(2);
    ui.click(mark_centre(marks, "inspector/key/interpolation/step"));
    ui.pause();
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_EQ(edits[0].rig.value().states[0].slot_tracks[0].keys[0].interpolation, Interpolation::Step);
    EXPECT_EQ(edits[0].rig.value().states[0].slot_tracks[0].keys[1].interpolation, Interpolation::Linear) << "only the selected key";
}

// A Bézier key of a Spine import plays Spine's ten lines; the Keys section's box shows it and
// switches it to the smooth curve and back.
TEST(KeySection, TheSpineLinesBoxSwitchesHowABezierKeyIsDrawn) {
    Result<Rig> parsed = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "arm", "length": 10 } ],
      "states": [ { "name": "wave", "tracks": [ { "bone": "arm", "keys": [
        { "time": 0, "value": 0, "interpolation": "bezier", "curve": [0.5, 0, 0.5, 1], "curve_lines": 10 },
        { "time": 1, "value": 90 } ] } ] } ] })");
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    Rig rig = parsed.value();
    HeadlessImGui ui;
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
    show_key_section(ui, rig, SelectedKeys{0, {KeyRef{0, 0, KeyTimeline::Bone}}}, marks, edits);
    ui.frames(2);
    ui.click(mark_centre(marks, "inspector/key/curve/lines"));
    ui.pause();
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_EQ(edits[0].label, "smooth curve");
    const BezierCurve smooth = edits[0].rig.value().states[0].tracks[0].keys[0].curve;
    EXPECT_EQ(smooth, (BezierCurve{0.5f, 0.0f, 0.5f, 1.0f, 0}));
    rig = edits[0].rig.value();
    ui.frames(2);
    ui.click(mark_centre(marks, "inspector/key/curve/lines"));
    ui.pause();
    ASSERT_EQ(edits.size(), 2u);
    ASSERT_TRUE(edits[1].rig.ok()) << edits[1].rig.message();
    EXPECT_EQ(edits[1].rig.value().states[0].tracks[0].keys[0].curve.lines, kSpineCurveLines);
}
