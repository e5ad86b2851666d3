#pragma once
// The rules an IK chain's settings follow, written once: the rig reader, the chain edits, the
// command line, the inspector's widgets and the solver jobs all take them from here. Each check
// gives what is wrong ("must be between 1 and 10000"), for the caller to put after the place.

#include <optional>
#include <string>

namespace marionette {

inline constexpr int kMinIterations = 1;
inline constexpr int kMaxIterations = 10000;
inline constexpr float kMinSoftness = 0.0f;
inline constexpr float kMaxSoftness = 1.0f;
// A chain's mix: how much of IK's answer its bones take (0: none, FK alone; 1: all of it).
inline constexpr float kMinMix = 0.0f;
inline constexpr float kMaxMix = 1.0f;
// A CCD step's largest turn per joint, degrees: more than 0, at most a half turn.
inline constexpr int kMaxStepDegrees = 180;

std::optional<std::string> iterations_problem(long long iterations);
std::optional<std::string> tolerance_problem(float tolerance);
std::optional<std::string> max_step_problem(float radians);
std::optional<std::string> softness_problem(float softness);
std::optional<std::string> mix_problem(float mix);
std::optional<std::string> bend_problem(long long bend);

}  // namespace marionette
