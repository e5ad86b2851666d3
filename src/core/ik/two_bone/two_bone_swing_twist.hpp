#pragma once
// The two-bone solve's upper joint under swing-twist limits (joint_limits.hpp): which swivels of
// an exact aim the limits allow, and the closest aim when none does.

#include <optional>

#include "core/ik/joint_limits.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

// Swing-twist limits with the trigonometry every solve step needs computed once.
struct SwingTwistLimits {
    SwingTwistLimits() = default;
    SwingTwistLimits(float swing, const AngleRange& twist);
    // A joint's, from the half angles its limits keep (the same values).
    explicit SwingTwistLimits(const JointLimits& limits);
    float swing = kPi;
    AngleRange twist;
    float cos_swing = -1.0f, sin_swing = 0.0f;
    float cos_half_swing = 0.0f, sin_half_swing = 1.0f;
    bool twist_bounded = false;
    glm::vec2 twist_lo_half{1.0f, 0.0f}, twist_hi_half{1.0f, 0.0f};  // (cos, sin) of each end / 2

private:
    // From the swing's and the twist ends' half angles' cosines and sines.
    SwingTwistLimits(float swing, Rot2 half_swing, const AngleRange& twist, Rot2 lo_half, Rot2 hi_half);
};

// The largest swing, tilting x toward (0, cos a, sin a), for `dir` = (cos a, sin a): the swing
// on the rim of the limits' cone.
inline glm::quat rim_swing(const SwingTwistLimits& limits, glm::vec2 dir) {
    return {limits.cos_half_swing, 0.0f, -limits.sin_half_swing * dir.y, limits.sin_half_swing * dir.x};
}

// The twist's range as an arc, its ends the squares of the half angles' (no sincos).
inline AngleArc twist_range_arc(const SwingTwistLimits& limits) {
    auto doubled = [](glm::vec2 h) { return Rot2{h.x, h.y} * Rot2{h.x, h.y}; };
    return AngleArc::of(limits.twist, doubled(limits.twist_lo_half), doubled(limits.twist_hi_half));
}

// The poses cos(psi/2) q0 + sin(psi/2) q1 (q0 turned by psi about the unit `w`, all in the
// bone's rest frame) whose swing and twist keep to the limits: the swivel psi to take, 0 (q0,
// the pole's) when allowed, else one that moves continuously with the inputs, or nothing when
// no swivel is allowed.
std::optional<float> swing_twist_swivel(const glm::quat& q0, const glm::quat& q1, const glm::vec3& w, const SwingTwistLimits& limits);

// The pose within the limits that turns the unit `tip` (bone frame) closest to the unit `w`
// (exactly onto it when some pose within them does). Of poses as close to within rounding (a tip
// on the bone's axis, which no twist moves, or nearly so), the one nearest the shortest turn
// taking the tip onto w.
glm::quat closest_swing_twist_aim(const glm::vec3& tip, const glm::vec3& w, const SwingTwistLimits& limits);

}  // namespace marionette
