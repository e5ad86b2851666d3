#include "app/panels/inspector_panel.hpp"
#include "app/ui/ui_style.hpp"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "app/panels/slot_inspector.hpp"
#include "app/ui/panel_widgets.hpp"
#include "core/base/extents.hpp"
#include "core/ik/chain_rules.hpp"
#include "core/math/rotation_math.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/posing/chain_snap.hpp"
#include "editor/posing/rotation_display.hpp"
#include "editor/ui/shortcuts.hpp"
#include "editor/viewport/bone_shapes.hpp"

namespace marionette {

namespace {

void apply(PanelEdits& out, const std::string& label, Result<Rig> edited) { out.apply(label, std::move(edited)); }

// The Euler order 3D rotations are shown in; the inspector's own choice, like Blender's per-panel
// rotation mode (the file stores quaternions, whatever is shown).
EulerOrder g_euler_order = EulerOrder::XYZ;

// Angles are shown in degrees, as the file stores them; 3D rotations as Euler angles in the
// chosen order (rotation_display.hpp), a hinge's pose as its angle about the hinge.
// `set(rig, rotation)` makes the edit (on one bone, or the selection for a field they share).
template <class Set>
void rotation_field(const char* id, const Rig& rig, const glm::quat& q, PanelEdits& out, const std::string& label, Set set,
                    const glm::vec3* hinge = nullptr) {
    if (rig.is_2d()) {
        float deg = shown_value(angle_2d(q) / kDegree, 2);
        const bool changed = ImGui::DragFloat(id, &deg, 0.5f, -180.0f, 180.0f, "%.2f deg");
        track(out, label, changed, [&] { return set(rig, rotation_2d(deg * kDegree)); });
    } else if (hinge) {
        float deg = shown_value(hinge_degrees(q, *hinge), 1);
        const std::string text = "about hinge";
        ImGui::PushID(id);
        const bool changed = ImGui::DragFloat(text.c_str(), &deg, 0.5f, -180.0f, 180.0f, "%.1f deg");
        ImGui::PopID();
        track(out, label, changed, [&] { return set(rig, from_hinge_degrees(deg, *hinge)); });
    } else {
        glm::vec3 euler = shown_value(euler_degrees(q, g_euler_order), 1);
        ImGui::PushID(id);
        const float width = (ImGui::CalcItemWidth() - 2.0f * ImGui::GetStyle().ItemInnerSpacing.x) / 3.0f;
        const char* formats[] = {"X %.1f", "Y %.1f", "Z %.1f"};
        bool changed = false;
        bool let_go = false;
        for (int k = 0; k < 3; ++k) {
            if (k > 0) ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
            ImGui::PushID(k);
            ImGui::SetNextItemWidth(width);
            changed = ImGui::DragFloat("##angle", &euler[k], 0.5f, -180.0f, 180.0f, formats[k]) || changed;
            let_go = let_go || ImGui::IsItemDeactivatedAfterEdit();
            ImGui::PopID();
        }
        ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
        const std::string text = std::string(id).substr(0, std::string(id).find("##")) + " deg";
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopID();
        if (changed) out.preview(label, set(rig, from_euler_degrees(euler, g_euler_order)));
        if (let_go) out.finish = true;
    }
}

// The bone's colour in the viewport: the palette's swatches (the first is the default, which
// the file then leaves out), and a picker for any other; a change colours every one of `bones`.
void bone_color_row(const Rig& rig, const Bone& b, std::span<const int> bones, const std::string& whose, PanelEdits& out, UiMarks* marks) {
    // As many swatches a row as the panel's width holds (it may be narrow, or the UI large).
    const float side = ImGui::GetFrameHeight();
    const float gap = ui_px(3.0f);
    const auto per_row = static_cast<std::size_t>(std::max(1.0f, std::floor((ImGui::GetContentRegionAvail().x + gap) / (side + gap))));
    for (std::size_t i = 0; i < kBonePalette.size(); ++i) {
        const glm::vec3& c = kBonePalette[i];
        ImGui::PushID(static_cast<int>(i));
        if (i % per_row != 0) ImGui::SameLine(0.0f, gap);
        if (ImGui::ColorButton(i == 0 ? "default colour" : "colour", ImVec4(c.r, c.g, c.b, 1.0f), 0, ImVec2(side, side))) {
            apply(out, "colour of " + whose, set_bone_color(rig, bones, i == 0 ? std::nullopt : std::optional<glm::vec3>(c)));
        }
        if (marks) marks->mark_last_item("inspector/colour/" + std::to_string(i));
        ImGui::PopID();
    }
    // The picker beside the last row when it and its label fit there.
    const float picker = side + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("colour").x;
    const std::size_t last_row = (kBonePalette.size() - 1) % per_row + 1;
    if (ImGui::GetContentRegionAvail().x >= static_cast<float>(last_row) * (side + gap) + ui_px(8.0f) + picker)
        ImGui::SameLine(0.0f, ui_px(8.0f));
    glm::vec3 picked = b.color.value_or(kDefaultBoneColor);
    const bool changed = ImGui::ColorEdit3("colour", &picked.x, ImGuiColorEditFlags_NoInputs);
    if (marks) marks->mark_last_item("inspector/colour/pick");
    track(out, "colour of " + whose, changed, [&] { return set_bone_color(rig, bones, picked); });
}

// Shows `bone`'s limits; a change sets them on every one of `bones`.
void limits_section(const Rig& rig, int bone, std::span<const int> bones, const std::string& whose, PanelEdits& out, UiMarks* marks) {
    const Bone& b = rig.skeleton[static_cast<std::size_t>(bone)];
    const std::string label = "limits of " + whose;
    const auto limit_all = [&](const std::optional<JointLimits>& l) { return set_limits(rig, bones, l); };
    if (rig.is_2d()) {
        bool limited = b.limits.has_value();
        const bool toggled = ImGui::Checkbox("limit rotation", &limited);
        if (marks) marks->mark_last_item("inspector/limits/on");
        if (toggled) {
            apply(out, label,
                  limit_all(limited ? std::optional<JointLimits>(JointLimits{std::nullopt, -90 * kDegree, 90 * kDegree, {}, {}})
                                    : std::nullopt));
        }
        if (b.limits && b.limits->min_angle && b.limits->max_angle) {
            float lo = *b.limits->min_angle / kDegree;
            float hi = *b.limits->max_angle / kDegree;
            const bool changed = ImGui::DragFloatRange2("range", &lo, &hi, 0.5f, -180.0f, 180.0f, "min %.1f", "max %.1f");
            track(out, label, changed, [&] { return limit_all(JointLimits{std::nullopt, lo * kDegree, hi * kDegree, {}, {}}); });
        }
        return;
    }
    int kind = !b.limits ? 0 : (b.limits->hinge ? 1 : (b.limits->is_swing_twist() ? 3 : 2));
    const char* kinds[] = {"free", "hinge", "cone", "swing-twist"};
    if (pick_one("joint", kind, kinds, marks, "inspector/joint")) {
        std::optional<JointLimits> l;
        if (kind == 1) l = JointLimits{glm::vec3{0, 0, 1}, -90 * kDegree, 90 * kDegree, {}, {}};
        if (kind == 2) l = JointLimits{std::nullopt, std::nullopt, 45 * kDegree, {}, {}};
        if (kind == 3) l = JointLimits{std::nullopt, std::nullopt, std::nullopt, 45 * kDegree, TwistRange{-45 * kDegree, 45 * kDegree}};
        apply(out, label, limit_all(l));
    }
    if (!b.limits) return;
    JointLimits l = *b.limits;
    if (l.hinge) {
        glm::vec3 axis = *l.hinge;
        bool changed = ImGui::DragFloat3("hinge axis", &axis.x, 0.01f, -1.0f, 1.0f, "%.2f");
        l.hinge = axis;
        track(out, label, changed, [&] { return limit_all(l); });
        float lo = l.min_angle.value_or(-kPi) / kDegree;
        float hi = l.max_angle.value_or(kPi) / kDegree;
        changed = ImGui::DragFloatRange2("range", &lo, &hi, 0.5f, -180.0f, 180.0f, "min %.1f", "max %.1f");
        l = *b.limits;
        l.min_angle = lo * kDegree;
        l.max_angle = hi * kDegree;
        track(out, label, changed, [&] { return limit_all(l); });
    } else if (l.is_swing_twist()) {
        float swing = l.swing.value_or(kPi) / kDegree;
        bool changed = ImGui::DragFloat("swing", &swing, 0.5f, 0.0f, 180.0f, "%.1f deg");
        l.swing = swing * kDegree;
        track(out, label, changed, [&] { return limit_all(l); });
        l = *b.limits;
        const TwistRange twist = l.twist.value_or(TwistRange{-kPi, kPi});
        float lo = twist.min / kDegree;
        float hi = twist.max / kDegree;
        changed = ImGui::DragFloatRange2("twist", &lo, &hi, 0.5f, -180.0f, 180.0f, "min %.1f", "max %.1f");
        l.twist = TwistRange{lo * kDegree, hi * kDegree};
        track(out, label, changed, [&] { return limit_all(l); });
    } else {
        float max = l.max_angle.value_or(kPi) / kDegree;
        const bool changed = ImGui::DragFloat("cone", &max, 0.5f, 0.0f, 180.0f, "%.1f deg");
        l.max_angle = max * kDegree;
        track(out, label, changed, [&] { return limit_all(l); });
    }
}

// The chain's FK/IK mix and the two snaps between them (editor/posing/chain_snap.hpp). With `keying`,
// the mix is the state's at the playhead, and a change keys it there (state_ik.hpp).
void mix_and_snaps(const Rig& rig, int chain_index, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain_index)];
    const std::string at = "inspector/chain/" + c.name;
    float mix = c.mix;
    const State* state = keying ? &rig.states[static_cast<std::size_t>(keying->state)] : nullptr;
    if (state) {
        const int track = track_of_chain(state->chain_tracks, chain_index);
        if (track >= 0) mix = sample_chain_track(state->chain_tracks[static_cast<std::size_t>(track)], static_cast<double>(keying->time));
        // Wrapped: the panel is narrower than the note at the default window size.
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.3f, 1.0f));
        ImGui::TextWrapped("mix keyed at %.2f s%s", static_cast<double>(keying->time),
                           track >= 0 ? "" : " (not keyed: the state poses the chain by FK)");
        ImGui::PopStyleColor();
    }
    const bool changed = ImGui::SliderFloat("FK / IK mix", &mix, kMinMix, kMaxMix, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    if (marks) marks->mark_last_item(at + "/mix");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(state ? "Keys how much of IK's answer the chain takes here: 0 the state's own pose, 1 reaching for the pin"
                                : "0: FK alone (drags turn the bones); 1: IK alone (a pin holds the chain)");
    }
    if (state) {
        track(out, "key mix of chain " + c.name, changed,
              [&] { return key_chain_mix(rig, keying->state, chain_index, keying->time, mix); });
    } else {
        track(out, "mix of chain " + c.name, changed, [&] { return set_chain_mix(rig, chain_index, mix); });
    }
    if (ImGui::Button("FK to IK")) apply(out, "FK to IK on chain " + c.name, pin_chain_at_fk(rig, chain_index));
    if (marks) marks->mark_last_item(at + "/fk_to_ik");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The pin (and pole) jump to where the limb is (%s)", chords_of(Command::SnapFkToIk).c_str());
    ImGui::SameLine();
    ImGui::BeginDisabled(!c.pin);
    if (ImGui::Button("IK to FK")) apply(out, "IK to FK on chain " + c.name, pose_chain_by_ik(rig, chain_index));
    if (marks) marks->mark_last_item(at + "/ik_to_fk");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(c.pin ? "The pose takes IK's whole answer toward the pin (%s)"
                                : "Pin the chain first: IK to FK takes the pose from its pin (%s)",
                          chords_of(Command::SnapIkToFk).c_str());
    }
}

