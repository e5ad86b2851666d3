#pragma once
// Reading back the rigs an end-to-end script saved, and where their bones are.

#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette::testing {

inline std::vector<Transform> world_of(const Rig& rig) {
    auto w = compute_world(rig.skeleton, rig.pose);
    EXPECT_TRUE(w.ok());
    return w.ok() ? w.value() : std::vector<Transform>(rig.skeleton.size());
}

inline Rig load(const std::filesystem::path& file) {
    auto rig = load_rig_file(file);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.ok() ? std::move(rig).value() : Rig{};
}

// The shipped rig `name` (in assets/rigs) at rest, saved as `dir`/`name` for a script to open.
inline Rig shipped_at_rest(const std::filesystem::path& dir, const std::string& name) {
    Rig rig = load(std::filesystem::path(MARIONETTE_ASSETS) / name);
    rig.pose = Pose::rest(rig.skeleton.size());
    const Status saved = save_rig_file(rig, dir / name);
    EXPECT_TRUE(saved.ok()) << saved.message();
    return rig;
}

// A 2D bone's pose angle, radians.
inline float pose_angle_2d(const Rig& rig, const std::string& bone) {
    const int b = rig.skeleton.find(bone);
    EXPECT_GE(b, 0) << bone;
    return b < 0 ? 0.0f : angle_2d(rig.pose.rotations[static_cast<std::size_t>(b)]);
}

inline glm::vec3 tip_of(const Rig& rig, const std::string& bone) {
    const int b = rig.skeleton.find(bone);
    EXPECT_GE(b, 0) << bone;
    if (b < 0) return glm::vec3{0.0f};
    const auto i = static_cast<std::size_t>(b);
    return bone_tip(world_of(rig)[i], rig.skeleton[i].length);
}

inline glm::vec3 joint_of(const Rig& rig, const std::string& bone) {
    const int b = rig.skeleton.find(bone);
    EXPECT_GE(b, 0) << bone;
    return b < 0 ? glm::vec3{0.0f} : world_of(rig)[static_cast<std::size_t>(b)].translation;
}

inline bool same_rotations(const Rig& a, const Rig& b, float tolerance) {
    if (a.pose.rotations.size() != b.pose.rotations.size()) return false;
    for (std::size_t i = 0; i < a.pose.rotations.size(); ++i) {
        for (int k = 0; k < 4; ++k) {
            if (std::abs(a.pose.rotations[i][k] - b.pose.rotations[i][k]) > tolerance) return false;
        }
    }
    return true;
}

}  // namespace marionette::testing
