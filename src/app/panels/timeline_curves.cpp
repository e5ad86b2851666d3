// The timeline's curve view: the plotted tracks' curves, keys and Bézier handles, and what the
// mouse and F do with them (the rows' gestures are in timeline_panel.cpp).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "app/panels/timeline_panel.hpp"
#include "app/panels/timeline_style.hpp"
#include "app/ui/ui_style.hpp"
#include "editor/timeline/curve_edits.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/timeline_rows.hpp"
#include "editor/timeline/track_curve.hpp"

namespace marionette {

using namespace timeline_style;

namespace {

constexpr float kHitRadius = 6.0f;   // points from a key or handle a press takes it
constexpr float kHandleSize = 3.5f;  // half a handle's square
constexpr ImU32 kHandleLine = IM_COL32(170, 170, 180, 200);

// The colour of plotted value `v` of a track plotting `count`, dimmed for a track not active.
ImU32 curve_colour(int count, int v, bool active) {
    const ImU32 c = count == 1 ? kKeyColor : kCurveColors[v];
    return active ? c : (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & IM_COL32(0, 0, 0, 130));
}

// The lowest and highest of the values taken.
struct ValueSpan {
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    void take(const CurveSample& s) {
        for (int v = 0; v < s.count; ++v) {
            lo = std::min(lo, static_cast<double>(s.values[static_cast<std::size_t>(v)]));
            hi = std::max(hi, static_cast<double>(s.values[static_cast<std::size_t>(v)]));
        }
    }
};

// The names column lists the plotted tracks a line each, under the range's top label: where
// line `i` starts, and the line at `y` (negative above the first).
float name_y(float plot_top, int i) {
    const float line = ImGui::GetTextLineHeight();
    return plot_top + line + static_cast<float>(i) * (line + 2.0f);
}
int name_at(float plot_top, float y) {
    const float line = ImGui::GetTextLineHeight();
    return static_cast<int>(std::floor((y - name_y(plot_top, 0)) / (line + 2.0f)));
}

}  // namespace

std::vector<TimelinePanel::CurvePlot> TimelinePanel::curve_plots(const Rig& rig, const Area& area) const {
    if (gesture_ == Gesture::MoveCurveKeys || gesture_ == Gesture::Handle) return drag_plots_;
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    std::vector<int> tracks;
    for (const KeyRef& r : selected_keys(rig)) {
        if (r.timeline == KeyTimeline::Bone) tracks.push_back(r.track);
    }
    if (const int active = track_driving(st, curve_bone_, curve_property_); active >= 0) tracks.push_back(active);
    for (std::size_t t = 0; t < st.tracks.size(); ++t) {
        if (st.tracks[t].bone == selected_bone_ && selected_bone_ >= 0) tracks.push_back(static_cast<int>(t));
    }
    if (tracks.empty() && !st.tracks.empty()) tracks.push_back(0);
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    const bool is_2d = rig.is_2d();
    std::vector<CurvePlot> plots;
    for (const int track : tracks) {
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(track)];
        CurvePlot plot{track, {}};
        if (const auto set = curve_ranges_.find({t.bone, t.property}); set != curve_ranges_.end()) {
            plot.range = set->second;
        } else {
            // Fitted to what shows of the curve, and to every key.
            ValueSpan span;
            const int columns = std::max(2, static_cast<int>(area.keys_width() / 4.0f));
            for (int c = 0; c <= columns; ++c) {
                const double time = axis_.time_at(static_cast<double>(c) * static_cast<double>(area.keys_width()) / columns);
                span.take(track_curve_value(t, is_2d, std::max(0.0, time)));
            }
            for (const Key& k : t.keys) span.take(key_curve_value(t, is_2d, k));
            plot.range = CurveRange::fitted(span.lo, span.hi);
        }
        plots.push_back(plot);
    }
    return plots;
}

