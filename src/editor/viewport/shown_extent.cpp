#include "editor/viewport/shown_extent.hpp"

#include <algorithm>

#include "core/anim/state_pose.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/mesh/mesh_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// The joints, tips and pictures of `pose`, whose bones' world frames are `world`.
void add_posed_points(const Rig& rig, const Pose& pose, std::span<const Transform> world, std::vector<glm::vec3>& out) {
    for (std::size_t i = 0; i < world.size(); ++i) {
        out.push_back(world[i].translation);
        out.push_back(bone_tip(world[i], posed_length(rig.skeleton, pose, i)));
    }
    // The corners of the pictures the slots show, every vertex of their meshes.
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
    std::vector<glm::vec3> placed;
    for (const Slot& slot : rig.slots) {
        const int drawn = drawn_attachment(slot, slot.shown, rig.skin);
        if (drawn < 0) continue;
        attachment_world_vertices(slot.attachments[static_cast<std::size_t>(drawn)], slot.bone, world, pose, skinning, placed);
        out.insert(out.end(), placed.begin(), placed.end());
    }
}

void add_points(const Rig& rig, const Pose& pose, std::vector<Transform>& world, std::vector<glm::vec3>& out) {
    world.resize(rig.skeleton.size());
    const ForwardKinematicsJob fk{&rig.skeleton, &pose, world};
    if (!fk.validate()) return;
    fk.run();
    add_posed_points(rig, pose, world, out);
}

// The rig's meshes as they hang on the pose: skinned on the CPU (what the GPU draws).
void add_mesh_points(const Rig& rig, const Pose& pose, const std::vector<Transform>& world, std::vector<glm::vec3>& out) {
    std::vector<glm::mat4> palette;
    std::vector<glm::vec3> skinned;
    for (const Mesh& mesh : rig.meshes.meshes()) {
        palette.resize(palette_size(mesh));
        const JointMatricesJob matrices{&mesh, world, &pose, palette};
        if (!matrices.validate()) continue;
        matrices.run();
        skinned.resize(mesh.positions.size());
        const SkinMeshJob skin{&mesh, palette, skinned, {}};
        if (!skin.validate()) continue;
        skin.run();
        out.insert(out.end(), skinned.begin(), skinned.end());
    }
}

}  // namespace

std::vector<glm::vec3> pose_extent(const Rig& rig, const Pose& pose, std::span<const Transform> world) {
    std::vector<glm::vec3> points;
    if (world.size() == rig.skeleton.size()) {
        add_posed_points(rig, pose, world, points);
        return points;
    }
    std::vector<Transform> made;
    add_points(rig, pose, made, points);
    return points;
}

std::vector<glm::vec3> shown_extent(const Rig& rig, const StatePlayer& player) {
    std::vector<glm::vec3> points;
    std::vector<Transform> world;
    Pose pose = rig.pose;
    if (player.shows_state()) player.sample(rig, pose);
    add_points(rig, pose, world, points);
    if (world.size() == rig.skeleton.size()) add_mesh_points(rig, pose, world, points);
    const int shown = active_state(player.machine());
    if (shown < 0 || shown >= static_cast<int>(rig.states.size())) return points;
    const State& state = rig.states[static_cast<std::size_t>(shown)];
    // The longest of its channels' periods and its keys' length covers a whole cycle of each.
    float period = state_length(state);
    for (const StateChannel& c : state.channels) period = std::max(period, c.period);
    if (!(period > 0.0f)) return points;
    for (int i = 0; i < kCycleSamples; ++i) {
        sample_state(rig, state, static_cast<double>(period) * i / kCycleSamples, rig.pose, pose);
        add_points(rig, pose, world, points);
    }
    return points;
}

}  // namespace marionette
