// The timeline in a headless ImGui context, driven as a user drives it: the ruler scrubs, K keys,
// a click selects a key, Delete removes it, a drag moves keys by whole frames, a box selects,
// Ctrl+C / Ctrl+V copy and paste at the playhead, the wheel zooms. Edits are applied to the rig
// here as the editor applies them (a preview live, then one step).

#include "app/panels/timeline_panel.hpp"

#include <SDL_scancode.h>
#include <gtest/gtest.h>

#include <cmath>

#include "app/headless_imgui.hpp"
#include "core/math/rotation_math.hpp"
#include "editor/edit_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// The 2D figure with a keyed state "turn": the spine at 0 s and 1 s (1 radian).
Rig with_turn() { return figure_with_turn(1.0f); }

class TimelinePanelTest : public ::testing::Test {
protected:
    void SetUp() override {
        player.seek(rig, turn(), 0.0);
        ui.on_frame([this] {
            marks.clear();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(width, 260));
            ImGui::Begin("timeline", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
            PanelEdits e;
            TimelineActions a;
            Pose shown;
            player.sample(rig, shown);
            panel.draw(rig, player, selected, shown, marks, e, a);
            ImGui::End();
            if (e.edit) {
                labels.push_back(e.edit->label);
                if (e.edit->rig) {
                    if (e.edit->preview && !before) before = rig;
                    rig = std::move(e.edit->rig).value();
                    if (!e.edit->preview) ++steps;
                } else {
                    errors.push_back(e.edit->rig.message());
                }
            }
            if (e.finish && before) {
                ++steps;
                before.reset();
            }
            if (a.seek) player.seek(rig, panel.state(rig), *a.seek);
            if (a.play) player.set_playing(*a.play);
        });
        ui.frames(3);
        // Zoomed out about the start, so three seconds show.
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(mark("timeline/rows")->min.x + 1.0f, centre("timeline/rows").y);
        ui.frame();
        io.MouseWheel = -5.0f;
        ui.frame();
        io.MouseWheel = 0.0f;
        ui.frame();
    }
    float width = 900.0f;  // the panel's
    int turn() const { return static_cast<int>(rig.states.size()) - 1; }
    const KeyTrack& spine_track() const { return rig.states.back().tracks.at(0); }
    const UiMark* mark(const std::string& name) const {
        for (const UiMark& m : marks.marks()) {
            if (m.name == name) return &m;
        }
        return nullptr;
    }
    ImVec2 centre(const std::string& name) const {
        const UiMark* m = mark(name);
        if (!m) {
            std::string all;
            for (const UiMark& k : marks.marks()) all += k.name + " [" + std::to_string(k.min.x) + "," + std::to_string(k.max.x) + "] ";
            for (const Key& k : rig.states.back().tracks.at(0).keys) all += " key@" + std::to_string(k.time);
            all += " steps " + std::to_string(steps) + " labels " + (labels.empty() ? "" : labels.back());
            ADD_FAILURE() << "no widget " << name << " among " << all;
            return ImVec2(-1, -1);
        }
        return ImVec2((m->min.x + m->max.x) / 2, (m->min.y + m->max.y) / 2);
    }
    // The x of `seconds` on the ruler, from two keys' marks (0 s and 1 s on the spine's row).
    float x_of(double seconds) const {
        const float x0 = centre("timeline/key/spine/rotation/0").x;
        const float x1 = centre("timeline/key/spine/rotation/1").x;
        return x0 + static_cast<float>(seconds) * (x1 - x0);
    }
    void drag(ImVec2 from, ImVec2 to, bool ctrl = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = ctrl;
        io.MousePos = from;
        ui.frame();
        io.MouseDown[0] = true;
        ui.frame();
        for (int i = 1; i <= 6; ++i) {
            io.MousePos =
                ImVec2(from.x + (to.x - from.x) * static_cast<float>(i) / 6.0f, from.y + (to.y - from.y) * static_cast<float>(i) / 6.0f);
            ui.frame();
        }
        io.MouseDown[0] = false;
        ui.frame();
        io.KeyCtrl = false;
        ui.frame();
    }
    void press_scancode(int scancode, bool ctrl = false, bool shift = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = ctrl;
        io.KeyShift = shift;
        io.KeysDown[scancode] = true;
        ui.frame();
        io.KeysDown[scancode] = false;
        io.KeyCtrl = false;
        io.KeyShift = false;
        ui.frame();
    }
    void press_key(ImGuiKey key, bool ctrl = false) { press_scancode(ImGui::GetIO().KeyMap[key], ctrl); }

    HeadlessImGui ui;
    Rig rig = with_turn();
    StatePlayer player;
    TimelinePanel panel;
    UiMarks marks;
    int selected = -1;
    std::optional<Rig> before;  // the rig before a preview, until it is finished
    int steps = 0;              // undo steps the editor would record
    std::vector<std::string> labels;
    std::vector<std::string> errors;
};

}  // namespace