std::optional<TimelinePanel::CurveHit> TimelinePanel::curve_hit(const Rig& rig, const Area& area, const std::vector<CurvePlot>& plots,
                                                                ImVec2 p) const {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    const bool is_2d = rig.is_2d();
    const float top = area.plot_top, bottom = area.plot_bottom;
    const auto x_of = [&](double time) { return area.names_right + static_cast<float>(axis_.x_of(time)); };
    std::optional<CurveHit> best;
    float nearest = ui_px(kHitRadius) + 1e-3f;
    const auto consider = [&](ImVec2 at, CurveHit hit) {
        const float d = std::hypot(at.x - p.x, at.y - p.y);
        if (d < nearest) {
            nearest = d;
            best = hit;
        }
    };
    // Tracks each in their own range can draw keys on the same spot: the active track's come
    // first, and the first found keeps a tie.
    std::vector<CurvePlot> order = plots;
    const int active = track_driving(st, curve_bone_, curve_property_);
    std::stable_partition(order.begin(), order.end(), [&](const CurvePlot& c) { return c.track == active; });
    const std::vector<KeyRef> chosen = selected_sorted(rig);
    // Handles first: they sit on or near the curve, and only a selected key shows them.
    for (const CurvePlot& plot : order) {
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(plot.track)];
        const int count = key_curve_value(t, is_2d, t.keys.front()).count;
        for (int k = 0; k < static_cast<int>(t.keys.size()); ++k) {
            if (!std::binary_search(chosen.begin(), chosen.end(), KeyRef{plot.track, k})) continue;
            for (int v = 0; v < count; ++v) {
                if (const auto out = bezier_handles(t, is_2d, k, v)) {
                    consider(ImVec2(x_of((*out)[0].time), static_cast<float>(plot.range.y_of((*out)[0].value, top, bottom))),
                             {plot.track, k, v, 0});
                }
                if (const auto in = bezier_handles(t, is_2d, k - 1, v)) {
                    consider(ImVec2(x_of((*in)[1].time), static_cast<float>(plot.range.y_of((*in)[1].value, top, bottom))),
                             {plot.track, k - 1, v, 1});
                }
            }
        }
    }
    if (best) return best;
    for (const CurvePlot& plot : order) {
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(plot.track)];
        for (int k = 0; k < static_cast<int>(t.keys.size()); ++k) {
            const CurveSample at = key_curve_value(t, is_2d, t.keys[static_cast<std::size_t>(k)]);
            for (int v = 0; v < at.count; ++v) {
                consider(ImVec2(x_of(static_cast<double>(t.keys[static_cast<std::size_t>(k)].time)),
                                static_cast<float>(plot.range.y_of(at.values[static_cast<std::size_t>(v)], top, bottom))),
                         {plot.track, k, v, -1});
            }
        }
    }
    return best;
}

void TimelinePanel::curve_press(const Rig& rig, const Area& area, ImVec2 p, bool add) {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    const std::vector<CurvePlot> plots = curve_plots(rig, area);
    const std::optional<CurveHit> hit = curve_hit(rig, area, plots, p);
    if (!hit) {
        gesture_ = Gesture::Scrub;
        return;
    }
    plot_track(st, KeyTimeline::Bone, hit->track);
    curve_grab_ = *hit;
    drag_rig_ = rig;
    drag_problem_.reset();
    curve_changed_ = false;
    if (hit->handle >= 0) {
        gesture_ = Gesture::Handle;
        drag_plots_ = plots;
        return;
    }
    const KeyRef ref{hit->track, hit->key};
    if (!selected(rig, ref)) {
        select(rig, {ref}, add);
    } else if (add) {
        select(rig, {ref}, true);  // takes it out
        return;
    }
    drag_plots_ = curve_plots(rig, area);  // with the tracks the selection now plots
    gesture_ = Gesture::MoveCurveKeys;
    drag_keys_ = selected_keys(rig);
    std::erase_if(drag_keys_, [](const KeyRef& r) { return r.timeline != KeyTimeline::Bone; });
    drag_ids_ = selection_;
    grab_time_ = static_cast<double>(marionette::key_time(st, ref));
    earliest_ = grab_time_;
    for (const KeyRef& r : drag_keys_) earliest_ = std::min(earliest_, static_cast<double>(marionette::key_time(st, r)));
    shift_ = 0.0;
    value_shift_ = 0.0;
}

