#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "cli/check_command.hpp"

using namespace marionette;

TEST(CheckCommand, PrintsOneLineSummaryForEachShippedRig) {
    const std::pair<const char*, const char*> expected[] = {
        {"arm.json", "2D rig, 3 bones, 2 IK chains (arm, arm_reach), 1 state (wave [keyed: 3 tracks, 11 keys, 1.2 s])"},
        {"hero.json", "2D rig, 10 bones, 5 IK chains (arm_l, arm_r, leg_l, leg_r, spine_to_hand_l), 2 states (walking, climbing)"},
        {"humanoid.json", "3D rig, 21 bones, 5 IK chains"},
        {"io.json", "2D rig, 7 bones, 4 IK chains (arm_l, arm_r, leg_l, leg_r), 2 states (walking, climbing)"},
        {"tentacle.json", "3D rig, 16 bones, 2 IK chains (tip, upper), 0 states"},
    };
    for (const auto& [file, summary] : expected) {
        std::ostringstream out;
        std::ostringstream err;
        const std::string path = std::string(MARIONETTE_ASSETS) + "/" + file;
        EXPECT_EQ(run_check(path, out, err), 0) << err.str();
        const std::string printed = out.str();
        EXPECT_EQ(printed.find(path + ": " + summary), 0u) << printed;
        EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 1) << printed;
        EXPECT_TRUE(err.str().empty());
    }
}

TEST(CheckCommand, PrintsTheLoaderErrorAndFails) {
    std::ostringstream out;
    std::ostringstream err;
    const std::string path = std::string(MARIONETTE_TEST_DATA) + "/bad/cycle.json";
    EXPECT_EQ(run_check(path, out, err), 1);
    EXPECT_TRUE(out.str().empty());
    EXPECT_EQ(err.str(), path + ": bones[0].parent: cycle: upper_arm -> hand -> forearm -> upper_arm\n");
}
