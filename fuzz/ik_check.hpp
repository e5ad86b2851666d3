#pragma once
// The IK solvers' contract, checked on a decoded case (ik_case.hpp): validate() refuses with a
// message, changing nothing, or run() leaves every chain rotation finite and unit (2D: about z),
// every other bone as it was, every bone its length, every limited joint within its limits,
// reports the miss it really has, and does the same again from the same start (nothing read
// from stale scratch memory). validate() must accept every case within the documented domain.
// A two-bone case is also solved as a one-limb TwoBoneBatchJob, which must agree with TwoBoneJob.
//
// The fuzz target (ik_fuzz.cpp) aborts on a violation; the corpus replay test reports it.

#include <cstdint>
#include <span>

#include "core/ik/ik_result.hpp"
#include "fuzz/ik_case.hpp"
#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_ik_bytes(std::span<const std::uint8_t> bytes);
Violation check_ik_case(const IkCase& c);

// Whether the case lies in the domain the solvers document, which validate() must accept.
bool within_contract(const IkCase& c);

// The checks on one solve's outcome, on their own: `after` and `result` came from solving `c`.
Violation check_ik_solution(const IkCase& c, const Pose& after, const IkResult& result);

}  // namespace marionette::fuzzing
