// The outliner in a headless ImGui context: right-clicking a bone above or below the selected
// one offers "Chain from here to <selected>", and its items add the chain (two-bone only for
// two bones); a chain's own menu deletes it.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/outliner_panel.hpp"
#include "editor/edit_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

class OutlinerTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            PanelEdits e;
            draw_outliner_panel(rig, selected, {0, 0, 240, 760}, e, &marks);
            if (e.select) selected = *e.select;
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
    bool has(const std::string& name) const {
        for (const UiMark& m : marks.marks()) {
            if (m.name == name) return true;
        }
        return false;
    }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
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
