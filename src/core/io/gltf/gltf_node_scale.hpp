#pragma once
// A bone's scale as a glTF node's, and back (docs/gltf.md "Scale"). Marionette's scale stretches
// a bone and its children's joint offsets but not the children themselves (pose.hpp); a glTF
// node's scale passes down to every node under it. So a bone's node carries its scale divided
// by the stretch its parent's scale gives its axes, and an imported bone's scale is its node's
// (over the node's rest scale) times that stretch. Where the parent's scale is uniform, or the
// bone's axes lie along its parent's, both directions are exact; where an uneven scale meets a
// turned child, glTF shears the child and Marionette cannot: the child's axes keep the lengths
// glTF gives them. Internal to gltf_*.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette::gltf {

// Whether a scale stretches every direction alike: only then do glTF's inherited scale and
// Marionette's own agree on every bone under it, whatever its turn.
inline bool is_even(const glm::vec3& scale) { return scale.x == scale.y && scale.y == scale.z; }

// The length each axis of a frame turned `turn` in a frame scaled per axis by `scale` comes
// to: a bone's axes under its parent's scale (the stretch it inherits), or a bone's axes under
// its node's scale when another exporter's bone frame is its joint's turned by an axis turn.
glm::vec3 stretched_axes(const glm::vec3& scale, const glm::quat& turn);

// Whether that stretch shears the bone (its axes no longer square), beyond rounding.
bool shears(const glm::vec3& parent_scale, const glm::quat& local_rotation);

// The node scale (node axes, gltf_bone_axis.hpp) of a bone of scale `scale` under `inherited`
// (stretched_axes of the parent's scale). An axis the parent flattens to 0 cannot be undone: it keeps its own.
glm::vec3 node_scale(const glm::vec3& scale, const glm::vec3& inherited);

// A bone scale seen on its node's axes, and back: the quarter turn between them only swaps x
// and y, exactly.
inline glm::vec3 bone_to_node_scale(const glm::vec3& s) { return {s.y, s.x, s.z}; }
inline glm::vec3 node_to_bone_scale(const glm::vec3& s) { return {s.y, s.x, s.z}; }

}  // namespace marionette::gltf
