#pragma once
// Four independent values per SSE2 register, one per lane (structure of arrays): the batch
// solvers keep the x of four vectors in one register, their y in another, and so on. Nothing
// here shuffles: every operation is the scalar formula applied to four lanes at once, grouped
// as the one-at-a-time path groups it, so a lane computes what that path computes, to the bit
// where the estimates (rsqrt) agree.

#if defined(__SSE2__)
#include <emmintrin.h>

namespace marionette::lanes {

using F4 = __m128;  // one float per lane
using M4 = __m128;  // a lane mask: all bits set or none

// F4 + F4, - and * are GCC's and clang's own vector arithmetic (addps, subps, mulps): __m128
// is a vector type there, and operators cannot be overloaded on it.
inline F4 splat(float x) { return _mm_set1_ps(x); }
// The same where a rule is written for one float or four lanes alike (lanes_scalar.hpp).
inline F4 splat_as(float x, F4 /*like*/) { return splat(x); }
inline F4 abs(F4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
inline F4 negate(F4 a) { return _mm_xor_ps(a, _mm_set1_ps(-0.0f)); }

// Comparisons are false for NaN, as the scalar guards written `!(x > y)` rely on.
inline M4 greater(F4 a, F4 b) { return _mm_cmpgt_ps(a, b); }
inline M4 greater_equal(F4 a, F4 b) { return _mm_cmpge_ps(a, b); }
inline M4 less(F4 a, F4 b) { return _mm_cmplt_ps(a, b); }
inline M4 less_equal(F4 a, F4 b) { return _mm_cmple_ps(a, b); }
inline M4 both(M4 a, M4 b) { return _mm_and_ps(a, b); }
inline M4 either(M4 a, M4 b) { return _mm_or_ps(a, b); }
inline M4 opposite(M4 a) { return _mm_xor_ps(a, _mm_castsi128_ps(_mm_set1_epi32(-1))); }
// `yes` where the mask is set, `no` elsewhere.
inline F4 select(M4 mask, F4 yes, F4 no) { return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no)); }
// select() of two values worked out by callables, both for four lanes (lanes_scalar.hpp's works
// out only the one taken).
template <class Yes, class No>
[[gnu::always_inline]] inline F4 pick(M4 mask, const Yes& yes, const No& no) {
    return select(mask, yes(), no());
}
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

// Quaternions, x y z w as GLM names them.
struct Quatx4 {
    F4 x, y, z, w;
};

}  // namespace marionette::lanes

#endif
