#include "editor/ui/frame_workload.hpp"

#include <cmath>

#include "core/ik/ik_solve.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/posing/limit_arcs.hpp"

namespace marionette {

FrameWorkload::FrameWorkload(const Rig& rig) : rig_(rig), pose_(rig.pose), world_(rig.skeleton.size()) {
    const ForwardKinematicsJob fk{&rig_.skeleton, &pose_, world_};
    if (fk.validate()) fk.run();
    for (const IkChain& c : rig_.chains) {
        const auto e = static_cast<std::size_t>(c.effector);
        const glm::vec3 root = world_[static_cast<std::size_t>(c.root)].translation;
        const glm::vec3 tip = bone_tip(world_[e], posed_length(rig_.skeleton, pose_, e));
        centers_.push_back(root + 0.7f * (tip - root));
        radii_.push_back(0.2f * glm::length(tip - root));
    }
    targets_.assign(rig_.chains.size(), glm::vec3{0.0f});
    // A chain is placed from the last frame's forward kinematics unless a chain solved before it
    // in the frame moves one of its ancestors (found once: the rig does not change).
    std::vector<char> in_earlier_chain(rig_.skeleton.size(), 0);
    const bool ordered = rig_.skeleton.is_parent_before_child();  // the walks up below end
    for (const IkChain& c : rig_.chains) {
        if (!ordered || c.root < 0 || static_cast<std::size_t>(c.root) >= rig_.skeleton.size()) {
            placed_from_fk_.push_back(false);  // the solve refuses it, or walks as it checks
            continue;
        }
        bool moved_above = false;
        for (int b = rig_.skeleton[static_cast<std::size_t>(c.root)].parent; b >= 0 && !moved_above;
             b = rig_.skeleton[static_cast<std::size_t>(b)].parent) {
            moved_above = in_earlier_chain[static_cast<std::size_t>(b)] != 0;
        }
        placed_from_fk_.push_back(!moved_above);
        for (const int b : chain_bones(rig_.skeleton, c.root, c.effector)) in_earlier_chain[static_cast<std::size_t>(b)] = 1;
    }
}

void FrameWorkload::run(float seconds) {
    reached_ = 0;
    for (std::size_t i = 0; i < rig_.chains.size(); ++i) {
        const IkChain& chain = rig_.chains[i];
        const float phase = seconds * 2.0f + static_cast<float>(i);
        glm::vec3 target = centers_[i] + radii_[i] * glm::vec3{std::cos(phase), std::sin(phase), 0.5f * std::sin(2.0f * phase)};
        if (rig_.is_2d()) target.z = 0.0f;
        targets_[i] = target;
        const std::span<const Transform> placed = placed_from_fk_[i] ? std::span<const Transform>(world_) : std::span<const Transform>();
        const Result<IkResult> r = solve_chain(rig_, chain, target, pose_, {}, placed);
        reached_ += r.ok() && r.value().reached;
    }
    const ForwardKinematicsJob fk{&rig_.skeleton, &pose_, world_};
    fk.run();
    instances_.clear();
    build_bone_instances(rig_.skeleton, pose_, world_, {}, instances_);
    vertices_.clear();
    slot_triangles_.clear();
    build_slot_triangles(rig_, pose_, world_, slot_triangles_);
    // What the viewport draws over the bones: the chains' handles and a selected bone's limits.
    handles_.clear();
    chain_handles(rig_, pose_, world_, true, std::nullopt, handles_);
    const ViewCamera camera = rig_.is_2d() ? ViewCamera::for_2d() : ViewCamera::for_3d();
    const Viewport viewport{0.0f, 0.0f, 740.0f, 742.0f};
    build_handle_shapes(handles_, camera, viewport, {0.0f, 0.0f, 1.0f}, vertices_);
    arcs_.clear();
    build_limit_arcs(rig_, world_, 0, 1.0f, arcs_);
}

}  // namespace marionette