void chain_section(const Rig& rig, int chain_index, PanelEdits& out, UiMarks* marks, const StateKeying* keying) {
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain_index)];
    ImGui::PushID(chain_index);
    ImGui::Text("chain %s", c.name.c_str());
    const std::string label = "settings of chain " + c.name;
    int solver = c.solver == SolverKind::TwoBone ? 1 : 0;
    const char* solvers[] = {"CCD", "two-bone"};
    if (pick_one("solver", solver, solvers, marks, "inspector/chain/" + c.name + "/solver")) {
        apply(out, "solver of chain " + c.name, set_chain_solver(rig, chain_index, solver == 1 ? SolverKind::TwoBone : SolverKind::Ccd));
    }
    if (c.solver == SolverKind::Ccd) {
        CcdSettings s = c.ccd;
        bool changed = ImGui::DragInt("iterations", &s.max_iterations, 1.0f, kMinIterations, kMaxIterations);
        track(out, label, changed, [&] { return set_chain_settings(rig, chain_index, s); });
        s = c.ccd;
        changed = ImGui::DragFloat("tolerance", &s.tolerance, 0.001f, 1e-6f, 1000.0f, "%.4g", ImGuiSliderFlags_Logarithmic);
        track(out, label, changed, [&] { return set_chain_settings(rig, chain_index, s); });
        s = c.ccd;
        float step = s.max_step / kDegree;
        changed = ImGui::DragFloat("max step", &step, 0.5f, 0.1f, static_cast<float>(kMaxStepDegrees), "%.1f deg");
        s.max_step = step * kDegree;
        track(out, label, changed, [&] { return set_chain_settings(rig, chain_index, s); });
    } else {
        TwoBoneSettings s = c.two_bone;
        if (rig.is_2d()) {
            int bend = s.bend;
            bool changed = ImGui::RadioButton("bend +1", &bend, 1);
            ImGui::SameLine();
            changed = ImGui::RadioButton("bend -1", &bend, -1) || changed;
            if (changed && bend != s.bend) {
                s.bend = bend;
                apply(out, label, set_chain_settings(rig, chain_index, s));
            }
        } else {
            bool has_pole = s.pole.has_value();
            if (ImGui::Checkbox("pole", &has_pole)) {
                s.pole = has_pole ? std::optional<glm::vec3>(glm::vec3{0, 0, 1}) : std::nullopt;
                apply(out, label, set_chain_settings(rig, chain_index, s));
            }
            if (c.two_bone.pole) {
                s = c.two_bone;
                glm::vec3 pole = *s.pole;
                const bool changed = ImGui::DragFloat3("pole at", &pole.x, 0.05f);
                s.pole = pole;
                track(out, label, changed, [&] { return set_chain_settings(rig, chain_index, s); });
            }
        }
        s = c.two_bone;
        const bool changed = ImGui::SliderFloat("softness", &s.softness, kMinSoftness, kMaxSoftness, "%.2f");
        track(out, label, changed, [&] { return set_chain_settings(rig, chain_index, s); });
    }
    mix_and_snaps(rig, chain_index, out, marks, keying);
    bool is_pinned = c.pin.has_value();
    if (ImGui::Checkbox("pinned", &is_pinned)) {
        apply(out, (is_pinned ? "pin chain " : "unpin chain ") + c.name, set_chain_pinned(rig, chain_index, is_pinned));
    }
    if (c.pin) {
        glm::vec3 pin = *c.pin;
        const bool changed = rig.is_2d() ? ImGui::DragFloat2("pin at", &pin.x, 0.5f) : ImGui::DragFloat3("pin at", &pin.x, 0.01f);
        track(out, "pin of chain " + c.name, changed, [&] { return set_chain_pin(rig, chain_index, pin); });
    }
    ImGui::PopID();
}

}  // namespace

