#pragma once
// Rotation helpers the solvers share. 2D rotations are unit complex numbers (cos, sin): composing,
// inverting and measuring them needs no trigonometry, which keeps the 2D solvers' inner loops
// free of atan2 and sincos.

#include <cmath>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "core/ik/limit_angle.hpp"
#include "core/math/rot2.hpp"
#include "core/math/transform.hpp"

namespace marionette {

inline constexpr float kPi = 3.14159265358979323846f;
inline constexpr float kDegreesPerRadian = 180.0f / kPi;

// 1/sqrt(x) for x > 0 to about 23 bits: the hardware estimate plus one Newton step. The solvers
// renormalize rotations with it on their critical path, where sqrt then divide costs several
// times as much; every renormalization corrects the last, so the rounding does not accumulate.
inline float inverse_sqrt(float x) {
#if defined(__SSE__)
    const float y = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
    return y * (1.5f - 0.5f * x * y * y);
#else
    return 1.0f / std::sqrt(x);
#endif
}

// min/max/clamp that compile to single instructions: std::fmin and std::fmax must honour NaN
// and end up as calls into libm. The solvers' inputs are finite (validate() sees to it).
inline float min_of(float a, float b) { return a < b ? a : b; }
inline float max_of(float a, float b) { return a > b ? a : b; }
inline float clamp_to(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

inline Rot2 operator*(Rot2 a, Rot2 b) { return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s}; }
inline Rot2 conjugate(Rot2 r) { return {r.c, -r.s}; }
inline glm::vec2 rotate(Rot2 r, glm::vec2 v) { return {r.c * v.x - r.s * v.y, r.s * v.x + r.c * v.y}; }
inline Rot2 rot2(float radians) { return {std::cos(radians), std::sin(radians)}; }
inline float angle_of(Rot2 r) { return std::atan2(r.s, r.c); }
inline float cross2(Rot2 a, Rot2 b) { return a.c * b.s - a.s * b.c; }
inline float dot2(Rot2 a, Rot2 b) { return a.c * b.c + a.s * b.s; }

inline Rot2 normalized(Rot2 r) {
    const float nn = r.c * r.c + r.s * r.s;
    if (!(nn > 0.0f)) return {};
    const float k = inverse_sqrt(nn);
    return {r.c * k, r.s * k};
}

inline glm::quat normalized(const glm::quat& q) {
    const float nn = glm::dot(q, q);
    if (!(nn > 0.0f)) return {1.0f, 0.0f, 0.0f, 0.0f};
    return q * inverse_sqrt(nn);
}

// A unit rotation about z as a unit complex number: (w, z) holds the half angle.
inline Rot2 rot2_from_quat(const glm::quat& q) { return {q.w * q.w - q.z * q.z, 2.0f * q.w * q.z}; }

// The half-angle quaternion is proportional to (1 + c, s) and also to (s, 1 - c): no
// trigonometry. Each form cancels catastrophically at one end (1 + c near a half turn, 1 - c
// near none), so take the one that does not.
[[gnu::always_inline]] inline glm::quat quat_from_rot2(Rot2 r) {
    const float w = r.c >= 0.0f ? 1.0f + r.c : r.s;
    const float z = r.c >= 0.0f ? r.s : 1.0f - r.c;
    const float k = inverse_sqrt(w * w + z * z);
    return {w * k, 0.0f, 0.0f, z * k};
}

// Wraps an angle into (-pi, pi]. Most angles are already there, and remainder() is a call into
// libm (a limited solve wraps several angles a call): they return as they are, as remainder()
// would return them.
inline float wrap_angle(float a) {
    if (a > -kPi && a <= kPi) return a;
    // Within a turn and a half, remainder takes one turn off, and so does a subtraction, exactly
    // (the two are within a factor of two); past that it is asked.
    if (std::fabs(a) < 3.0f * kPi) {
        const float turned = a > 0.0f ? a - 2.0f * kPi : a + 2.0f * kPi;
        a = turned == 0.0f ? std::copysign(0.0f, a) : turned;  // remainder's zero keeps a's sign
    } else {
        a = std::remainder(a, 2.0f * kPi);
    }
    return a <= -kPi ? a + 2.0f * kPi : a;
}

// `angle` plus the whole turns that bring it nearest to `toward` (radians, not wrapped): the
// same direction, with no spin added on the way from `toward`.
inline float nearest_turn(float angle, float toward) { return angle + 2.0f * kPi * std::round((toward - angle) / (2.0f * kPi)); }

// The shortest rotation turning direction u onto direction v (neither need be unit length).
// Opposite directions turn half way round an axis perpendicular to u. Zero vectors: identity.
glm::quat rotation_between(const glm::vec3& u, const glm::vec3& v);

// shortest_turn for u and v within about 46 degrees of opposite (w = |u||v| + u.v < 0.3 |u||v|).
glm::quat shortest_turn_nearly_opposite(const glm::vec3& u, const glm::vec3& v, float norms);

// rotation_between unnormalized, for u and v not zero, `norms` = |u||v|: scaled by a positive
// number, which a caller that normalizes a product later need not take off. Usually
// (|u||v| + u.v, u x v). Toward opposite, that form's w cancels and its axis is decided more and
// more by the rounding of a small cross product (a half turn about any axis within 1.4e-3 rad of
// opposite put u 1e-4 off v on a 0.1 long bone, found by fuzzing; 0.05 rad off opposite it is
// still 9e-6 rad off). There it is a half turn about the axis perpendicular to both followed by
// the small turn from -u onto v, both well conditioned: u lands within 7e-7 rad of v anywhere.
inline glm::quat shortest_turn(const glm::vec3& u, const glm::vec3& v, float norms) {
    const float w = norms + glm::dot(u, v);
    if (!(w >= 0.3f * norms)) return shortest_turn_nearly_opposite(u, v, norms);
    const glm::vec3 c = glm::cross(u, v);
    return {w, c.x, c.y, c.z};
}

// Any unit vector perpendicular to v (v non-zero), chosen stably from v alone.
glm::vec3 any_perpendicular(const glm::vec3& v);

// The signed angle of q's twist about the unit `axis`, in (-pi, pi].
float twist_angle(const glm::quat& q, const glm::vec3& axis);

// The same twist as a unit complex number, squared from its half angle (q of any length),
// without atan2. False, `turn` untouched, when q has no part in it (a half turn about an axis
// across `axis`).
inline bool twist_turn(const glm::quat& q, const glm::vec3& axis, Rot2& turn) {
    const float along = q.x * axis.x + q.y * axis.y + q.z * axis.z;
    const float hh = q.w * q.w + along * along;
    if (!(hh > 0.0f)) return false;
    turn = {(q.w * q.w - along * along) / hh, 2.0f * q.w * along / hh};
    return true;
}

// q's rotation axis, unit length. False when q turns too little to have one: rounding can leave
// w short of 1 with no vector part at all, and normalizing that gives NaN.
inline bool rotation_axis(const glm::quat& q, glm::vec3& axis) {
    const glm::vec3 v{q.x, q.y, q.z};
    const float len = std::sqrt(glm::dot(v, v));
    if (!(len > 1e-18f)) return false;
    axis = v / len;
    return true;
}

// The rotation's angle in [0, pi].
inline float rotation_angle(const glm::quat& q) { return 2.0f * std::atan2(std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z), std::fabs(q.w)); }

