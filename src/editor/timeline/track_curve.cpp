#include "editor/timeline/track_curve.hpp"

#include "core/math/angles.hpp"
#include "editor/posing/rotation_display.hpp"

namespace marionette {

CurveSample key_curve_value(const KeyTrack& track, bool is_2d, const Key& key) {
    CurveSample out;
    if (track.property == PoseProperty::Rotation) {
        if (is_2d) {
            out.count = 1;
            out.values[0] = static_cast<float>(static_cast<double>(key.angle) * (180.0 / kPiDouble));
        } else {
            const glm::vec3 e = euler_degrees(key.rotation, EulerOrder::XYZ);
            out.count = 3;
            out.values = {e.x, e.y, e.z};
        }
        return out;
    }
    out.count = is_2d ? 2 : 3;
    out.values = {key.vector.x, key.vector.y, key.vector.z};
    return out;
}

CurveSample track_curve_value(const KeyTrack& track, bool is_2d, double time) {
    return key_curve_value(track, is_2d, sample_track(track, is_2d, time));
}

const char* curve_value_name(const KeyTrack& track, bool is_2d, int value) {
    if (track.property == PoseProperty::Rotation && is_2d) return "angle";
    static const char* const kAxes[] = {"x", "y", "z"};
    return value >= 0 && value < 3 ? kAxes[value] : "";
}

}  // namespace marionette
