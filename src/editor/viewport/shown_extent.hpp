#pragma once
// What "Frame all" frames: the rig as the viewport shows it. While a state plays, the bones move
// through the whole of its cycle, so the frame holds every pose the cycle takes, not only the
// one on screen when F was pressed (a climbing state would run off the top again a moment later).

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/rig/rig.hpp"
#include "editor/timeline/state_player.hpp"

namespace marionette {

// Poses sampled over one cycle of the shown state.
inline constexpr int kCycleSamples = 48;

// Every joint and bone tip of the pose shown now (and every vertex of the meshes hung on it,
// every corner of the pictures its slots show) and, while a state shows, of that state's poses
// over its longest channel period or its keys' length (kCycleSamples of them). Empty for a rig
// without bones.
std::vector<glm::vec3> shown_extent(const Rig& rig, const StatePlayer& player);

// The same of `pose` alone: its joints and bone tips, the shown pictures' corners and their
// meshes' vertices (not the 3D meshes'). `world`: the pose's bones' world frames when the caller
// has them (a frame's), else empty and worked out here.
std::vector<glm::vec3> pose_extent(const Rig& rig, const Pose& pose, std::span<const Transform> world = {});

}  // namespace marionette
