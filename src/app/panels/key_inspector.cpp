#include "app/panels/key_inspector.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>

#include "app/ui/panel_widgets.hpp"
#include "core/ik/chain_rules.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/track_curve.hpp"

namespace marionette {

using edit_checks::number_text;

namespace {

constexpr std::array<const char*, 4> kInterpolationNames = {"step", "linear", "cosine", "bezier"};

std::string key_title(const Rig& rig, const State& state, KeyRef ref) {
    return track_label(rig, state, ref.timeline, ref.track) + " at " + number_text(key_time(state, ref)) + " s";
}

// What a key holds, as text: a bone key's values as the curve view names them, a colour's RGBA.
std::string key_value_text(const Rig& rig, const State& state, KeyRef ref) {
    std::string text;
    if (ref.timeline == KeyTimeline::Chain) {
        return "mix " + number_text(state.chain_tracks[static_cast<std::size_t>(ref.track)].keys[static_cast<std::size_t>(ref.key)].mix);
    }
    if (ref.timeline == KeyTimeline::Deform) {
        // A shape: how many vertices it moves and how far the farthest goes.
        const DeformKey& k = state.deform[static_cast<std::size_t>(ref.track)].keys[static_cast<std::size_t>(ref.key)];
        std::size_t moved = 0;
        float farthest = 0.0f;
        for (const glm::vec2& o : k.offsets) {
            moved += o != glm::vec2(0.0f);
            farthest = std::max(farthest, glm::length(o));
        }
        return std::to_string(moved) + " of " + std::to_string(k.offsets.size()) + " vertices moved, at most " + number_text(farthest);
    }
    if (ref.timeline == KeyTimeline::Slot) {
        const glm::vec4 c = state.slot_tracks[static_cast<std::size_t>(ref.track)].keys[static_cast<std::size_t>(ref.key)].color;
        const char* names[] = {"r", "g", "b", "a"};
        for (int v = 0; v < 4; ++v) text += std::string(v ? "  " : "") + names[v] + " " + number_text(c[v]);
        return text;
    }
    const KeyTrack& keyed = state.tracks[static_cast<std::size_t>(ref.track)];
    const CurveSample value = key_curve_value(keyed, rig.is_2d(), keyed.keys[static_cast<std::size_t>(ref.key)]);
    for (int v = 0; v < value.count; ++v) {
        text += std::string(v ? "  " : "") + curve_value_name(keyed, rig.is_2d(), v) + " " +
                number_text(value.values[static_cast<std::size_t>(v)]);
    }
    return text;
}

}  // namespace

void key_section(const Rig& rig, const SelectedKeys& selected, PanelEdits& out, UiMarks* marks) {
    if (selected.state < 0 || static_cast<std::size_t>(selected.state) >= rig.states.size() || selected.keys.empty()) return;
    const State& state = rig.states[static_cast<std::size_t>(selected.state)];
    const std::size_t count = selected.keys.size();
    const KeyRef first = selected.keys.front();
    // The first key's way on to the next (a bone, colour or mix key: all interpolate).
    Key key;
    if (first.timeline == KeyTimeline::Slot) {
        const SlotKey& k = state.slot_tracks[static_cast<std::size_t>(first.track)].keys[static_cast<std::size_t>(first.key)];
        key.interpolation = k.interpolation;
        key.curve = k.curve;
    } else if (first.timeline == KeyTimeline::Chain) {
        const MixKey& k = state.chain_tracks[static_cast<std::size_t>(first.track)].keys[static_cast<std::size_t>(first.key)];
        key.interpolation = k.interpolation;
        key.curve = k.curve;
    } else if (first.timeline == KeyTimeline::Deform) {
        const DeformKey& k = state.deform[static_cast<std::size_t>(first.track)].keys[static_cast<std::size_t>(first.key)];
        key.interpolation = k.interpolation;
        key.curve = k.curve;
    } else {
        key = state.tracks[static_cast<std::size_t>(first.track)].keys[static_cast<std::size_t>(first.key)];
    }
    if (count == 1) {
        ImGui::TextUnformatted(key_title(rig, state, first).c_str());
        ImGui::TextDisabled("%s", key_value_text(rig, state, first).c_str());
    } else {
        ImGui::Text("%zu keys of %s", count, state.name.c_str());
    }
    // Mix keys: their value here (the timeline's rows show no values).
    if (std::all_of(selected.keys.begin(), selected.keys.end(), [](const KeyRef& r) { return r.timeline == KeyTimeline::Chain; })) {
        float mix = state.chain_tracks[static_cast<std::size_t>(first.track)].keys[static_cast<std::size_t>(first.key)].mix;
        const bool changed = ImGui::SliderFloat("mix", &mix, kMinMix, kMaxMix, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        if (marks) marks->mark_last_item("inspector/key/mix");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("How much of IK's answer the chain takes at this key: 0 FK, 1 IK");
        track(out, "key mix", changed, [&] { return set_chain_key_mix(rig, selected.state, selected.keys, mix); });
    }
    // One kind shows when they all share it; a mixed selection shows the first key's.
    int kind = static_cast<int>(key.interpolation);
    if (pick_one("interpolation", kind, kInterpolationNames, marks, "inspector/key/interpolation")) {
        out.apply(std::string("interpolation ") + kInterpolationNames[static_cast<std::size_t>(kind)],
                  set_key_interpolation(rig, selected.state, selected.keys, static_cast<Interpolation>(kind), key.curve));
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How each selected key goes on to the next one");
    if (key.interpolation != Interpolation::Bezier) return;
    // The handles, as CSS's cubic-bezier(x1, y1, x2, y2): x is time between the keys, y the way
    // from one value to the next (beyond 0..1 overshoots).
    BezierCurve c = key.curve;
    float* fields[] = {&c.x1, &c.y1, &c.x2, &c.y2};
    const char* names[] = {"x1", "y1", "x2", "y2"};
    for (int i = 0; i < 4; ++i) {
        const bool is_x = i % 2 == 0;
        const bool changed = ImGui::DragFloat(names[i], fields[i], 0.005f, is_x ? 0.0f : -kMaxCurveY, is_x ? 1.0f : kMaxCurveY, "%.3f");
        if (marks) marks->mark_last_item(std::string("inspector/key/curve/") + names[i]);
        track(out, "key curve", changed,
              [&] { return set_key_interpolation(rig, selected.state, selected.keys, Interpolation::Bezier, c); });
    }
    // A Spine import's curves play as Spine's runtimes draw them; the box shows and switches it.
    bool spine_lines = c.lines == kSpineCurveLines;
    if (ImGui::Checkbox("Spine's ten lines", &spine_lines)) {
        c.lines = spine_lines ? kSpineCurveLines : 0;
        out.apply(spine_lines ? "curve as Spine's lines" : "smooth curve",
                  set_key_interpolation(rig, selected.state, selected.keys, Interpolation::Bezier, c));
    }
    if (marks) marks->mark_last_item("inspector/key/curve/lines");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Plays the curve as Spine plays it: ten straight lines through its points (a Spine import's curves).\n"
            "Off: the smooth curve itself");
    float plot[41];
    Key shape = key;
    shape.curve = c;
    for (int i = 0; i <= 40; ++i) plot[i] = interpolation_fraction(shape, static_cast<float>(i) / 40.0f);
    ImGui::PlotLines("##key_curve", plot, 41, 0, "curve", std::min(0.0f, std::min(c.y1, c.y2)), std::max(1.0f, std::max(c.y1, c.y2)),
                     ImVec2(ImGui::CalcItemWidth(), 60.0f));
}

}  // namespace marionette
