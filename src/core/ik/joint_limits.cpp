#include "core/ik/joint_limits.hpp"

#include "core/math/rotation_math.hpp"

namespace marionette {

AngleRange angle_range(const JointLimits& limits) {
    AngleRange r;
    if (limits.min_angle) r.lo = *limits.min_angle;
    if (limits.max_angle) r.hi = *limits.max_angle;
    return r;
}

float nearest_allowed_angle(float angle, const AngleRange& range) {
    const float a = wrap_angle(angle);
    if (range.contains(a)) return a;
    const float to_lo = std::fabs(wrap_angle(a - range.lo));
    const float to_hi = std::fabs(wrap_angle(a - range.hi));
    return to_lo < to_hi ? range.lo : range.hi;
}

SwingTwist split_swing_twist(const glm::quat& pose_rotation) {
    const glm::quat q = pose_rotation.w < 0.0f ? -pose_rotation : pose_rotation;
    SwingTwist st;
    // q = swing * twist with twist = (cos t/2, sin t/2, 0, 0): (w, x) is the twist's direction
    // scaled by cos(swing / 2), and (y, z) the swing's axis part.
    const float wx = std::sqrt(q.w * q.w + q.x * q.x);
    const float yz = std::sqrt(q.y * q.y + q.z * q.z);
    st.swing_angle = 2.0f * std::atan2(yz, wx);
    if (wx > 1e-6f) {
        const glm::quat twist{q.w / wx, q.x / wx, 0.0f, 0.0f};
        st.twist = wrap_angle(2.0f * std::atan2(twist.x, twist.w));
        st.swing = q * glm::conjugate(twist);
    } else {
        st.swing = q;
        st.has_twist = false;
    }
    return st;
}

AngleRange twist_range(const JointLimits& limits) {
    AngleRange r;
    if (limits.twist) r = {limits.twist->min, limits.twist->max};
    return r;
}

namespace {

// How far `angle` lies outside the range, measured on the circle: angles come back wrapped into
// (-pi, pi], so a joint held at its -180 degree limit reads +180 and is still at that limit.
float distance_outside(float angle, const AngleRange& range) {
    const float a = wrap_angle(angle);
    if (range.contains(a)) return 0.0f;
    return std::fmin(std::fabs(wrap_angle(a - range.lo)), std::fabs(wrap_angle(a - range.hi)));
}

// Whether a split pose keeps within a swing and a twist range, within `tolerance` radians of
// rotation. Moving the twist by d with the swing kept turns the pose by 4 asin(cos(swing/2)
// sin(d/4)): near a half-turn swing the twist is ill-defined (float rounding moves it by a
// radian, fuzz: a CCD pose 6e-6 rad from an allowed one read 0.0016 rad outside) and the pose is
// as near an allowed one as that turn, not as the twist angle says.
bool holds(const SwingTwist& st, float swing, const AngleRange& twist, float tolerance) {
    if (st.swing_angle > swing + tolerance) return false;
    if (!st.has_twist) return true;
    const float outside = distance_outside(st.twist, twist);
    if (outside == 0.0f) return true;
    const float turn = 4.0f * std::asin(std::cos(0.5f * st.swing_angle) * std::sin(0.25f * outside));
    return turn <= tolerance;
}

}  // namespace

glm::quat constrain_swing_twist(const glm::quat& pose_rotation, float swing, const AngleRange& twist) {
    // An allowed pose is kept as it is: a half-turn swing has no twist of its own, and clamping
    // the twist it was split with moved it (fuzz: CCD measured its start on the moved pose and
    // reported that miss for the pose it left unchanged).
    const SwingTwist st = split_swing_twist(pose_rotation);
    if (holds(st, swing, twist, 0.0f)) return pose_rotation;
    glm::quat kept = st.swing;
    glm::vec3 axis;
    if (st.swing_angle > swing && rotation_axis(kept, axis)) kept = glm::angleAxis(swing, axis);
    return normalized(kept * glm::angleAxis(nearest_allowed_angle(st.twist, twist), glm::vec3{1.0f, 0.0f, 0.0f}));
}

glm::quat constrain_rotation(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d) {
    if (is_2d) {
        const float a = nearest_allowed_angle(angle_2d(pose_rotation), angle_range(limits));
        return rotation_2d(a);
    }
    if (limits.hinge) {
        const float twist = twist_angle(pose_rotation, *limits.hinge);
        return glm::angleAxis(nearest_allowed_angle(twist, angle_range(limits)), *limits.hinge);
    }
    if (limits.is_swing_twist()) return constrain_swing_twist(pose_rotation, swing_limit(limits), twist_range(limits));
    if (!limits.max_angle) return pose_rotation;
    glm::quat q = pose_rotation.w < 0.0f ? -pose_rotation : pose_rotation;
    const float angle = rotation_angle(q);
    glm::vec3 axis;
    if (angle <= *limits.max_angle || !rotation_axis(q, axis)) return q;
    return glm::angleAxis(limits.max_angle->radians(), axis);
}


bool within_swing_twist(const glm::quat& pose_rotation, float swing, const AngleRange& twist, float tolerance) {
    return holds(split_swing_twist(pose_rotation), swing, twist, tolerance);
}

namespace {

// Within swing-twist limits, from the half angles the limits keep, without atan2 (the fast
// path's test of every pose it tries): the swing's half angle atan2(|yz|, |wx|) within half the
// limit, yz^2 cos^2 <= wx^2 sin^2 of it, and the twist's, atan2(x, w), within half its ends (the
// sines of the differences not negative). The rounding is a few 1e-8 rad, within a tolerance of
// 1e-6 and more; false only leaves it to the split.
bool plainly_within(const glm::quat& pose_rotation, const JointLimits& limits) {
    const glm::quat q = pose_rotation.w < 0.0f ? -pose_rotation : pose_rotation;
    const LimitAngle swing = swing_limit(limits);
    if (!(swing.radians() >= 0.0f)) return false;
    const float yz2 = q.y * q.y + q.z * q.z, wx2 = q.w * q.w + q.x * q.x;
    if (!(yz2 * (swing.half_cos() * swing.half_cos()) <= wx2 * (swing.half_sin() * swing.half_sin()))) return false;
    if (!limits.twist) return true;
    if (!(wx2 > 1e-12f)) return false;  // no twist of its own: the split says what it holds
    const LimitAngle& lo = limits.twist->min;
    const LimitAngle& hi = limits.twist->max;
    return q.x * lo.half_cos() - q.w * lo.half_sin() >= 0.0f && q.w * hi.half_sin() - q.x * hi.half_cos() >= 0.0f;
}

}  // namespace

bool within_limits(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d, float tolerance) {
    if (is_2d) return distance_outside(angle_2d(pose_rotation), angle_range(limits)) <= tolerance;
    if (limits.hinge) {
        // On the hinge: the rotation's axis part lies along it.
        const glm::vec3 v{pose_rotation.x, pose_rotation.y, pose_rotation.z};
        const glm::vec3 off_axis = v - *limits.hinge * glm::dot(v, *limits.hinge);
        if (glm::length(off_axis) > std::sin(0.5f * tolerance) + 1e-6f) return false;
        return distance_outside(twist_angle(pose_rotation, *limits.hinge), angle_range(limits)) <= tolerance;
    }
    if (limits.is_swing_twist()) {
        if (tolerance >= 1e-6f && plainly_within(pose_rotation, limits)) return true;
        return within_swing_twist(pose_rotation, swing_limit(limits), twist_range(limits), tolerance);
    }
    return !limits.max_angle || turns_at_most(pose_rotation, *limits.max_angle + tolerance);
}

}  // namespace marionette
