#pragma once
// What holds for every rig the loader returns, and the difference between two rigs. Shared by
// the rig loader fuzz target and the tests that replay its corpus: each returns the first
// problem it finds as a sentence, or nothing.

#include <optional>
#include <string>

#include "core/rig/rig.hpp"

namespace marionette::fuzzing {

using Violation = std::optional<std::string>;

// Every field within the ranges docs/rig-format.md gives and every index pointing where it
// should: what the rest of the program relies on without checking again.
Violation check_rig_structure(const Rig& rig);

// The first field in which `b` differs from `a`, beyond what one save and reload may change
// (2D angles go through a 1e-4 degree grid, directions are renormalized).
Violation rig_difference(const Rig& a, const Rig& b);

// Whether q is a finite rotation of unit length (within `tolerance`).
bool is_unit_rotation(const glm::quat& q, float tolerance = 1e-5f);

}  // namespace marionette::fuzzing
