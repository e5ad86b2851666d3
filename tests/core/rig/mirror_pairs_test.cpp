// Left and right found by name in the conventions rigs use, any case, and the axis across which
// the shipped rigs' two sides lie.

#include <filesystem>

#include <gtest/gtest.h>

#include "core/rig/mirror_pairs.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;

TEST(MirrorPairs, EveryNamingConventionSwapsItsSideKeepingTheCase) {
    const std::pair<const char*, const char*> swaps[] = {
        {"arm_l", "arm_r"},
        {"Arm_R", "Arm_L"},
        {"hand.L", "hand.R"},
        {"hand.r", "hand.l"},
        {"arm_l_upper", "arm_r_upper"},
        {"LeftHand", "RightHand"},
        {"mixamorig:RightFoot", "mixamorig:LeftFoot"},
        {"left_foot", "right_foot"},
        {"RIGHT_EYE", "LEFT_EYE"},
        {"shoulder-left", "shoulder-right"},
        {"eye_L.001", "eye_R.001"},
    };
    for (const auto& [name, other] : swaps) {
        const std::optional<std::string> swapped = swapped_side_name(name);
        ASSERT_TRUE(swapped.has_value()) << name;
        EXPECT_EQ(*swapped, other) << name;
        EXPECT_EQ(swapped_side_name(*swapped), std::string(name)) << "and back";
    }
    for (const char* none : {"spine", "hips", "leftover", "bright", "elbow", "", "l2", "clavicle"}) {
        EXPECT_FALSE(swapped_side_name(none).has_value()) << none;
    }
}

TEST(MirrorPairs, TheShippedRigsPairTheirLimbsAndFindTheirSideAxis) {
    const Rig humanoid = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / "humanoid.json").value();
    const std::vector<int> twins = mirror_twins(humanoid.skeleton);
    const auto twin_of = [&](const char* name) {
        const int t = twins[static_cast<std::size_t>(humanoid.skeleton.find(name))];
        return t < 0 ? std::string("-") : humanoid.skeleton[static_cast<std::size_t>(t)].name;
    };
    EXPECT_EQ(twin_of("upper_arm_l"), "upper_arm_r");
    EXPECT_EQ(twin_of("toe_r"), "toe_l");
    EXPECT_EQ(twin_of("spine"), "-");
    int paired = 0;
    for (int t : twins) paired += t >= 0;
    EXPECT_EQ(paired, 16);
    const glm::vec3 axis = detect_side_axis(humanoid.skeleton, twins, false);
    EXPECT_EQ(axis, glm::vec3(1, 0, 0)) << "its arms stretch along x";
    const Rig hero = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json").value();
    const std::vector<int> hero_twins = mirror_twins(hero.skeleton);
    EXPECT_EQ(hero_twins[static_cast<std::size_t>(hero.skeleton.find("arm_l_upper"))], hero.skeleton.find("arm_r_upper"));
    EXPECT_EQ(detect_side_axis(hero.skeleton, hero_twins, true), glm::vec3(1, 0, 0));
}

TEST(MirrorPairs, ASkeletonWhoseSidesLieAlongZMirrorsAcrossZ) {
    Bone root{"root", -1, {}, 1.0f, std::nullopt, std::nullopt};
    Bone left{"wing_l", 0, Transform{glm::vec3(0, 0.2f, 3), glm::quat(1, 0, 0, 0)}, 1.0f, std::nullopt, std::nullopt};
    Bone right{"wing_r", 0, Transform{glm::vec3(0, 0.2f, -3), glm::quat(1, 0, 0, 0)}, 1.0f, std::nullopt, std::nullopt};
    const Skeleton s({root, left, right});
    EXPECT_EQ(detect_side_axis(s, mirror_twins(s), false), glm::vec3(0, 0, 1));
    EXPECT_EQ(detect_side_axis(Skeleton({root}), mirror_twins(Skeleton({root})), false), glm::vec3(1, 0, 0)) << "no twins: x";
}
