#include "fuzz/rig_loader_check.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/io/json/json_document.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette::fuzzing {

namespace {

// Forward kinematics of `pose`: every joint at a finite point with a unit rotation.
Violation check_world(const Rig& rig, const Pose& pose, const std::string& what) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
    if (!world) return what + ": forward kinematics refused the rig: " + world.message();
    for (std::size_t i = 0; i < world.value().size(); ++i) {
        const Transform& t = world.value()[i];
        if (!is_finite(t.translation) || !is_unit_rotation(t.rotation, 1e-3f)) {
            return what + ": bone \"" + rig.skeleton[i].name + "\" is not at a finite place";
        }
        if (!is_finite(bone_tip(t, rig.skeleton[i].length))) return what + ": bone \"" + rig.skeleton[i].name + "\" has no finite tip";
    }
    return {};
}

Violation check_pose_values(const Rig& rig, const Pose& pose, const std::string& what) {
    if (pose.rotations.size() != rig.skeleton.size()) return what + ": bone count changed";
    for (const glm::quat& q : pose.rotations) {
        if (!is_unit_rotation(q, 1e-4f)) return what + ": a rotation is not finite and unit";
    }
    if (!is_finite(pose.root_offset)) return what + ": root offset not finite";
    return check_world(rig, pose, what);
}

// Each state on its own at a few clock times (a long-running clock included), then the state
// machine switching through all of them with their transitions.
Violation check_states_play(const Rig& rig) {
    Pose shown = rig.pose;
    for (const State& s : rig.states) {
        for (double t : {0.0, 0.25, 1.0 / 3.0, 7.5, 3600.1}) {
            sample_state(rig, s, t, rig.pose, shown);
            if (Violation v = check_pose_values(rig, shown, "state \"" + s.name + "\" at " + std::to_string(t))) return v;
        }
    }
    StateMachine machine;
    const int count = static_cast<int>(std::min<std::size_t>(rig.states.size(), 8));
    for (int s = 0; s <= count; ++s) {
        switch_state(machine, rig, s == count ? kRigPose : s, rig.transition);
        for (int step = 0; step < 3; ++step) {
            advance(machine, 0.2);
            sample(machine, rig, shown);
            if (Violation v = check_pose_values(rig, shown, "state machine after switch " + std::to_string(s))) return v;
        }
    }
    return {};
}

// Solving a chain may fail only with a message; a solve changes only the chain's bones and
// leaves the pose finite. A few targets: where the effector is, far off, at the root joint.
Violation check_chain_solves(const Rig& rig) {
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const std::size_t chains = std::min<std::size_t>(rig.chains.size(), 4);
    for (std::size_t c = 0; c < chains; ++c) {
        const IkChain& chain = rig.chains[c];
        const auto effector = static_cast<std::size_t>(chain.effector);
        const glm::vec3 tip = bone_tip(world[effector], rig.skeleton[effector].length);
        const glm::vec3 root = world[static_cast<std::size_t>(chain.root)].translation;
        const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
        for (const glm::vec3& target : {tip, tip + glm::vec3{3.0f, -2.0f, rig.is_2d() ? 0.0f : 1.0f}, root, -root}) {
            Pose pose = rig.pose;
            SolveOverrides cap;
            if (chain.solver == SolverKind::Ccd) cap.max_iterations = std::min(chain.ccd.max_iterations, 64);
            Result<IkResult> r = solve_chain(rig, chain, target, pose, cap);
            const std::string what = "solving chain \"" + chain.name + "\"";
            if (!r) {
                if (r.message().empty()) return what + " failed without a message";
                continue;
            }
            if (!std::isfinite(r.value().error)) return what + ": the reported error is not finite";
            for (std::size_t b = 0; b < pose.rotations.size(); ++b) {
                const bool in_chain = std::find(bones.begin(), bones.end(), static_cast<int>(b)) != bones.end();
                if (!in_chain && pose.rotations[b] != rig.pose.rotations[b]) return what + ": moved a bone outside the chain";
            }
            if (Violation v = check_pose_values(rig, pose, what)) return v;
        }
    }
    Pose pinned = rig.pose;
    hold_pins(rig, pinned, {});
    return check_pose_values(rig, pinned, "holding the pins");
}

// Save, load, save: the same rig and the same text (the writer's promise for reopened files).
Violation check_round_trip(const Rig& rig) {
    Result<std::string> text = serialize_rig(rig);
    // The JSON parser accepts only valid UTF-8, so every name it gave can be written back.
    if (!text) return "a loaded rig does not save: " + text.message();
    Result<Rig> again = parse_rig(text.value());
    if (!again) return "a saved rig does not load: " + again.message();
    if (Violation v = rig_difference(rig, again.value())) return "save and load changed the rig: " + *v;
    Result<std::string> text2 = serialize_rig(again.value());
    if (!text2 || text2.value() != text.value()) return "saving a reloaded rig wrote different text";
    return {};
}

}  // namespace

Violation check_loaded_rig(const Rig& rig) {
    if (Violation v = check_rig_structure(rig)) return "loaded a malformed rig: " + *v;
    if (summarize(rig).empty()) return "empty summary";
    if (Violation v = check_world(rig, Pose::rest(rig.skeleton.size()), "rest pose")) return v;
    if (Violation v = check_world(rig, rig.pose, "the rig's pose")) return v;
    if (Violation v = check_states_play(rig)) return v;
    if (Violation v = check_chain_solves(rig)) return v;
    return check_round_trip(rig);
}

Violation check_rig_text(std::string_view text) {
    Result<Rig> rig = parse_rig(text);
    // parse_rig reads fast where it can (fast_json.hpp); the careful reading it stands in for
    // must give the same rig, or the same message.
    Result<Json> document = parse_json_document(text);
    Result<Rig> careful = document ? rig_from_json(document.value()) : Result<Rig>(Error{document.message()});
    if (rig.ok() != careful.ok()) {
        return rig.ok() ? "the fast reading accepted what the careful one refuses: " + careful.message()
                        : "the fast reading refused what the careful one accepts: " + rig.message();
    }
    if (!rig) {
        if (rig.message().empty()) return "the loader failed without a message";
        if (rig.message() != careful.message()) return "the fast and careful readings explain differently";
        return {};
    }
    if (!(rig.value() == careful.value())) return "the fast and careful readings gave different rigs";
    return check_loaded_rig(rig.value());
}

}  // namespace marionette::fuzzing