void TimelinePanel::curve_drag(const Rig& rig, const Area& area, ImVec2 p, double at, PanelEdits& edits) {
    const int s = state(rig);
    const bool is_2d = rig.is_2d();
    const float top = area.plot_top, bottom = area.plot_bottom;
    const auto grabbed =
        std::find_if(drag_plots_.begin(), drag_plots_.end(), [&](const CurvePlot& c) { return c.track == curve_grab_.track; });
    if (grabbed == drag_plots_.end()) return;
    const KeyTrack& source = drag_rig_.states[static_cast<std::size_t>(s)].tracks[static_cast<std::size_t>(curve_grab_.track)];
    if (gesture_ == Gesture::Handle) {
        const CurvePoint to{at, grabbed->range.value_at(p.y, top, bottom)};
        const BezierCurve curve = curve_with_handle(source, is_2d, curve_grab_.key, curve_grab_.value, curve_grab_.handle, to);
        edits.preview("drag a curve handle",
                      set_key_interpolation(drag_rig_, s, KeyRef{curve_grab_.track, curve_grab_.key}, Interpolation::Bezier, curve));
        curve_changed_ = true;
        return;
    }
    const double pressed_at = axis_.time_at(static_cast<double>(press_at_.x - area.names_right));
    const double shift = key_drag_shift(grab_time_, at - pressed_at, earliest_, snap_ ? static_cast<double>(rig.fps) : 0.0);
    const double moved = grabbed->range.value_at(p.y, top, bottom) - grabbed->range.value_at(press_at_.y, top, bottom);
    if (shift == shift_ && moved == value_shift_) return;
    // Every selected key moves by the same height on the screen: its own track's share of
    // `moved`, on the plotted value grabbed (where its track plots one).
    std::vector<PlottedValue> values;
    for (const KeyRef& r : drag_keys_) {
        const auto plot = std::find_if(drag_plots_.begin(), drag_plots_.end(), [&](const CurvePlot& c) { return c.track == r.track; });
        if (plot == drag_plots_.end() || moved == 0.0) continue;
        const KeyTrack& t = drag_rig_.states[static_cast<std::size_t>(s)].tracks[static_cast<std::size_t>(r.track)];
        const CurveSample was = key_curve_value(t, is_2d, t.keys[static_cast<std::size_t>(r.key)]);
        if (curve_grab_.value >= was.count) continue;
        const double by = moved * plot->range.span() / grabbed->range.span();
        values.push_back(
            {r.track, r.key, curve_grab_.value, static_cast<double>(was.values[static_cast<std::size_t>(curve_grab_.value)]) + by});
    }
    Result<Rig> valued = set_keys_plotted_values(drag_rig_, s, values);
    if (!valued) {
        drag_problem_ = valued.message();
        return;
    }
    Rig out = std::move(valued).value();
    if (shift != 0.0) {
        Result<Rig> shifted = move_keys(out, s, drag_keys_, static_cast<float>(shift));
        if (!shifted) {
            drag_problem_ = shifted.message();
            return;
        }
        out = std::move(shifted).value();
    }
    drag_problem_.reset();
    shift_ = shift;
    value_shift_ = moved;
    curve_changed_ = true;
    edits.preview("move " + std::to_string(drag_keys_.size()) + (drag_keys_.size() == 1 ? " key" : " keys"), std::move(out));
    selection_ = drag_ids_;
    for (KeyId& id : selection_) id.time += static_cast<float>(shift);
}

void TimelinePanel::curve_name_press(const Rig& rig, const Area& area, ImVec2 p) {
    const std::vector<CurvePlot> plots = curve_plots(rig, area);
    const int i = name_at(area.plot_top, p.y);
    if (i >= 0 && static_cast<std::size_t>(i) < plots.size()) {
        plot_track(rig.states[static_cast<std::size_t>(state(rig))], KeyTimeline::Bone, plots[static_cast<std::size_t>(i)].track);
    }
}

template <typename Change>
void TimelinePanel::change_active_range(const Rig& rig, const Area& area, Change change) {
    const int active = track_driving(rig.states[static_cast<std::size_t>(state(rig))], curve_bone_, curve_property_);
    for (const CurvePlot& plot : curve_plots(rig, area)) {
        if (plot.track != active) continue;
        CurveRange r = plot.range;
        change(r);
        curve_ranges_[{curve_bone_, curve_property_}] = r;
    }
}

