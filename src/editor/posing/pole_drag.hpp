#pragma once
// Dragging a 3D two-bone chain's pole handle: the pole follows the cursor and the limb swings
// its bend plane toward it while the hand stays where it was (at its pin, if pinned).

#include <vector>

#include "core/base/result.hpp"
#include "core/ik/ik_result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class PoleDrag {
public:
    // Starts moving the pole of `rig.chains[chain]` (a 3D two-bone chain with a pole) from
    // `grab`, a world point on the view plane through the pole.
    static Result<PoleDrag> start(const Rig& rig, int chain, const glm::vec3& grab);

    // Moves the pole by the cursor's motion since the start, solves the chain toward its
    // target with the new pole, and lets the other pinned chains hold.
    Result<IkResult> drag(Rig& rig, const glm::vec3& cursor) const;

    int chain() const { return chain_; }
    const glm::vec3& pole_at_start() const { return pole_; }

private:
    PoleDrag() = default;
    int chain_ = -1;
    std::vector<int> bones_;
    glm::vec3 pole_{0.0f};  // at the start
    glm::vec3 grab_{0.0f};
    glm::vec3 target_{0.0f};     // the effector's pin (held at a mix of 1), or its tip at the start
    std::vector<glm::quat> fk_;  // the chain's rotations at the start, which its mix keeps some of
};

}  // namespace marionette
