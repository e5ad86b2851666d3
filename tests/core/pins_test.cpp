// Pinned chains hold their effector at the pin when other bones move, and leave alone the
// chains the user is turning.

#include <gtest/gtest.h>

#include "core/forward_kinematics.hpp"
#include "core/pins.hpp"
#include "core/rig_json.hpp"
#include "core/rotation_math.hpp"

using namespace marionette;

namespace {

// Indices: 0 hips, 1 thigh_l, 2 shin_l, 3 thigh_r, 4 shin_r, 5 spine.
constexpr const char* kLegs2d = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [
    {"name": "hips", "length": 20, "translation": [0, 100], "rotation": 90},
    {"name": "thigh_l", "parent": "hips", "length": 50, "translation": [0, 0], "rotation": 175},
    {"name": "shin_l", "parent": "thigh_l", "length": 50, "rotation": 10},
    {"name": "thigh_r", "parent": "hips", "length": 50, "translation": [0, 0], "rotation": -175},
    {"name": "shin_r", "parent": "thigh_r", "length": 50, "rotation": -10},
    {"name": "spine", "parent": "hips", "length": 60}
  ],
  "chains": [
    {"name": "leg_l", "root": "thigh_l", "effector": "shin_l", "solver": "two_bone", "settings": {"bend": -1}, "pin": [-8, 3]},
    {"name": "leg_r", "root": "thigh_r", "effector": "shin_r", "solver": "ccd", "settings": {"iterations": 100, "tolerance": 0.001}, "pin": [8, 3]},
    {"name": "back", "root": "spine", "effector": "spine", "solver": "ccd"}
  ]
})";

Rig legs() {
    Result<Rig> r = parse_rig(kLegs2d);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

glm::vec3 tip(const Rig& rig, const Pose& pose, int bone) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    return bone_tip(world[static_cast<std::size_t>(bone)], rig.skeleton[static_cast<std::size_t>(bone)].length);
}

}  // namespace

TEST(Pins, PinnedFeetStayWhenTheHipsMove) {
    Rig rig = legs();
    Pose pose = rig.pose;
    pose.root_offset = {15.0f, -20.0f, 0.0f};  // the hips go down and forward
    pose.rotations[0] = rotation_2d(0.2f);
    EXPECT_EQ(hold_pins(rig, pose, {}), 2);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 2), *rig.chains[0].pin), 0.0f, 1e-3f);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 4), *rig.chains[1].pin), 0.0f, 1e-2f);
    // Only the legs turned: the hips keep what the user gave them, the spine its rest.
    EXPECT_NEAR(angle_2d(pose.rotations[0]), 0.2f, 1e-6f);
    EXPECT_EQ(pose.rotations[5], rig.pose.rotations[5]);
}

TEST(Pins, ChainsTheUserTurnsAreLeftAlone) {
    Rig rig = legs();
    Pose pose = rig.pose;
    pose.root_offset = {10.0f, -10.0f, 0.0f};
    pose.rotations[1] = rotation_2d(0.5f);  // the user turned the left thigh
    const int moved[] = {1};
    EXPECT_EQ(hold_pins(rig, pose, moved), 1);
    EXPECT_NEAR(angle_2d(pose.rotations[1]), 0.5f, 1e-6f);
    EXPECT_EQ(pose.rotations[2], rig.pose.rotations[2]);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 4), *rig.chains[1].pin), 0.0f, 1e-2f);
}

TEST(Pins, UnpinnedChainsAndOutOfReachPinsStayFinite) {
    Rig rig = legs();
    rig.chains[0].pin.reset();
    rig.chains[1].pin = glm::vec3{500.0f, -900.0f, 0.0f};  // far out of reach
    Pose pose = rig.pose;
    pose.root_offset = {3.0f, 0.0f, 0.0f};
    EXPECT_EQ(hold_pins(rig, pose, {}), 1);
    EXPECT_EQ(pose.rotations[1], rig.pose.rotations[1]);
    EXPECT_EQ(pose.rotations[2], rig.pose.rotations[2]);
    // Stretched toward the pin.
    const glm::vec3 hip = compute_world(rig.skeleton, pose).value()[3].translation;
    const glm::vec3 foot = tip(rig, pose, 4);
    const glm::vec3 toward = glm::normalize(*rig.chains[1].pin - hip);
    EXPECT_NEAR(glm::dot(glm::normalize(foot - hip), toward), 1.0f, 1e-3f);
    for (const glm::quat& q : pose.rotations) EXPECT_TRUE(std::isfinite(q.w) && std::isfinite(q.z));
}

TEST(Pins, NoPinsNothingSolved) {
    Rig rig = legs();
    for (IkChain& c : rig.chains) c.pin.reset();
    Pose pose = rig.pose;
    pose.root_offset = {30.0f, 30.0f, 0.0f};
    EXPECT_EQ(hold_pins(rig, pose, {}), 0);
    EXPECT_EQ(pose.rotations, rig.pose.rotations);
}
