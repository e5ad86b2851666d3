#pragma once
// Quaternions and 3-vectors in one SSE2 register each (x, y, z, w; vectors carry w = 0), for the
// 3D solvers' hot paths. GLM's quaternion product and rotation compile to scalar code, about
// twice the instructions of these; SSE2 is part of every x86-64, so no -march is needed.
// Other targets have no __SSE2__ and keep to the scalar paths.

#if defined(__SSE2__)
#include <emmintrin.h>

#include <cstddef>
#include <cstring>

#include "core/transform.hpp"

namespace marionette::sse {

using V4 = __m128;

template <int I>
inline V4 splat(V4 v) { return _mm_shuffle_ps(v, v, _MM_SHUFFLE(I, I, I, I)); }
inline float first(V4 v) { return _mm_cvtss_f32(v); }
inline V4 load(const glm::vec3& v) { return _mm_setr_ps(v.x, v.y, v.z, 0.0f); }
// GLM keeps a quaternion's parts as x, y, z, w (GLM_FORCE_QUAT_DATA_WXYZ is not used): the
// lanes' order, so it loads whole.
static_assert(sizeof(glm::quat) == 16 && offsetof(glm::quat, x) == 0 && offsetof(glm::quat, w) == 12);
inline V4 load(const glm::quat& q) {
    V4 v;
    std::memcpy(&v, &q, sizeof v);
    return v;
}
inline void store(glm::quat& q, V4 v) {
    alignas(16) float f[4];
    _mm_store_ps(f, v);
    q = glm::quat{f[3], f[0], f[1], f[2]};
}

// The bone axis (+X) turned by the unit quaternion q: the first column of q's matrix,
// (1 - 2(y^2 + z^2), 2(xy + wz), 2(xz - wy)); cheaper than rotate().
inline V4 turned_axis(V4 q) {
    const V4 ab = _mm_mul_ps(_mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 0, 0, 1)), _mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 2, 1, 1)));  // y^2, xy, xz
    const V4 cd = _mm_mul_ps(_mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 3, 3, 2)), _mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 1, 2, 2)));  // z^2, wz, wy
    const V4 s = _mm_add_ps(ab, _mm_xor_ps(cd, _mm_setr_ps(0.0f, 0.0f, -0.0f, 0.0f)));
    return _mm_add_ps(_mm_mul_ps(s, _mm_setr_ps(-2.0f, 2.0f, 2.0f, 0.0f)), _mm_setr_ps(1.0f, 0.0f, 0.0f, 0.0f));
}

// The sum of the four lanes' products, in every lane.
inline V4 dot4(V4 a, V4 b) {
    const V4 m = _mm_mul_ps(a, b);
    const V4 s = _mm_add_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_add_ps(s, _mm_shuffle_ps(s, s, _MM_SHUFFLE(1, 0, 3, 2)));
}

// x, y, z of a x b; w comes out 0 (w * w - w * w).
inline V4 cross(V4 a, V4 b) {
    const V4 a_yzx = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1));
    const V4 b_yzx = _mm_shuffle_ps(b, b, _MM_SHUFFLE(3, 0, 2, 1));
    const V4 c = _mm_sub_ps(_mm_mul_ps(a, b_yzx), _mm_mul_ps(a_yzx, b));
    return _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 0, 2, 1));
}

// 1/sqrt of every lane (all > 0): the estimate and one Newton step, as inverse_sqrt.
inline V4 inverse_sqrt4(V4 x) {
    const V4 y = _mm_rsqrt_ps(x);
    const V4 half_x_yy = _mm_mul_ps(_mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), x), y), y);
    return _mm_mul_ps(y, _mm_sub_ps(_mm_set1_ps(1.5f), half_x_yy));
}

inline V4 normalized4(V4 q) { return _mm_mul_ps(q, inverse_sqrt4(dot4(q, q))); }

inline V4 conjugate(V4 q) { return _mm_xor_ps(q, _mm_setr_ps(-0.0f, -0.0f, -0.0f, 0.0f)); }

// The Hamilton product a * b.
inline V4 mul(V4 a, V4 b) {
    const V4 w = _mm_mul_ps(splat<3>(a), b);
    const V4 x = _mm_mul_ps(splat<0>(a), _mm_shuffle_ps(b, b, _MM_SHUFFLE(0, 1, 2, 3)));
    const V4 y = _mm_mul_ps(splat<1>(a), _mm_shuffle_ps(b, b, _MM_SHUFFLE(1, 0, 3, 2)));
    const V4 z = _mm_mul_ps(splat<2>(a), _mm_shuffle_ps(b, b, _MM_SHUFFLE(2, 3, 0, 1)));
    const V4 xs = _mm_xor_ps(x, _mm_setr_ps(0.0f, -0.0f, 0.0f, -0.0f));
    const V4 ys = _mm_xor_ps(y, _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f));
    const V4 zs = _mm_xor_ps(z, _mm_setr_ps(-0.0f, 0.0f, 0.0f, -0.0f));
    return _mm_add_ps(_mm_add_ps(w, xs), _mm_add_ps(ys, zs));
}

// v turned by the unit quaternion q: v + 2w (q x v) + 2 q x (q x v). The result's w is 0.
inline V4 rotate(V4 q, V4 v) {
    const V4 t = cross(q, v);
    const V4 t2 = _mm_add_ps(t, t);
    return _mm_add_ps(_mm_add_ps(v, _mm_mul_ps(splat<3>(q), t2)), cross(q, t2));
}

}  // namespace marionette::sse

#endif
