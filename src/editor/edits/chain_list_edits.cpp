// Adding and removing IK chains (the outliner's "chain from here to the selected bone").

#include <unordered_set>

#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/unique_name.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

// Where a 3D two-bone limb's middle joint bends now, as a pole: out from the line between its
// root joint and its tip by the upper bone's length. Nothing for a straight limb.
std::optional<glm::vec3> pole_of_bend(const Rig& rig, int root, int effector) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return std::nullopt;
    const glm::vec3 start = world.value()[static_cast<std::size_t>(root)].translation;
    const glm::vec3 middle = world.value()[static_cast<std::size_t>(effector)].translation;
    const glm::vec3 tip = bone_tip(world.value()[static_cast<std::size_t>(effector)],
                                   posed_length(rig.skeleton, rig.pose, static_cast<std::size_t>(effector)));
    const glm::vec3 line = tip - start;
    const float reach = glm::length(line);
    if (!(reach > 0.0f)) return std::nullopt;
    const glm::vec3 along = line / reach;
    const glm::vec3 out = (middle - start) - along * glm::dot(middle - start, along);
    const float bend = glm::length(out);
    const float upper = glm::length(middle - start);
    if (!(bend > 1e-4f * upper)) return std::nullopt;
    return middle + out / bend * upper;
}

}  // namespace

Result<Rig> add_chain(const Rig& rig, int from, int to, SolverKind solver) {
    if (Status s = check_bone(rig, from); !s) return Error{"cannot add a chain: " + s.message()};
    if (Status s = check_bone(rig, to); !s) return Error{"cannot add a chain: " + s.message()};
    const bool down = rig.skeleton.is_ancestor_or_self(from, to);
    if (!down && !rig.skeleton.is_ancestor_or_self(to, from)) {
        return Error{"cannot add a chain from " + bone_label(rig, from) + " to " + bone_label(rig, to) +
                     ": neither is above the other, and a chain runs down one parent path"};
    }
    const int root = down ? from : to;
    const int effector = down ? to : from;
    const std::size_t bones = chain_bones(rig.skeleton, root, effector).size();
    if (solver == SolverKind::TwoBone && bones != 2) {
        return Error{"cannot add a two_bone chain from " + bone_label(rig, root) + " to " + bone_label(rig, effector) + ": it has " +
                     std::to_string(bones) + " bones, and the two_bone solver needs exactly two"};
    }
    IkChain chain;
    std::unordered_set<std::string_view> taken;
    for (const IkChain& c : rig.chains) taken.insert(c.name);
    chain.name = unique_name(
        taken, rig.skeleton[static_cast<std::size_t>(root)].name + "_to_" + rig.skeleton[static_cast<std::size_t>(effector)].name);
    chain.root = root;
    chain.effector = effector;
    chain.solver = solver;
    if (solver == SolverKind::TwoBone && !rig.is_2d()) chain.two_bone.pole = pole_of_bend(rig, root, effector);
    Rig out = rig;
    out.chains.push_back(std::move(chain));
    return out;
}

Result<Rig> delete_chain(const Rig& rig, int chain) {
    if (Status s = check_chain(rig, chain); !s) return Error{"cannot delete the chain: " + s.message()};
    Rig out = rig;
    out.chains.erase(out.chains.begin() + chain);
    // The states' mix keys of the chain go with it; the later chains' move up one.
    std::vector<int> new_index(rig.chains.size());
    for (std::size_t c = 0; c < new_index.size(); ++c) {
        const int i = static_cast<int>(c);
        new_index[c] = i < chain ? i : (i == chain ? -1 : i - 1);
    }
    for (State& state : out.states) renumber_chain_tracks(state.chain_tracks, new_index);
    return out;
}

}  // namespace marionette
