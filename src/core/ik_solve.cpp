#include "core/ik_solve.hpp"

#include <vector>

#include "core/ccd_solver.hpp"
#include "core/two_bone_solver.hpp"

namespace marionette {

Result<IkResult> solve_chain(const Rig& rig, const IkChain& chain, const glm::vec3& target, Pose& pose,
                             const SolveOverrides& overrides) {
    const SolverKind kind = overrides.solver.value_or(chain.solver);
    if (kind == SolverKind::TwoBone) {
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, target, chain.two_bone, 0.0f, &pose};
        if (Status s = job.validate(); !s) return Error{"chain \"" + chain.name + "\": " + s.message()};
        return job.run();
    }
    CcdSettings settings = chain.ccd;
    if (overrides.max_iterations) settings.max_iterations = *overrides.max_iterations;
    if (overrides.tolerance) settings.tolerance = *overrides.tolerance;
    std::vector<CcdJoint> scratch(chain_length(rig.skeleton, chain.root, chain.effector));
    const CcdJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, target, settings, scratch, &pose};
    if (Status s = job.validate(); !s) return Error{"chain \"" + chain.name + "\": " + s.message()};
    return job.run();
}

}  // namespace marionette
