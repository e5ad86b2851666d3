// The timeline's pictures: the ruler with its ticks and the playhead, and a row of keys per
// track. What the mouse does with them is in timeline_panel.cpp; the curve view is
// timeline_curves.cpp.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "app/panels/timeline_panel.hpp"
#include "app/panels/timeline_style.hpp"
#include "app/ui/ui_style.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/timeline_rows.hpp"
#include "editor/timeline/track_curve.hpp"

namespace marionette {

using namespace timeline_style;

namespace {

constexpr ImU32 kRulerColor = IM_COL32(44, 44, 50, 255);
constexpr ImU32 kTickColor = IM_COL32(110, 110, 120, 255);
constexpr ImU32 kPlayheadColor = IM_COL32(235, 70, 60, 255);
constexpr ImU32 kOutline = IM_COL32(20, 20, 20, 255);

// A key's mark, by how it goes on to the next key: a square holds (step), a diamond is a
// straight line, a circle eases (cosine), a diamond in a ring follows a curve (Bézier).
void draw_key(ImDrawList& draw, ImVec2 c, float r, Interpolation interpolation, ImU32 fill) {
    switch (interpolation) {
        case Interpolation::Step:
            draw.AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r * 0.8f), ImVec2(c.x + r * 0.8f, c.y + r * 0.8f), fill);
            draw.AddRect(ImVec2(c.x - r * 0.8f, c.y - r * 0.8f), ImVec2(c.x + r * 0.8f, c.y + r * 0.8f), kOutline);
            break;
        case Interpolation::Cosine:
            draw.AddCircleFilled(c, r * 0.85f, fill, 12);
            draw.AddCircle(c, r * 0.85f, kOutline, 12);
            break;
        case Interpolation::Linear:
        case Interpolation::Bezier:
            draw.AddQuadFilled(ImVec2(c.x, c.y - r), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r), ImVec2(c.x - r, c.y), fill);
            draw.AddQuad(ImVec2(c.x, c.y - r), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r), ImVec2(c.x - r, c.y), kOutline);
            if (interpolation == Interpolation::Bezier) draw.AddCircle(c, r + 2.0f, fill, 12);
            break;
    }
}

const Slot* slot_of(const Rig& rig, const SlotTrack& t) {
    return t.slot >= 0 && static_cast<std::size_t>(t.slot) < rig.slots.size() ? &rig.slots[static_cast<std::size_t>(t.slot)] : nullptr;
}

// What a row is called on screen and in the marks ("arm/rotation", "slot:eyes/attachment",
// "draw order": a slot may share its bone's name).
struct RowNames {
    std::string shown;
    std::string path;
};

RowNames row_names(const Rig& rig, const State& st, TimelineRow row) {
    const auto t = static_cast<std::size_t>(row.track);
    switch (row.timeline) {
        case KeyTimeline::DrawOrder: return {"draw order", "draw order"};
        case KeyTimeline::Skin: return {"skin", "skin"};
        case KeyTimeline::Slot: {
            const SlotTrack& track = st.slot_tracks[t];
            const Slot* slot = slot_of(rig, track);
            const std::string name = slot ? slot->name : "?";
            return {name + "  " + slot_property_name(track.property), "slot:" + name + "/" + slot_property_name(track.property)};
        }
        case KeyTimeline::Deform: {
            const DeformTrack& d = st.deform[t];
            const Slot& slot = rig.slots[static_cast<std::size_t>(d.slot)];
            const std::string mesh = slot.attachments[static_cast<std::size_t>(d.attachment)].name;
            return {slot.name + "  " + mesh + " shape", "deform:" + slot.name + "/" + mesh};
        }
        case KeyTimeline::Chain: {
            const int c = st.chain_tracks[t].chain;
            const IkChain* chain =
                c >= 0 && static_cast<std::size_t>(c) < rig.chains.size() ? &rig.chains[static_cast<std::size_t>(c)] : nullptr;
            const std::string name = chain ? chain->name : "?";
            // Without a pin the mix has no target to reach for: it does nothing while the state plays.
            return {name + "  mix" + (chain && !chain->pin ? " (no pin)" : ""), "chain:" + name + "/mix"};
        }
        case KeyTimeline::Bone: break;
    }
    const KeyTrack& track = st.tracks[t];
    const std::string bone =
        static_cast<std::size_t>(track.bone) < rig.skeleton.size() ? rig.skeleton[static_cast<std::size_t>(track.bone)].name : "?";
    return {row_name(rig, track), bone + "/" + pose_property_name(track.property)};
}

