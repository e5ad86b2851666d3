#pragma once
// The two-bone solve's upper joint under swing-twist limits (joint_limits.hpp): which swivels of
// an exact aim the limits allow, and the closest aim when none does.

#include <optional>

#include "core/joint_limits.hpp"
#include "core/rotation_math.hpp"

namespace marionette {

// Swing-twist limits with the trigonometry every solve step needs computed once.
struct SwingTwistLimits {
    SwingTwistLimits() = default;
    SwingTwistLimits(float swing, const AngleRange& twist);
    float swing = kPi;
    AngleRange twist;
    float cos_swing = -1.0f, sin_swing = 0.0f;
    float cos_half_swing = 0.0f, sin_half_swing = 1.0f;
    bool twist_bounded = false;
    glm::vec2 twist_lo_half{1.0f, 0.0f}, twist_hi_half{1.0f, 0.0f};  // (cos, sin) of each end / 2
};

// The poses cos(psi/2) q0 + sin(psi/2) q1 (q0 turned by psi about the unit `w`, all in the
// bone's rest frame) whose swing and twist keep to the limits: the swivel psi to take, 0 (q0,
// the pole's) when allowed, else one that moves continuously with the inputs, or nothing when
// no swivel is allowed.
std::optional<float> swing_twist_swivel(const glm::quat& q0, const glm::quat& q1, const glm::vec3& w, const SwingTwistLimits& limits);

// The pose within the limits that turns the unit `tip` (bone frame) closest to the unit `w`
// (exactly onto it when some pose within them does).
glm::quat closest_swing_twist_aim(const glm::vec3& tip, const glm::vec3& w, const SwingTwistLimits& limits);

// A lower bound of closest_swing_twist_aim's miss for a limb's tips T(θ) = t0 + cos θ tc +
// sin θ ts (the bone's rest frame, θ the middle joint's bend) aimed at the point wanted w (w
// unit), as cheap as a cone's: with the twist free, a swing of at most S puts the tip of angle
// alpha from the bone's x anywhere at an angle from x within [alpha - S, alpha + S] (the tip's
// circle about x, swung), so the aim at angle beta from x is missed by the angle from beta to
// that band. The twist's range only takes tips away: the true miss is never less. Each term is a
// sinusoid of the bend (the tip's length, its x and its part across x), set once a solve.
struct FreeTwistAims {
    FreeTwistAims(const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, const SwingTwistLimits& limits);
    float k = 0.0f, p = 0.0f, q = 0.0f;         // |T|^2 = k + p cos θ + q sin θ
    float x0 = 0.0f, x1 = 0.0f, x2 = 0.0f;      // T . x
    glm::vec2 yz0{0.0f}, yz1{0.0f}, yz2{0.0f};  // T across x
    float cos_aim = 1.0f, sin_aim = 0.0f;       // the aim's angle from x
    const SwingTwistLimits* limits = nullptr;

    // The bound of |wanted w - q T(θ)|; `wanted` itself for a tip shorter than `tiny`.
    float miss(Rot2 theta, float wanted, float tiny) const;
};

// The same tips with the twist held at one end of its range and the swing anywhere within its
// cone. Where no pose within the limits reaches, the closest one holds the twist at an end or
// lies where the twist is free (FreeTwistAims): so the closest-tip search takes the least of this
// miss for each end and the bound's, each smooth over the bend but for kinks, instead of
// searching the closest aim's, which is rough.
struct TwistEndAims {
    TwistEndAims(glm::vec2 end_half, const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, const SwingTwistLimits& limits);
    // The tip twisted to the end, v(θ) = v0 + cos θ v1 + sin θ v2.
    glm::vec3 v0{0.0f}, v1{0.0f}, v2{0.0f};
    glm::vec3 w{1.0f, 0.0f, 0.0f};
    const SwingTwistLimits* limits = nullptr;

    // |wanted w - s v(θ)| for the best swing s within the cone; `wanted` itself for a tip shorter
    // than `tiny` (it aims nowhere).
    float miss(Rot2 theta, float wanted, float tiny) const;
};

// Whether the swing without twist that turns v (of length `length`) onto the unit w is within the
// swing limit: that swing is unique, and its half angle's squared cosine has a closed form.
bool pure_swing_reaches(const glm::vec3& v, float length, const glm::vec3& w, const SwingTwistLimits& limits);

}  // namespace marionette
