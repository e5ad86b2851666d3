#include "core/ik/chain_placement.hpp"

#include <string>

#include "core/rig/forward_kinematics.hpp"

namespace marionette {

Transform chain_parent_frame(const Skeleton& skeleton, const Pose& pose, int root, const Transform* given) {
    if (given && skeleton[static_cast<std::size_t>(root)].parent >= 0) return *given;
    return parent_world(skeleton, pose, root);
}

Status check_chain_order(const char* solver, const Skeleton& skeleton, int root, int effector, const Transform* given) {
    if (!skeleton.is_path_parent_before_child(effector, given ? root : -1)) {
        return Error{std::string(solver) + ": bones are not parent-before-child"};
    }
    return {};
}

}  // namespace marionette
