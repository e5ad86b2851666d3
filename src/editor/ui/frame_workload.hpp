#pragma once
// The CPU work of one editor frame while chains are being dragged: solve every chain toward its
// moving target, run forward kinematics, build the bone instances, the slots' picture quads and the
// handles' triangles. `marionette --bench-frames`
// times it; it calls the same functions the viewport does, but solves every chain each frame
// (the editor solves the one a drag poses, and pinned chains, per mouse event) and places each
// from the last frame's forward kinematics (the editor's drag still walks up the rig).

#include <vector>

#include "core/ik/ik_result.hpp"
#include "core/rig/rig.hpp"
#include "editor/posing/chain_handles.hpp"
#include "editor/viewport/bone_shapes.hpp"
#include "editor/viewport/slot_triangles.hpp"

namespace marionette {

class FrameWorkload {
public:
    explicit FrameWorkload(const Rig& rig);

    // One frame at time `seconds`: each chain's target circles a point 70% of the way from the
    // chain's root joint to its starting tip, 20% of that distance away: always within reach,
    // so a chain that keeps up is reached every frame.
    void run(float seconds);

    const Pose& pose() const { return pose_; }
    // One instance per bone (drawn instanced: bone_shapes.hpp).
    std::size_t bone_instance_count() const { return instances_.size(); }
    // The triangles' corners built on the CPU: the pictures' quads and the handles.
    std::size_t vertex_count() const { return vertices_.size() + slot_triangles_.vertices.size(); }
    int chains_reached() const { return reached_; }
    // Whether chain `i` is placed from the last frame's forward kinematics: no chain solved
    // before it in a frame moves a bone above it.
    bool placed_from_fk(std::size_t i) const { return i < placed_from_fk_.size() && placed_from_fk_[i]; }
    // Where each chain's target was in the last frame.
    const std::vector<glm::vec3>& targets() const { return targets_; }

private:
    const Rig& rig_;
    Pose pose_;
    std::vector<glm::vec3> centers_;  // of each chain's target circle
    std::vector<float> radii_;
    std::vector<bool> placed_from_fk_;  // per chain: its ancestors' frames are the last FK's
    std::vector<glm::vec3> targets_;    // per chain, the last frame's
    std::vector<Transform> world_;
    std::vector<BoneInstance> instances_;
    std::vector<ShapeVertex> vertices_;
    std::vector<ChainHandle> handles_;
    std::vector<glm::vec3> arcs_;
    SlotTriangles slot_triangles_;
    int reached_ = 0;
};

}  // namespace marionette
