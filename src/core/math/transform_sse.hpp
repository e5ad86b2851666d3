#pragma once
// One transform in SSE2 registers (its rotation in one, x y z w; its translation in another, w
// lane 0), for loops that compose a frame per bone. Unlike lanes_sse.hpp this shuffles within a
// register, but each lane still runs the scalar formula's operations in GLM's order (its
// quaternion product and quat * vec3), so the results equal Transform's operators to the bit
// where the compiler fuses no multiply-add (x86-64's default target has no FMA; a build for one
// that has it may contract the scalar code, and the two then differ by rounding).

#if defined(__SSE2__)
#include <cstddef>

#include <emmintrin.h>

#include "core/math/transform.hpp"

namespace marionette::sse {

static_assert(sizeof(glm::quat) == 16 && offsetof(glm::quat, x) == 0 && offsetof(glm::quat, w) == 12,
              "glm::quat stored x y z w (GLM_FORCE_QUAT_DATA_WXYZ is not defined)");
static_assert(sizeof(glm::vec3) == 12 && sizeof(Transform) == 28 && offsetof(Transform, rotation) == 12);

inline __m128 load(const glm::quat& q) { return _mm_loadu_ps(&q.x); }

// x y z 0: twelve bytes, never reading past the vector (it may end an array). x and y go in
// through _mm_loadl_epi64, which GCC declares on an unaligned, may-alias type: _mm_load_sd
// reads a double lvalue, undefined (and reported by UBSan) at a vec3 four bytes off eight.
inline __m128 load(const glm::vec3& v) {
    const __m128 xy = _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&v.x)));
    return _mm_movelh_ps(xy, _mm_load_ss(&v.z));
}

inline void store(glm::quat& q, __m128 r) { _mm_storeu_ps(&q.x, r); }

inline void store(glm::vec3& v, __m128 r) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(&v.x), _mm_castps_si128(r));
    _mm_store_ss(&v.z, _mm_movehl_ps(r, r));
}

template <int X, int Y, int Z, int W>
inline __m128 swizzle(__m128 a) {
    return _mm_shuffle_ps(a, a, _MM_SHUFFLE(W, Z, Y, X));
}

// p * q as GLM's operator*= writes it, lane by lane:
//   x = p.w q.x + p.x q.w + p.y q.z - p.z q.y
//   y = p.w q.y + p.y q.w + p.z q.x - p.x q.z
//   z = p.w q.z + p.z q.w + p.x q.y - p.y q.x
//   w = p.w q.w - p.x q.x - p.y q.y - p.z q.z
// (a - b is a + (-b) exactly, so a sign flip of the second and third terms' products in the
// w lane keeps the order of the additions).
inline __m128 multiply(__m128 p, __m128 q) {
    const __m128 minus_w = _mm_castsi128_ps(_mm_set_epi32(static_cast<int>(0x80000000u), 0, 0, 0));
    const __m128 first = swizzle<3, 3, 3, 3>(p) * q;
    const __m128 second = _mm_xor_ps(swizzle<0, 1, 2, 0>(p) * swizzle<3, 3, 3, 0>(q), minus_w);
    const __m128 third = _mm_xor_ps(swizzle<1, 2, 0, 1>(p) * swizzle<2, 0, 1, 1>(q), minus_w);
    const __m128 fourth = swizzle<2, 0, 1, 2>(p) * swizzle<1, 2, 0, 2>(q);
    return ((first + second) + third) - fourth;
}

// cross(a, b) as GLM writes it: (a.y b.z - b.y a.z, a.z b.x - b.z a.x, a.x b.y - b.x a.y).
inline __m128 cross(__m128 a, __m128 b) {
    return swizzle<1, 2, 0, 3>(a) * swizzle<2, 0, 1, 3>(b) - swizzle<1, 2, 0, 3>(b) * swizzle<2, 0, 1, 3>(a);
}

// q * v as GLM writes it: v + ((uv * q.w) + uuv) * 2, uv = cross(q.xyz, v), uuv = cross(q.xyz, uv).
// The w lane of q may hold anything of the cross products: the w lane of the result is
// v's w lane plus their products, not read by store(glm::vec3&).
inline __m128 rotate(__m128 q, __m128 v) {
    const __m128 uv = cross(q, v);
    const __m128 uuv = cross(q, uv);
    return v + ((uv * swizzle<3, 3, 3, 3>(q)) + uuv) * _mm_set1_ps(2.0f);
}

}  // namespace marionette::sse

#endif
