#include "editor/posing/ik_drag.hpp"

#include "core/ik/chain_mix.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/posing/limb_swing.hpp"

namespace marionette {

IkChain drag_chain_for(const Rig& rig, int bone, int auto_length) {
    if (const int c = rig.chain_ending_at(bone); c >= 0) return rig.chains[static_cast<std::size_t>(c)];
    IkChain chain;
    chain.name = kAutoChainName;
    chain.effector = bone;
    chain.root = bone;
    for (int i = 0; i < auto_length && rig.skeleton[static_cast<std::size_t>(chain.root)].parent >= 0; ++i) {
        chain.root = rig.skeleton[static_cast<std::size_t>(chain.root)].parent;
    }
    chain.solver = SolverKind::Ccd;
    return chain;
}

Result<IkDrag> IkDrag::start(const Rig& rig, const Pose& pose, IkChain chain, const glm::vec3& grab) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
    if (!world) return Error{"ik drag: " + world.message()};
    const int n = static_cast<int>(rig.skeleton.size());
    if (chain.effector < 0 || chain.effector >= n || chain.root < 0 || chain.root >= n) {
        return Error{"ik drag: the chain's bones are not in the rig"};
    }
    const auto e = static_cast<std::size_t>(chain.effector);
    const glm::vec3 tip = bone_tip(world.value()[e], posed_length(rig.skeleton, pose, e));
    if (chain.solver == SolverKind::TwoBone && !rig.is_2d() && !chain.two_bone.pole) {
        chain.two_bone.pole = world.value()[e].translation;  // the middle joint, where it is now
    }
    IkDrag d;
    d.bones_ = chain_bones(rig.skeleton, chain.root, chain.effector);
    if (d.bones_.empty()) return Error{"ik drag: chain \"" + chain.name + "\" does not run down a parent path"};
    glm::vec3 g = grab;
    if (rig.is_2d()) g.z = 0.0f;
    // A pin held (at a mix of 1) is where the target starts; one that is not moves along with
    // the tip, which starts under the grab.
    d.target_ = chain.pin && chain.mix >= 1.0f ? *chain.pin : tip;
    d.pin_offset_ = chain.pin ? *chain.pin - d.target_ : glm::vec3{0.0f};
    d.offset_ = d.target_ - g;
    d.reach_ = chain_reach(rig.skeleton, pose, chain.root, chain.effector);
    d.chain_ = std::move(chain);
    d.fk_ = rotations_of(d.bones_, pose);
    return d;
}

Result<IkResult> IkDrag::drag(Rig& rig, const glm::vec3& cursor, float precision) {
    Result<IkResult> r = move(rig, rig.pose, cursor, precision);
    if (!r) return r;
    hold_pins_after_move(rig);
    return r;
}

void IkDrag::hold_pins_after_move(Rig& rig) {
    if (chain_.pin) {
        chain_.pin = target_ + pin_offset_;
        if (const int i = rig.find_chain(chain_.name); i >= 0) rig.chains[static_cast<std::size_t>(i)].pin = chain_.pin;
    }
    hold_pins(rig, rig.pose, bones_);
}

bool IkDrag::settle(Rig& rig) {
    if (!swinging_) return false;
    swinging_ = !turn_toward(rig, rig.pose, bones_, aim_, kSwingStepRadians);
    hold_pins_after_move(rig);
    return swinging_;
}

void IkDrag::finish(Rig& rig) {
    if (!swinging_) return;
    for (std::size_t i = 0; i < bones_.size() && i < aim_.size(); ++i) rig.pose.rotations[static_cast<std::size_t>(bones_[i])] = aim_[i];
    swinging_ = false;
    hold_pins_after_move(rig);
}

Result<IkDrag> IkDrag::with_chain(const Rig& rig, const Pose& pose, IkChain chain) const {
    Result<IkDrag> d = start(rig, pose, std::move(chain), cursor());
    if (!d) return d;
    d.value().offset_ = offset_;
    d.value().target_ = target_;
    d.value().pin_offset_ = pin_offset_;
    return d;
}

Result<IkResult> IkDrag::move(const Rig& rig, Pose& pose, const glm::vec3& cursor, float precision) {
    const glm::vec3 before = target_;
    target_ = cursor + offset_;
    if (rig.is_2d()) target_.z = 0.0f;
    SolveOverrides overrides;
    overrides.keep_side = kKeepSideOfReach * reach_;
    if (precision > 0.0f && chain_.solver == SolverKind::Ccd && precision < chain_.ccd.tolerance) overrides.tolerance = precision;
    // Solved from where the last solve left the chain, not from the swing shown on the way there.
    Pose solved = pose;
    if (solved_.size() == bones_.size()) {
        for (std::size_t i = 0; i < bones_.size(); ++i) solved.rotations[static_cast<std::size_t>(bones_[i])] = solved_[i];
    }
    Result<IkResult> r = solve_chain(rig, chain_, target_, solved, overrides);
    if (!r) return r;
    solved_.resize(bones_.size());
    for (std::size_t i = 0; i < bones_.size(); ++i) solved_[i] = solved.rotations[static_cast<std::size_t>(bones_[i])];
    mix_with_fk(bones_, fk_, chain_.mix, solved);
    aim_.resize(bones_.size());
    for (std::size_t i = 0; i < bones_.size(); ++i) aim_[i] = solved.rotations[static_cast<std::size_t>(bones_[i])];
    const glm::vec3 joint =
        parent_world(rig.skeleton, pose, chain_.root).apply(local_translation(rig.skeleton, pose, static_cast<std::size_t>(chain_.root)));
    softened_ = false;
    if (chain_.solver == SolverKind::TwoBone && chain_.two_bone.softness > 0.0f && !r.value().reached) {
        // A soft limb's tip stops short of a target near full reach by design: the goal
        // distance the softness gives, on the line to the target.
        const float distance = glm::length(target_ - joint);
        const float lower = chain_reach(rig.skeleton, pose, chain_.effector, chain_.effector);
        const float goal = two_bone_goal_distance(distance, reach_ - lower, lower, chain_.two_bone.softness);
        softened_ = distance <= reach_ && r.value().error <= distance - goal + reach_tolerance(0.0f, reach_);
    }
    const float allowed = follow_allowance(joint, before, target_);
    swinging_ = !turn_toward(rig, pose, bones_, aim_, allowed);
    return r;
}

}  // namespace marionette
