// Edits of an IK chain's solver and settings, with the loader's ranges.

#include <cmath>

#include "core/ik/chain_rules.hpp"
#include "core/ik/pins.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Status check_uses(const Rig& rig, int chain, SolverKind solver) {
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    if (c.solver != solver) {
        return Error{chain_label(rig, chain) + " uses the " + solver_name(c.solver) + " solver: its " + solver_name(solver) +
                     " settings would not be saved (switch the solver first)"};
    }
    return {};
}

}  // namespace

Result<Rig> set_chain_solver(const Rig& rig, int chain, SolverKind solver) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    if (solver == SolverKind::TwoBone) {
        const std::size_t bones = chain_bones(rig.skeleton, c.root, c.effector).size();
        if (bones != 2) {
            return Error{chain_label(rig, chain) + " has " + std::to_string(bones) +
                         " bones: the two_bone solver needs exactly two (root and its child as effector)"};
        }
    }
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].solver = solver;
    return out;
}

Result<Rig> set_chain_settings(const Rig& rig, int chain, const CcdSettings& settings) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (Status s = check_uses(rig, chain, SolverKind::Ccd); !s) return Error{s.message()};
    const std::string what = "settings of " + chain_label(rig, chain);
    if (auto problem = iterations_problem(settings.max_iterations)) {
        return Error{what + ": iterations " + *problem + ", got " + std::to_string(settings.max_iterations)};
    }
    if (auto problem = tolerance_problem(settings.tolerance)) {
        return Error{what + ": tolerance " + *problem + ", got " + number_text(settings.tolerance)};
    }
    if (auto problem = max_step_problem(settings.max_step)) {
        return Error{what + ": max_step " + *problem + ", got " + number_text(settings.max_step / kPi * 180.0f) + " degrees"};
    }
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].ccd = settings;
    return out;
}

Result<Rig> set_chain_settings(const Rig& rig, int chain, const TwoBoneSettings& settings) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (Status s = check_uses(rig, chain, SolverKind::TwoBone); !s) return Error{s.message()};
    const std::string what = "settings of " + chain_label(rig, chain);
    if (auto problem = bend_problem(settings.bend)) {
        return Error{what + ": bend " + *problem + ", got " + std::to_string(settings.bend)};
    }
    if (!rig.is_2d() && settings.bend != 1) {
        return Error{what + ": bend is for 2D chains; a 3D chain bends toward its pole"};
    }
    if (settings.pole) {
        if (rig.is_2d()) return Error{what + ": pole is for 3D chains; a 2D chain chooses its side with bend"};
        if (!is_finite(*settings.pole)) {
            return Error{what + ": every component of the pole must be a finite number"};
        }
        if (Result<glm::vec3> pole = checked_position(rig, *settings.pole, what + ": pole"); !pole) return Error{pole.message()};
    }
    if (auto problem = softness_problem(settings.softness)) {
        return Error{what + ": softness " + *problem + ", got " + number_text(settings.softness)};
    }
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].two_bone = settings;
    return out;
}

Result<Rig> set_chain_mix(const Rig& rig, int chain, float mix) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (auto problem = mix_problem(mix)) return Error{"mix of " + chain_label(rig, chain) + " " + *problem + ", got " + number_text(mix)};
    // The bones stay where they are whatever the mix (a slider dragged through 1 and back
    // leaves nothing behind); a pin holds its chain again from the next drag step on.
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].mix = mix;
    return out;
}

namespace {

Result<Rig> with_pin(const Rig& rig, int chain, const glm::vec3& pin) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    glm::vec3 p = pin;
    if (rig.is_2d()) p.z = 0.0f;  // a 2D pin lies in the plane whatever depth the view gave it
    Result<glm::vec3> checked = checked_position(rig, p, "pin of " + chain_label(rig, chain));
    if (!checked) return Error{checked.message()};
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].pin = checked.value();
    return out;
}

}  // namespace

Result<Rig> set_chain_pin(const Rig& rig, int chain, const glm::vec3& pin) {
    Result<Rig> out = with_pin(rig, chain, pin);
    if (!out) return out;
    // The chain bends to hold its new pin (and pinned chains below it keep theirs).
    hold_pins(out.value(), out.value().pose, {});
    return out;
}

Result<Rig> set_chain_pinned(const Rig& rig, int chain, bool pinned) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (!pinned) {
        Rig out = rig;
        out.chains[static_cast<std::size_t>(chain)].pin.reset();
        return out;
    }
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return Error{"pin of " + chain_label(rig, chain) + ": " + world.message()};
    const auto e = static_cast<std::size_t>(rig.chains[static_cast<std::size_t>(chain)].effector);
    return with_pin(rig, chain, bone_tip(world.value()[e], posed_length(rig.skeleton, rig.pose, e)));
}

}  // namespace marionette