void draw_inspector_panel(const Rig& rig, int selected, const PanelPlacement& at, PanelEdits& out, UiMarks* marks, const SelectedKeys* keys,
                          int selected_slot, const StateKeying* state_keying, std::span<const int> selection) {
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y));
    ImGui::SetNextWindowSize(ImVec2(at.width, at.height));
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (!ImGui::Begin("Inspector", nullptr, flags)) {
        ImGui::End();
        return;
    }
    ImGui::PushItemWidth(-ui_px(90.0f));  // room for the labels on the right
    if (keys && !keys->keys.empty() && ImGui::CollapsingHeader("Keys", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::PushID("keys");
        key_section(rig, *keys, out, marks);
        ImGui::PopID();
        ImGui::Separator();
    }
    if (selected < 0 || static_cast<std::size_t>(selected) >= rig.skeleton.size()) {
        ImGui::TextDisabled("Click a bone to inspect it.");
        glm::vec3 offset = rig.pose.root_offset;
        const bool changed =
            rig.is_2d() ? ImGui::DragFloat2("root offset", &offset.x, 0.5f) : ImGui::DragFloat3("root offset", &offset.x, 0.05f);
        track(out, "root offset", changed, [&] { return set_root_offset(rig, offset); });
        ImGui::PopItemWidth();
        ImGui::End();
        return;
    }
    const Bone& b = rig.skeleton[static_cast<std::size_t>(selected)];
    ImGui::PushID(selected);
    // Several bones selected: the fields they share (length, colour, pose, limits) show the active
    // bone's values and set every selected bone's; the name, rest, pictures and chains are the
    // active bone's alone.
    const bool many =
        selection.size() > 1 && std::find(selection.begin(), selection.end(), selected) != selection.end() &&
        std::all_of(selection.begin(), selection.end(), [&](int s) { return s >= 0 && static_cast<std::size_t>(s) < rig.skeleton.size(); });
    const std::span<const int> shared = many ? selection : std::span<const int>(&selected, 1);
    const std::string whose = many ? std::to_string(selection.size()) + " bones" : b.name;
    if (many) {
        ImGui::TextWrapped("%zu bones selected: length, colour, pose and limits apply to all of them; the rest to %s.", selection.size(),
                           b.name.c_str());
        if (marks) marks->mark_last_item("inspector/selection");
    }

    // The name is applied on Enter (or leaving the field): renaming on every keystroke would
    // make one undo step per letter and trip over half-typed duplicates.
    char name[256] = {};
    b.name.copy(name, sizeof(name) - 1);
    if (ImGui::InputText("name", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
        apply(out, "rename " + b.name, rename_bone(rig, selected, name));
    }
    if (marks) marks->mark_last_item("inspector/name");
    ImGui::TextDisabled("parent: %s", b.parent < 0 ? "(root)" : rig.skeleton[static_cast<std::size_t>(b.parent)].name.c_str());

    const bool had_edit_before_length = out.edit.has_value();
    float length = b.length;
    bool changed = ImGui::DragFloat("length", &length, rig.is_2d() ? 0.5f : 0.01f, 0.0f, 1e6f, "%.3f");
    if (marks) marks->mark_last_item("inspector/length");
    track(out, "length of " + whose, changed, [&] { return set_bone_length(rig, shared, length); });
    out.edits_rest_or_limits(had_edit_before_length, shared);  // a bone's length is part of its rest
    bone_color_row(rig, b, shared, whose, out, marks);

    if (!rig.is_2d()) {
        int order = static_cast<int>(g_euler_order);
        if (pick_one("euler order", order, kEulerOrderNames, marks, "inspector/euler order"))
            g_euler_order = static_cast<EulerOrder>(order);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The order of the turns rotations are shown in: XYZ turns about X first");
    }
    if (ImGui::CollapsingHeader("Rest", ImGuiTreeNodeFlags_DefaultOpen)) {
        const bool had_edit = out.edit.has_value();
        glm::vec3 t = b.rest.translation;
        changed = rig.is_2d() ? ImGui::DragFloat2("position", &t.x, 0.5f) : ImGui::DragFloat3("position", &t.x, 0.01f);
        if (marks) marks->mark_last_item("inspector/rest/position");
        track(out, "rest position of " + b.name, changed, [&] { return set_rest_translation(rig, selected, t); });
        rotation_field("rotation##rest", rig, b.rest.rotation, out, "rest rotation of " + b.name,
                       [&](const Rig& r, const glm::quat& q) { return set_rest_rotation(r, selected, q); });
        out.edits_rest_or_limits(had_edit, std::span<const int>(&selected, 1));
    }
    if (ImGui::CollapsingHeader("Pose", ImGuiTreeNodeFlags_DefaultOpen)) {
        const glm::vec3* hinge = !rig.is_2d() && b.limits && b.limits->hinge ? &*b.limits->hinge : nullptr;
        const auto i = static_cast<std::size_t>(selected);
        rotation_field(
            "rotation##pose", rig, rig.pose.rotations[i], out, "pose of " + whose,
            [&](const Rig& r, const glm::quat& q) { return set_pose_rotation(r, shared, q); }, hinge);
        // The pose's move and stretch on top of the rest (pose.hpp): the position in the parent's
        // frame, the scale along the bone's own axes (2D shows x and y; z stays 1).
        glm::vec3 t = rig.pose.translations[i];
        changed = rig.is_2d() ? ImGui::DragFloat2("move##pose", &t.x, 0.5f) : ImGui::DragFloat3("move##pose", &t.x, 0.01f);
        if (marks) marks->mark_last_item("inspector/pose/move");
        track(out, "pose move of " + whose, changed, [&] { return set_pose_translation(rig, shared, t); });
        glm::vec3 s = rig.pose.scales[i];
        changed = rig.is_2d() ? ImGui::DragFloat2("scale##pose", &s.x, 0.01f, 0.0f, kMaxPoseScale, "%.3f")
                              : ImGui::DragFloat3("scale##pose", &s.x, 0.01f, 0.0f, kMaxPoseScale, "%.3f");
        if (marks) marks->mark_last_item("inspector/pose/scale");
        track(out, "pose scale of " + whose, changed, [&] { return set_pose_scale(rig, shared, s); });
    }
    if (ImGui::CollapsingHeader("Limits", ImGuiTreeNodeFlags_DefaultOpen)) {
        const bool had_edit = out.edit.has_value();
        limits_section(rig, selected, shared, whose, out, marks);
        out.edits_rest_or_limits(had_edit, shared);
    }
    if ((rig.is_2d() || !rig.slots.empty()) && ImGui::CollapsingHeader("Pictures", ImGuiTreeNodeFlags_DefaultOpen)) {
        slot_section(rig, selected, selected_slot, out, marks, state_keying);
    }
    bool any_chain = false;
    for (std::size_t i = 0; i < rig.chains.size(); ++i) {
        const IkChain& c = rig.chains[i];
        if (!rig.skeleton.is_ancestor_or_self(c.root, selected) || !rig.skeleton.is_ancestor_or_self(selected, c.effector)) continue;
        if (!any_chain && !ImGui::CollapsingHeader("IK chains", ImGuiTreeNodeFlags_DefaultOpen)) break;
        any_chain = true;
        chain_section(rig, static_cast<int>(i), out, marks, state_keying);
        ImGui::Separator();
    }
    ImGui::PopID();
    ImGui::PopItemWidth();
    ImGui::End();
}

}  // namespace marionette
