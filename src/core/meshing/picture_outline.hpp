#pragma once
// The outline of what a picture shows, traced from its alpha channel: the first step of making
// a picture's mesh automatically, as Spine's and Unity's "trace" do. Pixels above an alpha
// threshold are the picture's; that region is grown by a margin (so antialiased edges are not
// cut), traced by marching squares (pixels touching at a corner join, so a one-pixel-wide
// diagonal line stays one piece), and its largest outer contour kept: holes and smaller islands
// are left inside the outline or out of it. The contour is then simplified (Douglas-Peucker)
// as far as a tolerance allows without its edges ever crossing, and given as a counter-clockwise
// polygon in the picture's space (attachment_mesh.hpp: (0, 0) its bottom left, `size` its top
// right), inside the picture's rectangle.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"

namespace marionette {

// Past this many pixels a side, pixels are traced in square blocks (a block counts when any of
// its pixels does), so the trace's memory and time stay bounded on the largest pictures.
inline constexpr int kMaxOutlineTraceSide = 1024;
inline constexpr int kMaxOutlineMargin = 64;

struct OutlineSettings {
    int alpha_threshold = 8;  // a pixel is the picture's when its alpha is above this (0 to 254)
    int margin = 1;           // pixels the region grows by before it is traced (0 to kMaxOutlineMargin)
    float tolerance = 1.0f;   // pixels the simplified outline may stray from the traced one (finite, >= 0)
    // The most vertices the outline may have (3 to kMaxAttachmentMeshVertices): past it the
    // tolerance grows until it fits.
    std::size_t max_vertices = 256;
};

struct PictureOutlineJob {
    // Inputs: RGBA8 pixels, straight alpha, rows from the top (DecodedImage's), width x height
    // (1 to kMaxImageSide each); the picture's size in rig units (each finite, > 0, at most
    // kMaxCoordinate).
    std::span<const std::uint8_t> rgba;
    int width = 0;
    int height = 0;
    glm::vec2 size{0.0f};
    OutlineSettings settings;
    // Output: a simple polygon, counter-clockwise, in the picture's space.
    std::vector<glm::vec2>* outline = nullptr;
    // Optional output: the same polygon in pixels (x right, y up from the picture's bottom),
    // where its vertices lie on half pixels exactly (below kMaxOutlineTraceSide): the space in
    // which three of them on one line are exactly on it.
    std::vector<glm::vec2>* pixel_outline = nullptr;

    Status validate() const;
    // An error when no pixel is above the threshold, or the outline does not survive being
    // scaled to the picture's size (a size so small that its vertices fall together).
    Status run() const;
};

}  // namespace marionette
