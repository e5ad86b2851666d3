#pragma once
// A picture made a mesh automatically, as Spine's "Trace" and Unity's sprite geometry do: its
// outline traced from the alpha channel (picture_outline.hpp), its long sides cut about every
// spacing so the picture can bend along them, is the mesh's hull, points on a
// triangular lattice inside it are its inner vertices, and the two are cut into triangles as
// round as the outline lets them be (triangulation.hpp). They are cut in pixels, where the
// outline's vertices lie on half pixels exactly, then placed in the picture's space (or, where
// rounding there would spoil a sliver, cut again in that space). One `detail` setting picks both
// how closely the outline follows the picture and how dense the inside is.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/mesh/attachment_mesh.hpp"
#include "core/meshing/picture_outline.hpp"

namespace marionette {

struct PictureMeshSettings {
    OutlineSettings outline;
    // Pixels between neighbouring inner vertices, and at most between neighbouring border ones
    // (finite, >= 0; 0: none inside, the outline's own vertices alone). It
    // grows when the mesh would pass kMaxAttachmentMeshVertices.
    float spacing = 32.0f;
};

// The settings a detail from 0 (a coarse outline, few inner vertices) to 1 (a close outline, a
// dense inside) gives a picture of `width` x `height` pixels: both scale with the picture.
PictureMeshSettings picture_mesh_settings(float detail, int width, int height);

struct PictureMeshJob {
    // Inputs: as PictureOutlineJob's (RGBA8 pixels, straight alpha, rows from the top).
    std::span<const std::uint8_t> rgba;
    int width = 0;
    int height = 0;
    glm::vec2 size{0.0f};  // the picture's size in rig units
    PictureMeshSettings settings;
    // Output: a rigid mesh keeping attachment_mesh_problem's rule, its hull the outline.
    AttachmentMesh* mesh = nullptr;

    Status validate() const;
    // An error (and the output left as it was) when no pixel is above the alpha threshold, or
    // the outline does not survive the picture's size (PictureOutlineJob).
    Status run() const;
};

}  // namespace marionette
