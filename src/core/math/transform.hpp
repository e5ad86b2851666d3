#pragma once
// A rigid transform (no scale: bones keep their lengths) and the small set of operations the
// rig needs. 2D rigs use the same type, rotating about z.

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette {

struct Transform {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z

    glm::vec3 apply(const glm::vec3& p) const { return translation + rotation * p; }
    bool operator==(const Transform&) const = default;
};

inline Transform operator*(const Transform& parent, const Transform& local) {
    return {parent.apply(local.translation), parent.rotation * local.rotation};
}

// A bone extends along its local +X axis; its tip is (length, 0, 0) in its own frame.
inline glm::vec3 bone_axis() { return {1.0f, 0.0f, 0.0f}; }

inline glm::vec3 bone_tip(const Transform& joint, float length) { return joint.apply(bone_axis() * length); }

// Rotation about z by `radians`, counter-clockwise with y up: the only rotation of a 2D rig.
inline glm::quat rotation_2d(float radians) { return glm::angleAxis(radians, glm::vec3{0.0f, 0.0f, 1.0f}); }

inline bool is_finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
inline bool is_finite(const glm::quat& q) { return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z); }

// A frame as a matrix, scaled along its own axes first (a pose's scale stretches a bone; a glTF
// node's scale).
glm::mat4 to_matrix(const Transform& frame, const glm::vec3& scale = glm::vec3(1.0f));

// The angle about z of a rotation that turns only about z, in (-pi, pi].
float angle_2d(const glm::quat& q);

}  // namespace marionette
