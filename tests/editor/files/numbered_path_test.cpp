#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/test_files.hpp"
#include "editor/files/numbered_path.hpp"

using namespace marionette;

TEST(NumberedPath, FirstFreeNumberAndNeverAnExistingFile) {
    marionette::testing::ScratchDir dir;
    Result<std::filesystem::path> first = next_numbered_path(dir.path(), "arm", ".png");
    ASSERT_TRUE(first.ok()) << first.message();
    EXPECT_EQ(first.value(), dir.path() / "arm-001.png");
    std::ofstream(dir.path() / "arm-001.png") << "x";
    std::ofstream(dir.path() / "arm-003.png") << "x";
    EXPECT_EQ(next_numbered_path(dir.path(), "arm", ".png").value(), dir.path() / "arm-002.png");
    std::ofstream(dir.path() / "arm-002.png") << "x";
    EXPECT_EQ(next_numbered_path(dir.path(), "arm", ".png").value(), dir.path() / "arm-004.png");
}

TEST(NumberedPath, FailsWhenEveryNameIsTaken) {
    marionette::testing::ScratchDir dir;
    for (int i = 1; i <= 999; ++i) {
        const std::string zeros = i < 10 ? "00" : (i < 100 ? "0" : "");
        std::ofstream(dir.path() / ("s-" + zeros + std::to_string(i) + ".png")) << "x";
    }
    Result<std::filesystem::path> none = next_numbered_path(dir.path(), "s", ".png");
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.message().find("every numbered name up to 999 is taken"), std::string::npos) << none.message();
}
