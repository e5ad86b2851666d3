#pragma once
// The limbs and targets of the IK benchmarks (ik_bench.cpp), shared with the instruction-count
// driver (ik_count.cpp), which must measure the same solves.

#include <random>
#include <string>
#include <vector>

#include "core/rig/rig.hpp"

namespace marionette::bench {

// A chain of `joints` bones of length 1 along x, each at its parent's tip.
inline Rig chain(Dimensions dims, int joints) {
    Rig rig;
    rig.dimensions = dims;
    std::vector<Bone> bones(static_cast<std::size_t>(joints));
    for (int i = 0; i < joints; ++i) {
        Bone& b = bones[static_cast<std::size_t>(i)];
        b.name = std::string("b").append(std::to_string(i));
        b.parent = i - 1;
        b.length = 1.0f;
        b.rest.translation = {i == 0 ? 0.0f : 1.0f, 0.0f, 0.0f};
    }
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

// The two-bone benchmarks' limb: bones 1 and 0.8 long.
inline Rig two_bone_limb(Dimensions dims) {
    Rig rig = chain(dims, 2);
    rig.skeleton[1].length = 0.8f;
    return rig;
}

// Random targets in the cube of half-side `radius` (the square at z = 0 in 2D), always the same.
inline std::vector<glm::vec3> random_targets(Dimensions dims, float radius, std::size_t count) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(-radius, radius);
    std::vector<glm::vec3> targets(count);
    for (auto& t : targets) t = {u(rng), u(rng), dims == Dimensions::Two ? 0.0f : u(rng)};
    return targets;
}

// BM_TwoBoneLimited's limits, like the shipped rigs' arms: 2D, the upper joint within [-40, 180]
// degrees and the middle one within [-20, 130]; 3D, the upper joint within a 120 degree cone and
// the middle one a hinge about its y within [-10, 140]; `swing_twist`: the upper joint a 120
// degree swing with a twist of +-60 instead.
inline void limit_like_arms(Rig& rig, bool swing_twist) {
    constexpr float kDeg = 3.14159265f / 180.0f;
    JointLimits upper, middle;
    if (rig.dimensions == Dimensions::Two) {
        upper.min_angle = -40.0f * kDeg;
        upper.max_angle = 180.0f * kDeg;
        middle.min_angle = -20.0f * kDeg;
        middle.max_angle = 130.0f * kDeg;
    } else {
        if (swing_twist) {
            upper.swing = 120.0f * kDeg;
            upper.twist = TwistRange{-60.0f * kDeg, 60.0f * kDeg};
        } else {
            upper.max_angle = 120.0f * kDeg;
        }
        middle.hinge = glm::vec3{0.0f, 1.0f, 0.0f};
        middle.min_angle = -10.0f * kDeg;
        middle.max_angle = 140.0f * kDeg;
    }
    rig.skeleton[0].limits = upper;
    rig.skeleton[1].limits = middle;
}

// BM_TwoBone's pole (3D), and BM_TwoBoneLimited's: on the side the elbow goes as the hinge bends
// forward (the middle joint swings toward +z), as a rig places its pole; one on the other side
// asks for the arm rolled half round, which the cone refuses, and every solve would swivel away
// from the pole.
inline constexpr glm::vec3 kFreePole{0.0f, 0.0f, -5.0f};
inline constexpr glm::vec3 kLimitedPole{0.0f, 0.0f, 5.0f};

}  // namespace marionette::bench
