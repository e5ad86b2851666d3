#pragma once
// Four independent values per SSE2 register, one per lane (structure of arrays): the batch
// solvers keep the x of four vectors in one register, their y in another, and so on. Unlike
// quat_sse.hpp (one quaternion per register) nothing here shuffles: every operation is the
// scalar formula applied to four lanes at once. The sums are grouped as quat_sse.hpp groups
// them, so a lane computes what the one-at-a-time path computes, to the bit where the
// estimates (rsqrt) agree.

#if defined(__SSE2__)
#include <emmintrin.h>

namespace marionette::lanes {

using F4 = __m128;  // one float per lane
using M4 = __m128;  // a lane mask: all bits set or none

// F4 + F4, - and * are GCC's and clang's own vector arithmetic (addps, subps, mulps): __m128
// is a vector type there, and operators cannot be overloaded on it.
inline F4 splat(float x) { return _mm_set1_ps(x); }
inline F4 abs(F4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
inline F4 negate(F4 a) { return _mm_xor_ps(a, _mm_set1_ps(-0.0f)); }

// Comparisons are false for NaN, as the scalar guards written `!(x > y)` rely on.
inline M4 greater(F4 a, F4 b) { return _mm_cmpgt_ps(a, b); }
inline M4 greater_equal(F4 a, F4 b) { return _mm_cmpge_ps(a, b); }
inline M4 less(F4 a, F4 b) { return _mm_cmplt_ps(a, b); }
inline M4 less_equal(F4 a, F4 b) { return _mm_cmple_ps(a, b); }
inline M4 both(M4 a, M4 b) { return _mm_and_ps(a, b); }
inline M4 either(M4 a, M4 b) { return _mm_or_ps(a, b); }
// `yes` where the mask is set, `no` elsewhere.
inline F4 select(M4 mask, F4 yes, F4 no) { return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no)); }
// Bit i set when lane i's mask is.
inline int bits(M4 mask) { return _mm_movemask_ps(mask); }

inline F4 min(F4 a, F4 b) { return _mm_min_ps(a, b); }
inline F4 max(F4 a, F4 b) { return _mm_max_ps(a, b); }
inline F4 sqrt(F4 a) { return _mm_sqrt_ps(a); }
// 1/sqrt(x) for x > 0: the estimate and one Newton step, grouped as inverse_sqrt and
// sse::inverse_sqrt4.
inline F4 inverse_sqrt(F4 x) {
    const F4 y = _mm_rsqrt_ps(x);
    return y * (splat(1.5f) - ((splat(0.5f) * x) * y) * y);
}

struct Vec2x4 {
    F4 x, y;
};
struct Vec3x4 {
    F4 x, y, z;
};
// Quaternions, x y z w as GLM and quat_sse.hpp name them.
struct Quatx4 {
    F4 x, y, z, w;
};

inline Vec3x4 operator+(const Vec3x4& a, const Vec3x4& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3x4 operator-(const Vec3x4& a, const Vec3x4& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3x4 operator*(const Vec3x4& a, F4 k) { return {a.x * k, a.y * k, a.z * k}; }
inline Vec3x4 select(M4 mask, const Vec3x4& yes, const Vec3x4& no) {
    return {select(mask, yes.x, no.x), select(mask, yes.y, no.y), select(mask, yes.z, no.z)};
}

// (x x + y y) + z z: sse::dot4's grouping with w = 0.
inline F4 dot(const Vec3x4& a, const Vec3x4& b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }
inline F4 dot(const Quatx4& a, const Quatx4& b) { return (a.x * b.x + a.y * b.y) + (a.z * b.z + a.w * b.w); }

inline Vec3x4 cross(const Vec3x4& a, const Vec3x4& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

inline Quatx4 conjugate(const Quatx4& q) { return {negate(q.x), negate(q.y), negate(q.z), q.w}; }

inline Quatx4 normalized(const Quatx4& q) {
    const F4 k = inverse_sqrt(dot(q, q));
    return {q.x * k, q.y * k, q.z * k, q.w * k};
}

// The Hamilton product a * b, each part summed in sse::mul's order.
inline Quatx4 mul(const Quatx4& a, const Quatx4& b) {
    return {(a.w * b.x + a.x * b.w) + (a.y * b.z - a.z * b.y), (a.w * b.y - a.x * b.z) + (a.y * b.w + a.z * b.x),
            (a.w * b.z + a.x * b.y) + (a.z * b.w - a.y * b.x), (a.w * b.w - a.x * b.x) - (a.y * b.y + a.z * b.z)};
}

// v turned by the unit quaternion q: v + 2w (q x v) + 2 q x (q x v), as sse::rotate.
inline Vec3x4 rotate(const Quatx4& q, const Vec3x4& v) {
    const Vec3x4 axis{q.x, q.y, q.z};
    const Vec3x4 t = cross(axis, v);
    const Vec3x4 t2 = t + t;
    return (v + t2 * q.w) + cross(axis, t2);
}

// The bone axis (+X) turned by the unit quaternion q: the first column of q's matrix.
inline Vec3x4 turned_axis(const Quatx4& q) {
    const F4 minus_two = splat(-2.0f), two = splat(2.0f);
    return {(q.y * q.y + q.z * q.z) * minus_two + splat(1.0f), (q.x * q.y + q.w * q.z) * two, (q.x * q.z - q.w * q.y) * two};
}

}  // namespace marionette::lanes

#endif
