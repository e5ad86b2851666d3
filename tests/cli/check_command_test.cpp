#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/check_command.hpp"

using namespace marionette;

TEST(CheckCommand, PrintsOneLineSummaryForEachShippedRig) {
    const std::pair<const char*, const char*> expected[] = {
        {"arm.json", "2D rig, 3 bones, 2 IK chains (arm, arm_reach), 1 state (wave [keyed: 3 tracks, 11 keys, 1.2 s])"},
        {"hero.json", "2D rig, 10 bones, 5 IK chains (arm_l, arm_r, leg_l, leg_r, spine_to_hand_l), 2 states (walking, climbing)"},
        {"humanoid.json", "3D rig, 21 bones, 5 IK chains"},
        {"io.json", "2D rig, 13 bones, 5 IK chains (arm_l, arm_r, leg_l, leg_r, head), 2 states (walking, climbing)"},
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

TEST(CheckCommand, ARigWhosePicturesAreMissingOrBrokenStillChecksAndSaysWhich) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "marionette-check-slots";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "images");
    // A 1 x 1 PNG (its checksums as zlib computes them), a file that is no picture, and none at all.
    const unsigned char png[] = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
                                 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
                                 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff,
                                 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
    std::ofstream(dir / "images" / "body.png", std::ios::binary).write(reinterpret_cast<const char*>(png), sizeof png);
    std::ofstream(dir / "images" / "garbage.png") << "hello";
    std::ofstream(dir / "rig.json") << R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 } ],
      "slots": [ { "name": "body", "bone": "body", "attachment": "a", "attachments": [
        { "name": "a", "image": "images/body.png", "size": [4, 3] },
        { "name": "b", "image": "images/missing.png", "size": [4, 3] },
        { "name": "c", "image": "images/garbage.png", "size": [4, 3] } ] } ] })";
    std::ostringstream out, err;
    const std::string path = (dir / "rig.json").string();
    EXPECT_EQ(run_check(path, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), path + ": 2D rig, 1 bone, 0 IK chains, 0 states, 1 slot\n");
    EXPECT_EQ(err.str(),
              "marionette: warning: slots[0].attachments[1].image: \"images/missing.png\" cannot open: No such file or directory\n"
              "marionette: warning: slots[0].attachments[2].image: \"images/garbage.png\" does not decode (unknown image type)\n");
    std::filesystem::remove_all(dir);
}
