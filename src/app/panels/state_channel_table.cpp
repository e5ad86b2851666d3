#include "app/panels/state_channel_table.hpp"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>

#include <array>
#include <string>

#include "app/ui/panel_widgets.hpp"
#include "core/base/extents.hpp"
#include "core/math/transform.hpp"
#include "editor/edits/state_edits.hpp"

namespace marionette {

namespace {

constexpr std::array<const char*, 3> kPropertyNames = {"rotation", "translation", "scale"};  // PoseProperty order

std::string bone_name(const Rig& rig, int bone) {
    return bone >= 0 && static_cast<std::size_t>(bone) < rig.skeleton.size() ? rig.skeleton[static_cast<std::size_t>(bone)].name : "?";
}

// A translation's or scale's vector with the rig's number of components (2D: x and y).
bool drag_vector(const char* id, glm::vec3& v, bool is_2d, float speed, float lo, float hi, const char* format) {
    return is_2d ? ImGui::DragFloat2(id, &v.x, speed, lo, hi, format) : ImGui::DragFloat3(id, &v.x, speed, lo, hi, format);
}

// An angle kept in radians, dragged in degrees.
bool drag_degrees(const char* id, float& radians, float speed, float lo, float hi, const char* format) {
    float degrees = radians / kDegree;
    if (!ImGui::DragFloat(id, &degrees, speed, lo, hi, format)) return false;
    radians = degrees * kDegree;
    return true;
}

}  // namespace

void StateChannelTable::draw(const Rig& rig, int state, int selected_bone, UiMarks& marks, PanelEdits& edits) {
    if (state < 0 || static_cast<std::size_t>(state) >= rig.states.size()) {
        ImGui::TextWrapped(
            "Showing the rig's own pose. Pose the puppet with FK or IK, then \"From pose\" makes a state of it; "
            "choose a state on the left to watch it and edit its joints.");
        return;
    }
    const State& s = rig.states[static_cast<std::size_t>(state)];
    if (ImGui::Button("Capture pose")) edits.apply("capture pose into " + s.name, capture_pose(rig, state));
    marks.mark_last_item("states/capture");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Sets the bases from the rig's pose; the swings stay");
    ImGui::SameLine();
    const bool bone_ok = selected_bone >= 0 && static_cast<std::size_t>(selected_bone) < rig.skeleton.size();
    const auto property = static_cast<PoseProperty>(add_property_);
    // A property the state drives already has its row (highlighted below): a second would compose in.
    const int driving = bone_ok ? channel_driving(s, selected_bone, property) : -1;
    const std::string bone = bone_name(rig, selected_bone);
    const std::string add_label = bone_ok ? "Add " + bone : std::string("Add channel");
    const std::string add_tip = !bone_ok ? std::string("Drive the selected bone (select one in the viewport)")
                                : driving >= 0
                                    ? s.name + " drives " + bone + "'s " + pose_property_name(property) + " already: its row is highlighted"
                                    : "Drive " + bone + "'s " + pose_property_name(property) + " in " + s.name;
    const bool enabled = bone_ok && driving < 0;
    if (!enabled) ImGui::BeginDisabled();
    if (ImGui::Button(add_label.c_str())) {
        edits.apply("add channel to " + s.name, add_channel(rig, state, selected_bone, property));
        scroll_to_row_ = static_cast<int>(s.channels.size());  // where the new row lands: shown once it is there
    }
    if (!enabled) ImGui::EndDisabled();
    marks.mark_last_item("states/add channel");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", add_tip.c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("translation").x + ImGui::GetFrameHeight() * 2.0f);
    pick_one("##add property", add_property_, kPropertyNames, &marks, "states/add property");
    if (!s.tracks.empty()) {
        // Keys are edited on the timeline; here the state says it has them.
        std::size_t keys = 0;
        for (const KeyTrack& t : s.tracks) keys += t.keys.size();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("also keyed: %zu track%s, %zu keys, %.2f s (the Timeline tab)", s.tracks.size(),
                            s.tracks.size() == 1 ? "" : "s", keys, static_cast<double>(state_length(s)));
    }
    rows(rig, state, selected_bone, marks, edits);
}

void StateChannelTable::rows(const Rig& rig, int state, int selected_bone, UiMarks& marks, PanelEdits& edits) {
    const State& s = rig.states[static_cast<std::size_t>(state)];
    const bool is_3d = !rig.is_2d();
    const int columns = is_3d ? 8 : 7;
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable;
    if (!ImGui::BeginTable("channels", columns, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    // 3D rows hold two vectors: give them the room.
    ImGui::TableSetupColumn("joint", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("drives", ImGuiTableColumnFlags_WidthStretch, 1.1f);
    if (is_3d) ImGui::TableSetupColumn("axis", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    // A rotation's base and swing are degrees (3D: the base as XYZ Euler angles), a translation's
    // rig units, a scale's factors: each field says which.
    ImGui::TableSetupColumn("base", ImGuiTableColumnFlags_WidthStretch, is_3d ? 2.0f : 1.4f);
    ImGui::TableSetupColumn("swing", ImGuiTableColumnFlags_WidthStretch, is_3d ? 2.0f : 1.4f);
    ImGui::TableSetupColumn("period s", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("phase deg", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 20.0f);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < s.channels.size(); ++i) {
        const StateChannel& c = s.channels[i];
        const int index = static_cast<int>(i);
        const std::string bone = bone_name(rig, c.bone);
        const std::string property = pose_property_name(c.property);
        const bool rotates = c.property == PoseProperty::Rotation;
        // Rotation rows keep the marks they had before channels drove anything else.
        const std::string mark = "states/channel/" + bone + (rotates ? "" : "/" + property);
        const std::string label = s.name + ": " + bone + (rotates ? "" : " " + property);
        ImGui::PushID(index);
        ImGui::TableNextRow();
        if (c.bone == selected_bone) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(ImGuiCol_TextSelectedBg));

        ImGui::TableNextColumn();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(bone.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(property.c_str());
        StateChannel edited = c;
        const auto field = [&](bool changed) { track(edits, label, changed, [&] { return set_channel(rig, state, index, edited); }); };
        if (is_3d) {
            ImGui::TableNextColumn();
            if (rotates) {
                ImGui::SetNextItemWidth(-1.0f);
                field(ImGui::DragFloat3("##axis", &edited.axis.x, 0.01f, -1.0f, 1.0f, "%.2f"));
            }
        }
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1.0f);
        edited = c;
        if (!rotates) {
            // Translations in rig units (a 2D rig's are pixels-like, a 3D rig's metres), scales as factors.
            const bool scales = c.property == PoseProperty::Scale;
            const float speed = scales ? 0.01f : (is_3d ? 0.01f : 0.5f);
            const float hi = scales ? kMaxPoseScale : 0.0f;  // translations: 0 to 0, no clamp
            field(drag_vector("##base", edited.center, !is_3d, speed, 0.0f, hi, "%.3g"));
            marks.mark_last_item(mark + "/base");
            ImGui::TableNextColumn();
            ImGui::SetNextItemWidth(-1.0f);
            edited = c;
            field(drag_vector("##swing", edited.swing, !is_3d, speed, scales ? -kMaxPoseScale : 0.0f, hi, "%.3g"));
            marks.mark_last_item(mark + "/swing");
        } else {
            if (is_3d) {
                glm::vec3 euler = shown_value(glm::eulerAngles(c.base) / kDegree, 0);
                const bool changed = ImGui::DragFloat3("##base", &euler.x, 0.5f, -180.0f, 180.0f, "%.0f deg");
                edited.base = glm::quat(euler * kDegree);
                field(changed);
            } else {
                float deg = shown_value(angle_2d(c.base) / kDegree, 1);
                const bool changed = ImGui::DragFloat("##base", &deg, 0.5f, -180.0f, 180.0f, "%.1f deg");
                edited.base = rotation_2d(deg * kDegree);
                field(changed);
            }
            marks.mark_last_item(mark + "/base");
            ImGui::TableNextColumn();
            ImGui::SetNextItemWidth(-1.0f);
            edited = c;
            field(drag_degrees("##amplitude", edited.amplitude, 0.25f, -180.0f, 180.0f, "%.1f deg"));
            marks.mark_last_item(mark + "/amplitude");
        }
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1.0f);
        edited = c;
        field(ImGui::DragFloat("##period", &edited.period, 0.01f, 0.05f, 60.0f, "%.2f"));
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1.0f);
        edited = c;
        field(drag_degrees("##phase", edited.phase, 1.0f, -360.0f, 360.0f, "%.0f"));
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("x"))
            edits.apply("remove channel " + bone + " " + property + " from " + s.name, remove_channel(rig, state, index));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop driving %s's %s in this state", bone.c_str(), property.c_str());
        if (index == scroll_to_row_) {
            ImGui::SetScrollHereY(1.0f);  // after the row's last cell: its bottom at the view's bottom
            scroll_to_row_ = -1;
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace marionette
