// The camera in the rig file's "editor" object: the view a rig was saved with comes back
// with it. Angles are degrees in the file like everywhere else in it.

#include <charconv>
#include <cmath>

#include "core/io/json/json_document.hpp"
#include "core/math/angles.hpp"
#include "editor/viewport/view_camera.hpp"

namespace marionette {

namespace {

// The shortest decimal that reads back as the same float (0.1, not 0.10000000149011612).
Json short_number(float v) {
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, v);
    double d = 0.0;
    std::from_chars(text, written.ptr, d);
    if (d == std::floor(d) && std::fabs(d) < 1e15) return static_cast<long long>(d);  // 40, not 40.0
    return d;
}

Json degrees(float radians) {
    const double d = radians_to_degrees(radians);
    if (d == std::floor(d)) return static_cast<long long>(d);
    return d;
}

float positive(const JsonField& field) {
    const float v = field.number();
    if (!(v > 0.0f)) field.fail("must be > 0, got " + json_excerpt(field.raw()));
    return v;
}

}  // namespace

Json ViewCamera::to_json() const {
    if (is_2d_) {
        return Json{{"center", Json::array({short_number(target_.x), short_number(target_.y)})},
                    {"pixels_per_unit", short_number(pixels_per_unit_)}};
    }
    return Json{{"target", Json::array({short_number(target_.x), short_number(target_.y), short_number(target_.z)})},
                {"yaw", degrees(yaw_)},
                {"pitch", degrees(pitch_)},
                {"distance", short_number(distance_)}};
}

Result<ViewCamera> ViewCamera::from_json(const Json& json, bool is_2d) {
    // JsonField reports by throwing; the exception ends here, as in the rig reader.
    try {
        const JsonField root(json, "");
        ViewCamera camera(is_2d);
        if (is_2d) {
            root.allow_only({"center", "pixels_per_unit"});
            // Within the coordinates a rig may have (extents.hpp): farther, the view shows nothing.
            const glm::vec3 center = root.member("center").position(2);
            camera.set_center({center.x, center.y});
            camera.set_pixels_per_unit(positive(root.member("pixels_per_unit")));
            return camera;
        }
        root.allow_only({"target", "yaw", "pitch", "distance"});
        camera.set_target(root.member("target").position(3));
        // Yaw wraps, so any angle in range is a place; pitch beyond a pole is not, and is refused.
        const float yaw = root.member("yaw").degrees(-kMaxFileDegrees, kMaxFileDegrees);
        const float pitch = root.member("pitch").degrees(-90, 90);
        camera.set_orbit(yaw, pitch);
        camera.set_distance(positive(root.member("distance")));
        return camera;
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

}  // namespace marionette
