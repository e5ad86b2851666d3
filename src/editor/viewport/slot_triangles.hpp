#pragma once
// A 2D puppet's pictures as the GPU draws them: a plain picture's quad (two triangles) or a mesh's
// triangles per shown attachment, in slot order, grouped into batches of consecutive triangles
// that share a picture so that a frame makes one draw per run of a texture rather than one per
// picture. Built on the CPU each frame from
// the pose (no GL here: tested and measured headless); the app's slot renderer uploads and draws.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/slot_track.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SlotVertex {
    glm::vec3 position;  // world
    glm::vec2 uv;        // (0, 0) the picture's top left, as its first decoded row
    glm::vec4 color;     // tint times slot colour, premultiplied by its alpha
};

// Triangles [first / 3, (first + count) / 3) all showing `image` (the attachment's path, relative
// to the rig's folder).
struct SlotBatch {
    const std::string* image = nullptr;  // into the rig the triangles were built from
    int first = 0;                       // indices
    int count = 0;
};

// Indexed: each attachment's vertices once (a mesh's are shared by its triangles: a 200-vertex
// mesh writes 200 vertices a frame, not three for each of its 340 triangles).
struct SlotTriangles {
    std::vector<SlotVertex> vertices;    // each shown attachment's vertices, in draw order
    std::vector<std::uint32_t> indices;  // three per triangle, into `vertices`, in draw order
    std::vector<SlotBatch> batches;
    std::vector<glm::vec3> placed;  // room for one attachment's world vertices while building

    void clear() {
        vertices.clear();
        indices.clear();
        batches.clear();
    }
    // Corner `i` of the triangles in draw order (corner i of triangle i / 3).
    const SlotVertex& corner(std::size_t i) const { return vertices[indices[i]]; }
};

// Appends the triangles of `rig`'s shown attachments under `pose` (whose bones' world frames are
// `world`) to `out`, bottom slot first. `slots` says what each slot shows, in what colour and
// order (a state's, slot_track.hpp); one that does not fit the rig's slots draws them as set
// up. A slot showing nothing, a picture of no area, or one its colours make fully transparent
// adds nothing; slots on bones beyond `world` are passed over.
void build_slot_triangles(const Rig& rig, const Pose& pose, std::span<const Transform> world, const SlotPose& slots, SlotTriangles& out);
// The same with the slots as the rig sets them up.
void build_slot_triangles(const Rig& rig, const Pose& pose, std::span<const Transform> world, SlotTriangles& out);

}  // namespace marionette
