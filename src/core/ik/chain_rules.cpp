#include "core/ik/chain_rules.hpp"

#include <cmath>

#include "core/math/rotation_math.hpp"

namespace marionette {

std::optional<std::string> iterations_problem(long long iterations) {
    if (iterations < kMinIterations || iterations > kMaxIterations) {
        return "must be between " + std::to_string(kMinIterations) + " and " + std::to_string(kMaxIterations);
    }
    return std::nullopt;
}

std::optional<std::string> tolerance_problem(float tolerance) {
    if (!std::isfinite(tolerance) || !(tolerance > 0.0f)) return std::string("must be a finite number > 0");
    return std::nullopt;
}

std::optional<std::string> max_step_problem(float radians) {
    if (!(radians > 0.0f && radians <= kPi)) return "must be more than 0 and at most " + std::to_string(kMaxStepDegrees) + " degrees";
    return std::nullopt;
}

std::optional<std::string> softness_problem(float softness) {
    if (!(softness >= kMinSoftness && softness <= kMaxSoftness)) return std::string("must be between 0 and 1");
    return std::nullopt;
}

std::optional<std::string> mix_problem(float mix) {
    if (!(mix >= kMinMix && mix <= kMaxMix)) return std::string("must be between 0 and 1");
    return std::nullopt;
}

std::optional<std::string> bend_problem(long long bend) {
    if (bend != 1 && bend != -1) return std::string("must be 1 or -1");
    return std::nullopt;
}

}  // namespace marionette
