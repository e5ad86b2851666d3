#include "core/ik/solve_extent.hpp"

#include <cmath>
#include <string>

#include "core/base/extents.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// Compared component by component: squaring for a length could overflow for the very inputs
// this is meant to refuse.
bool within(const glm::vec3& p) {
    const float m = kMaxSolveDistance;
    return std::fabs(p.x) <= m && std::fabs(p.y) <= m && std::fabs(p.z) <= m;
}

}  // namespace

Status check_solve_extent(const char* solver, const Skeleton& skeleton, const Pose& pose, int root, int effector, const Transform& parent,
                          const glm::vec3& target, const std::optional<glm::vec3>& pole) {
    const std::string limit = " has a coordinate beyond +-1e9, more than the solver computes with";
    if (!within(target)) return Error{std::string(solver) + ": the target" + limit};
    if (pole && !within(*pole)) return Error{std::string(solver) + ": the pole" + limit};
    // The solve works in the root's parent frame: a frame placed far out (a parent 2e12 along,
    // the root turned back from there onto the origin) leaves the target, subtracted from it,
    // nothing of its digits at the chain's size (found by fuzzing: a miss of 0.25 reported as 0).
    const glm::vec3 local = local_transform(skeleton, pose, static_cast<std::size_t>(root)).translation;
    if (!within(parent.apply(local))) return Error{std::string(solver) + ": the chain's root joint" + limit};
    if (!within(parent.translation)) return Error{std::string(solver) + ": the chain's parent joint" + limit};
    if (!within(local)) return Error{std::string(solver) + ": the chain's root joint, from its parent's," + limit};
    if (!(chain_reach(skeleton, pose, root, effector) <= kMaxSolveDistance)) {  // inf when huge: refused
        return Error{std::string(solver) + ": the chain reaches farther than 1e9, more than the solver computes with"};
    }
    return {};
}

}  // namespace marionette
