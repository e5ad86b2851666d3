#pragma once
// The rectangle of the window the rig is drawn in, in the pixel coordinates mouse events use:
// origin at the window's top-left corner, x right, y DOWN. Pixel coordinates are continuous
// (the viewport's left edge is x, its right edge x + width), so a mouse position maps to the
// same point whether it is an integer or not.

#include <glm/glm.hpp>

namespace marionette {

struct Viewport {
    float x = 0.0f;
    float y = 0.0f;
    float width = 0.0f;
    float height = 0.0f;

    // A minimised window has a zero-sized viewport; callers skip drawing and picking then.
    bool empty() const { return !(width > 0.0f && height > 0.0f); }
    // Width over height; 1 for an empty viewport so projections stay finite.
    float aspect() const { return empty() ? 1.0f : width / height; }
    glm::vec2 center() const { return {x + 0.5f * width, y + 0.5f * height}; }
    // Half-open: a pixel on the right or bottom edge belongs to the next rectangle.
    bool contains(glm::vec2 pixel) const { return pixel.x >= x && pixel.x < x + width && pixel.y >= y && pixel.y < y + height; }
};

}  // namespace marionette