void TimelinePanel::curve_wheel(const Rig& rig, const Area& area, ImVec2 p, float notches) {
    change_active_range(rig, area, [&](CurveRange& r) { r.zoom(r.value_at(p.y, area.plot_top, area.plot_bottom), notches); });
}

void TimelinePanel::curve_pan(const Rig& rig, const Area& area, float dy) {
    if (!(area.plot_bottom > area.plot_top)) return;
    // Dragged down: higher values come in.
    change_active_range(rig, area, [&](CurveRange& r) {
        r.pan(static_cast<double>(dy) / static_cast<double>(area.plot_bottom - area.plot_top) * r.span());
    });
}

void TimelinePanel::frame_keys(const Rig& rig, const Area& area) {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    std::vector<KeyRef> chosen = selected_keys(rig);
    if (chosen.empty()) chosen = every_key(st);
    if (chosen.empty()) return;
    double first = std::numeric_limits<double>::max(), last = std::numeric_limits<double>::lowest();
    for (const KeyRef& r : chosen) {
        first = std::min(first, static_cast<double>(marionette::key_time(st, r)));
        last = std::max(last, static_cast<double>(marionette::key_time(st, r)));
    }
    axis_.frame(first, last, area.keys_width());
    if (!curves_) return;
    const bool is_2d = rig.is_2d();
    for (const CurvePlot& plot : curve_plots(rig, area)) {
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(plot.track)];
        const bool any = std::any_of(chosen.begin(), chosen.end(),
                                     [&](const KeyRef& r) { return r.timeline == KeyTimeline::Bone && r.track == plot.track; });
        ValueSpan span;
        for (int k = 0; k < static_cast<int>(t.keys.size()); ++k) {
            if (any && std::find(chosen.begin(), chosen.end(), KeyRef{plot.track, k}) == chosen.end()) continue;
            span.take(key_curve_value(t, is_2d, t.keys[static_cast<std::size_t>(k)]));
        }
        curve_ranges_[{t.bone, t.property}] = CurveRange::fitted(span.lo, span.hi);
    }
}

