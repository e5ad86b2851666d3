#pragma once
// How Marionette's own glTF files place bones (docs/gltf.md): each bone is a node whose frame is
// the bone's turned a quarter turn about z (kNodeToBone), so the node's +y runs along the bone,
// and the root bones hang under one "armature" node turned by that quarter turn, so every bone
// node's local transform is its bone's conjugated by the turn. A quarter turn about z only
// swaps and negates components, so both directions are exact: an export read back gives the
// same bones, keys and binds to the last bit, and so the same file again. Internal to gltf_*.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/math/transform.hpp"

namespace marionette::gltf {

// The turn from a node's frame to its bone's (-90 degrees about z): the node's +y is the bone's +x.
inline const glm::quat kNodeToBone = glm::angleAxis(-0.5f * 3.14159265358979f, glm::vec3{0.0f, 0.0f, 1.0f});

// Vectors and rotations seen from the node's frame instead of the bone's, and back. A negated
// zero is made +0 (adding 0 does), so a value read back writes the same text.
inline glm::vec3 bone_to_node(const glm::vec3& v) { return {-v.y + 0.0f, v.x, v.z}; }
inline glm::vec3 node_to_bone(const glm::vec3& v) { return {v.y, -v.x + 0.0f, v.z}; }
inline glm::quat bone_to_node(const glm::quat& q) { return {q.w, -q.y + 0.0f, q.x, q.z}; }
inline glm::quat node_to_bone(const glm::quat& q) { return {q.w, q.y, -q.x + 0.0f, q.z}; }
inline Transform bone_to_node(const Transform& t) { return {bone_to_node(t.translation), bone_to_node(t.rotation)}; }
inline Transform node_to_bone(const Transform& t) { return {node_to_bone(t.translation), node_to_bone(t.rotation)}; }

// The node's frame in its bone's (the matrix of kNodeToBone, built exactly), and the inverse.
inline glm::mat4 node_in_bone_frame() {
    glm::mat4 m(0.0f);
    m[0] = {0.0f, -1.0f, 0.0f, 0.0f};
    m[1] = {1.0f, 0.0f, 0.0f, 0.0f};
    m[2] = {0.0f, 0.0f, 1.0f, 0.0f};
    m[3] = {0.0f, 0.0f, 0.0f, 1.0f};
    return m;
}
inline glm::mat4 bone_in_node_frame() { return glm::transpose(node_in_bone_frame()); }

// The matrix with every zero +0, however it was reached (a product with a negated component
// leaves -0), so the same numbers always write the same text.
inline glm::mat4 positive_zeros(glm::mat4 m) {
    for (int c = 0; c < 4; ++c) m[c] += glm::vec4(0.0f);
    return m;
}

}  // namespace marionette::gltf
