#include "core/ik/ik_chain.hpp"

#include <algorithm>

#include "core/rig/forward_kinematics.hpp"

namespace marionette {

const char* solver_name(SolverKind kind) {
    switch (kind) {
        case SolverKind::Ccd: return "ccd";
        case SolverKind::TwoBone: return "two_bone";
    }
    return "?";
}

std::vector<int> chain_bones(const Skeleton& skeleton, int root, int effector) {
    std::vector<int> bones;
    const int n = static_cast<int>(skeleton.size());
    if (root < 0 || root >= n || effector < 0 || effector >= n) return bones;
    if (!skeleton.is_ancestor_or_self(root, effector)) return bones;
    for (int b = effector; b != root; b = skeleton[static_cast<std::size_t>(b)].parent) bones.push_back(b);
    bones.push_back(root);
    std::reverse(bones.begin(), bones.end());
    return bones;
}

float chain_reach(const Skeleton& skeleton, const Pose& pose, int root, int effector) {
    float reach = posed_length(skeleton, pose, static_cast<std::size_t>(effector));
    for (int b = effector; b != root; b = skeleton[static_cast<std::size_t>(b)].parent) {
        reach += glm::length(local_translation(skeleton, pose, static_cast<std::size_t>(b)));
    }
    return reach;
}

}  // namespace marionette
