#include "editor/timeline/curve_edits.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/math/angles.hpp"
#include "editor/posing/rotation_display.hpp"
#include "editor/timeline/track_curve.hpp"

namespace marionette {

Result<Rig> set_keys_plotted_values(const Rig& rig, int state, std::span<const PlottedValue> changes) {
    const auto fail = [](const std::string& why) { return Error{"cannot move the key: " + why}; };
    if (state < 0 || static_cast<std::size_t>(state) >= rig.states.size()) return fail("no state " + std::to_string(state));
    const bool is_2d = rig.is_2d();
    Rig out = rig;
    State& st = out.states[static_cast<std::size_t>(state)];
    std::vector<int> changed;
    for (const PlottedValue& c : changes) {
        if (c.track < 0 || static_cast<std::size_t>(c.track) >= st.tracks.size())
            return fail("state \"" + st.name + "\" has no track " + std::to_string(c.track));
        KeyTrack& t = st.tracks[static_cast<std::size_t>(c.track)];
        if (c.key < 0 || static_cast<std::size_t>(c.key) >= t.keys.size()) return fail("its track has no key " + std::to_string(c.key));
        Key& k = t.keys[static_cast<std::size_t>(c.key)];
        CurveSample plotted = key_curve_value(t, is_2d, k);
        if (c.value < 0 || c.value >= plotted.count) return fail("its track plots no value " + std::to_string(c.value));
        if (!std::isfinite(c.to)) return fail("the value must be a finite number");
        plotted.values[static_cast<std::size_t>(c.value)] = static_cast<float>(c.to);
        if (t.property == PoseProperty::Rotation) {
            if (is_2d) {
                k.angle = degrees_to_radians(c.to);
            } else {
                k.rotation = from_euler_degrees({plotted.values[0], plotted.values[1], plotted.values[2]}, EulerOrder::XYZ);
            }
        } else {
            k.vector[c.value] = static_cast<float>(c.to);
        }
        changed.push_back(c.track);
    }
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    for (const int track : changed) {
        if (const std::string problem = key_track_problem(st.tracks[static_cast<std::size_t>(track)], is_2d); !problem.empty()) {
            return fail(problem);
        }
    }
    return out;
}

namespace {

struct Segment {
    CurvePoint from, to;
};

Segment segment(const KeyTrack& track, bool is_2d, int key, int value) {
    const Key& a = track.keys[static_cast<std::size_t>(key)];
    const Key& b = track.keys[static_cast<std::size_t>(key) + 1];
    const auto v = static_cast<std::size_t>(value);
    return {{a.time, key_curve_value(track, is_2d, a).values[v]}, {b.time, key_curve_value(track, is_2d, b).values[v]}};
}

}  // namespace

std::optional<std::array<CurvePoint, 2>> bezier_handles(const KeyTrack& track, bool is_2d, int key, int value) {
    if (key < 0 || static_cast<std::size_t>(key) + 1 >= track.keys.size()) return std::nullopt;
    const Key& k = track.keys[static_cast<std::size_t>(key)];
    if (k.interpolation != Interpolation::Bezier) return std::nullopt;
    const Segment s = segment(track, is_2d, key, value);
    const double dt = s.to.time - s.from.time;
    const double dv = s.to.value - s.from.value;
    return std::array<CurvePoint, 2>{CurvePoint{s.from.time + k.curve.x1 * dt, s.from.value + k.curve.y1 * dv},
                                     CurvePoint{s.from.time + k.curve.x2 * dt, s.from.value + k.curve.y2 * dv}};
}

BezierCurve curve_with_handle(const KeyTrack& track, bool is_2d, int key, int value, int handle, CurvePoint to) {
    BezierCurve c = track.keys[static_cast<std::size_t>(key)].curve;
    const Segment s = segment(track, is_2d, key, value);
    const double dt = s.to.time - s.from.time;
    const double dv = s.to.value - s.from.value;
    float& x = handle == 0 ? c.x1 : c.x2;
    float& y = handle == 0 ? c.y1 : c.y2;
    if (dt > 0.0 && std::isfinite(to.time)) x = static_cast<float>(std::clamp((to.time - s.from.time) / dt, 0.0, 1.0));
    if (dv != 0.0 && std::isfinite(to.value)) {
        const double max_y = static_cast<double>(kMaxCurveY);
        y = static_cast<float>(std::clamp((to.value - s.from.value) / dv, -max_y, max_y));
    }
    return c;
}

}  // namespace marionette
