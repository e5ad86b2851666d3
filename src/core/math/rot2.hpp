#pragma once
// A 2D rotation as a unit complex number (cos, sin) (rotation_math.hpp composes and measures
// them), and the series that gives one for an angle within a quarter turn without libm: limit
// angles keep their half angles' (limit_angle.hpp), which is why it sits below both.

namespace marionette {

struct Rot2 {
    float c = 1.0f;
    float s = 0.0f;
};

// cos and sin of an angle in [-pi/2, pi/2] by their series taken to the 14th and 15th powers
// (their remainders there are below 1e-10), without a call into libm: for the halves of limit
// angles (at most a half turn), which the limited solves read every call. Inlined: a caller
// reading one of the two (TurnBound) leaves the other unworked.
[[gnu::always_inline]] constexpr Rot2 rot2_within_quarter(float radians) {
    const float x = radians, x2 = x * x;
    const float c =
        1.0f -
        x2 * (1.0f / 2 -
              x2 * (1.0f / 24 - x2 * (1.0f / 720 - x2 * (1.0f / 40320 -
                                                         x2 * (1.0f / 3628800 - x2 * (1.0f / 479001600 - x2 * (1.0f / 87178291200.0f)))))));
    const float s =
        x * (1.0f - x2 * (1.0f / 6 -
                          x2 * (1.0f / 120 - x2 * (1.0f / 5040 - x2 * (1.0f / 362880 -
                                                                       x2 * (1.0f / 39916800 - x2 * (1.0f / 6227020800.0f -
                                                                                                     x2 * (1.0f / 1307674368000.0f))))))));
    return {c, s};
}

}  // namespace marionette
