#include "core/io/spine/spine_keys.hpp"

#include <algorithm>
#include <cmath>

#include "core/io/spine/spine_json_text.hpp"

namespace marionette {

std::vector<double> frames_between(double a, double b, double fps) {
    std::vector<double> out;
    const double near = 1e-3;  // of a frame
    for (double f = std::ceil(a * fps - near); f / fps < b; f += 1.0) {
        const double t = f / fps;
        if ((t - a) * fps > near && (b - t) * fps > near) out.push_back(t);
    }
    return out;
}

std::vector<SpineKey> spine_keys(const std::vector<SourceKey>& keys, const std::function<SpineValues(double)>& sample, double fps) {
    std::vector<SpineKey> out;
    if (keys.empty()) return out;
    if (keys.front().time > 0.0) out.push_back(SpineKey{0.0, keys.front().values, SpineCurve::Linear, {}});
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const SourceKey& k = keys[i];
        SpineKey key{k.time, k.values, SpineCurve::Linear, {}};
        const bool last = i + 1 == keys.size();
        if (!last && k.interpolation == Interpolation::Step) key.curve = SpineCurve::Stepped;
        if (!last && k.interpolation == Interpolation::Bezier) {
            // Each piece a key on the cubic, its values the fraction of the change it has come.
            const SourceKey& next = keys[i + 1];
            for (const SpineBezierPiece& p : spine_bezier_pieces(k.curve)) {
                SpineKey piece{k.time + p.x * (next.time - k.time), k.values, SpineCurve::Bezier, p.curve};
                for (std::size_t v = 0; v < piece.values.size(); ++v) piece.values[v] += p.y * (next.values[v] - k.values[v]);
                out.push_back(piece);
            }
            continue;
        }
        out.push_back(key);
        if (!last && k.interpolation == Interpolation::Cosine) {
            for (double t : frames_between(k.time, keys[i + 1].time, fps)) out.push_back(SpineKey{t, sample(t), SpineCurve::Linear, {}});
        }
    }
    return out;
}

namespace {

std::size_t value_count(SpineTimelineKind kind) {
    switch (kind) {
        case SpineTimelineKind::Rotate: return 1;
        case SpineTimelineKind::Translate:
        case SpineTimelineKind::Scale:
        case SpineTimelineKind::Ik: return 2;
        case SpineTimelineKind::Color: return 4;
    }
    return 1;
}

Json curve_json(const SpineKey& k, const SpineKey& next, std::size_t values) {
    if (k.curve == SpineCurve::Stepped) return "stepped";
    Json handles = Json::array();
    const double span = next.time - k.time;
    for (std::size_t v = 0; v < values; ++v) {
        const double rise = next.values[v] - k.values[v];
        handles.push_back(spine_number(k.time + k.bezier.x1 * span));
        handles.push_back(spine_number(k.values[v] + k.bezier.y1 * rise));
        handles.push_back(spine_number(k.time + k.bezier.x2 * span));
        handles.push_back(spine_number(k.values[v] + k.bezier.y2 * rise));
    }
    return handles;
}

}  // namespace

Json spine_timeline(const std::vector<SpineKey>& keys, SpineTimelineKind kind) {
    Json out = Json::array();
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const SpineKey& k = keys[i];
        Json key = Json::object();
        key["time"] = i > 0 && keys[i - 1].curve == SpineCurve::Stepped ? spine_switch_time(k.time) : spine_number(k.time);
        switch (kind) {
            case SpineTimelineKind::Rotate: key["value"] = spine_number(k.values[0]); break;
            case SpineTimelineKind::Translate:
            case SpineTimelineKind::Scale:
                key["x"] = spine_number(k.values[0]);
                key["y"] = spine_number(k.values[1]);
                break;
            case SpineTimelineKind::Color:
                key["color"] = spine_color(glm::vec4(static_cast<float>(k.values[0]), static_cast<float>(k.values[1]),
                                                     static_cast<float>(k.values[2]), static_cast<float>(k.values[3])));
                break;
            case SpineTimelineKind::Ik:
                key["mix"] = spine_number(k.values[0]);
                if (k.values[1] != 0.0) key["softness"] = spine_number(k.values[1]);
                break;
        }
        if (i + 1 < keys.size() && k.curve != SpineCurve::Linear) key["curve"] = curve_json(k, keys[i + 1], value_count(kind));
        out.push_back(std::move(key));
    }
    return out;
}

std::string spine_color(const glm::vec4& rgba) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (int c = 0; c < 4; ++c) {
        const float v = std::clamp(rgba[c], 0.0f, 1.0f);
        const auto byte = static_cast<unsigned>(std::lround(v * 255.0f));
        out += kHex[byte >> 4];
        out += kHex[byte & 15];
    }
    return out;
}

}  // namespace marionette
