// The inspector in a headless ImGui context: its drop-downs apply only a real change.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/panels/inspector_panel.hpp"
#include "editor/edit_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

class InspectorTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            PanelEdits e;
            draw_inspector_panel(rig, selected, {980, 0, 300, 760}, e, &marks);
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
    ImVec2 centre(const std::string& name) const { return mark_centre(marks, name); }
    // Opens the drop-down `box` and picks `item` in it.
    void pick(const std::string& box, const std::string& item) {
        ui.click(centre(box));
        ui.frames(2);  // a popup's first frame is hidden, and placed again once it has a size
        ui.click(centre(box + "/" + item));
        ui.pause();
    }

    HeadlessImGui ui;
    Rig rig = figure_3d();
    int selected = bone_named(rig, "forearm");  // a hinge about -y, -10 to 140 degrees
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
};

}  // namespace

TEST_F(InspectorTest, RepickingAJointsKindChangesNothing) {
    pick("inspector/joint", "hinge");
    EXPECT_TRUE(edits.empty()) << "re-picking hinge on a hinge made an edit: " << edits.front().label;
    pick("inspector/joint", "cone");
    ASSERT_EQ(edits.size(), 1u);
    ASSERT_TRUE(edits[0].rig.ok()) << edits[0].rig.message();
    const std::optional<JointLimits>& l = edits[0].rig.value().skeleton[static_cast<std::size_t>(selected)].limits;
    ASSERT_TRUE(l.has_value());
    EXPECT_FALSE(l->hinge.has_value());
    EXPECT_TRUE(l->max_angle.has_value());
}

TEST_F(InspectorTest, RepickingAChainsSolverChangesNothing) {
    pick("inspector/chain/arm/solver", "two-bone");
    EXPECT_TRUE(edits.empty()) << "re-picking the chain's solver made an edit";
}

namespace {

// Several bones selected: the inspector shows the active one and sets the shared fields on all.
class InspectorSelectionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ui.on_frame([this] {
            marks.clear();
            PanelEdits e;
            draw_inspector_panel(rig, active, {980, 0, 300, 760}, e, &marks, nullptr, -1, nullptr, selection);
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
    bool has(const std::string& name) const { return has_mark(marks, name); }

    HeadlessImGui ui;
    Rig rig = figure_3d();
    int active = bone_named(rig, "forearm");
    std::vector<int> selection{bone_named(rig, "upper_arm"), bone_named(rig, "forearm"), bone_named(rig, "hand")};
    UiMarks marks;
    std::vector<PanelEdits::RigEdit> edits;
};

}  // namespace

TEST_F(InspectorSelectionTest, ADraggedScaleIsSetOnEverySelectedBoneAndNoOther) {
    ASSERT_TRUE(has("inspector/selection")) << "no note that the fields apply to the selection";
    const ImVec2 at = mark_centre(marks, "inspector/pose/scale");
    ui.drag(at, ImVec2(at.x + 60.0f, at.y));
    ui.pause();
    ASSERT_FALSE(edits.empty()) << "the drag changed nothing";
    const PanelEdits::RigEdit& last = edits.back();
    ASSERT_TRUE(last.rig.ok()) << last.rig.message();
    EXPECT_EQ(last.label, "pose scale of 3 bones");
    const Pose& pose = last.rig.value().pose;
    const glm::vec3 scale = pose.scales[static_cast<std::size_t>(active)];
    EXPECT_NE(scale, glm::vec3(1.0f)) << "the active bone's scale did not change";
    for (const int b : selection)
        EXPECT_EQ(pose.scales[static_cast<std::size_t>(b)], scale) << rig.skeleton[static_cast<std::size_t>(b)].name;
    for (const char* other : {"hips", "chest", "head"}) {
        EXPECT_EQ(pose.scales[static_cast<std::size_t>(bone_named(rig, other))], glm::vec3(1.0f)) << other;
    }
}

TEST_F(InspectorSelectionTest, OneBoneSelectedShowsNoSelectionNote) {
    selection = {active};
    ui.frames(2);
    EXPECT_FALSE(has("inspector/selection"));
}

namespace {

// Everything the inspector's text and fields show in one frame, through ImGui's own log (the
// text every widget renders, as "log to clipboard" gathers it).
std::string inspector_text(const Rig& rig, int selected) {
    static std::string logged;
    HeadlessImGui ui;
    ImGui::GetIO().SetClipboardTextFn = [](void*, const char* text) { logged = text; };
    bool log = false;
    ui.on_frame([&] {
        if (log) ImGui::LogToClipboard();
        PanelEdits e;
        draw_inspector_panel(rig, selected, {980, 0, 300, 760}, e, nullptr);
        if (log) ImGui::LogFinish();
    });
    ui.frames(2);
    logged.clear();
    log = true;
    ui.frame();
    return logged;
}

}  // namespace

// An angle that rounds to zero is shown as 0: a rotation read back as -1e-7 rad showed
// "-0.00 deg" (2D) and "Y -0.0" (3D Euler angles).
TEST(InspectorNumbers, AnAngleRoundingToZeroShowsNoMinusSign) {
    Rig flat = figure_2d();
    const int spine = bone_named(flat, "spine");
    flat.pose.rotations[static_cast<std::size_t>(spine)] = rotation_2d(-1e-7f);
    const std::string shown_2d = inspector_text(flat, spine);
    ASSERT_NE(shown_2d.find("0.00 deg"), std::string::npos) << shown_2d;
    EXPECT_EQ(shown_2d.find("-0.00"), std::string::npos) << shown_2d;

    Rig figure = figure_3d();
    const int head = bone_named(figure, "head");
    figure.pose.rotations[static_cast<std::size_t>(head)] = glm::angleAxis(-1e-6f, glm::vec3(0.0f, 1.0f, 0.0f));
    const std::string shown_3d = inspector_text(figure, head);
    ASSERT_NE(shown_3d.find("Y 0.0"), std::string::npos) << shown_3d;
    EXPECT_EQ(shown_3d.find("-0.0"), std::string::npos) << shown_3d;
}
