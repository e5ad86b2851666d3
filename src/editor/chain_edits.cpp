// Edits of an IK chain's solver and settings, with the loader's ranges.

#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/pins.hpp"
#include "core/rotation_math.hpp"
#include "editor/edit_checks.hpp"
#include "editor/edits.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Status check_uses(const Rig& rig, int chain, SolverKind solver) {
    const IkChain& c = rig.chains[static_cast<std::size_t>(chain)];
    if (c.solver != solver) {
        return Error{chain_label(rig, chain) + " uses the " + solver_name(c.solver) + " solver: its " +
                     solver_name(solver) + " settings would not be saved (switch the solver first)"};
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
    if (settings.max_iterations < 1 || settings.max_iterations > 10000) {
        return Error{what + ": iterations must be between 1 and 10000, got " + std::to_string(settings.max_iterations)};
    }
    if (!std::isfinite(settings.tolerance) || !(settings.tolerance > 0.0f)) {
        return Error{what + ": tolerance must be a finite number > 0, got " + number_text(settings.tolerance)};
    }
    if (!(settings.max_step > 0.0f && settings.max_step <= kPi)) {
        return Error{what + ": max_step must be in (0, pi] radians, got " + number_text(settings.max_step)};
    }
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].ccd = settings;
    return out;
}

Result<Rig> set_chain_settings(const Rig& rig, int chain, const TwoBoneSettings& settings) {
    if (Status s = check_chain(rig, chain); !s) return Error{s.message()};
    if (Status s = check_uses(rig, chain, SolverKind::TwoBone); !s) return Error{s.message()};
    const std::string what = "settings of " + chain_label(rig, chain);
    if (settings.bend != 1 && settings.bend != -1) {
        return Error{what + ": bend must be 1 or -1, got " + std::to_string(settings.bend)};
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
    if (!(settings.softness >= 0.0f && settings.softness <= 1.0f)) {
        return Error{what + ": softness must be between 0 and 1, got " + number_text(settings.softness)};
    }
    Rig out = rig;
    out.chains[static_cast<std::size_t>(chain)].two_bone = settings;
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
    return with_pin(rig, chain, bone_tip(world.value()[e], rig.skeleton[e].length));
}

}  // namespace marionette
