#pragma once
// Painting a weighted mesh's weights, as Spine's and Blender's weight brushes do, as pure
// functions over the mesh's vertices and weights (the editor's brush and inspector call them):
// a dab adds to, takes from or evens out a bone's weight on the vertices within its radius, and
// a number typed for selected vertices sets it outright. Whatever changes, each vertex touched
// keeps the mesh rule's weights (attachment_mesh.hpp): its other bones share what is left in
// the proportions they had, at most kMeshBonesPerVertex bones (the weakest other dropped; the
// painted bone is never the one dropped), none below kMinPaintWeight, summing to 1.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

// A weight below this moves a vertex by nothing one would see; it is dropped, not kept as noise.
inline constexpr float kMinPaintWeight = 0.001f;

enum class WeightBrushMode {
    add,       // the bone's weight rises by the dab's influence, up to 1
    subtract,  // it falls by it, down to 0 (the bone then leaves the vertex)
    smooth,    // every bone's weight moves toward the average of the vertex's mesh neighbours
};

enum class WeightBrushFalloff {
    constant,  // the full strength out to the radius
    linear,    // strength to nothing at the radius, in a straight line
    smooth,    // (1 - (d / radius)^2)^2: flat at the centre, fading softly at the edge
};

struct WeightBrush {
    WeightBrushMode mode = WeightBrushMode::add;
    std::uint16_t bone = 0;  // the bone painted (add and subtract)
    glm::vec2 centre{0.0f};  // in the vertices' space
    float radius = 1.0f;     // finite, > 0
    float strength = 0.5f;   // 0 to 1: how far one dab moves a weight at the centre
    WeightBrushFalloff falloff = WeightBrushFalloff::smooth;
};

// How far a dab moves a weight at `distance` from its centre: 0 outside its radius.
float brush_influence(const WeightBrush& brush, float distance);

// One dab of `brush` on `weights` (one set a vertex of `vertices`, each keeping the rule over a
// `bone_count`-bone skeleton); `triangles` give smoothing its neighbours. An error, and the
// weights untouched, when the inputs do not fit; else how many vertices the dab changed.
Result<std::size_t> apply_weight_brush(const WeightBrush& brush, std::span<const glm::vec2> vertices,
                                       std::span<const std::array<std::uint16_t, 3>> triangles, std::size_t bone_count,
                                       std::span<VertexWeights> weights);

// Sets `bone`'s weight on each selected vertex to `value` (0 to 1), the inspector's edit. An
// error, and the weights untouched, when a selected index or the bone does not exist.
Status set_vertex_weight(std::span<VertexWeights> weights, std::span<const std::uint32_t> selected, std::uint16_t bone, float value,
                         std::size_t bone_count);

// `w` with `bone`'s weight set to `value` (clamped to 0 to 1) and the others scaled to share the
// rest; a vertex on that bone alone keeps it fully (there is nothing else to follow).
VertexWeights with_bone_weight(const VertexWeights& w, std::uint16_t bone, float value);

// Every vertex fully on one bone: a rigid mesh's weights when painting starts on it.
std::vector<VertexWeights> weights_on_bone(std::size_t count, std::uint16_t bone);

}  // namespace marionette
