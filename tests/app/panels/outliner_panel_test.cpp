// The outliner in a headless ImGui context: right-clicking a bone above or below the selected
// one offers "Chain from here to <selected>", and its items add the chain (two-bone only for
// two bones); a chain's own menu deletes it.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/panels/outliner_panel.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/pose_library_edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

class OutlinerTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            PanelEdits e;
            draw_outliner_panel(rig, selected, {0, 0, 240, 760}, e, &marks, -1, nullptr, selection);
            if (e.select) selected = *e.select;
            if (e.toggle_select) toggled.push_back(*e.toggle_select);
            if (e.tree) trees.push_back(std::move(*e.tree));
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
    bool has(const std::string& name) const { return has_mark(marks, name); }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
    // Whether ImGui filled `bone`'s row with the selected rows' colour (read from the
    // outliner's draw list: vertices of that colour just above and just below the row's middle;
    // a neighbour's fill only touches one side).
    bool row_is_highlighted(const std::string& bone) const {
        const ImGuiWindow* outliner = ui.window("Outliner");
        const ImU32 header = ImGui::GetColorU32(ImGuiCol_Header);
        const ImVec2 at = centre("outliner/" + bone);
        const float reach = 0.75f * ImGui::GetTextLineHeightWithSpacing();
        if (!outliner) return false;
        bool above = false;
        bool below = false;
        // The rows are drawn in the outliner's scrolling region, a child window of its own.
        for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
            if (w->RootWindow != outliner || !w->DrawList) continue;
            for (const ImDrawVert& v : w->DrawList->VtxBuffer) {
                if (v.col != header) continue;
                above = above || (v.pos.y < at.y && v.pos.y > at.y - reach);
                below = below || (v.pos.y > at.y && v.pos.y < at.y + reach);
            }
        }
        return above && below;
    }
    // Right-clicks `bone`'s row and opens the chain submenu.
    void open_chain_menu(const std::string& bone) {
        ui.right_click(centre("outliner/" + bone));
        ui.frames(2);
        ui.hover(centre("outliner/chain"));
        ui.frames(2);
    }

    HeadlessImGui ui;
    Rig rig = figure_3d();
    int selected = -1;
    std::vector<int> selection;
    std::vector<int> toggled;
    std::vector<PanelEdits::TreeChange> trees;
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
};

}  // namespace

TEST_F(OutlinerTest, ChainFromHereToTheSelectedBoneAddsIt) {
    selected = bone_named(rig, "hand");
    open_chain_menu("chest");
    ASSERT_TRUE(has("outliner/chain/CCD"));
    ui.click(centre("outliner/chain/CCD"));
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    const IkChain& c = edits[0].rig.value().chains.back();
    EXPECT_EQ(c.name, "chest_to_hand");
    EXPECT_EQ(c.solver, SolverKind::Ccd);
    EXPECT_EQ(c.root, bone_named(rig, "chest"));
    EXPECT_EQ(c.effector, bone_named(rig, "hand"));
}

TEST_F(OutlinerTest, TwoBoneIsOfferedOnlyForTwoBones) {
    selected = bone_named(rig, "hand");
    open_chain_menu("chest");
    ui.click(centre("outliner/chain/two-bone"));  // disabled for four bones
    EXPECT_TRUE(edits.empty());
}

TEST_F(OutlinerTest, PickedFromBelowTheUpperBoneIsTheRoot) {
    selected = bone_named(rig, "upper_arm");
    open_chain_menu("forearm");
    ui.click(centre("outliner/chain/two-bone"));
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_EQ(edits[0].rig.value().chains.back().name, "upper_arm_to_forearm");
    EXPECT_TRUE(edits[0].rig.value().chains.back().two_bone.pole.has_value());
}

TEST_F(OutlinerTest, BonesOnDifferentPathsOfferNoChain) {
    selected = bone_named(rig, "head");
    ui.right_click(centre("outliner/hand"));
    ui.frames(2);
    EXPECT_TRUE(has("outliner/hand"));
    EXPECT_FALSE(has("outliner/chain")) << "head and hand are on different paths";
}

TEST_F(OutlinerTest, AChainsMenuDeletesIt) {
    ui.right_click(centre("outliner/chains/reach"));
    ui.frames(2);
    ui.click(centre("outliner/chains/reach/delete"));
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    ASSERT_EQ(edits[0].rig.value().chains.size(), 1u);
    EXPECT_EQ(edits[0].rig.value().chains[0].name, "arm");
}

