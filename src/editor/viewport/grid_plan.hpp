#pragma once
// Where the viewport's ground grid lies and how fine it is. The grid is one quad on the ground
// (2D: the xy plane; 3D: xz) whose lines the shader draws (shaders/grid.frag): lines a hundred,
// ten and one `spacing` apart, each set fading out as it crowds to a few pixels apart, and in 3D
// the whole fading with distance, so it never shimmers. The spacing is a power of ten whose cells
// are kGridFinestPixels to ten times that on screen at the view's focus; since a set's opacity
// depends only on how far apart its lines are on screen, the step to the next power of ten,
// where the finest set has faded to nothing, changes no pixel.

#include <glm/glm.hpp>

#include "editor/viewport/view_camera.hpp"

namespace marionette {

// The finest lines' spacing on screen, in points, at which they have faded out entirely.
inline constexpr float kGridFinestPoints = 8.0f;

struct GridPlan {
    glm::vec2 center{0.0f};  // the quad's centre on the ground plane (2D: x, y; 3D: x, z)
    float extent = 1.0f;     // its half size
    float spacing = 1.0f;    // the finest lines' spacing, a power of ten
    float fade_from = 0.0f;  // 3D: from this distance to the centre the grid fades ...
    float fade_to = 0.0f;    // ... to nothing here; both 0 in 2D (no fade)
};

GridPlan plan_grid(const ViewCamera& camera, const Viewport& viewport);

}  // namespace marionette
