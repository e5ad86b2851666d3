// The state panel in a headless ImGui context: what each widget asks of the document and of the
// preview, found by the names scripts use.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/panels/state_panel.hpp"
#include "editor/edit_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

class StatePanelTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            PanelEdits e;
            StatePanelActions a;
            panel.draw(rig, player, selected, rig.pose, {240, 500, 740, 274}, open, marks, e, a);
            if (e.edit) edits.push_back(std::move(*e.edit));
            finished = finished || e.finish;
            if (a.show) shown = a.show;
            if (a.play) play = a.play;
            if (a.renumber) renumber = a.renumber;
        });
        ui.frames(2);
    }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
    void show(int state) {
        player.show(rig, state);
        player.tick(rig, 1.0);
        ui.frames(2);
    }

    HeadlessImGui ui;
    Rig rig = figure_2d();  // states walking, idle
    StatePlayer player;
    StatePanel panel;
    UiMarks marks;
    int selected = -1;
    bool open = true;
    std::vector<PanelEdits::RigEdit> edits;
    bool finished = false;
    std::optional<int> shown;
    std::optional<bool> play;
    std::optional<std::vector<int>> renumber;
};

}  // namespace

TEST_F(StatePanelTest, ClickingAStateShowsItAndPlayPauses) {
    ui.click(centre("states/list/idle"));
    EXPECT_EQ(shown, 1);
    ui.click(centre("states/rig pose"));
    EXPECT_EQ(shown, kRigPose);
    ui.click(centre("states/play"));
    EXPECT_EQ(play, false);
    EXPECT_TRUE(edits.empty()) << "showing and pausing change nothing in the document";
}

TEST_F(StatePanelTest, FromPoseAddsAStateAndShowsIt) {
    ui.click(centre("states/from pose"));
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_FALSE(edits[0].preview);
    EXPECT_EQ(edits[0].rig.value().states.size(), 3u);
    EXPECT_EQ(shown, 2);
}

TEST_F(StatePanelTest, DeleteAndDuplicateRenumberThePreview) {
    show(0);
    ui.click(centre("states/duplicate"));
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0].rig.value().states[1].name, "walking.001");
    EXPECT_EQ(renumber, (std::vector<int>{0, 2}));
    EXPECT_EQ(shown, 1);
    ui.click(centre("states/delete"));
    ASSERT_EQ(edits.size(), 2u);
    EXPECT_EQ(edits[1].rig.value().states.size(), 1u);
    EXPECT_EQ(renumber, (std::vector<int>{-1, 0}));
}

// Dragging a channel's amplitude previews the edit on every frame (the viewport shows it live)
// and finishes one undo step when let go.
TEST_F(StatePanelTest, DraggingAChannelValueEditsLive) {
    show(0);
    const ImVec2 at = centre("states/channel/thigh/amplitude");
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = at;
    ui.frame();
    io.MouseDown[0] = true;
    ui.frame();
    for (int i = 1; i <= 5; ++i) {
        io.MousePos = ImVec2(at.x + 8.0f * static_cast<float>(i), at.y);
        ui.frame();
    }
    io.MouseDown[0] = false;
    ui.frame();
    ASSERT_FALSE(edits.empty());
    EXPECT_TRUE(edits.back().preview);
    ASSERT_TRUE(edits.back().rig.ok()) << edits.back().rig.message();
    const StateChannel& c = edits.back().rig.value().states[0].channels[0];
    EXPECT_GT(c.amplitude, rig.states[0].channels[0].amplitude) << "dragged right, the swing grows";
    EXPECT_TRUE(finished);
}

TEST_F(StatePanelTest, CaptureAndAddChannelNeedAStateAndABone) {
    // Showing the rig's pose: no joints to edit.
    bool has_capture = false;
    for (const UiMark& m : marks.marks()) has_capture = has_capture || m.name == "states/capture";
    EXPECT_FALSE(has_capture);
    show(1);
    ui.click(centre("states/capture"));
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_TRUE(edits[0].rig.ok());
    ui.click(centre("states/add channel"));  // nothing selected: disabled
    EXPECT_EQ(edits.size(), 1u);
    selected = 3;
    ui.frames(2);
    ui.click(centre("states/add channel"));
    ASSERT_EQ(edits.size(), 2u);
    EXPECT_EQ(edits[1].rig.value().states[1].channels.back().bone, 3);
    // idle drives the spine (bone 1) already: no second channel for it.
    selected = 1;
    ui.pause();
    ui.click(centre("states/add channel"));
    EXPECT_EQ(edits.size(), 2u) << "a second channel for a driven bone";
}

TEST_F(StatePanelTest, AStateOpensOnItsChannelsAndTheTimelineTabShowsItsKeys) {
    show(0);  // walking: channels, no keys
    bool ruler = false;
    for (const UiMark& m : marks.marks()) ruler = ruler || m.name == "timeline/ruler";
    EXPECT_FALSE(ruler) << "a state without keys opens on its channels";
    ui.click(centre("states/tab/timeline"));
    ui.frames(2);
    ruler = false;
    for (const UiMark& m : marks.marks()) ruler = ruler || m.name == "timeline/ruler";
    EXPECT_TRUE(ruler) << "the Timeline tab, clicked, shows the timeline";
}
