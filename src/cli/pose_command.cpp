#include "cli/pose_command.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/ik/chain_mix.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/opened_rig.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette {

namespace {

std::string chain_list(const Rig& rig) {
    if (rig.chains.empty()) return "it has no chains";
    std::string names = "chains: ";
    for (std::size_t i = 0; i < rig.chains.size(); ++i) {
        if (i) names += ", ";
        names += rig.chains[i].name;
    }
    return names;
}

// The checks that need the loaded rig; the command line already checked everything else.
Result<glm::vec3> resolve_target(const std::string& file, const Rig& rig, const PoseRequest& request) {
    const std::size_t wanted = rig.is_2d() ? 2 : 3;
    if (request.target.size() != wanted) {
        return Error{"--target: \"" + request.target_text + "\": " + file + " is a " + (rig.is_2d() ? "2D" : "3D") + " rig, give " +
                     (rig.is_2d() ? "X,Y" : "X,Y,Z")};
    }
    return glm::vec3{request.target[0], request.target[1], wanted == 3 ? request.target[2] : 0.0f};
}

Status check_iterations(const IkChain& chain, const PoseRequest& request) {
    const SolverKind solver = request.solver.value_or(chain.solver);
    if (request.iterations && solver != SolverKind::Ccd) {
        // Silently ignoring it would let a script believe it had capped the work.
        return Error{"--iterations: chain \"" + chain.name + "\" uses the " + solver_name(solver) +
                     " solver, which does not iterate (add --solver ccd to use CCD)"};
    }
    return {};
}

std::string result_line(const IkResult& r) {
    char error[32];
    std::snprintf(error, sizeof error, "%.6g", static_cast<double>(r.error));
    return std::string("reached=") + (r.reached ? "true" : "false") + " error=" + error + " iterations=" + std::to_string(r.iterations);
}

}  // namespace

int run_pose(const std::string& file, const PoseRequest& request, bool overwrite, std::ostream& out, std::ostream& err) {
    auto fail = [&err](const std::string& message) { return print_failure(err, message); };
    Result<OpenedRig> loaded = open_rig_file(file);
    if (!loaded) return fail(loaded.message());
    print_warnings(err, loaded.value().warnings);
    Rig& rig = loaded.value().rig;

    const int chain_index = rig.find_chain(request.chain);
    if (chain_index < 0) {
        return fail("--chain: \"" + request.chain + "\" is not a chain of " + file + " (" + chain_list(rig) + ")");
    }
    const IkChain& chain = rig.chains[static_cast<std::size_t>(chain_index)];
    Result<glm::vec3> target = resolve_target(file, rig, request);
    if (!target) return fail(target.message());
    if (Status s = check_iterations(chain, request); !s) return fail(s.message());
    if (Status s = check_output_file("--out", file, request.out, overwrite); !s) return fail(s.message());

    Pose pose = rig.pose;
    const SolveOverrides overrides{request.solver, request.iterations, std::nullopt};
    Result<IkResult> solved = solve_chain(rig, chain, target.value(), pose, overrides);
    if (!solved) return fail(solved.message());
    if (chain.mix < 1.0f) {
        // The chain takes its mix of the answer, as a drag in the editor gives it, and the line
        // says where that leaves the tip rather than where the full answer would.
        const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
        mix_with_fk(bones, rotations_of(bones, rig.pose), chain.mix, pose);
        Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
        if (!world) return fail(world.message());
        const auto e = static_cast<std::size_t>(chain.effector);
        glm::vec3 aim = target.value();
        if (rig.is_2d()) aim.z = 0.0f;
        const float error = glm::length(bone_tip(world.value()[e], posed_length(rig.skeleton, pose, e)) - aim);
        // Reached still when the mixed tip is as close as the solve's own answer, or within the
        // chain's tolerance (a CCD chain's; a two-bone chain has none but its exactness).
        const float tolerance = chain.solver == SolverKind::Ccd ? chain.ccd.tolerance : 0.0f;
        solved.value().reached = solved.value().reached && error <= std::max(solved.value().error, tolerance);
        solved.value().error = error;
    }

    // As in the editor: a pinned chain's pin goes where it was sent, and the other pinned
    // chains hold theirs.
    if (rig.chains[static_cast<std::size_t>(chain_index)].pin) {
        glm::vec3 pin = target.value();
        if (rig.is_2d()) pin.z = 0.0f;
        rig.chains[static_cast<std::size_t>(chain_index)].pin = pin;
    }
    const IkChain& posed = rig.chains[static_cast<std::size_t>(chain_index)];
    hold_pins(rig, pose, chain_bones(rig.skeleton, posed.root, posed.effector));
    rig.pose = std::move(pose);
    rebase_pictures(rig.slots, rig_folder(file), rig_folder(request.out));
    if (Status s = save_rig_file(rig, request.out, WriteOptions{.replace_read_only = overwrite}); !s) return fail(s.message());
    print_line(out, result_line(solved.value()));
    return 0;
}

}  // namespace marionette
