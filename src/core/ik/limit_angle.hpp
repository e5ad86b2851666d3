#pragma once
// A joint limit's angle with its cosine and sine worked out once, when it is set: the limited
// two-bone solves read a joint's range ends as unit complex numbers on every call, and four
// sincosf there were a large share of a 2D limited solve (docs/performance.md). So are its half
// angle's (the swing-twist solves' rim swing and twist ends). Reads and converts as the float it
// holds, in radians.

#include <cmath>

#include "core/math/rot2.hpp"

namespace marionette {

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
    // The half angle's, of the angle within a half turn either way (rot2_within_quarter of
    // half the angle clamped to [-pi, pi]).
    constexpr float half_cos() const { return half_.c; }
    constexpr float half_sin() const { return half_.s; }

private:
    constexpr LimitAngle(float radians, float cos, float sin) : radians_(radians), cos_(cos), sin_(sin), half_(half_of(radians)) {}
    static constexpr Rot2 half_of(float radians) {
        constexpr float kHalfTurn = 3.14159265f;
        return rot2_within_quarter(0.5f * (radians < -kHalfTurn ? -kHalfTurn : (radians > kHalfTurn ? kHalfTurn : radians)));
    }

    float radians_ = 0.0f;
    float cos_ = 1.0f;
    float sin_ = 0.0f;
    Rot2 half_;
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
