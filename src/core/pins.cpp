#include "core/pins.hpp"

#include <algorithm>

#include "core/ik_solve.hpp"

namespace marionette {

int hold_pins(const Rig& rig, Pose& pose, std::span<const int> moved) {
    int solved = 0;
    for (const IkChain& chain : rig.chains) {
        if (!chain.pin) continue;
        const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
        const bool touched = std::any_of(bones.begin(), bones.end(), [&](int b) {
            return std::find(moved.begin(), moved.end(), b) != moved.end();
        });
        if (touched) continue;
        if (solve_chain(rig, chain, *chain.pin, pose)) ++solved;
    }
    return solved;
}

}  // namespace marionette
