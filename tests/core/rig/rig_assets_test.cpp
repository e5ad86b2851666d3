// Every rig the editor ships loads, is sensible, shows the pictures it names, and survives
// save-then-load unchanged.

#include <gtest/gtest.h>

#include <filesystem>

#include "core/mesh/slot_images.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_compare.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::ScratchDir;

namespace {

class ShippedRig : public ::testing::TestWithParam<const char*> {
protected:
    std::filesystem::path path() const { return std::filesystem::path(MARIONETTE_ASSETS) / GetParam(); }
};

}  // namespace

TEST_P(ShippedRig, LoadsAndHasChains) {
    Result<Rig> rig = load_rig_file(path());
    ASSERT_TRUE(rig.ok()) << rig.message();
    EXPECT_FALSE(rig.value().chains.empty());
    auto world = compute_world(rig.value().skeleton, rig.value().pose);
    ASSERT_TRUE(world.ok());
    for (const Transform& t : world.value()) {
        EXPECT_TRUE(std::isfinite(t.translation.x) && std::isfinite(t.translation.y) && std::isfinite(t.translation.z));
    }
}

TEST_P(ShippedRig, ShowsEveryPictureItNames) {
    Result<Rig> rig = load_rig_file(path());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const std::vector<std::string> problems = slot_image_problems(rig.value(), path().parent_path());
    EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST_P(ShippedRig, SurvivesSaveThenLoad) {
    Result<Rig> rig = load_rig_file(path());
    ASSERT_TRUE(rig.ok()) << rig.message();
    ScratchDir dir;
    const auto copy = dir / "copy.json";
    ASSERT_TRUE(save_rig_file(rig.value(), copy).ok());
    Result<Rig> again = load_rig_file(copy);
    ASSERT_TRUE(again.ok()) << again.message();
    marionette::testing::expect_rigs_equal(rig.value(), again.value());
}

INSTANTIATE_TEST_SUITE_P(Assets, ShippedRig, ::testing::Values("arm.json", "hero.json", "humanoid.json", "io.json", "tentacle.json"),
                         [](const auto& p) { return std::filesystem::path(p.param).stem().string(); });

TEST(ShippedRigs, MatchWhatTheIssueAsksFor) {
    auto load = [](const char* name) {
        Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name);
        EXPECT_TRUE(r.ok()) << r.message();
        return r.ok() ? r.value() : Rig{};
    };
    const Rig arm = load("arm.json");
    EXPECT_TRUE(arm.is_2d());
    for (const char* b : {"upper_arm", "forearm", "hand"}) EXPECT_GE(arm.skeleton.find(b), 0) << b;

    const Rig hero = load("hero.json");
    EXPECT_TRUE(hero.is_2d());
    for (const char* b : {"body", "head", "arm_l_upper", "arm_l_lower", "arm_r_upper", "arm_r_lower", "leg_l_upper", "leg_l_lower",
                          "leg_r_upper", "leg_r_lower"}) {
        EXPECT_GE(hero.skeleton.find(b), 0) << b;
    }
    EXPECT_GE(hero.states.size(), 2u);

    const Rig humanoid = load("humanoid.json");
    EXPECT_FALSE(humanoid.is_2d());
    for (const char* b : {"hips", "spine", "chest", "neck", "head"}) EXPECT_GE(humanoid.skeleton.find(b), 0) << b;
    // Each limb has at least three bones below its attachment.
    for (const char* end : {"hand_l", "hand_r", "foot_l", "foot_r"}) {
        const int e = humanoid.skeleton.find(end);
        ASSERT_GE(e, 0) << end;
        int depth = 0;
        for (int b = e; b >= 0 && humanoid.skeleton[b].name.find('_') != std::string::npos; b = humanoid.skeleton[b].parent) ++depth;
        EXPECT_GE(depth, 3) << end;
    }

    const Rig tentacle = load("tentacle.json");
    EXPECT_FALSE(tentacle.is_2d());
    EXPECT_GE(tentacle.skeleton.size(), 12u);
    const int tip = tentacle.find_chain("tip");
    ASSERT_GE(tip, 0);
    EXPECT_GE(chain_bones(tentacle.skeleton, tentacle.chains[tip].root, tentacle.chains[tip].effector).size(), 12u);
}
