#pragma once
// How the viewport draws bones, without GL (so the frame-time benchmark and the tests build
// exactly what the editor draws). Each bone is one instance: where its joint is, how it turns,
// how long and wide it is, and its colours; the GPU draws one unit shape per instance (a 2D
// tapered diamond, a 3D octahedron) and a ring at the joint. The outline, the ring and their
// smooth edges are the shader's (shaders/bone.frag), so nothing here grows with the zoom.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// Where along the bone the shape is widest, and its half width there, as fractions of its length.
inline constexpr float kBoneWaist = 0.15f;
inline constexpr float kBoneWidth = 0.12f;

// A colour packed for the GPU: red in the low byte, then green, blue, alpha.
using PackedColor = std::uint32_t;
PackedColor pack_color(const glm::vec4& rgba);
glm::vec4 unpack_color(PackedColor c);

struct BoneInstance {
    glm::vec3 joint{0.0f};           // world position of the joint
    float outline_width = 1.0f;      // the outline's width, in points
    glm::vec4 rotation{0, 0, 0, 1};  // the joint frame's turn, quaternion (x, y, z, w)
    glm::vec3 size{0.0f};            // length along x, half widths along y and z (pose scale applied); x 0: no shape
    PackedColor fill = 0;
    PackedColor outline = 0;
};
static_assert(sizeof(BoneInstance) == 52, "the instance buffer's layout (app/render/bone_renderer.cpp) follows this struct");

enum class BoneLook : unsigned char { Normal, InChain, Hovered, Selected };

// The colour a bone is drawn in when the rig gives it none.
inline constexpr glm::vec3 kDefaultBoneColor{0.96f, 0.74f, 0.32f};
// Swatches the inspector offers, the default first.
inline constexpr std::array<glm::vec3, 8> kBonePalette{{{0.96f, 0.74f, 0.32f},
                                                        {0.92f, 0.36f, 0.32f},
                                                        {0.40f, 0.80f, 0.42f},
                                                        {0.36f, 0.62f, 0.95f},
                                                        {0.72f, 0.50f, 0.92f},
                                                        {0.30f, 0.82f, 0.80f},
                                                        {0.95f, 0.55f, 0.80f},
                                                        {0.72f, 0.72f, 0.72f}}};

// How one bone is painted: a fill, and an outline darker than it, or for the selection, the
// hover and the chain a drag poses, an outline in the look's colour (wider when selected).
struct BonePaint {
    glm::vec4 fill{1.0f};
    glm::vec4 outline{1.0f};
    float outline_width = 1.0f;  // points
};
BonePaint bone_paint(const glm::vec3& color, BoneLook look);

// One instance per bone of `skeleton` (in its order), `world` being the joint frames forward
// kinematics made of `pose` (a bone's scale stretches its shape along each axis). `looks` has
// one entry per bone, or is empty for all Normal. A bone of zero length (or scaled to it) gets
// size.x 0: only its joint's ring is drawn.
void build_bone_instances(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, std::span<const BoneLook> looks,
                          std::vector<BoneInstance>& out);

// Every instance painted `tint`, outline and all (the onion skin's ghosts).
void tint_bone_instances(std::span<BoneInstance> instances, const glm::vec4& tint);

// The unit shapes the GPU instances, one vertex per triangle corner. `corner` is the point in
// bone units (x along the bone from 0 at the joint to 1 at the tip; y, z across it in half
// widths); `edges` is its barycentric weight within its triangle (1 at that corner), whose
// smallest component is how close a point is to the triangle's edge (the 3D wire outline).
struct BoneShapeVertex {
    glm::vec3 corner;
    glm::vec3 edges;
};
// The 2D diamond: joint, the waist's two sides, the tip (two triangles).
std::span<const BoneShapeVertex> diamond_vertices();
// The 3D octahedron: joint, four waist corners, the tip (eight triangles, counter-clockwise seen
// from outside).
std::span<const BoneShapeVertex> octahedron_vertices();

}  // namespace marionette
