#include "app/toolbar.hpp"

#include <imgui.h>

#include <cmath>
#include <string>
#include <utility>

#include "core/mirror_pairs.hpp"
#include "core/utf8.hpp"
#include "editor/shortcuts.hpp"

namespace marionette {

namespace {
// A button that looks pressed while its option is the current one.
// One of a set of options: true when pressed while not the current one (pressing the current
// option is no change, and must not become an undo step or an unsaved mark).
bool option_button(const char* label, bool current) {
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool pressed = ImGui::Button(label);
    if (current) ImGui::PopStyleColor();
    return pressed && !current;
}

// A switch: looks pressed while on; true when pressed either way (the caller flips it).
bool toggle_button(const char* label, bool on) {
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool pressed = ImGui::Button(label);
    if (on) ImGui::PopStyleColor();
    return pressed;
}

bool enabled_button(const char* label, bool enabled) {
    if (!enabled) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button(label);
    if (!enabled) ImGui::EndDisabled();
    return pressed;
}
void file_menu(const RecentFiles* recent, bool is_3d, UiMarks* marks, FileMenuChoice& c) {
    if (ImGui::Button("File")) ImGui::OpenPopup("file_menu");
    if (marks) marks->mark_last_item("toolbar/file");
    if (!ImGui::BeginPopup("file_menu")) return;
    if (ImGui::MenuItem("New 2D rig", chords_of(Command::NewRig).c_str())) c.new_rig = Dimensions::Two;
    if (ImGui::MenuItem("New 3D rig")) c.new_rig = Dimensions::Three;
    c.open = ImGui::MenuItem("Open...", chords_of(Command::Open).c_str());
    if (ImGui::BeginMenu("Open recent", recent && !recent->empty())) {
        for (const std::filesystem::path& p : recent->entries()) {
            // The name, with the folder beside it so two files of one name differ.
            const std::string label = displayable_utf8(p.filename().string() + "  (" + p.parent_path().string() + ")");
            if (ImGui::MenuItem(label.c_str())) c.open_recent = p;
        }
        ImGui::EndMenu();
    }
    ImGui::Separator();
    c.save = ImGui::MenuItem("Save", chords_of(Command::Save).c_str());
    c.save_as = ImGui::MenuItem("Save as...", chords_of(Command::SaveAs).c_str());
    c.export_rig = ImGui::MenuItem("Export rig JSON...", chords_of(Command::ExportRig).c_str());
    c.export_gltf = ImGui::MenuItem("Export glTF...", chords_of(Command::ExportGltf).c_str());
    c.export_spine = ImGui::MenuItem("Export Spine JSON...", nullptr, false, !is_3d);
    if (marks) marks->mark_last_item("file/export spine");
    if (is_3d && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Spine is 2D: a 3D rig cannot go there");
    ImGui::Separator();
    c.screenshot = ImGui::MenuItem("Viewport screenshot", chords_of(Command::Screenshot).c_str());
    ImGui::Separator();
    c.quit = ImGui::MenuItem("Quit", chords_of(Command::Quit).c_str());
    ImGui::EndPopup();
}
}  // namespace

ToolbarActions draw_toolbar(const ToolbarState& state, const PanelPlacement& at) {
    ToolbarActions a;
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y));
    ImGui::SetNextWindowSize(ImVec2(at.width, at.height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6.0f, 4.0f));
    if (ImGui::Begin("##toolbar", nullptr, flags)) {
        file_menu(state.recent, state.is_3d, state.marks, a.file);
        ImGui::SameLine(0.0f, 2.0f);
        a.toggle_help = ImGui::Button("Help");
        if (state.marks) state.marks->mark_last_item("toolbar/help");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every shortcut, and the version (%s)", chords_of(Command::Help).c_str());
        ImGui::SameLine(0.0f, 16.0f);
        if (option_button("FK", !state.placing && state.mode == PoseMode::Fk)) a.set_mode = PoseMode::Fk;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Forward kinematics: a drag turns the bone about its joint (Tab)");
        ImGui::SameLine(0.0f, 2.0f);
        if (option_button("IK", !state.placing && state.mode == PoseMode::Ik)) a.set_mode = PoseMode::Ik;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Inverse kinematics: a drag moves the end of a chain (Tab)");
        if (state.has_pictures) {
            ImGui::SameLine(0.0f, 2.0f);
            a.place = option_button("Place", state.placing) && !state.placing;
            if (state.marks) state.marks->mark_last_item("toolbar/place");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Place pictures on their bones: a drag moves (G), turns (R) or scales (S) a picture (E)");
        }
        ImGui::SameLine(0.0f, 16.0f);
        a.undo = enabled_button("Undo", state.can_undo);
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", chords_of(Command::Undo).c_str());
        ImGui::SameLine();
        a.redo = enabled_button("Redo", state.can_redo);
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", chords_of(Command::Redo).c_str());
        ImGui::SameLine(0.0f, 16.0f);
        a.reset_pose = ImGui::Button("Reset pose");
        if (state.marks) state.marks->mark_last_item("toolbar/reset pose");
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button("Select")) ImGui::OpenPopup("select_menu");
        if (state.marks) state.marks->mark_last_item("toolbar/select");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl- or Shift-click adds a bone; a drag on empty space draws a box; Alt-click picks the bone behind");
        if (ImGui::BeginPopup("select_menu")) {
            struct Item {
                SelectCommand command;
                const char* name;
                Command keys;  // the shortcut table's command for it
                const char* mark;
            };
            constexpr Item items[] = {{SelectCommand::All, "All", Command::SelectAll, "select/all"},
                                      {SelectCommand::None, "None", Command::SelectNone, "select/none"},
                                      {SelectCommand::Children, "Children", Command::SelectChildren, "select/children"},
                                      {SelectCommand::Mirror, "Mirror", Command::SelectMirror, "select/mirror"}};
            for (const Item& item : items) {
                if (ImGui::MenuItem(item.name, chords_of(item.keys).c_str())) a.select = item.command;
                if (state.marks) state.marks->mark_last_item(item.mark);
            }
            ImGui::EndPopup();
        }
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button("Pose")) ImGui::OpenPopup("pose_menu");
        if (state.marks) state.marks->mark_last_item("toolbar/pose");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy and paste a pose (also between two editors), copy a side onto the other, swap the sides");
        if (ImGui::BeginPopup("pose_menu")) {
            a.copy_pose = ImGui::MenuItem("Copy pose", chords_of(Command::CopyPose).c_str());
            if (state.marks) state.marks->mark_last_item("pose/copy");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("The selected bones' pose (every bone's when none is selected), as text on the clipboard");
            a.paste_pose = ImGui::MenuItem("Paste pose", chords_of(Command::PastePose).c_str());
            if (state.marks) state.marks->mark_last_item("pose/paste");
            a.paste_flipped = ImGui::MenuItem("Paste flipped", chords_of(Command::PastePoseFlipped).c_str());
            if (state.marks) state.marks->mark_last_item("pose/paste flipped");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("The copied pose mirrored onto the other side: a left arm's onto the right arm");
            ImGui::Separator();
            a.mirror_pose = ImGui::MenuItem("Copy to the other side", nullptr, false, state.can_mirror);
            if (state.marks) state.marks->mark_last_item("mirror/copy");
            if (!state.can_mirror && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Select bones with twins (arm_l, hand.R, LeftFoot, ...): they and the bones under them are copied");
            a.flip_pose = ImGui::MenuItem("Flip pose");
            if (state.marks) state.marks->mark_last_item("mirror/flip");
            if (state.rig && !state.rig->is_2d() && ImGui::BeginMenu("Side axis")) {
                // The axis the sides mirror across: detected from the rest pose unless named.
                const glm::vec3 detected = detect_side_axis(state.rig->skeleton, mirror_twins(state.rig->skeleton), false);
                const char* names[] = {"X", "Y", "Z"};
                std::string text = "Detected (";
                for (int k = 0; k < 3; ++k) {
                    if (std::fabs(detected[k]) > 0.5f) text += names[k];
                }
                text += ")";
                if (ImGui::MenuItem(text.c_str(), nullptr, !state.rig->side_axis)) a.set_side_axis = std::optional<glm::vec3>{};
                if (state.marks) state.marks->mark_last_item("mirror/axis/detected");
                for (int k = 0; k < 3; ++k) {
                    glm::vec3 axis(0.0f);
                    axis[k] = 1.0f;
                    if (ImGui::MenuItem(names[k], nullptr, state.rig->side_axis == axis)) a.set_side_axis = std::optional<glm::vec3>{axis};
                    if (state.marks) state.marks->mark_last_item(std::string("mirror/axis/") + names[k]);
                }
                ImGui::EndMenu();
            }
            a.toggle_mirror_editing = ImGui::MenuItem("Mirror editing", nullptr, state.mirror_editing);
            if (state.marks) state.marks->mark_last_item("mirror/editing");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("An edit of a bone's rest or limits in the inspector gives its twin the mirror image too");
            ImGui::EndPopup();
        }
        ImGui::SameLine();
        a.frame_all = ImGui::Button("Frame all");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("F or Home");
        ImGui::SameLine();
        a.toggle_states = toggle_button("States", state.states_open);
        if (state.marks) state.marks->mark_last_item("toolbar/states");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The state panel: walking, climbing, ... and the blends between them");
        ImGui::SameLine(0.0f, 2.0f);
        a.toggle_onion = toggle_button("Onion", state.onion);
        if (state.marks) state.marks->mark_last_item("toolbar/onion");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Onion skin: ghosts of the shown state a few frames (or keys) before (red) and after (green) the playhead");
        if (state.has_meshes) {
            ImGui::SameLine(0.0f, 16.0f);
            a.toggle_meshes = toggle_button(state.is_3d ? "Mesh" : "Images", state.layers.meshes);
            if (state.marks) state.marks->mark_last_item("toolbar/mesh");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip(state.is_3d ? "Show the meshes hung on the bones (Alt+H)" : "Show the pictures in the slots (Alt+H)");
            ImGui::SameLine(0.0f, 2.0f);
            a.toggle_xray = toggle_button("X-ray", state.layers.xray);
            if (state.marks) state.marks->mark_last_item("toolbar/xray");
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip(state.is_3d ? "Bones in front of the meshes, never hidden inside them (Alt+Z)"
                                              : "Bones over the pictures, never hidden under them (Alt+Z)");
            }
        }
        if (state.is_3d) {
            constexpr std::pair<const char*, ViewCamera::View> views[] = {
                {"Front", ViewCamera::View::Front}, {"Side", ViewCamera::View::Side}, {"Top", ViewCamera::View::Top}};
            const char* keys[] = {"1", "3", "7"};
            for (std::size_t i = 0; i < 3; ++i) {
                ImGui::SameLine(0.0f, i == 0 ? 16.0f : -1.0f);
                if (ImGui::Button(views[i].first)) a.view = views[i].second;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", keys[i]);
            }
        }
        if (state.chain) {
            // The solver of the chain being posed, switched here without going to the inspector.
            ImGui::SameLine(0.0f, 16.0f);
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(state.chain->name.c_str());
            ImGui::SameLine();
            if (option_button("CCD", state.chain->solver == SolverKind::Ccd)) a.set_solver = SolverKind::Ccd;
            ImGui::SameLine(0.0f, 2.0f);
            if (!state.chain_can_be_two_bone) ImGui::BeginDisabled();
            if (option_button("two-bone", state.chain->solver == SolverKind::TwoBone)) a.set_solver = SolverKind::TwoBone;
            if (!state.chain_can_be_two_bone) ImGui::EndDisabled();
            if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
                ImGui::SetTooltip(state.chain_can_be_two_bone ? "Analytic: exact, for a chain of two bones" : "Only for a chain of exactly two bones");
            }
        }
    }
    ImGui::End();
    ImGui::PopStyleVar();
    return a;
}

}  // namespace marionette
