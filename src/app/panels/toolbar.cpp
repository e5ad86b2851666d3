#include "app/panels/toolbar.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "app/ui/icons.hpp"
#include "app/ui/ui_style.hpp"
#include "core/base/utf8.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "editor/ui/shortcuts.hpp"

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

// Lays the toolbar's items out in rows: the next item goes on this row after `gap` (negative:
// the style's spacing) when it fits before the toolbar's right edge, else it starts a new row.
// A narrow window wraps the toolbar instead of clipping it.
struct ToolbarRows {
    int rows = 1;
    void next(float width, float gap) {
        const float spacing = gap < 0.0f ? ImGui::GetStyle().ItemSpacing.x : gap;
        if (fits(width, spacing)) {
            ImGui::SameLine(0.0f, spacing);
        } else {
            ++rows;  // ImGui puts the next item under the last
        }
    }
    void next(const char* button_label, float gap) { next(button_width(button_label), gap); }
    // Whether an item `width` wide fits on this row after `gap`: where SameLine would put it,
    // after the last item on the row whatever popup came since, up to the toolbar's right edge.
    static bool fits(float width, float gap) {
        const float row_end = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        return ImGui::GetCurrentWindow()->DC.CursorPosPrevLine.x + gap + width <= row_end;
    }
    static float button_width(const char* label) {
        return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
    }
};

// The chain's name and its two solver buttons, as drawn.
float chain_group_width(const IkChain& chain) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    return ImGui::CalcTextSize(chain.name.c_str()).x + spacing + ToolbarRows::button_width("CCD") + 2.0f +
           ToolbarRows::button_width("two-bone");
}