void TimelinePanel::draw_curves(const Rig& rig, const Area& area, const std::vector<KeyRef>& chosen, UiMarks& marks,
                                ImDrawList& draw) const {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    const std::vector<CurvePlot> plots = curve_plots(rig, area);
    if (plots.empty()) {
        draw.AddText(ImVec2(area.names_right + 8.0f, area.ruler_bottom + 6.0f), kTextColor, "No track to plot: key a bone first");
        return;
    }
    const bool is_2d = rig.is_2d();
    const int active = track_driving(st, curve_bone_, curve_property_);
    const float top = area.plot_top, bottom = area.plot_bottom;
    const auto x_of = [&](double time) { return area.names_right + static_cast<float>(axis_.x_of(time)); };
    const float line = ImGui::GetTextLineHeight();
    // The active track is drawn bright, the others dimmed (with none, the first plotted).
    const auto is_on = [&](const CurvePlot& plot) { return plot.track == active || (active < 0 && &plot == &plots.front()); };
    // The names column: the active track's range at its top and bottom, and between them a line
    // a plotted track, its name and, for several values, theirs in their colours.
    for (std::size_t i = 0; i < plots.size(); ++i) {
        const CurvePlot& plot = plots[i];
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(plot.track)];
        const bool on = is_on(plot);
        const int count = key_curve_value(t, is_2d, t.keys.front()).count;
        const std::string name = row_name(rig, t);
        const float y = name_y(top, static_cast<int>(i));
        draw.AddText(ImVec2(area.min.x + 6.0f, y), on ? kSelectedKeyColor : kTextColor, name.c_str());
        float x = area.min.x + 6.0f + ImGui::CalcTextSize(name.c_str()).x + 6.0f;
        for (int v = 0; count > 1 && v < count; ++v) {
            draw.AddText(ImVec2(x, y), curve_colour(count, v, true), curve_value_name(t, is_2d, v));
            x += ImGui::CalcTextSize(curve_value_name(t, is_2d, v)).x + 4.0f;
        }
        marks.mark("curve/" + rig.skeleton[static_cast<std::size_t>(t.bone)].name + "/" + pose_property_name(t.property), area.min.x, y,
                   area.names_right, y + line);
        if (on) {
            char label[48];
            std::snprintf(label, sizeof label, "%.4g", plot.range.high);
            draw.AddText(ImVec2(area.min.x + 6.0f, top - line * 0.5f), kTextColor, label);
            std::snprintf(label, sizeof label, "%.4g", plot.range.low);
            draw.AddText(ImVec2(area.min.x + 6.0f, bottom - line * 0.5f), kTextColor, label);
        }
    }
    for (const CurvePlot& plot : plots) {
        const KeyTrack& t = st.tracks[static_cast<std::size_t>(plot.track)];
        const bool on = is_on(plot);
        const auto y_of = [&](double value) { return static_cast<float>(plot.range.y_of(value, top, bottom)); };
        const int columns = std::max(2, static_cast<int>(area.keys_width() / 2.0f));
        std::vector<CurveSample> samples(static_cast<std::size_t>(columns) + 1);
        for (int c = 0; c <= columns; ++c) {
            const double time = axis_.time_at(static_cast<double>(c) * static_cast<double>(area.keys_width()) / columns);
            samples[static_cast<std::size_t>(c)] = track_curve_value(t, is_2d, std::max(0.0, time));
        }
        const int count = samples.front().count;
        for (int v = 0; v < count; ++v) {
            const auto vi = static_cast<std::size_t>(v);
            const ImU32 colour = curve_colour(count, v, on);
            for (int c = 0; c < columns; ++c) {
                const float xa = area.names_right + static_cast<float>(c) * area.keys_width() / static_cast<float>(columns);
                const float xb = area.names_right + static_cast<float>(c + 1) * area.keys_width() / static_cast<float>(columns);
                draw.AddLine(ImVec2(xa, y_of(samples[static_cast<std::size_t>(c)].values[vi])),
                             ImVec2(xb, y_of(samples[static_cast<std::size_t>(c) + 1].values[vi])), colour, on ? 1.5f : 1.0f);
            }
            for (int k = 0; k < static_cast<int>(t.keys.size()); ++k) {
                const Key& key = t.keys[static_cast<std::size_t>(k)];
                const ImVec2 at(x_of(static_cast<double>(key.time)), y_of(key_curve_value(t, is_2d, key).values[vi]));
                const std::string mark = "curve/" + rig.skeleton[static_cast<std::size_t>(t.bone)].name + "/" +
                                         pose_property_name(t.property) + "/" + std::to_string(k) +
                                         (count > 1 ? std::string("/") + curve_value_name(t, is_2d, v) : "");
                const float m = ui_px(kHitRadius) * 0.5f;
                marks.mark(mark, at.x - m, at.y - m, at.x + m, at.y + m);
                const bool picked = std::binary_search(chosen.begin(), chosen.end(), KeyRef{plot.track, k});
                if (picked) {
                    // A selected key's handles: the curve leaving it, the one arriving at it.
                    for (const auto& [segment, end] : {std::pair{k, 0}, std::pair{k - 1, 1}}) {
                        const auto handles = bezier_handles(t, is_2d, segment, v);
                        if (!handles) continue;
                        const ImVec2 h(x_of((*handles)[static_cast<std::size_t>(end)].time),
                                       y_of((*handles)[static_cast<std::size_t>(end)].value));
                        const float r = ui_px(kHandleSize);
                        draw.AddLine(at, h, kHandleLine, 1.0f);
                        draw.AddRectFilled(ImVec2(h.x - r, h.y - r), ImVec2(h.x + r, h.y + r), kSelectedKeyColor);
                        marks.mark(mark + (end == 0 ? "/out" : "/in"), h.x - r, h.y - r, h.x + r, h.y + r);
                    }
                }
                draw.AddCircleFilled(at, 3.5f, picked ? kSelectedKeyColor : colour, 10);
            }
        }
    }
}

}  // namespace marionette
