#include "core/io/spine_import/spine_curves.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

namespace {

double cubic(double a, double b, double c, double d, double u) {
    const double w = 1.0 - u;
    return w * w * w * a + 3.0 * w * w * u * b + 3.0 * w * u * u * c + u * u * u * d;
}

// The handles of value `v`, or the straight line's when the key holds none for it.
std::array<double, 4> handles_of(const SpineTimelineKey& key, const SpineTimelineKey& next, std::size_t v) {
    if (v < key.curve.handles.size()) return key.curve.handles[v];
    const double dt = next.time - key.time, dv = next.values[v] - key.values[v];
    return {key.time + dt / 3.0, key.values[v] + dv / 3.0, key.time + 2.0 * dt / 3.0, key.values[v] + 2.0 * dv / 3.0};
}

}  // namespace

std::array<std::array<double, 2>, 9> spine_bezier_points(double t0, double v0, const std::array<double, 4>& h, double t1, double v1) {
    std::array<std::array<double, 2>, 9> points{};
    for (int i = 0; i < 9; ++i) {
        const double u = 0.1 * (i + 1);
        points[std::size_t(i)] = {cubic(t0, h[0], h[2], t1, u), cubic(v0, h[1], h[3], v1, u)};
    }
    return points;
}

std::optional<std::size_t> spine_key_at(std::span<const SpineTimelineKey> keys, double time) {
    const auto after =
        std::upper_bound(keys.begin(), keys.end(), time, [](double t, const SpineTimelineKey& k) { return t < spine_key_time(k.time); });
    if (after == keys.begin()) return std::nullopt;
    return std::size_t(after - keys.begin()) - 1;
}

double spine_timeline_value(std::span<const SpineTimelineKey> keys, std::size_t v, double time) {
    if (keys.empty()) return 0.0;
    const std::optional<std::size_t> at = spine_key_at(keys, time);
    if (!at) return keys.front().values[v];
    const std::size_t i = *at;
    const SpineTimelineKey& key = keys[i];
    if (i + 1 == keys.size()) return key.values[v];
    const SpineTimelineKey& next = keys[i + 1];
    const double v0 = key.values[v], v1 = next.values[v];
    switch (key.curve.kind) {
        case SpineKeyCurve::Kind::Stepped: return v0;
        case SpineKeyCurve::Kind::Linear: {
            const double span = next.time - key.time;
            return span > 0.0 ? v0 + (v1 - v0) * (time - key.time) / span : v0;
        }
        case SpineKeyCurve::Kind::Bezier: {
            const auto points = spine_bezier_points(key.time, v0, handles_of(key, next, v), next.time, v1);
            double px = key.time, py = v0;
            for (const auto& p : points) {
                if (time < p[0]) {
                    const double span = p[0] - px;
                    return span > 0.0 ? py + (p[1] - py) * (time - px) / span : py;
                }
                px = p[0];
                py = p[1];
            }
            const double span = next.time - px;
            return span > 0.0 ? py + (v1 - py) * (time - px) / span : v1;
        }
    }
    return v0;
}

std::vector<double> spine_bend_times(const SpineTimelineKey& key, const SpineTimelineKey& next, std::size_t v) {
    std::vector<double> times;
    if (key.curve.kind != SpineKeyCurve::Kind::Bezier) return times;
    for (const auto& p : spine_bezier_points(key.time, key.values[v], handles_of(key, next, v), next.time, next.values[v]))
        if (p[0] > key.time && p[0] < next.time) times.push_back(p[0]);
    return times;
}

std::optional<MarionetteCurve> marionette_curve(const SpineTimelineKey& key, const SpineTimelineKey& next,
                                                std::span<const std::size_t> values) {
    MarionetteCurve out;
    if (key.curve.kind == SpineKeyCurve::Kind::Stepped) {
        out.interpolation = Interpolation::Step;
        return out;
    }
    if (key.curve.kind == SpineKeyCurve::Kind::Linear) return out;
    const double dt = next.time - key.time;
    if (!(dt > 0.0)) return out;
    std::optional<BezierCurve> shared;
    for (const std::size_t v : values) {
        const double dv = next.values[v] - key.values[v];
        const std::array<double, 4> h = handles_of(key, next, v);
        if (dv == 0.0) {
            // A value that stays put follows any curve, unless its handles bulge away from it.
            if (h[1] != key.values[v] || h[3] != key.values[v]) return std::nullopt;
            continue;
        }
        const BezierCurve c{float((h[0] - key.time) / dt), float((h[1] - key.values[v]) / dv), float((h[2] - key.time) / dt),
                            float((h[3] - key.values[v]) / dv), kSpineCurveLines};
        if (!is_valid_curve(c)) return std::nullopt;
        if (shared && (std::abs(shared->x1 - c.x1) > 1e-4f || std::abs(shared->y1 - c.y1) > 1e-4f || std::abs(shared->x2 - c.x2) > 1e-4f ||
                       std::abs(shared->y2 - c.y2) > 1e-4f))
            return std::nullopt;
        if (!shared) shared = c;
    }
    if (shared) {
        out.interpolation = Interpolation::Bezier;
        out.curve = *shared;
    }
    return out;
}

}  // namespace marionette