TEST_F(TimelinePanelTest, TheRulerScrubsOnWholeFramesAndKKeysTheSelectedBoneThere) {
    const float x = x_of(0.51);  // between frames 15 and 16 at 30 fps, nearer 15
    ui.click(ImVec2(x, centre("timeline/ruler").y));
    EXPECT_TRUE(player.scrubbed());
    EXPECT_NEAR(player.playhead(rig), 0.5, 1e-9) << "snapped to frame 15";
    selected = bone_named(rig, "forearm");
    press_scancode(SDL_SCANCODE_K);
    ASSERT_EQ(steps, 1);
    const State& s = rig.states.back();
    const int track = track_driving(s, selected, PoseProperty::Rotation);
    ASSERT_GE(track, 0);
    EXPECT_FLOAT_EQ(s.tracks[static_cast<std::size_t>(track)].keys.at(0).time, 0.5f);
    EXPECT_NEAR(s.tracks[static_cast<std::size_t>(track)].keys[0].angle, angle_2d(rig.pose.rotations[static_cast<std::size_t>(selected)]),
                1e-5f)
        << "the forearm keyed as shown: the rig's pose, which the state does not drive";
    // Shift+K keys every bone.
    press_scancode(SDL_SCANCODE_K, false, true);
    EXPECT_EQ(rig.states.back().tracks.size(), rig.skeleton.size());
    EXPECT_EQ(steps, 2);
}

TEST_F(TimelinePanelTest, AClickSelectsAKeyAndDeleteRemovesIt) {
    ui.click(centre("timeline/key/spine/rotation/1"));
    ASSERT_EQ(panel.selected_keys(rig).size(), 1u);
    EXPECT_EQ(panel.selected_keys(rig)[0], (KeyRef{0, 1}));
    press_key(ImGuiKey_Delete);
    EXPECT_EQ(steps, 1);
    ASSERT_EQ(spine_track().keys.size(), 1u);
    EXPECT_EQ(spine_track().keys[0].time, 0.0f);
    EXPECT_TRUE(panel.selected_keys(rig).empty());
    // Nothing selected: Delete does nothing.
    press_key(ImGuiKey_Delete);
    EXPECT_EQ(steps, 1);
}

TEST_F(TimelinePanelTest, DraggingAKeyMovesItByWholeFramesInOneStep) {
    const ImVec2 key = centre("timeline/key/spine/rotation/1");
    drag(key, ImVec2(x_of(1.262), key.y));  // nearest frame: 38, 1.2667 s
    EXPECT_EQ(steps, 1) << "one undo step for the whole drag";
    EXPECT_NEAR(spine_track().keys[1].time, 38.0f / 30.0f, 1e-5f);
    EXPECT_EQ(spine_track().keys[0].time, 0.0f) << "the other key stays";
    EXPECT_EQ(panel.selected_keys(rig), (std::vector<KeyRef>{{0, 1}})) << "the moved key stays selected";
    // Onto the other key: refused while dragging, nothing merged.
    const ImVec2 moved = centre("timeline/key/spine/rotation/1");
    drag(moved, ImVec2(x_of(0.0), moved.y));
    EXPECT_EQ(spine_track().keys.size(), 2u);
    EXPECT_GT(spine_track().keys[1].time, 0.0f);
}

TEST_F(TimelinePanelTest, ABoxSelectsAndCopiedKeysPasteAtThePlayhead) {
    const ImVec2 k0 = centre("timeline/key/spine/rotation/0");
    const ImVec2 k1 = centre("timeline/key/spine/rotation/1");
    drag(ImVec2(k0.x - 8, k0.y - 6), ImVec2(k1.x + 8, k1.y + 6));  // a box around both
    ASSERT_EQ(panel.selected_keys(rig).size(), 2u);
    press_key(ImGuiKey_C, true);
    ui.click(ImVec2(x_of(2.0), centre("timeline/ruler").y));
    ASSERT_NEAR(player.playhead(rig), 2.0, 1e-6);
    press_key(ImGuiKey_V, true);
    ASSERT_EQ(spine_track().keys.size(), 4u) << (errors.empty() ? "" : errors.back());
    EXPECT_FLOAT_EQ(spine_track().keys[2].time, 2.0f);
    EXPECT_FLOAT_EQ(spine_track().keys[3].time, 3.0f);
    EXPECT_EQ(spine_track().keys[3].angle, 1.0f);
    EXPECT_EQ(panel.selected_keys(rig).size(), 2u) << "the pasted keys are selected";
    EXPECT_EQ(panel.selected_keys(rig)[0].key, 2);
    // Ctrl+A takes every key.
    press_key(ImGuiKey_A, true);
    EXPECT_EQ(panel.selected_keys(rig).size(), 4u);
}

