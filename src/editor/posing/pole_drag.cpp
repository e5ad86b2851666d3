#include "editor/posing/pole_drag.hpp"

#include "core/ik/chain_mix.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

Result<PoleDrag> PoleDrag::start(const Rig& rig, int chain, const glm::vec3& grab) {
    if (chain < 0 || chain >= static_cast<int>(rig.chains.size())) return Error{"pole drag: no chain " + std::to_string(chain)};
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    if (rig.is_2d() || c.solver != SolverKind::TwoBone || !c.two_bone.pole) {
        return Error{"pole drag: chain \"" + c.name + "\" has no pole (only 3D two-bone chains have one)"};
    }
    if (!is_finite(grab)) return Error{"pole drag: the grab point is not finite"};
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return Error{"pole drag: " + world.message()};
    PoleDrag d;
    d.chain_ = chain;
    d.bones_ = chain_bones(rig.skeleton, c.root, c.effector);
    d.pole_ = *c.two_bone.pole;
    d.grab_ = grab;
    const auto e = static_cast<std::size_t>(c.effector);
    // A pin below a mix of 1 does not hold the chain: the hand stays where it is.
    d.target_ = c.pin && c.mix >= 1.0f ? *c.pin : bone_tip(world.value()[e], posed_length(rig.skeleton, rig.pose, e));
    d.fk_ = rotations_of(d.bones_, rig.pose);
    return d;
}

Result<IkResult> PoleDrag::drag(Rig& rig, const glm::vec3& cursor) const {
    if (chain_ < 0 || chain_ >= static_cast<int>(rig.chains.size())) return Error{"pole drag: the chain is gone"};
    if (!is_finite(cursor)) return Error{"pole drag: the cursor is not finite"};
    IkChain& c = rig.chains[static_cast<std::size_t>(chain_)];
    c.two_bone.pole = pole_ + (cursor - grab_);
    // Moving the pole only turns the bend plane: the hand keeps its reach. Softness would pull a
    // nearly straight arm back from where it is, so it is left out of this solve.
    IkChain swing = c;
    swing.two_bone.softness = 0.0f;
    Result<IkResult> r = solve_chain(rig, swing, target_, rig.pose);
    if (!r) return r;
    // The swing is IK's: the chain takes its mix of it, from where it was when the drag began.
    mix_with_fk(bones_, fk_, c.mix, rig.pose);
    hold_pins(rig, rig.pose, bones_);
    return r;
}

}  // namespace marionette
