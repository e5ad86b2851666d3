#pragma once
// Degrees in files, radians in memory. Both directions go through double and through these two
// functions only, so an angle written and read back is the same float, not a float nearby.

#include <cstdio>
#include <cstdlib>

namespace marionette {

inline constexpr double kPiDouble = 3.14159265358979323846;

// The largest angle a file gives (channel bases and amplitudes, the camera's yaw): a hundred
// turns either way; past it a number is a typo, and a float no longer holds a degree's detail.
inline constexpr int kMaxFileDegrees = 36000;

inline float degrees_to_radians(double degrees) { return static_cast<float>(degrees * (kPiDouble / 180.0)); }

// The shortest decimal number of degrees that reads back (through degrees_to_radians) as
// exactly `radians`: 12.5, not 12.499999.
inline double radians_to_degrees(float radians) {
    const double exact = static_cast<double>(radians) * (180.0 / kPiDouble);
    char text[40];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, exact);
        const double candidate = std::strtod(text, nullptr);
        if (degrees_to_radians(candidate) == radians) return candidate;
    }
    return exact;
}

}  // namespace marionette
