// Mesh mode's panel in a headless ImGui context: the selected vertices' weights are sliders that
// set them on all of them; a mode whose mesh or vertices an undo took away is ended or shows
// only what is left, never read past the mesh.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/panels/mesh_mode_panel.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// A 20 x 4 picture on "upper" as a rigid 2 x 1 grid (6 vertices).
Rig panel_sleeve() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 10 }, { "name": "lower", "parent": "upper", "length": 10 } ],
      "slots": [ { "name": "sleeve", "bone": "upper", "attachment": "s",
                   "attachments": [ { "name": "s", "image": "s.png", "size": [20, 4] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    Rig out = rig.value();
    out.slots[0].attachments[0].mesh = grid_mesh({20.0f, 4.0f}, 2, 1);
    return out;
}

float panel_weight(const AttachmentMesh& m, std::size_t v, int bone) {
    const VertexWeights& w = m.weights[v];
    for (std::size_t i = 0; i < w.count; ++i) {
        if (w.bones[i] == bone) return w.weights[static_cast<int>(i)];
    }
    return 0.0f;
}

struct PanelRun {
    HeadlessImGui ui;
    UiMarks marks;
    MeshPanelActions actions;
    std::vector<PanelEdits::RigEdit> edits;

    void draw(const Rig& rig, const MeshMode& mode, int active_bone) {
        ui.on_frame([&] {
            marks.clear();
            PanelEdits e;
            actions = draw_mesh_mode_panel(rig, mode, active_bone, glm::vec2(712.0f, 38.0f), e, marks);
            if (e.edit) edits.push_back(std::move(*e.edit));
        });
        ui.frames(2);
    }
};

}  // namespace

TEST(MeshModePanel, TheSelectedVerticesWeightsAreSliders) {
    const Rig rig = panel_sleeve();
    MeshMode mode;
    mode.slot = 0;
    mode.attachment = 0;
    mode.selected = {0, 1};
    PanelRun run;
    run.draw(rig, mode, 1);
    EXPECT_FALSE(run.actions.done);
    ASSERT_TRUE(has_mark(run.marks, "mesh/weight/upper"));
    ASSERT_TRUE(has_mark(run.marks, "mesh/weight/lower")) << "the active bone, to give weight to";
    // A click near the lower slider's right end: most of the weight on "lower".
    const ImVec2 centre = mark_centre(run.marks, "mesh/weight/lower");
    run.ui.click(ImVec2(centre.x + 60.0f, centre.y));
    run.ui.frames(2);
    ASSERT_FALSE(run.edits.empty());
    const Result<Rig>& set = run.edits.back().rig;
    ASSERT_TRUE(set.ok()) << set.message();
    const AttachmentMesh& m = *set.value().slots[0].attachments[0].mesh;
    ASSERT_TRUE(m.is_weighted());
    EXPECT_GT(panel_weight(m, 0, 1), 0.5f);
    EXPECT_GT(panel_weight(m, 1, 1), 0.5f);
    EXPECT_EQ(panel_weight(m, 2, 1), 0.0f) << "not selected";
}

TEST(MeshModePanel, AModeTheRigNoLongerFitsEndsOrShowsWhatIsLeft) {
    Rig rig = panel_sleeve();
    MeshMode mode;
    mode.slot = 0;
    mode.attachment = 0;
    mode.selected = {4, 5, 40};  // 40: gone with an undo
    PanelRun run;
    run.draw(rig, mode, 0);
    EXPECT_FALSE(run.actions.done);
    EXPECT_TRUE(has_mark(run.marks, "mesh/weight/upper"));

    rig.slots[0].attachments[0].mesh.reset();
    PanelRun gone;
    gone.draw(rig, mode, 0);
    EXPECT_TRUE(gone.actions.done);
    mode.slot = 3;
    PanelRun no_slot;
    no_slot.draw(rig, mode, 0);
    EXPECT_TRUE(no_slot.actions.done);
}
