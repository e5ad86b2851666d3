#pragma once
// lanes_sse.hpp's comparisons and selections on one float, so that a rule written once as a
// template over the value type serves one limb (float, bool) and four lanes (F4, M4) alike
// (two_bone_guards.hpp): the one-limb path and the lane kernel then cannot draw a line in
// different places.

#include <cmath>

#include "core/math/rotation_math.hpp"

namespace marionette::lanes {

// A constant as the value type of `like` (splat_as in lanes_sse.hpp for four lanes).
inline float splat_as(float x, float /*like*/) { return x; }
inline bool greater(float a, float b) { return a > b; }
inline bool less(float a, float b) { return a < b; }
inline bool less_equal(float a, float b) { return a <= b; }
inline bool greater_equal(float a, float b) { return a >= b; }
inline bool both(bool a, bool b) { return a && b; }
inline bool either(bool a, bool b) { return a || b; }
inline bool opposite(bool a) { return !a; }
inline float select(bool mask, float yes, float no) { return mask ? yes : no; }
// Only the value taken is worked out: one bend skips the cases four lanes compute and drop.
template <class Yes, class No>
float pick(bool mask, const Yes& yes, const No& no) {
    return mask ? yes() : no();
}
// As _mm_min_ps: the second operand when either is NaN.
inline float min(float a, float b) { return min_of(a, b); }
// As _mm_max_ps: the second operand when either is NaN.
inline float max(float a, float b) { return max_of(a, b); }
inline float sqrt(float a) { return std::sqrt(a); }
inline float abs(float a) { return std::fabs(a); }

}  // namespace marionette::lanes