// How a key goes on to the next, for its mark: a drawing or a draw order switches at its key
// (`switches`), shown as a step whatever the key holds.
Interpolation shown_interpolation(const Key& k, bool) { return k.interpolation; }
Interpolation shown_interpolation(const SlotKey& k, bool switches) { return switches ? Interpolation::Step : k.interpolation; }
Interpolation shown_interpolation(const DrawOrderKey&, bool) { return Interpolation::Step; }
Interpolation shown_interpolation(const SkinKey&, bool) { return Interpolation::Step; }
Interpolation shown_interpolation(const MixKey& k, bool) { return k.interpolation; }
Interpolation shown_interpolation(const DeformKey& k, bool) { return k.interpolation; }

// Whether the value holds from key `a` to `b` (a bar is drawn between them).
bool holds_between(const Key& a, const Key& b, bool) {
    return a.interpolation == Interpolation::Step || (a.angle == b.angle && a.rotation == b.rotation && a.vector == b.vector);
}
bool holds_between(const SlotKey& a, const SlotKey& b, bool switches) {
    return switches || a.interpolation == Interpolation::Step || a.color == b.color;
}
bool holds_between(const DrawOrderKey&, const DrawOrderKey&, bool) { return true; }
bool holds_between(const SkinKey&, const SkinKey&, bool) { return true; }
bool holds_between(const MixKey& a, const MixKey& b, bool) { return a.interpolation == Interpolation::Step || a.mix == b.mix; }
bool holds_between(const DeformKey& a, const DeformKey& b, bool) {
    return a.interpolation == Interpolation::Step || a.offsets == b.offsets;
}

}  // namespace

void TimelinePanel::draw_ruler(const Rig& rig, const Area& area, ImDrawList& draw) const {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    const float x0 = area.names_right;
    draw.AddRectFilled(area.min, ImVec2(area.max.x, area.ruler_bottom), kRulerColor);
    // Where the playhead is, in seconds and frames (frame 0 at 0 s).
    const double fps = static_cast<double>(rig.fps);
    char where[64];
    std::snprintf(where, sizeof where, "%.3f s  frame %.0f", playhead_, std::floor(playhead_ * fps + 1e-6));
    draw.AddText(ImVec2(area.min.x + 6.0f, area.min.y + 3.0f), kPlayheadColor, where);
    // The state's length, lighter: where its keys play (a loop starts again at its end).
    const double length = static_cast<double>(state_length(st));
    if (length > 0.0) {
        const float a = x0 + static_cast<float>(std::max(0.0, axis_.x_of(0.0)));
        const float b = x0 + static_cast<float>(std::max(0.0, axis_.x_of(length)));
        if (b > a) draw.AddRectFilled(ImVec2(a, area.ruler_bottom - 4.0f), ImVec2(b, area.ruler_bottom), IM_COL32(80, 120, 170, 255));
    }
    const double step = axis_.tick_step(56.0, fps);
    const bool in_frames = step < 1.0 - 1e-9;
    const double width = static_cast<double>(area.keys_width());
    const double first = std::ceil(std::max(axis_.left(), 0.0) / step) * step;
    for (double t = first; axis_.x_of(t) <= width && t <= static_cast<double>(kMaxKeyTime); t += step) {
        const float x = x0 + static_cast<float>(axis_.x_of(t));
        draw.AddLine(ImVec2(x, area.ruler_bottom - 7.0f), ImVec2(x, area.ruler_bottom), kTickColor);
        draw.AddLine(ImVec2(x, area.ruler_bottom), ImVec2(x, area.max.y), IM_COL32(255, 255, 255, 14));
        char label[32];
        if (in_frames) {
            std::snprintf(label, sizeof label, "%.0f", std::round(t * fps));
        } else {
            std::snprintf(label, sizeof label, "%gs", std::round(t * 1000.0) / 1000.0);
        }
        draw.AddText(ImVec2(x + 2.0f, area.min.y + 2.0f), kTextColor, label);
    }
    // The playhead, over the rows too.
    const float px = x0 + static_cast<float>(axis_.x_of(playhead_));
    if (px >= x0 && px <= area.max.x) {
        draw.AddLine(ImVec2(px, area.min.y), ImVec2(px, area.max.y), kPlayheadColor, 2.0f);
        draw.AddTriangleFilled(ImVec2(px - 5.0f, area.min.y), ImVec2(px + 5.0f, area.min.y), ImVec2(px, area.min.y + 7.0f), kPlayheadColor);
    }
    draw.AddLine(ImVec2(x0, area.min.y), ImVec2(x0, area.max.y), kTickColor);
}