TEST_F(TimelinePanelTest, TheWheelZoomsAboutThePointer) {
    const float gap = centre("timeline/key/spine/rotation/1").x - centre("timeline/key/spine/rotation/0").x;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = centre("timeline/key/spine/rotation/0");
    ui.frame();
    io.MouseWheel = 2.0f;
    ui.frame();
    io.MouseWheel = 0.0f;
    ui.frame();
    const float zoomed = centre("timeline/key/spine/rotation/1").x - centre("timeline/key/spine/rotation/0").x;
    EXPECT_NEAR(zoomed / gap, 1.5625f, 0.01f);
    EXPECT_NEAR(centre("timeline/key/spine/rotation/0").x, io.MousePos.x, 1.0f) << "the time under the pointer stays";
}

TEST_F(TimelinePanelTest, TheCurveViewPlotsTheTrackAndHidesTheRows) {
    ui.click(centre("timeline/curves"));
    EXPECT_EQ(mark("timeline/key/spine/rotation/0"), nullptr);
    ui.click(centre("timeline/curves"));
    EXPECT_NE(mark("timeline/key/spine/rotation/0"), nullptr);
    EXPECT_TRUE(errors.empty());
}

// A puppet's state: the eyes' drawing and the draw order have rows below the bones; their keys
// are dragged by whole frames, deleted and selected with Ctrl+A as bone keys are.
TEST_F(TimelinePanelTest, DrawingAndDrawOrderKeysHaveRowsAndMoveAndDeleteLikeBoneKeys) {
    const int spine = bone_named(rig, "spine");
    for (const char* name : {"torso", "eyes"}) {
        Slot slot{name, spine, {Attachment{"open", "open.png", {10, 5}}, Attachment{"shut", "shut.png", {10, 5}}}, 0, glm::vec4{1.0f}};
        rig.slots.push_back(slot);
    }
    State& s = rig.states.back();
    s.slot_tracks.push_back(SlotTrack{
        1,
        SlotProperty::Attachment,
        {SlotKey{0.0f, 0, glm::vec4{1.0f}, Interpolation::Linear, {}}, SlotKey{0.5f, 1, glm::vec4{1.0f}, Interpolation::Linear, {}}}});
    s.draw_order.push_back(DrawOrderKey{0.25f, {1, 0}});
    ui.frames(2);
    const ImVec2 shut = centre("timeline/key/slot:eyes/attachment/1");
    EXPECT_GT(shut.y, centre("timeline/key/spine/rotation/1").y) << "below the bone rows";
    EXPECT_GT(centre("timeline/row/draw order").y, shut.y) << "the draw order last";
    drag(shut, ImVec2(x_of(0.79), shut.y));  // nearest frame: 24, 0.8 s
    EXPECT_EQ(steps, 1);
    EXPECT_NEAR(rig.states.back().slot_tracks[0].keys[1].time, 0.8f, 1e-5f);
    EXPECT_EQ(rig.states.back().slot_tracks[0].keys[1].attachment, 1);
    EXPECT_EQ(panel.selected_keys(rig), (std::vector<KeyRef>{{0, 1, KeyTimeline::Slot}})) << "the moved key stays selected";
    ui.click(centre("timeline/key/draw order/0"));
    EXPECT_EQ(panel.selected_keys(rig), (std::vector<KeyRef>{{0, 0, KeyTimeline::DrawOrder}}));
    press_key(ImGuiKey_Delete);
    EXPECT_EQ(steps, 2);
    EXPECT_TRUE(rig.states.back().draw_order.empty());
    EXPECT_EQ(mark("timeline/row/draw order"), nullptr) << "its row went with its last key";
    press_key(ImGuiKey_A, true);
    EXPECT_EQ(panel.selected_keys(rig).size(), spine_track().keys.size() + 2u);
}

// In a panel narrower than the row of controls (the state panel's timeline at 1280x800 is about
// 520 points wide, and Pause is wider than Play), the row wraps: every control is inside the
// panel, none cut off at its edge.
TEST_F(TimelinePanelTest, TheControlsWrapInANarrowPanel) {
    width = 380.0f;
    ui.frames(3);
    for (const char* name : {"timeline/start", "timeline/play", "timeline/key", "timeline/auto-key", "timeline/snap", "timeline/loop",
                             "timeline/curves", "timeline/frame", "timeline/onion"}) {
        const UiMark* m = mark(name);
        ASSERT_NE(m, nullptr) << name;
        EXPECT_LE(m->max.x, width) << name << " runs off the panel";
    }
    EXPECT_GT(mark("timeline/onion")->min.y, mark("timeline/start")->max.y) << "the row did not wrap";
}
