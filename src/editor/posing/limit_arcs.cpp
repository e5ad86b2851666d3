#include "editor/posing/limit_arcs.hpp"

#include <cmath>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

constexpr float kArcStep = kPi / 36.0f;  // 5 degrees

// A unit vector perpendicular to `axis` (unit), as near `hint` as possible.
glm::vec3 perpendicular(const glm::vec3& axis, const glm::vec3& hint) {
    glm::vec3 p = hint - glm::dot(hint, axis) * axis;
    if (glm::dot(p, p) < 1e-8f) {
        const glm::vec3 other = std::abs(axis.x) < 0.9f ? glm::vec3{1, 0, 0} : glm::vec3{0, 1, 0};
        p = other - glm::dot(other, axis) * axis;
    }
    return glm::normalize(p);
}

// The arc of directions `frame * rotate(angle about axis) * start` for angle in [lo, hi].
void arc(const glm::vec3& center, const glm::quat& frame, const glm::vec3& axis, const glm::vec3& start, float lo, float hi, float radius,
         bool spokes, std::vector<glm::vec3>& out) {
    const int steps = std::max(2, static_cast<int>(std::ceil((hi - lo) / kArcStep)));
    auto point = [&](int i) {
        const float a = lo + (hi - lo) * static_cast<float>(i) / static_cast<float>(steps);
        return center + radius * (frame * (glm::angleAxis(a, axis) * start));
    };
    for (int i = 0; i < steps; ++i) {
        out.push_back(point(i));
        out.push_back(point(i + 1));
    }
    if (spokes) {
        out.push_back(center);
        out.push_back(point(0));
        out.push_back(center);
        out.push_back(point(steps));
    }
}

}  // namespace

void build_limit_arcs(const Rig& rig, std::span<const Transform> world, int bone, float radius, std::vector<glm::vec3>& out) {
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size()) || bone >= static_cast<int>(world.size())) return;
    const auto b = static_cast<std::size_t>(bone);
    const std::optional<JointLimits>& limits = rig.skeleton[b].limits;
    if (!limits || !(radius > 0.0f)) return;
    // The frame the limits are measured in: the joint's world frame without its pose turn.
    const glm::quat pose = b < rig.pose.rotations.size() ? rig.pose.rotations[b] : glm::quat{1, 0, 0, 0};
    const glm::quat frame = glm::normalize(world[b].rotation * glm::conjugate(pose));
    const glm::vec3 center = world[b].translation;
    const glm::vec3 bone_axis{1.0f, 0.0f, 0.0f};
    if (rig.is_2d() || limits->hinge) {
        const glm::vec3 axis = rig.is_2d() ? glm::vec3{0, 0, 1} : glm::normalize(*limits->hinge);
        const AngleRange range = angle_range(*limits);
        const bool open = !limits->min_angle && !limits->max_angle;
        arc(center, frame, axis, perpendicular(axis, bone_axis), range.lo, range.hi, radius, !open, out);
        return;
    }
    if (limits->is_swing_twist()) {
        // The twist range as a closed arc about the bone's rest axis, half the radius out,
        // from the rest y direction; the swing's cone as a ball joint's below.
        if (limits->twist) {
            arc(center, frame, bone_axis, glm::vec3{0, 1, 0}, limits->twist->min, limits->twist->max, 0.5f * radius, true, out);
        }
        if (!limits->swing) return;
    }
    if (limits->max_angle || limits->swing) {
        // The cone's rim: the rest direction turned by max_angle (or the swing) about every
        // axis across it.
        const float cone = limits->max_angle ? limits->max_angle->radians() : limits->swing->radians();
        const glm::vec3 tilt = glm::normalize(glm::angleAxis(cone, glm::vec3{0, 0, 1}) * bone_axis);
        arc(center, frame, bone_axis, tilt, -kPi, kPi, radius, false, out);
        for (int i = 0; i < 4; ++i) {
            out.push_back(center);
            out.push_back(center + radius * (frame * (glm::angleAxis(static_cast<float>(i) * 0.5f * kPi, bone_axis) * tilt)));
        }
    }
}

}  // namespace marionette
