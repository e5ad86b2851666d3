#pragma once
// Camera states shared by the camera tests: centred and off-centre, zoomed in and out, orbits
// from several sides including one near the pole.

#include <vector>

#include "editor/viewport/view_camera.hpp"

namespace marionette::testing {

inline std::vector<ViewCamera> cameras_2d() {
    std::vector<ViewCamera> out;
    const glm::vec2 centers[] = {{0.0f, 0.0f}, {123.5f, -40.0f}, {-3.0f, 7.0f}};
    const float zooms[] = {1.0f, 2.5f, 0.013f};
    for (int i = 0; i < 3; ++i) {
        ViewCamera c = ViewCamera::for_2d();
        c.set_center(centers[i]);
        c.set_pixels_per_unit(zooms[i]);
        out.push_back(c);
    }
    return out;
}

inline std::vector<ViewCamera> cameras_3d() {
    std::vector<ViewCamera> out;
    struct State {
        glm::vec3 target;
        float yaw_deg, pitch_deg, distance;
    };
    const State states[] = {
        {{0.0f, 0.0f, 0.0f}, 0.0f, 0.0f, 5.0f},
        {{0.3f, 1.2f, -0.5f}, 37.0f, 21.0f, 3.0f},
        {{-10.0f, 4.0f, 2.0f}, -140.0f, -60.0f, 40.0f},
        {{1.0f, 1.0f, 1.0f}, 170.0f, 89.0f, 0.5f},
    };
    for (const State& s : states) {
        ViewCamera c = ViewCamera::for_3d();
        c.set_target(s.target);
        constexpr float radians_per_degree = 3.14159265358979f / 180.0f;
        c.set_orbit(s.yaw_deg * radians_per_degree, s.pitch_deg * radians_per_degree);
        c.set_distance(s.distance);
        out.push_back(c);
    }
    return out;
}

}  // namespace marionette::testing
