#pragma once
// A joint limit's angle with its cosine and sine worked out once, when it is set: the limited
// two-bone solves read a joint's range ends as unit complex numbers on every call, and working
// them out there (four sincosf) cost a 2D limited solve about a fifth of its instructions
// (docs/performance.md). So are its half angle's (the swing-twist solves' rim swing and twist
// ends, three series a solve before). Reads and converts as the float it holds, in radians.

#include <cmath>

namespace marionette {

// cos and sin of an angle in [-pi/2, pi/2] by their series taken to the 14th and 15th powers
// (their remainders there are below 1e-10), without a call into libm (rot2_within_quarter).
struct CosSin {
    float c = 1.0f, s = 0.0f;
};
// Inlined: a caller reading one of the two (TurnBound) leaves the other unworked.
[[gnu::always_inline]] constexpr CosSin cos_sin_within_quarter(float radians) {
    const float x = radians, x2 = x * x;
    const float c = 1.0f - x2 * (1.0f / 2 - x2 * (1.0f / 24 - x2 * (1.0f / 720 - x2 * (1.0f / 40320 - x2 * (1.0f / 3628800 - x2 * (1.0f / 479001600 - x2 * (1.0f / 87178291200.0f)))))));
    const float s = x * (1.0f - x2 * (1.0f / 6 - x2 * (1.0f / 120 - x2 * (1.0f / 5040 - x2 * (1.0f / 362880 - x2 * (1.0f / 39916800 - x2 * (1.0f / 6227020800.0f - x2 * (1.0f / 1307674368000.0f))))))));
    return {c, s};
}

class LimitAngle {
public:
    LimitAngle() = default;
    // Implicit both ways: a limit is set, read and compared as a number of radians.
    LimitAngle(float radians) : radians_(radians), cos_(std::cos(radians)), sin_(std::sin(radians)), half_(half_of(radians)) {}
    constexpr operator float() const { return radians_; }

    // The open side of a range (AngleRange's ends when a limit is not set): a half turn either
    // way, its cosine and sine as std::cos and std::sin give them (angle_arc_test checks it).
    static constexpr LimitAngle half_turn_below();
    static constexpr LimitAngle half_turn_above();

    constexpr float radians() const { return radians_; }
    // The angle's cosine and sine, as std::cos and std::sin give them.
    constexpr float cos() const { return cos_; }
    constexpr float sin() const { return sin_; }
    // The half angle's, of the angle within a half turn either way (cos_sin_within_quarter of
    // half the angle clamped to [-pi, pi]).
    constexpr float half_cos() const { return half_.c; }
    constexpr float half_sin() const { return half_.s; }

private:
    constexpr LimitAngle(float radians, float cos, float sin) : radians_(radians), cos_(cos), sin_(sin), half_(half_of(radians)) {}
    static constexpr CosSin half_of(float radians) {
        constexpr float kHalfTurn = 3.14159265f;
        return cos_sin_within_quarter(0.5f * (radians < -kHalfTurn ? -kHalfTurn : (radians > kHalfTurn ? kHalfTurn : radians)));
    }

    float radians_ = 0.0f;
    float cos_ = 1.0f;
    float sin_ = 0.0f;
    CosSin half_;
};

// Constants, so that a solve reading them does not work out their half angles' series.
constexpr LimitAngle LimitAngle::half_turn_below() {
    constexpr LimitAngle below{-3.14159265f, -1.0f, 8.74227766e-08f};
    return below;
}
constexpr LimitAngle LimitAngle::half_turn_above() {
    constexpr LimitAngle above{3.14159265f, -1.0f, -8.74227766e-08f};
    return above;
}

}  // namespace marionette
