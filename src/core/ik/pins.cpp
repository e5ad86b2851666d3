#include "core/ik/pins.hpp"

#include <algorithm>
#include <vector>

#include "core/ik/ik_solve.hpp"
#include "core/ik/two_bone/two_bone_batch.hpp"

namespace marionette {

namespace {

// For each chain, whether its solve and another's could see each other: they share a bone, or a
// bone of one lies on the other's root's path up to the skeleton's root (solving the one moves
// the frame the other is solved in). The others commute with every chain: they may be solved
// in any order, together. A chain whose bones do not make a path counts as dependent (its solve
// reports the error and it is skipped).
std::vector<bool> dependent_chains(const Skeleton& skeleton, const std::vector<const IkChain*>& chains) {
    const int bone_count = static_cast<int>(skeleton.size());
    std::vector<bool> dependent(chains.size(), false);
    std::vector<int> chain_of(skeleton.size(), -1);
    auto parent = [&](int b) { return skeleton[static_cast<std::size_t>(b)].parent; };
    for (std::size_t c = 0; c < chains.size(); ++c) {
        const IkChain& chain = *chains[c];
        if (chain.root < 0 || chain.root >= bone_count || chain.effector < 0 || chain.effector >= bone_count ||
            !skeleton.is_ancestor_or_self(chain.root, chain.effector)) {
            dependent[c] = true;
            continue;
        }
        for (int b = chain.effector;; b = parent(b)) {
            int& owner = chain_of[static_cast<std::size_t>(b)];
            if (owner >= 0) dependent[c] = dependent[static_cast<std::size_t>(owner)] = true;
            owner = static_cast<int>(c);
            if (b == chain.root) break;
        }
    }
    for (std::size_t c = 0; c < chains.size(); ++c) {
        const int root = chains[c]->root;
        if (root < 0 || root >= bone_count) continue;
        for (int b = parent(root); b >= 0; b = parent(b)) {
            if (const int owner = chain_of[static_cast<std::size_t>(b)]; owner >= 0) {
                dependent[c] = dependent[static_cast<std::size_t>(owner)] = true;
            }
        }
    }
    return dependent;
}

}  // namespace

int hold_pins(const Rig& rig, Pose& pose, std::span<const int> moved) {
    std::vector<const IkChain*> held;
    for (const IkChain& chain : rig.chains) {
        if (!chain.pin || chain.mix < 1.0f) continue;  // below a mix of 1 the pin is a target to snap to
        // A moved bone is in the chain when it lies on the path from the root down to the effector.
        const bool touched = std::any_of(moved.begin(), moved.end(), [&](int b) {
            return rig.skeleton.is_ancestor_or_self(chain.root, b) && rig.skeleton.is_ancestor_or_self(b, chain.effector);
        });
        if (!touched) held.push_back(&chain);
    }

    // Two-bone chains that commute with every other held chain are solved together, a limb per
    // SIMD lane; the rest one by one in the rig's chain order, which matters only among them.
    const std::size_t two_bone_count = static_cast<std::size_t>(
        std::count_if(held.begin(), held.end(), [](const IkChain* c) { return c->solver == SolverKind::TwoBone; }));
    std::vector<const IkChain*> one_by_one, together;
    if (two_bone_count >= 2) {
        const std::vector<bool> dependent = dependent_chains(rig.skeleton, held);
        for (std::size_t c = 0; c < held.size(); ++c) {
            const IkChain& chain = *held[c];
            if (chain.solver == SolverKind::TwoBone && !dependent[c]) {
                together.push_back(&chain);
            } else {
                one_by_one.push_back(&chain);
            }
        }
    } else {
        one_by_one = held;
    }

    int solved = 0;
    if (!together.empty()) {
        std::vector<TwoBoneLimb> limbs;
        for (const IkChain* chain : together) limbs.push_back({chain->root, chain->effector, *chain->pin, chain->two_bone, 0.0f});
        std::vector<IkResult> results(limbs.size());
        const TwoBoneBatchJob batch{&rig.skeleton, rig.dimensions, limbs, &pose, results};
        if (batch.validate()) {
            batch.run();
            solved += static_cast<int>(limbs.size());
        } else {
            // A limb the solver refuses: one by one, which skips just that chain.
            one_by_one.insert(one_by_one.begin(), together.begin(), together.end());
        }
    }
    for (const IkChain* chain : one_by_one) {
        if (solve_chain(rig, *chain, *chain->pin, pose)) ++solved;
    }
    return solved;
}

}  // namespace marionette