// Whether rotation_angle(q) <= angle (q of any length), without atan2: the half angle's sine
// is |q.xyz| / |q| and its cosine |q.w| / |q|; the sine decides small angles, the cosine large
// ones, each where it resolves them. Set up once for a bound tested many times.
struct TurnBound {
    enum class Kind { All, None, BySine, ByCosine };
    Kind kind = Kind::All;
    float k2 = 0.0f;  // the half angle's sine or cosine, squared

    explicit TurnBound(float angle) {
        if (!(angle < kPi)) return;
        if (angle < 0.0f) {
            kind = Kind::None;
        } else if (angle <= 0.5f * kPi) {
            const float s = rot2_within_quarter(0.5f * angle).s;
            kind = Kind::BySine, k2 = s * s;
        } else {
            const float c = rot2_within_quarter(0.5f * angle).c;
            kind = Kind::ByCosine, k2 = c * c;
        }
    }
    bool holds(const glm::quat& q) const {
        if (kind == Kind::All || kind == Kind::None) return kind == Kind::All;
        const float xyz = q.x * q.x + q.y * q.y + q.z * q.z;
        const float qq = q.w * q.w + xyz;
        return kind == Kind::BySine ? xyz <= k2 * qq : q.w * q.w >= k2 * qq;
    }
    // The bound's cosine, cos(angle), from the half angle's.
    float cosine() const {
        if (kind == Kind::All || kind == Kind::None) return kind == Kind::All ? -1.0f : 1.0f;
        return kind == Kind::BySine ? 1.0f - 2.0f * k2 : 2.0f * k2 - 1.0f;
    }
};

inline bool turns_at_most(const glm::quat& q, float angle) { return TurnBound(angle).holds(q); }

}  // namespace marionette
