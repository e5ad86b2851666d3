#pragma once
// Small skeletons and measurements shared by the IK tests.

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig.hpp"

namespace marionette::testing {

inline constexpr float kPiF = 3.14159265358979f;

inline Bone bone(const std::string& name, int parent, glm::vec3 translation, glm::quat rotation, float length) {
    Bone b;
    b.name = name;
    b.parent = parent;
    b.rest = {translation, rotation};
    b.length = length;
    return b;
}

// A base bone (placed and turned arbitrarily, so the chain's parent frame is not the world's),
// then a chain of `lengths` bones, each at its parent's tip.
inline Rig chain_rig(Dimensions dims, const std::vector<float>& lengths, const Transform& base = {}) {
    Rig rig;
    rig.dimensions = dims;
    std::vector<Bone> bones{bone("base", -1, base.translation, base.rotation, 0.5f)};
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const float at = i == 0 ? 0.5f : lengths[i - 1];
        bones.push_back(
            bone(std::string("b").append(std::to_string(i)), static_cast<int>(i), {at, 0, 0}, glm::quat{1, 0, 0, 0}, lengths[i]));
    }
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

// ik_bench's swing-twist limb's limits (BM_TwoBoneLimited/3d_swing_twist_*) on the bones `upper`
// and `lower`: a swing of 120 degrees with a twist of +-60, then a hinge about y within [-10, 140].
inline void give_bench_swing_twist_limits(Rig& rig, int upper, int lower) {
    const float degree = kPiF / 180.0f;
    JointLimits u, m;
    u.swing = 120.0f * degree;
    u.twist = TwistRange{-60.0f * degree, 60.0f * degree};
    m.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
    m.min_angle = -10.0f * degree;
    m.max_angle = 140.0f * degree;
    rig.skeleton[static_cast<std::size_t>(upper)].limits = u;
    rig.skeleton[static_cast<std::size_t>(lower)].limits = m;
}

inline std::vector<Transform> world_of(const Rig& rig, const Pose& pose) { return compute_world(rig.skeleton, pose).value(); }

inline glm::vec3 tip_of(const Rig& rig, const Pose& pose, int bone_index) {
    const auto w = world_of(rig, pose);
    return bone_tip(w[static_cast<std::size_t>(bone_index)], posed_length(rig.skeleton, pose, static_cast<std::size_t>(bone_index)));
}

// A chain from `root` to `effector`; CCD solves it tightly (tolerance 1e-5, 500 iterations).
inline IkChain test_chain(const char* name, int root, int effector, SolverKind solver) {
    IkChain c;
    c.name = name;
    c.root = root;
    c.effector = effector;
    c.solver = solver;
    c.ccd.tolerance = 1e-5f;
    c.ccd.max_iterations = 500;
    return c;
}

// Parameterized tests' names by the rig's kind: "2D", "3D".
inline std::string dims_name(const ::testing::TestParamInfo<Dimensions>& p) { return p.param == Dimensions::Two ? "2D" : "3D"; }

inline bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

inline float angle_between(const glm::vec3& u, const glm::vec3& v) { return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v)); }

inline glm::quat random_rotation(std::mt19937& rng) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    return glm::normalize(glm::quat{n(rng), n(rng), n(rng), n(rng)});
}

// A random direction, uniform over the sphere (x where the draw is too short to normalize).
inline glm::vec3 random_unit(std::mt19937& rng) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    const glm::vec3 v{n(rng), n(rng), n(rng)};
    return glm::length(v) > 1e-3f ? glm::normalize(v) : glm::vec3{1, 0, 0};
}

// A random rotation of the rig's kind: about z in 2D.
inline glm::quat random_turn(std::mt19937& rng, Dimensions dims) {
    std::uniform_real_distribution<float> ang(-kPiF, kPiF);
    return dims == Dimensions::Two ? rotation_2d(ang(rng)) : random_rotation(rng);
}

// A random point in the cube of half-side `radius` (the square, at z = 0, in 2D).
inline glm::vec3 random_point(std::mt19937& rng, Dimensions dims, float radius) {
    std::uniform_real_distribution<float> u(-radius, radius);
    return {u(rng), u(rng), dims == Dimensions::Two ? 0.0f : u(rng)};
}

// Angle of the rotation taking q to r, in [0, pi]. atan2 of the relative rotation's parts, not
// acos of a dot product: near identity acos turns float rounding into milliradians.
inline float rotation_change(const glm::quat& q, const glm::quat& r) {
    const glm::quat d = glm::conjugate(q) * r;
    return 2.0f * std::atan2(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z), std::fabs(d.w));
}

// The largest rotation_change of `bones` from pose `a` to pose `b`, in radians.
inline float largest_rotation_change(const std::vector<int>& bones, const Pose& a, const Pose& b) {
    float turn = 0.0f;
    for (const int bone : bones) {
        const auto i = static_cast<std::size_t>(bone);
        turn = std::max(turn, rotation_change(a.rotations[i], b.rotations[i]));
    }
    return turn;
}

// A job whose validate() must fail with `text` in its message.
template <class Job>
void expect_validation_error(const Job& job, const char* text) {
    const Status s = job.validate();
    ASSERT_FALSE(s.ok()) << "expected an error containing: " << text;
    EXPECT_NE(s.message().find(text), std::string::npos) << s.message();
}

}  // namespace marionette::testing
