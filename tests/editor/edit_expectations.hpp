#pragma once
// What an edit must produce: a rig the loader would accept and that saves and reloads to
// itself (checked independently of the edit code), or an error that says what is wrong.

#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_compare.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette::testing {

inline void expect_valid_rig(const Rig& rig, const std::string& after) {
    SCOPED_TRACE("after " + after);
    const int n = static_cast<int>(rig.skeleton.size());
    ASSERT_GT(n, 0) << "a rig needs a bone";
    EXPECT_TRUE(rig.pose.fits(rig.skeleton.size()))
        << "one pose rotation, translation and scale per bone: " << rig.pose.misfit(rig.skeleton.size());

    std::set<std::string> bone_names;
    for (int i = 0; i < n; ++i) {
        const Bone& b = rig.skeleton[static_cast<std::size_t>(i)];
        EXPECT_FALSE(b.name.empty()) << "bone " << i;
        EXPECT_TRUE(bone_names.insert(b.name).second) << "duplicate bone name " << b.name;
        EXPECT_TRUE(b.parent >= -1 && b.parent < i) << b.name << " has parent " << b.parent << ": not parent-before-child";
        if (rig.is_2d()) {
            EXPECT_EQ(b.rest.translation.z, 0.0f) << b.name;
            EXPECT_EQ(b.rest.rotation.x, 0.0f) << b.name;
            EXPECT_EQ(b.rest.rotation.y, 0.0f) << b.name;
        }
    }

    std::set<std::string> chain_names;
    for (const IkChain& c : rig.chains) {
        EXPECT_TRUE(chain_names.insert(c.name).second) << "duplicate chain name " << c.name;
        ASSERT_TRUE(c.root >= 0 && c.root < n && c.effector >= 0 && c.effector < n) << "chain " << c.name << " out of range";
        const std::vector<int> path = chain_bones(rig.skeleton, c.root, c.effector);
        EXPECT_FALSE(path.empty()) << "chain " << c.name << " is not a parent path";
        if (c.solver == SolverKind::TwoBone) {
            EXPECT_EQ(path.size(), 2u) << "two_bone chain " << c.name;
        }
    }
    for (const State& s : rig.states) {
        for (const StateChannel& c : s.channels) {
            EXPECT_TRUE(c.bone >= 0 && c.bone < n) << "state " << s.name << " drives bone " << c.bone;
        }
    }

    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    Result<Rig> reread = parse_rig(text.value());
    ASSERT_TRUE(reread.ok()) << reread.message() << "\n" << text.value();
    expect_rigs_equal(reread.value(), rig);
}

// The edit must succeed; its rig (an empty one after a failure, which the test then reports).
inline Rig expect_ok(Result<Rig> r) {
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

// The edit must fail with `text` in its message.
template <class T>
void expect_error(const Result<T>& result, const std::string& text) {
    ASSERT_FALSE(result.ok()) << "expected an error containing: " << text;
    EXPECT_NE(result.message().find(text), std::string::npos) << result.message();
}

// Each bone's joint frame in the world at rest, by name: what must not move when the tree is
// rearranged.
inline std::map<std::string, Transform> rest_world_by_name(const Rig& rig) {
    std::map<std::string, Transform> out;
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size()));
    EXPECT_TRUE(world.ok()) << world.message();
    if (!world.ok()) return out;
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) out[rig.skeleton[i].name] = world.value()[i];
    return out;
}

// Every bone of `after` that `before` had (by name) is where it was in the world at rest.
inline void expect_rest_world_kept(const std::map<std::string, Transform>& before, const Rig& after) {
    for (const auto& [name, now] : rest_world_by_name(after)) {
        const auto was = before.find(name);
        if (was == before.end()) continue;  // a new bone
        const float tolerance = 1e-4f * (1.0f + glm::length(was->second.translation));
        expect_near_vec(now.translation, was->second.translation, name + " rest position", tolerance);
        expect_same_rotation(now.rotation, was->second.rotation, name + " rest rotation");
    }
}

// Every bone of `after` that `before` had (by name) keeps its pose rotation.
inline void expect_pose_kept(const Rig& before, const Rig& after) {
    for (std::size_t i = 0; i < after.skeleton.size(); ++i) {
        const int old = before.skeleton.find(after.skeleton[i].name);
        if (old < 0) continue;
        EXPECT_EQ(after.pose.rotations[i], before.pose.rotations[static_cast<std::size_t>(old)]) << after.skeleton[i].name;
    }
}

}  // namespace marionette::testing
