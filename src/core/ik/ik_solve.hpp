#pragma once
// Solving one of a rig's IK chains toward a target: what the editor calls every frame of a drag
// and what `marionette --pose` calls once. It picks the chain's solver and settings, owns the
// scratch memory, and runs the job. The jobs themselves are ccd_solver.hpp and two_bone_solver.hpp.

#include <optional>
#include <span>

#include "core/base/result.hpp"
#include "core/ik/ik_result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SolveOverrides {
    std::optional<SolverKind> solver;   // instead of the chain's own
    std::optional<int> max_iterations;  // CCD only
    std::optional<float> tolerance;     // CCD only, > 0
    // A chain out of reach keeps the side it is on while it misses by at most this much more
    // than another would (a distance; TwoBoneJob::keep_side; CCD: a fresh solve from rest).
    float keep_side = 0.0f;
};

// Solves `chain` toward `target` (world space; z is ignored in a 2D rig), starting from `pose`
// and writing the result into it. Only the chain's bones change. An invalid request (bad chain,
// non-finite target, two-bone on a chain that is not two bones) returns an error and leaves
// `pose` untouched. `world`, when given (one frame a bone), is forward kinematics of `pose` at
// least for the chain root's ancestors (the frame's, when no solve since moved them): the chain
// is placed from it instead of by a walk up the rig (chain_placement.hpp).
Result<IkResult> solve_chain(const Rig& rig, const IkChain& chain, const glm::vec3& target, Pose& pose,
                             const SolveOverrides& overrides = {}, std::span<const Transform> world = {});

}  // namespace marionette