TEST_F(OutlinerTest, CtrlOrShiftClickOnARowAsksToToggleItAndAPlainClickSelects) {
    selected = bone_named(rig, "hand");
    selection = {bone_named(rig, "hand")};
    for (const bool ctrl : {true, false}) {
        ImGui::GetIO().KeyCtrl = ctrl;
        ImGui::GetIO().KeyShift = !ctrl;
        ui.click(centre("outliner/chest"));
        ui.pause();
    }
    ImGui::GetIO().KeyShift = false;
    EXPECT_EQ(toggled, (std::vector<int>{bone_named(rig, "chest"), bone_named(rig, "chest")}));
    EXPECT_EQ(selected, bone_named(rig, "hand")) << "a toggling click also selected";
    ui.click(centre("outliner/head"));
    EXPECT_EQ(selected, bone_named(rig, "head"));
    EXPECT_EQ(toggled.size(), 2u);
}

TEST_F(OutlinerTest, EverySelectedBonesRowIsHighlighted) {
    selected = bone_named(rig, "hand");
    selection = {bone_named(rig, "chest"), bone_named(rig, "hand")};
    ui.frames(2);
    // ImGui draws a selected row's background: its colour under the row, read from the draw list.
    for (const char* name : {"chest", "hand", "head"}) {
        const bool lit = row_is_highlighted(name);
        EXPECT_EQ(lit, std::string(name) != "head") << name;
    }
}

TEST_F(OutlinerTest, DeleteWithSeveralSelectedDeletesThemAllAndTheirMenuKeepsThemSelected) {
    selected = bone_named(rig, "head");
    selection = {bone_named(rig, "hand"), bone_named(rig, "head")};
    ui.right_click(centre("outliner/hand"));
    ui.frames(2);
    EXPECT_EQ(selected, bone_named(rig, "head")) << "the menu on a selected bone changed the selection";
    ui.click(ImVec2(120, 740));  // away from the menu: it closes
    ui.pause();
    ui.click(centre("outliner/delete"));
    ASSERT_EQ(trees.size(), 1u);
    EXPECT_EQ(trees[0].label, "delete 2 bones");
    ASSERT_TRUE(trees[0].edit.ok()) << trees[0].edit.message();
    EXPECT_EQ(trees[0].edit.value().rig.skeleton.size(), rig.skeleton.size() - 2);
}

TEST_F(OutlinerTest, ThePoseLibraryRenamesDeletesAndAppliesAtTheBlendSlidersWeight) {
    rig.pose.rotations[static_cast<std::size_t>(bone_named(rig, "forearm"))] = glm::normalize(glm::quat(0.9f, 0.0f, -0.3f, 0.0f));
    const int forearm[] = {bone_named(rig, "forearm")};
    rig = store_pose(rig, "wave", forearm).value();
    rig.pose = Pose::rest(rig.skeleton.size());
    ui.frames(2);
    ASSERT_TRUE(has("poses/wave"));
    // The blend slider dragged to its left end: Apply then moves nothing, and says so.
    const UiMark* slider = nullptr;
    for (const UiMark& m : marks.marks()) {
        if (m.name == "poses/blend") slider = &m;
    }
    ASSERT_NE(slider, nullptr);
    const ImVec2 left(slider->min.x + 1.0f, (slider->min.y + slider->max.y) / 2);
    ui.drag(centre("poses/blend"), ImVec2(left.x - 40.0f, left.y));
    ui.pause();
    ui.click(centre("poses/wave/apply"));
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0].label, "apply pose wave at 0%");
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    EXPECT_TRUE(edits[0].rig.value().pose == rig.pose);
    // Renamed from its menu: type the name, Enter.
    ui.right_click(centre("poses/wave"));
    ui.frames(2);
    ui.click(centre("poses/wave/rename"));
    for (int i = 0; i < 8; ++i) ui.tap(ImGuiKey_Backspace);
    ui.type("hello");
    ui.tap(ImGuiKey_Enter);
    ASSERT_EQ(edits.size(), 2u);
    EXPECT_EQ(edits[1].label, "rename pose wave");
    ASSERT_TRUE(edits[1].rig.ok()) << edits[1].rig.message();
    EXPECT_EQ(edits[1].rig.value().poses[0].name, "hello");
    // Deleted from its menu.
    ui.pause();
    ui.right_click(centre("poses/wave"));
    ui.frames(2);
    ui.click(centre("poses/wave/delete"));
    ASSERT_EQ(edits.size(), 3u);
    EXPECT_EQ(edits[2].label, "delete pose wave");
    EXPECT_TRUE(edits[2].rig.value().poses.empty());
}
