// The editor's panels around the viewport, drawn each frame from the same rig, and what the
// user did in them applied to the document afterwards.

#include "app/editor_app.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/panels/inspector_panel.hpp"
#include "app/panels/mesh_mode_panel.hpp"
#include "app/panels/outliner_panel.hpp"
#include "app/panels/panel_edits.hpp"
#include "app/panels/playback_overlay.hpp"
#include "app/panels/status_bar.hpp"
#include "app/panels/toolbar.hpp"
#include "app/ui/panel_edges.hpp"
#include "app/ui/ui_style.hpp"
#include "core/base/counted.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "editor/edits/mirror_edits.hpp"
#include "editor/edits/state_edits.hpp"
#include "editor/files/picture_mesh_file.hpp"
#include "editor/posing/mirror_pose.hpp"
#include "editor/ui/frame_pacing.hpp"
#include "editor/ui/overlay_corner.hpp"
#include "editor/viewport/shown_extent.hpp"

namespace marionette {

std::vector<EditorApp::SizedEdge> EditorApp::panel_edges(const PanelLayout& layout) const {
    // The side panels' edges along the viewport, below the toolbar (the outliner's above the
    // state panel); the state panel's under the outliner and the viewport.
    const float top = layout.viewport_y;
    const float bottom = layout.viewport_y + layout.viewport_height;
    const float right = layout.viewport_x + layout.viewport_width;
    std::vector<SizedEdge> edges{{{"outliner", true, layout.outliner_width, top, bottom, 1.0f}, kOutlinerRule, layout.outliner_width},
                                 {{"inspector", true, right, top, bottom, -1.0f}, kInspectorRule, layout.inspector_width}};
    if (state_panel_open_) edges.push_back({{"states", false, bottom, 0.0f, right, -1.0f}, kStatePanelRule, layout.state_panel_height});
    return edges;
}

void EditorApp::drag_panel_edges(const PanelLayout& layout) {
    for (const SizedEdge& e : panel_edges(layout)) {
        const PanelEdgeDrag drag = panel_edge(e.edge, &ui_marks_);
        float& size = settings_.panels.*e.rule.size;
        if (drag.reset) size = PanelSizes{}.*e.rule.size;
        if (drag.moved_to) {
            // The panel's far side stays where it is; its size is the edge's distance from it.
            const float far_side = e.edge.at - e.edge.side * e.shown;
            size = size_at_scale_one(e.edge.side * (*drag.moved_to - far_side), ui_scale_, e.rule);
        }
    }
}

void EditorApp::draw_panels(float window_width, float window_height) {
    const Rig& rig = document_.rig();
    const PanelLayout layout = panels();
    const float panel_height = window_height - layout.status_height;
    PanelEdits edits;
    ui_marks_.clear();
    // A keyed state shown on the timeline: slot changes are keyed at its playhead.
    std::optional<StateKeying> state_keying;
    if (const int state = shown_timeline_state(); state >= 0) {
        state_keying = StateKeying{state, static_cast<float>(state_panel_.timeline().key_time(rig)), &shown_slots_};
    }
    const std::vector<int>& selection = controller_->selection().bones();
    // The toolbar spans the window's top, as Blender's and Spine's do; the outliner stands beside
    // the viewport, as tall as it, and the inspector down to the status bar, as Blender's
    // properties: it is the longest panel.
    draw_outliner_panel(rig, controller_->selected(), {0.0f, layout.toolbar_height, layout.outliner_width, layout.viewport_height}, edits,
                        &ui_marks_, controller_->selected_slot(), state_keying ? &*state_keying : nullptr, selection);
    SelectedKeys keys;
    if (state_panel_open_) {
        keys.state = state_panel_.timeline().state(rig);
        keys.keys = state_panel_.timeline().selected_keys(rig);
        // The Keys section sets how keys go on to the next: a drawing or an order only switches.
        if (const int s = keys.state; s >= 0) {
            const State& st = rig.states[static_cast<std::size_t>(s)];
            std::erase_if(keys.keys, [&](const KeyRef& k) {
                return k.timeline == KeyTimeline::DrawOrder || k.timeline == KeyTimeline::Skin ||
                       (k.timeline == KeyTimeline::Slot &&
                        st.slot_tracks[static_cast<std::size_t>(k.track)].property != SlotProperty::Color);
            });
        }
    }
    draw_inspector_panel(
        rig, controller_->selected(),
        {window_width - layout.inspector_width, layout.toolbar_height, layout.inspector_width, panel_height - layout.toolbar_height}, edits,
        &ui_marks_, &keys, controller_->selected_slot(), state_keying ? &*state_keying : nullptr, selection);
    ToolbarState toolbar{&settings_.recent,
                         controller_->mode(),
                         history_.can_undo(),
                         history_.can_redo(),
                         !rig.is_2d(),
                         nullptr,
                         false,
                         state_panel_open_,
                         state_panel_.timeline().onion().on,
                         !rig.meshes.empty() || !rig.slots.empty(),
                         rig.is_2d() && !rig.slots.empty(),
                         controller_->picture_tool().has_value(),
                         layers_,
                         &ui_marks_};
    toolbar.can_mirror = controller_->selected() >= 0;
    toolbar.mirror_editing = mirror_editing_;
    toolbar.rig = &rig;  // whether it has a twin is asked on the click, not every frame
    toolbar.appearance = appearance();
    toolbar.display_scale = display_scale_;
    // The posed chain is the rig's chain ending at its effector, unless it is an automatic one.
    const std::optional<IkChain> active = controller_->active_chain();
    const int active_index = active ? rig.chain_ending_at(active->effector) : -1;
    if (active_index >= 0) {
        toolbar.chain = &rig.chains[static_cast<std::size_t>(active_index)];
        toolbar.chain_can_be_two_bone = chain_bones(rig.skeleton, toolbar.chain->root, toolbar.chain->effector).size() == 2;
    }
    const ToolbarActions tools = draw_toolbar(toolbar, {0.0f, 0.0f, window_width, layout.toolbar_height});
    drag_panel_edges(layout);
    StatePanelActions state_actions;
    if (state_panel_open_) {
        const Viewport view = viewport();
        // Under the outliner and the viewport, as Blender's timeline (in the viewport's column
        // only, at 1.5x in 1280 x 800 its tabs and controls were cut to "Cha..." and wrapped a row
        // each).
        const PanelPlacement at{0.0f, view.y + view.height, view.x + view.width, panel_height - view.y - view.height};
        state_panel_.draw(rig, states_, controller_->selected(), world_pose(), at, state_panel_open_, ui_marks_, edits, state_actions);
        if (!state_panel_open_) framed_ = false;  // closed: the viewport grew
    }
    if (states_.shows_state() && draw_playback_overlay(rig, states_, viewport(), ui_marks_)) state_actions.play = !states_.playing();
    MeshPanelActions mesh_actions;
    if (const std::optional<MeshMode>& mesh = controller_->mesh_mode()) {
        // In the corner where it hides least of the puppet as posed now (its size as last drawn;
        // at first a guess), clear of the playback overlay at the top left.
        const Viewport view = viewport();
        std::vector<glm::vec2> shown;
        for (const glm::vec3& p : pose_extent(rig, world_pose(), world_)) shown.push_back(controller_->camera().project(p, view).pixel);
        const glm::vec2 size = mesh_panel_size_.y > 0.0f ? mesh_panel_size_ : glm::vec2(mesh_panel_width(), ui_px(200.0f));
        const float margin = ui_px(8.0f), below = states_.shows_state() ? ui_px(40.0f) : 0.0f;
        const OverlayCorner corner = quietest_corner(view, size, margin, below, shown);
        mesh_actions = draw_mesh_mode_panel(rig, *mesh, controller_->selected(), overlay_position(view, corner, size, margin, below), edits,
                                            ui_marks_);
        mesh_panel_size_ = mesh_actions.size;
    }
    bool toggle = false;
    std::optional<PictureTool> set_tool;
    const std::optional<IkChain> posed = controller_->active_chain();
    const int posed_bones = posed ? static_cast<int>(chain_bones(rig.skeleton, posed->root, posed->effector).size()) : 0;
    // The box being drawn to select bones, over the viewport.
    if (const auto box = controller_->selection_box()) {
        ImDrawList* draw = ImGui::GetForegroundDrawList();
        const ImVec2 lo(std::min(box->first.x, box->second.x), std::min(box->first.y, box->second.y));
        const ImVec2 hi(std::max(box->first.x, box->second.x), std::max(box->first.y, box->second.y));
        draw->AddRectFilled(lo, hi, IM_COL32(120, 170, 255, 40));
        draw->AddRect(lo, hi, IM_COL32(120, 170, 255, 220));
    }
    draw_status_bar(StatusBarInfo{controller_->mode(), posed, controller_->last_solve(), controller_->last_solve_softened(), posed_bones,
                                  std::string(status_.shown(document_.revision())), controller_->picture_tool()},
                    window_width, window_height, layout.status_height, toggle, set_tool);
    // Every panel has drawn from the same rig; now the document may change.
    apply_panel_edits(edits);
    apply_state_actions(state_actions);
    if (mesh_actions.tool) controller_->set_mesh_tool(*mesh_actions.tool);
    if (mesh_actions.brush) controller_->set_mesh_brush(*mesh_actions.brush);
    if (mesh_actions.paint_bone) controller_->change_selection([&](BoneSelection& s) { s.set(*mesh_actions.paint_bone); });
    if (mesh_actions.delete_vertices) controller_->delete_mesh_vertices();
    if (mesh_actions.done) controller_->leave_mesh_mode();
    if (auto message = controller_->take_message()) say(std::move(*message));
    if (tools.toggle_states) {
        state_panel_open_ = !state_panel_open_;
        framed_ = false;  // the viewport changed size: frame the puppet in what is left of it
    }
    if (tools.toggle_help) help_.toggle();
    if (tools.rows != toolbar_rows_) {
        // The toolbar wrapped (or unwrapped): the panels and viewport move with it next frame.
        toolbar_rows_ = tools.rows;
        settle_frames_ = kSettleFrames;
    }
    if (tools.set_ui_scale || tools.set_theme) {
        // Chosen in the menu: remembered, and over what the command line gave for this run.
        if (tools.set_ui_scale) {
            settings_.appearance.scale = *tools.set_ui_scale;
            options_.ui_scale.reset();
        }
        if (tools.set_theme) {
            settings_.appearance.theme = *tools.set_theme;
            options_.theme.reset();
        }
        appearance_changed_ = true;
    }
    if (tools.toggle_onion) state_panel_.timeline().onion().on = !state_panel_.timeline().onion().on;
    if (tools.toggle_meshes) layers_.meshes = !layers_.meshes;
    if (tools.toggle_xray) layers_.xray = !layers_.xray;
    if (toggle) controller_->toggle_mode();
    if (tools.set_mode) {
        controller_->set_mode(*tools.set_mode);
        controller_->set_picture_tool(std::nullopt);
    }
    if (tools.place) controller_->set_picture_tool(PictureTool::Move);
    if (set_tool) controller_->set_picture_tool(set_tool);
    if (tools.undo || tools.redo) {
        session_->finish();
        if (tools.undo) history_.undo(document_);
        if (tools.redo) history_.redo(document_);
    }
    if (tools.reset_pose) {
        if (Status s = session_->apply("reset pose", reset_pose(document_.rig())); !s) say(s.message());
    }
    if (tools.copy_pose) copy_pose();
    if (tools.paste_pose || tools.paste_flipped) paste_pose(tools.paste_flipped);
    if (tools.mirror_pose || tools.flip_pose) {
        const Rig& now = document_.rig();
        const glm::vec3 axis = mirror_axis(now);
        std::vector<int> sources;
        if (tools.mirror_pose) {
            for (const int b : controller_->selection().bones()) {
                for (const int source : mirror_sources(now, b)) sources.push_back(source);
            }
            std::sort(sources.begin(), sources.end());
            sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
        }
        if (tools.mirror_pose && sources.empty()) {
            say("nothing to copy: the selected bones and those under them have no twin on the other side (paired by name: _l / _r, .L / "
                ".R, Left / Right)");
        } else if (Status s = tools.flip_pose ? session_->apply("flip pose", flip_pose(now, axis))
                                              : session_->apply("mirror pose", mirror_pose(now, sources, axis));
                   !s) {
            say(s.message());
        } else {
            say(tools.flip_pose ? std::string("Flipped the pose: each side took the other's")
                                : "Copied the pose of " + counted(sources.size(), "bone") + " to the other side");
        }
    }
    if (tools.select) controller_->change_selection([&](BoneSelection& s) { s.apply(*tools.select, document_.rig().skeleton); });
    if (tools.toggle_mirror_editing) {
        mirror_editing_ = !mirror_editing_;
        say(mirror_editing_ ? "Mirror editing on: rest and limits edits go to the twin too" : "Mirror editing off");
    }
    if (tools.set_side_axis) {
        if (Status s = session_->apply("side axis", set_side_axis(document_.rig(), *tools.set_side_axis)); !s) say(s.message());
    }
    if (tools.frame_all) frame_shown();
    if (tools.view) controller_->set_view(*tools.view);
    if (tools.set_solver && active_index >= 0) {
        const std::string label = "solver of chain " + rig.chains[static_cast<std::size_t>(active_index)].name;
        if (Status s = session_->apply(label, set_chain_solver(rig, active_index, *tools.set_solver)); !s) say(s.message());
    }
    run_file_choice(tools.file);
    help_.draw(&ui_marks_);
    files_->draw(&ui_marks_);
    pictures_->draw(world_, *session_);
    if (auto added = pictures_->take_added_slot()) controller_->select_slot(*added);
    if (auto message = pictures_->take_message()) say(std::move(*message));
    recovery_.draw(*files_, &ui_marks_);
    if (auto message = files_->take_message()) say(std::move(*message));
    if (files_->take_replaced()) start_over();
    recovery_.after_files(*files_);
}

void EditorApp::apply_panel_edits(PanelEdits& edits) {
    if (edits.edit || edits.tree) controller_->finish_transform();  // a panel edits the rig R or G holds
    if (edits.select) controller_->select(*edits.select);
    if (edits.toggle_select) controller_->change_selection([&](BoneSelection& s) { s.toggle(*edits.toggle_select); });
    if (edits.add_picture) pictures_->choose(*edits.add_picture);
    if (edits.edit_mesh && !controller_->enter_mesh_mode(*edits.edit_mesh)) {
        if (auto message = controller_->take_message()) say(std::move(*message));
    }
    if (edits.trace_mesh) {
        const PanelEdits::MeshTrace& t = *edits.trace_mesh;
        Result<Rig> traced = trace_attachment_mesh(document_.rig(), document_.folder(), t.slot, t.attachment, t.detail);
        if (traced) {
            const AttachmentMesh& m =
                *traced.value().slots[static_cast<std::size_t>(t.slot)].attachments[static_cast<std::size_t>(t.attachment)].mesh;
            edits.apply(
                "trace mesh of " + document_.rig().slots[static_cast<std::size_t>(t.slot)].name, std::move(traced),
                "Traced a mesh of " + std::to_string(m.vertices.size()) + " vertices and " + counted(m.triangles.size(), "triangle"));
        } else {
            say("No mesh: " + traced.message());
        }
    }
    if (edits.edit) {
        PanelEdits::RigEdit& e = *edits.edit;
        if (mirror_editing_ && e.rig && !e.rest_or_limits_of.empty()) {
            // The inspector edited the rig as it is now (a dragged value: as the last frame left it).
            const Rig& before = document_.rig();
            e.rig = mirror_rest_and_limits(before, e.rig.value(), e.rest_or_limits_of, mirror_axis(before));
        }
        const Status s =
            e.preview ? session_->preview(std::move(e.label), std::move(e.rig)) : session_->apply(std::move(e.label), std::move(e.rig));
        if (!s) {
            say(s.message());
        } else if (!e.said.empty()) {
            say(std::move(e.said));
        }
    }
    // After the edit: a slot moved in the draw order is selected where it went.
    if (edits.select_slot) controller_->select_slot(*edits.select_slot);
    if (edits.finish) session_->finish();
    if (edits.tree) {
        std::string message;
        Result<int> done = session_->apply_tree(std::move(edits.tree->label), std::move(edits.tree->edit), message);
        if (done) {
            controller_->select(done.value());
            if (!message.empty()) say(std::move(message));
        } else {
            say(done.message());
        }
    }
}

void EditorApp::apply_state_actions(const StatePanelActions& a) {
    const Rig& rig = document_.rig();
    if (a.renumber) states_.renumber(rig, *a.renumber);
    if (a.show) states_.show(rig, *a.show);
    if (a.seek) states_.seek(rig, a.seek->first, a.seek->second);
    if (a.play) states_.set_playing(*a.play);
    if (a.time_scale) states_.set_time_scale(*a.time_scale);
    if (a.auto_cycle) states_.set_auto_cycle(*a.auto_cycle);
}

}  // namespace marionette
