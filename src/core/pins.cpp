#include "core/pins.hpp"

#include <algorithm>

#include "core/ik_solve.hpp"

namespace marionette {

int hold_pins(const Rig& rig, Pose& pose, std::span<const int> moved) {
    int solved = 0;
    for (const IkChain& chain : rig.chains) {
        if (!chain.pin) continue;
        // A moved bone is in the chain when it lies on the path from the root down to the effector.
        const bool touched = std::any_of(moved.begin(), moved.end(), [&](int b) {
            return rig.skeleton.is_ancestor_or_self(chain.root, b) && rig.skeleton.is_ancestor_or_self(b, chain.effector);
        });
        if (touched) continue;
        if (solve_chain(rig, chain, *chain.pin, pose)) ++solved;
    }
    return solved;
}

}  // namespace marionette
