#pragma once
// Poses kept for reuse: the pose library saved in the rig file (Blender's pose library, Spine's
// "skins" of a pose) and the pose on the clipboard. A stored pose holds some bones' pose values
// (the turn, move and stretch on top of the rest, as Pose holds them); applied with a weight it
// blends each of those bones from its pose toward the stored one, leaving the others alone.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/rig/pose.hpp"

namespace marionette {

struct BonePose {
    int bone = -1;
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 translation{0.0f};
    glm::vec3 scale{1.0f};
    bool operator==(const BonePose&) const = default;
};

struct StoredPose {
    std::string name;
    std::vector<BonePose> bones;  // in skeleton order, each bone once
    bool operator==(const StoredPose&) const = default;
};

// The pose values of `bones` (indices into `pose`; repeats and those out of range ignored),
// every bone's when `bones` is empty.
std::vector<BonePose> capture_bones(const Pose& pose, std::span<const int> bones);

// Each stored bone moved `weight` of the way (0: not at all, 1: all the way) from its value in
// `pose` to the stored one: rotations along the shorter arc, moves and scales in a line. Bones
// past the end of `pose` are passed over; `weight` is clamped to [0, 1].
void blend_bones(Pose& pose, std::span<const BonePose> stored, float weight);

// Why `poses` could not be saved with a skeleton of `bone_count` bones (a bone index out of
// range or repeated, a name empty or repeated), or nothing.
std::optional<std::string> stored_poses_problem(std::span<const StoredPose> poses, std::size_t bone_count);

}  // namespace marionette
