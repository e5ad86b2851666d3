#include "editor/posing/limb_swing.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

// `angle` moved by whole turns into the range when some such copy of it lies there (ranges are
// given as they are written, e.g. [-40, 200] degrees, while angles come back in (-pi, pi]).
float within_range(float angle, const AngleRange& range) {
    for (const float a : {angle, angle + 2.0f * kPi, angle - 2.0f * kPi}) {
        if (range.contains(a)) return a;
    }
    return angle;
}

// A rotation as its rotation vector (axis times angle, the angle in [0, pi]) and back. Within a
// ball joint's cone (an angle of at most the cone's) the vectors fill a ball, which is convex:
// the straight way between two of them stays within the cone, where the short way between the
// rotations may not (two poses on opposite sides of a 120 degree cone are closer the other way,
// through angles over 120 degrees). And exp never turns faster than its vector moves.
glm::vec3 rotation_vector(glm::quat q) {
    if (q.w < 0.0f) q = -q;
    const glm::vec3 v{q.x, q.y, q.z};
    const float s = glm::length(v);
    if (!(s > 1e-12f)) return glm::vec3{0.0f};
    return v * (2.0f * std::atan2(s, q.w) / s);
}

glm::quat from_rotation_vector(const glm::vec3& r) {
    const float angle = glm::length(r);
    if (!(angle > 1e-12f)) return {1.0f, 0.0f, 0.0f, 0.0f};
    return glm::angleAxis(angle, r / angle);
}

// How a joint gets from one allowed rotation to another without leaving its limits, each
// parameter moving in a straight line: an angle through its range (2D, a hinge: which may be the
// long way round), a rotation vector within a cone, a swing's vector and a twist angle within
// swing-twist limits; the short way for a joint without limits.
struct JointWay {
    enum class Kind { Short, Range, Cone, SwingTwist } kind = Kind::Short;
    glm::quat from{1.0f, 0.0f, 0.0f, 0.0f}, to{1.0f, 0.0f, 0.0f, 0.0f};
    float a = 0.0f, b = 0.0f;    // Range: the angles; SwingTwist: the twists
    glm::vec3 u{0.0f}, v{0.0f};  // Cone: the rotation vectors; SwingTwist: the swings'

    JointWay(const glm::quat& start, const glm::quat& end, const JointLimits* limits, bool is_2d) : from(start), to(end) {
        if (!limits) return;
        if (is_2d || limits->hinge) {
            kind = Kind::Range;
            const AngleRange range = angle_range(*limits);
            a = within_range(is_2d ? angle_2d(from) : twist_angle(from, *limits->hinge), range);
            b = within_range(is_2d ? angle_2d(to) : twist_angle(to, *limits->hinge), range);
        } else if (limits->is_swing_twist()) {
            kind = Kind::SwingTwist;
            const SwingTwist s = split_swing_twist(from), e = split_swing_twist(to);
            const AngleRange twist = twist_range(*limits);
            u = rotation_vector(s.swing);
            v = rotation_vector(e.swing);
            a = within_range(s.twist, twist);
            b = within_range(e.twist, twist);
        } else if (limits->max_angle) {
            kind = Kind::Cone;
            u = rotation_vector(from);
            v = rotation_vector(to);
        }
    }
    // An upper bound of the turn along the way (the whole of it for f = 1).
    float length() const {
        switch (kind) {
            case Kind::Range: return std::fabs(b - a);
            case Kind::Cone: return glm::length(v - u);
            case Kind::SwingTwist: return glm::length(v - u) + std::fabs(b - a);
            case Kind::Short: break;
        }
        return rotation_angle(glm::conjugate(from) * to);
    }
    glm::quat at(float f, const JointLimits* limits, bool is_2d) const {
        switch (kind) {
            case Kind::Range: {
                const float angle = a + f * (b - a);
                return is_2d ? rotation_2d(angle) : glm::angleAxis(angle, *limits->hinge);
            }
            case Kind::Cone: return from_rotation_vector(u + f * (v - u));
            case Kind::SwingTwist:
                return from_rotation_vector(u + f * (v - u)) * glm::angleAxis(a + f * (b - a), glm::vec3{1.0f, 0.0f, 0.0f});
            case Kind::Short: break;
        }
        return glm::slerp(from, to, f);
    }
};

const JointLimits* limits_of(const Rig& rig, int bone) {
    const std::optional<JointLimits>& limits = rig.skeleton[static_cast<std::size_t>(bone)].limits;
    return limits ? &*limits : nullptr;
}

}  // namespace

float largest_turn(const Rig& rig, const Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal) {
    float worst = 0.0f;
    for (std::size_t i = 0; i < bones.size() && i < goal.size(); ++i) {
        const glm::quat& now = pose.rotations[static_cast<std::size_t>(bones[i])];
        worst = std::max(worst, JointWay(now, goal[i], limits_of(rig, bones[i]), rig.is_2d()).length());
    }
    return worst;
}

bool turn_toward(const Rig& rig, Pose& pose, std::span<const int> bones, std::span<const glm::quat> goal, float max_turn) {
    const float turn = largest_turn(rig, pose, bones, goal);
    const bool arrives = turn <= max_turn;
    const float f = arrives ? 1.0f : max_turn / turn;
    for (std::size_t i = 0; i < bones.size() && i < goal.size(); ++i) {
        glm::quat& q = pose.rotations[static_cast<std::size_t>(bones[i])];
        if (arrives) {
            q = goal[i];
            continue;
        }
        const JointLimits* limits = limits_of(rig, bones[i]);
        q = JointWay(q, goal[i], limits, rig.is_2d()).at(f, limits, rig.is_2d());
        // Rounding at a limit's edge is moved back onto it.
        if (limits && !within_limits(q, *limits, rig.is_2d(), 1e-6f)) q = constrain_rotation(q, *limits, rig.is_2d());
    }
    return arrives;
}

float follow_allowance(const glm::vec3& joint, const glm::vec3& before, const glm::vec3& after) {
    const float step = glm::length(after - before);
    const float from = glm::length(before - joint), to = glm::length(after - joint);
    const float across = step / std::max(std::min(from, to), 1e-6f);
    return std::max(kSwingStepRadians, kFollowFactor * across);
}

}  // namespace marionette
