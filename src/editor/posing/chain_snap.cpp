#include "editor/posing/chain_snap.hpp"

#include <optional>

#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

using namespace edit_checks;

int chain_through(const Rig& rig, int bone) {
    if (const int c = rig.chain_ending_at(bone); c >= 0) return c;
    for (std::size_t i = 0; i < rig.chains.size(); ++i) {
        const IkChain& c = rig.chains[i];
        if (bone >= 0 && rig.skeleton.is_ancestor_or_self(c.root, bone) && rig.skeleton.is_ancestor_or_self(bone, c.effector)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

Result<Rig> pose_chain_by_ik(const Rig& rig, int chain) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{s.message()};
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    if (!c.pin) return Error{"IK to FK: " + chain_label(rig, chain) + " has no pin, so no IK target to take the pose from (pin it first)"};
    Rig out = rig;
    Result<IkResult> solved = solve_chain(out, c, *c.pin, out.pose);
    if (!solved) return Error{"IK to FK: " + solved.message()};
    hold_pins(out, out.pose, chain_bones(out.skeleton, c.root, c.effector));
    return out;
}

namespace {

// Where a 3D two-bone limb's pole goes to keep the bend FK gives it: out from the middle joint,
// away from the line root to tip, by the limb's length (far enough that rounding does not tip
// the bend plane). None for a straight limb, which has no side to bend toward.
std::optional<glm::vec3> pole_of_bend(const glm::vec3& root, const glm::vec3& middle, const glm::vec3& tip) {
    const float reach = glm::length(middle - root) + glm::length(tip - middle);
    const glm::vec3 aim = tip - root;
    const float aim_length = glm::length(aim);
    if (!(aim_length > 0.0f) || !(reach > 0.0f)) return std::nullopt;
    const glm::vec3 along = aim / aim_length;
    const glm::vec3 off = (middle - root) - glm::dot(middle - root, along) * along;
    if (!(glm::length(off) > 1e-4f * reach)) return std::nullopt;
    return middle + glm::normalize(off) * reach;
}

}  // namespace

Result<Rig> pin_chain_at_fk(const Rig& rig, int chain) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return Error{"FK to IK: " + world.message()};
    const auto e = static_cast<std::size_t>(c.effector);
    const glm::vec3 tip = bone_tip(world.value()[e], posed_length(rig.skeleton, rig.pose, e));
    Rig with_pole = rig;
    if (rig.is_2d() && c.solver == SolverKind::TwoBone) {
        // The side the knee bends to now, or IK would solve the limb bent the other way.
        const glm::vec3 root = world.value()[static_cast<std::size_t>(c.root)].translation;
        const glm::vec3 middle = world.value()[e].translation;
        const float turn = glm::cross(middle - root, tip - middle).z;
        const int bend = turn > 0.0f ? 1 : turn < 0.0f ? -1 : c.two_bone.bend;
        if (bend != c.two_bone.bend) {
            TwoBoneSettings settings = c.two_bone;
            settings.bend = bend;
            Result<Rig> bent = set_chain_settings(rig, chain, settings);
            if (!bent) return Error{"FK to IK: " + bent.message()};
            with_pole = std::move(bent).value();
        }
    } else if (!rig.is_2d() && c.solver == SolverKind::TwoBone) {
        // The pole first: pinning solves the chain, which must bend toward the new pole.
        const glm::vec3 root = world.value()[static_cast<std::size_t>(c.root)].translation;
        if (const std::optional<glm::vec3> pole = pole_of_bend(root, world.value()[e].translation, tip)) {
            TwoBoneSettings settings = c.two_bone;
            settings.pole = *pole;
            Result<Rig> posed = set_chain_settings(rig, chain, settings);
            if (!posed) return Error{"FK to IK: " + posed.message()};
            with_pole = std::move(posed).value();
        }
    }
    Result<Rig> out = set_chain_pin(with_pole, chain, tip);
    if (!out) return Error{"FK to IK: " + out.message()};
    return out;
}

}  // namespace marionette
