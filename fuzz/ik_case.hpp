#pragma once
// An IK solve decoded from fuzz bytes: a rig with one chain (CCD or two-bone, 2D or 3D) and
// bones around it, a starting pose, a target, and the solver's settings. Lengths, offsets and
// targets range from zero and 1e-38 to 1e30 and beyond; targets, poles and settings may be NaN,
// infinite or out of range, which validate() has to refuse.
//
// Zero bytes, and running out of bytes, choose the ordinary: a free 2D CCD chain at rest, its
// target on the effector's tip. The decoding is part of what the corpus in tests/data/fuzz/ik/ means: change it and those
// files describe other cases (the bugs they found keep their own tests in tests/core).

#include <cstdint>
#include <span>
#include <string>

#include "core/rig/rig.hpp"

namespace marionette::fuzzing {

struct IkCase {
    Rig rig;  // rig.chains[0] is the chain solved; rig.pose the start
    glm::vec3 target{0.0f};
    float two_bone_tolerance = 0.0f;   // TwoBoneJob::tolerance (0: the solver's default)
    bool through_solve_chain = false;  // solve_chain() instead of the job directly
    float keep_side = 0.0f;            // TwoBoneJob::keep_side, SolveOverrides::keep_side
    std::string describe() const;      // one line per field, for a person reading a failure
};

IkCase decode_ik_case(std::span<const std::uint8_t> bytes);

}  // namespace marionette::fuzzing