void TimelinePanel::draw_rows(const Rig& rig, const Area& area, const std::vector<TimelineRow>& rows, const std::vector<KeyRef>& chosen,
                              UiMarks& marks, ImDrawList& draw) const {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    const float h = area.row_height;
    const float r = std::min(ui_px(kKeyRadius), h * 0.4f);
    const auto x_of = [&](float time) { return area.names_right + static_cast<float>(axis_.x_of(static_cast<double>(time))); };
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const float y0 = area.ruler_bottom + static_cast<float>(i) * h - row_scroll_;
        if (y0 + h < area.ruler_bottom || y0 > area.max.y) continue;
        const TimelineRow row = rows[i];
        if (i % 2 == 1) draw.AddRectFilled(ImVec2(area.min.x, y0), ImVec2(area.max.x, y0 + h), IM_COL32(255, 255, 255, 8));
        const bool curve_row = row.timeline == KeyTimeline::Bone && st.tracks[static_cast<std::size_t>(row.track)].bone == curve_bone_ &&
                               st.tracks[static_cast<std::size_t>(row.track)].property == curve_property_;
        const RowNames names = row_names(rig, st, row);
        const float text_y = y0 + (h - ImGui::GetTextLineHeight()) * 0.5f;
        draw.AddText(ImVec2(area.min.x + 6.0f, text_y), curve_row ? kSelectedKeyColor : kTextColor, names.shown.c_str());
        marks.mark("timeline/name/" + names.path, area.min.x, y0, area.names_right, y0 + h);
        marks.mark("timeline/row/" + names.path, area.names_right, y0, area.max.x, y0 + h);
        const float cy = y0 + h * 0.5f;
        const Slot* drawings =
            row.timeline == KeyTimeline::Slot && st.slot_tracks[static_cast<std::size_t>(row.track)].property == SlotProperty::Attachment
                ? slot_of(rig, st.slot_tracks[static_cast<std::size_t>(row.track)])
                : nullptr;
        const bool switches = row.timeline == KeyTimeline::DrawOrder || row.timeline == KeyTimeline::Skin || drawings;
        with_track_keys(st, row.timeline, row.track, [&](const auto& keys) {
            // What plays between keys: a bar where the value holds (a step, or two equal keys).
            for (std::size_t k = 0; k + 1 < keys.size(); ++k) {
                if (!holds_between(keys[k], keys[k + 1], switches)) continue;
                draw.AddRectFilled(ImVec2(x_of(keys[k].time), cy - 2.0f), ImVec2(x_of(keys[k + 1].time), cy + 2.0f),
                                   IM_COL32(150, 150, 160, 120));
            }
            for (std::size_t k = 0; k < keys.size(); ++k) {
                const float x = x_of(keys[k].time);
                if (x < area.names_right - r || x > area.max.x + r) continue;
                const bool on = std::binary_search(chosen.begin(), chosen.end(), KeyRef{row.track, static_cast<int>(k), row.timeline});
                draw_key(draw, ImVec2(x, cy), r, shown_interpolation(keys[k], switches), on ? kSelectedKeyColor : kKeyColor);
                marks.mark("timeline/key/" + names.path + "/" + std::to_string(k), x - r, cy - r, x + r, cy + r);
                if constexpr (std::is_same_v<std::decay_t<decltype(keys[k])>, SlotKey>) {
                    // A drawing key names the drawing it switches to, up to the next key.
                    if (drawings) {
                        const int a = keys[k].attachment;
                        const bool named = a >= 0 && static_cast<std::size_t>(a) < drawings->attachments.size();
                        const float right = k + 1 < keys.size() ? x_of(keys[k + 1].time) - r : area.max.x;
                        const ImVec2 at(x + r + 3.0f, text_y);
                        draw.PushClipRect(ImVec2(std::max(at.x, area.names_right), y0), ImVec2(std::min(right, area.max.x), y0 + h), true);
                        draw.AddText(at, IM_COL32(170, 170, 180, 255),
                                     named ? drawings->attachments[static_cast<std::size_t>(a)].name.c_str() : "none");
                        draw.PopClipRect();
                    }
                }
            }
        });
    }
}


}  // namespace marionette
