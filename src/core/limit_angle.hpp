#pragma once
// A joint limit's angle with its cosine and sine worked out once, when it is set: the limited
// two-bone solves read a joint's range ends as unit complex numbers on every call, and working
// them out there (four sincosf) cost a 2D limited solve about a fifth of its instructions
// (docs/performance.md). Reads and converts as the float it holds, in radians.

#include <cmath>

namespace marionette {

class LimitAngle {
public:
    LimitAngle() = default;
    // Implicit both ways: a limit is set, read and compared as a number of radians.
    LimitAngle(float radians) : radians_(radians), cos_(std::cos(radians)), sin_(std::sin(radians)) {}
    constexpr operator float() const { return radians_; }

    // The open side of a range (AngleRange's ends when a limit is not set): a half turn either
    // way, its cosine and sine as std::cos and std::sin give them (angle_arc_test checks it).
    static constexpr LimitAngle half_turn_below() { return {-3.14159265f, -1.0f, 8.74227766e-08f}; }
    static constexpr LimitAngle half_turn_above() { return {3.14159265f, -1.0f, -8.74227766e-08f}; }

    constexpr float radians() const { return radians_; }
    // The angle's cosine and sine, as std::cos and std::sin give them.
    constexpr float cos() const { return cos_; }
    constexpr float sin() const { return sin_; }

private:
    constexpr LimitAngle(float radians, float cos, float sin) : radians_(radians), cos_(cos), sin_(sin) {}

    float radians_ = 0.0f;
    float cos_ = 1.0f;
    float sin_ = 0.0f;
};

}  // namespace marionette