bool enabled_button(const char* label, bool enabled) {
    if (!enabled) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button(label);
    if (!enabled) ImGui::EndDisabled();
    return pressed;
}
// A button's label this frame: its symbol and word where the row has room for every button's
// (words_fit), its symbol alone where it has not, the word then in its tooltip.
struct Labels {
    bool compact = false;
    std::string operator()(const char* icon, const char* text) const { return compact ? icon_only(icon, text) : with_icon(icon, text); }
    // The word of a button shown as its symbol alone.
    void tooltip(const char* text) const {
        if (compact && ui_icons_loaded() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
    }
};

// Whether the toolbar's buttons, symbol and word each, fit one row of `width`.
bool words_fit(const ToolbarState& state, float width, float group_gap) {
    std::vector<std::pair<const char*, const char*>> worded = {{icons::kFile, "File"},
                                                               {icons::kView, "View"},
                                                               {icons::kFk, "FK"},
                                                               {icons::kIk, "IK"},
                                                               {icons::kResetPose, "Reset pose"},
                                                               {icons::kSelect, "Select"},
                                                               {icons::kPose, "Pose"},
                                                               {icons::kStates, "States"},
                                                               {icons::kOnion, "Onion"}};
    if (state.has_pictures) worded.emplace_back(icons::kPlace, "Place");
    if (state.has_meshes) {
        worded.emplace_back(state.is_3d ? icons::kMesh : icons::kImages, state.is_3d ? "Mesh" : "Images");
        worded.emplace_back(icons::kXray, "X-ray");
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    // Help, undo, redo and frame all are symbols alone; then the gaps between the groups.
    float total = 4.0f * (ImGui::GetFontSize() + 2.0f * style.FramePadding.x + style.ItemSpacing.x) + 5.0f * group_gap;
    for (const auto& [icon, text] : worded) {
        total += ImGui::CalcTextSize(with_icon(icon, text).c_str()).x + 2.0f * style.FramePadding.x + style.ItemSpacing.x;
    }
    return total <= width;
}

void file_menu(const Labels& label, const RecentFiles* recent, bool is_3d, UiMarks* marks, FileMenuChoice& c) {
    if (ImGui::Button(label(icons::kFile, "File").c_str())) ImGui::OpenPopup("file_menu");
    if (marks) marks->mark_last_item("toolbar/file");
    label.tooltip("File");
    if (!ImGui::BeginPopup("file_menu")) return;
    if (ImGui::MenuItem("New 2D rig", chords_of(Command::NewRig).c_str())) c.new_rig = Dimensions::Two;
    if (ImGui::MenuItem("New 3D rig")) c.new_rig = Dimensions::Three;
    c.open = ImGui::MenuItem("Open...", chords_of(Command::Open).c_str());
    if (ImGui::BeginMenu("Open recent", recent && !recent->empty())) {
        for (const std::filesystem::path& p : recent->entries()) {
            // The name, with the folder beside it so two files of one name differ.
            const std::string entry = displayable_utf8(p.filename().string() + "  (" + p.parent_path().string() + ")");
            if (ImGui::MenuItem(entry.c_str())) c.open_recent = p;
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

// The size of text and panels, and the colours: remembered in the user settings.
void view_menu(const Labels& label, const ToolbarState& state, ToolbarActions& a) {
    if (ImGui::Button(label(icons::kView, "View").c_str())) ImGui::OpenPopup("view_menu");
    if (state.marks) state.marks->mark_last_item("toolbar/view");
    label.tooltip("View");
    if (!ImGui::BeginPopup("view_menu")) return;
    if (state.is_3d) {
        // The camera's views, as Blender's numpad keys give them.
        constexpr std::pair<const char*, ViewCamera::View> views[] = {
            {"Front", ViewCamera::View::Front}, {"Side", ViewCamera::View::Side}, {"Top", ViewCamera::View::Top}};
        const char* keys[] = {"1", "3", "7"};
        for (std::size_t i = 0; i < 3; ++i) {
            if (ImGui::MenuItem(views[i].first, keys[i])) a.view = views[i].second;
            if (state.marks) state.marks->mark_last_item(std::string("view/") + views[i].first);
        }
        ImGui::Separator();
    }
    const bool scales = ImGui::BeginMenu("UI scale");
    if (state.marks) state.marks->mark_last_item("view/scale");
    if (scales) {
        const std::string automatic = "Automatic (" + std::to_string(static_cast<int>(std::lround(state.display_scale * 100.0f))) + "%)";
        if (ImGui::MenuItem(automatic.c_str(), nullptr, !state.appearance.scale)) a.set_ui_scale = std::optional<float>{};
        if (state.marks) state.marks->mark_last_item("view/scale/auto");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("From the display's DPI, as SDL reports it");
        for (const float scale : ui_scale_choices()) {
            const std::string percent = std::to_string(static_cast<int>(std::lround(scale * 100.0f))) + "%";
            if (ImGui::MenuItem(percent.c_str(), nullptr, state.appearance.scale == scale)) a.set_ui_scale = std::optional<float>{scale};
            if (state.marks) state.marks->mark_last_item("view/scale/" + percent);
        }
        ImGui::EndMenu();
    }
    const bool themes = ImGui::BeginMenu("Theme");
    if (state.marks) state.marks->mark_last_item("view/theme");
    if (themes) {
        if (ImGui::MenuItem("Dark", nullptr, state.appearance.theme == UiTheme::Dark)) a.set_theme = UiTheme::Dark;
        if (state.marks) state.marks->mark_last_item("view/theme/dark");
        if (ImGui::MenuItem("Light", nullptr, state.appearance.theme == UiTheme::Light)) a.set_theme = UiTheme::Light;
        if (state.marks) state.marks->mark_last_item("view/theme/light");
        ImGui::EndMenu();
    }
    ImGui::EndPopup();
}
}  // namespace

ToolbarActions draw_toolbar(const ToolbarState& state, const PanelPlacement& at) {
    ToolbarActions a;
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y));
    ImGui::SetNextWindowSize(ImVec2(at.width, at.height));
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    // The gaps between groups of buttons grow with the text (ui_appearance.hpp).
    const float group_gap = ui_px(16.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ui_px(6.0f), ui_px(4.0f)));
    if (ImGui::Begin("##toolbar", nullptr, flags)) {
        ToolbarRows row;
        const Labels label{!words_fit(state, ImGui::GetContentRegionAvail().x, group_gap)};
        file_menu(label, state.recent, state.is_3d, state.marks, a.file);
        row.next(label(icons::kView, "View").c_str(), 2.0f);
        view_menu(label, state, a);
        const std::string help = icon_only(icons::kHelp, "Help");
        row.next(help.c_str(), 2.0f);
        a.toggle_help = ImGui::Button(help.c_str());
        if (state.marks) state.marks->mark_last_item("toolbar/help");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every shortcut, and the version (%s)", chords_of(Command::Help).c_str());
        const std::string fk = label(icons::kFk, "FK"), ik = label(icons::kIk, "IK"), place = label(icons::kPlace, "Place");
        row.next(fk.c_str(), group_gap);
        if (option_button(fk.c_str(), !state.placing && state.mode == PoseMode::Fk)) a.set_mode = PoseMode::Fk;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Forward kinematics: a drag turns the bone about its joint (Tab)");
        row.next(ik.c_str(), 2.0f);
        if (option_button(ik.c_str(), !state.placing && state.mode == PoseMode::Ik)) a.set_mode = PoseMode::Ik;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Inverse kinematics: a drag moves the end of a chain (Tab)");
        if (state.has_pictures) {
            row.next(place.c_str(), 2.0f);
            a.place = option_button(place.c_str(), state.placing) && !state.placing;
            if (state.marks) state.marks->mark_last_item("toolbar/place");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Place pictures on their bones: a drag moves (G), turns (R) or scales (S) a picture (E)");
        }
        const std::string undo = icon_only(icons::kUndo, "Undo"), redo = icon_only(icons::kRedo, "Redo");
        row.next(undo.c_str(), group_gap);
        a.undo = enabled_button(undo.c_str(), state.can_undo);
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Undo (%s)", chords_of(Command::Undo).c_str());
        row.next(redo.c_str(), -1.0f);
        a.redo = enabled_button(redo.c_str(), state.can_redo);
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Redo (%s)", chords_of(Command::Redo).c_str());
        const std::string reset = label(icons::kResetPose, "Reset pose");
        row.next(reset.c_str(), group_gap);
        a.reset_pose = ImGui::Button(reset.c_str());
        label.tooltip("Reset pose: every bone back to rest");
        if (state.marks) state.marks->mark_last_item("toolbar/reset pose");
        const std::string select = label(icons::kSelect, "Select");
        row.next(select.c_str(), 2.0f);
        if (ImGui::Button(select.c_str())) ImGui::OpenPopup("select_menu");
        if (state.marks) state.marks->mark_last_item("toolbar/select");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Ctrl- or Shift-click adds a bone; a drag on empty space draws a box; Alt-click picks the bone behind");
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
        const std::string pose = label(icons::kPose, "Pose");
        row.next(pose.c_str(), 2.0f);
        if (ImGui::Button(pose.c_str())) ImGui::OpenPopup("pose_menu");
        if (state.marks) state.marks->mark_last_item("toolbar/pose");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Copy and paste a pose (also between two editors), copy a side onto the other, swap the sides");
        if (ImGui::BeginPopup("pose_menu")) {
            a.copy_pose = ImGui::MenuItem("Copy pose", chords_of(Command::CopyPose).c_str());
            if (state.marks) state.marks->mark_last_item("pose/copy");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("The selected bones' pose (every bone's when none is selected), as text on the clipboard");
            a.paste_pose = ImGui::MenuItem("Paste pose", chords_of(Command::PastePose).c_str());
            if (state.marks) state.marks->mark_last_item("pose/paste");
            a.paste_flipped = ImGui::MenuItem("Paste flipped", chords_of(Command::PastePoseFlipped).c_str());
            if (state.marks) state.marks->mark_last_item("pose/paste flipped");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("The copied pose mirrored onto the other side: a left arm's onto the right arm");
            ImGui::Separator();
            a.mirror_pose = ImGui::MenuItem("Copy to the other side", nullptr, false, state.can_mirror);
            if (state.marks) state.marks->mark_last_item("mirror/copy");
            if (!state.can_mirror && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                ImGui::SetTooltip("Select bones with twins (arm_l, hand.R, LeftFoot, ...): they and the bones under them are copied");
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
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("An edit of a bone's rest or limits in the inspector gives its twin the mirror image too");
            ImGui::EndPopup();
        }
        const std::string frame = icon_only(icons::kFrame, "Frame all"), states = label(icons::kStates, "States");
        row.next(frame.c_str(), -1.0f);
        a.frame_all = ImGui::Button(frame.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Frame all (F or Home, the pointer over the viewport)");
        row.next(states.c_str(), -1.0f);
        a.toggle_states = toggle_button(states.c_str(), state.states_open);
        if (state.marks) state.marks->mark_last_item("toolbar/states");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The state panel: walking, climbing, ... and the blends between them");
        const std::string onion = label(icons::kOnion, "Onion");
        row.next(onion.c_str(), 2.0f);
        a.toggle_onion = toggle_button(onion.c_str(), state.onion);
        if (state.marks) state.marks->mark_last_item("toolbar/onion");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Onion skin: ghosts of the shown state a few frames (or keys) before (red) and after (green) the playhead");
        if (state.has_meshes) {
            const std::string meshes = state.is_3d ? label(icons::kMesh, "Mesh") : label(icons::kImages, "Images");
            const std::string xray = label(icons::kXray, "X-ray");
            row.next(meshes.c_str(), group_gap);
            a.toggle_meshes = toggle_button(meshes.c_str(), state.layers.meshes);
            if (state.marks) state.marks->mark_last_item("toolbar/mesh");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(state.is_3d ? "Show the meshes hung on the bones (Alt+H)" : "Show the pictures in the slots (Alt+H)");
            row.next(xray.c_str(), 2.0f);
            a.toggle_xray = toggle_button(xray.c_str(), state.layers.xray);
            if (state.marks) state.marks->mark_last_item("toolbar/xray");
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip(state.is_3d ? "Bones in front of the meshes, never hidden inside them (Alt+Z)"
                                              : "Bones over the pictures, never hidden under them (Alt+Z)");
            }
        }
        if (state.chain && ToolbarRows::fits(chain_group_width(*state.chain), group_gap)) {
            // The solver of the chain being posed, switched here without going to the inspector;
            // where the row has no room it is left out rather than wrapped (the inspector has
            // it), so selecting a bone never moves the viewport.
            ImGui::SameLine(0.0f, group_gap);
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(state.chain->name.c_str());
            ImGui::SameLine();
            if (option_button("CCD", state.chain->solver == SolverKind::Ccd)) a.set_solver = SolverKind::Ccd;
            ImGui::SameLine(0.0f, 2.0f);
            if (!state.chain_can_be_two_bone) ImGui::BeginDisabled();
            if (option_button("two-bone", state.chain->solver == SolverKind::TwoBone)) a.set_solver = SolverKind::TwoBone;
            if (!state.chain_can_be_two_bone) ImGui::EndDisabled();
            if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
                ImGui::SetTooltip(state.chain_can_be_two_bone ? "Analytic: exact, for a chain of two bones"
                                                              : "Only for a chain of exactly two bones");
            }
        }
        a.rows = row.rows;
    }
    ImGui::End();
    ImGui::PopStyleVar();
    return a;
}

}  // namespace marionette
