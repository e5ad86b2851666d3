#include "core/ik/ik_solve.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"

namespace marionette {

Result<IkResult> solve_chain(const Rig& rig, const IkChain& chain, const glm::vec3& target, Pose& pose, const SolveOverrides& overrides,
                             std::span<const Transform> world) {
    if (!(overrides.keep_side >= 0.0f) || !std::isfinite(overrides.keep_side)) {
        return Error{"chain \"" + chain.name + "\": keep_side is not a finite distance >= 0"};
    }
    const SolverKind kind = overrides.solver.value_or(chain.solver);
    const Transform* parent_frame = nullptr;
    if (world.size() == rig.skeleton.size() && chain.root >= 0 && static_cast<std::size_t>(chain.root) < world.size()) {
        const int parent = rig.skeleton[static_cast<std::size_t>(chain.root)].parent;
        if (parent >= 0 && parent < chain.root) parent_frame = &world[static_cast<std::size_t>(parent)];
    }
    if (kind == SolverKind::TwoBone) {
        const TwoBoneJob job{&rig.skeleton,  rig.dimensions, chain.root, chain.effector, target,
                             chain.two_bone, 0.0f,           &pose,      parent_frame,   overrides.keep_side};
        if (Status s = job.validate(); !s) return Error{"chain \"" + chain.name + "\": " + s.message()};
        return job.run();
    }
    CcdSettings settings = chain.ccd;
    if (overrides.max_iterations) settings.max_iterations = *overrides.max_iterations;
    if (overrides.tolerance) settings.tolerance = *overrides.tolerance;
    std::vector<CcdJoint> scratch(chain_length(rig.skeleton, chain.root, chain.effector));
    const CcdJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, target, settings, scratch, &pose, parent_frame};
    if (Status s = job.validate(); !s) return Error{"chain \"" + chain.name + "\": " + s.message()};
    const IkResult solved = job.run();
    if (solved.reached) return solved;
    // A joint held at its limit can keep CCD in a local minimum while the target is reachable
    // another way (an arm pinned at its shoulder limit while the body could turn). A solve from
    // the rest pose does not remember how the chain got there: its answer is taken when it is
    // closer by more than the tolerance (or the caller's keep_side: a drag keeps the side the chain
    // is on while it misses by at most that much more), so a drag never misses by much more than a
    // fresh solve would and leaves a minimum once another way reaches closer, not after a long
    // stuck stretch.
    const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
    std::vector<glm::quat> kept;
    kept.reserve(bones.size());
    for (const int b : bones) {
        glm::quat& q = pose.rotations[static_cast<std::size_t>(b)];
        kept.push_back(q);
        q = glm::quat{1.0f, 0.0f, 0.0f, 0.0f};
    }
    const IkResult fresh = job.run();
    if (fresh.error < solved.error - std::max(settings.tolerance, overrides.keep_side)) return fresh;
    for (std::size_t i = 0; i < bones.size(); ++i) pose.rotations[static_cast<std::size_t>(bones[i])] = kept[i];
    return solved;
}

}  // namespace marionette
