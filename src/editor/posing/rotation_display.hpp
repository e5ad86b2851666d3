#pragma once
// How the inspector shows a 3D rotation to an animator: Euler angles in degrees in a chosen order,
// as Blender's pose panel does (order XYZ turns about x first, then y, then z, each about the
// parent frame's axes: R = Rz Ry Rx), and a hinge joint's pose as its one angle about the hinge.
// Of the two angle triples that give a rotation, the one with the smaller angles is shown: an
// elbow bent 140 degrees about y reads 0 / 140 / 0, not 180 / 40 / 180.

#include <array>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette {

enum class EulerOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };
inline constexpr std::array<const char*, 6> kEulerOrderNames = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};

// The angles about x, y and z, degrees, each in [-180, 180].
glm::vec3 euler_degrees(const glm::quat& q, EulerOrder order);
// The rotation those angles give (unit).
glm::quat from_euler_degrees(const glm::vec3& degrees, EulerOrder order);

// A hinge pose's turn about its unit `axis` (in the joint's rest frame), degrees in [-180, 180].
float hinge_degrees(const glm::quat& q, const glm::vec3& axis);
glm::quat from_hinge_degrees(float degrees, const glm::vec3& axis);

}  // namespace marionette
