#include <gtest/gtest.h>

#include "cli/command_line.hpp"

using namespace marionette;

namespace {
Result<CommandLine> parse(std::vector<std::string> args) { return parse_command_line(args); }
}  // namespace

TEST(CommandLine, NoArgumentsOpensTheEditorOnTheDefaultRig) {
    auto cl = parse({});
    ASSERT_TRUE(cl.ok());
    EXPECT_EQ(cl.value().mode, RunMode::Edit);
    EXPECT_TRUE(cl.value().file.empty());
}

TEST(CommandLine, FileOpensTheEditor) {
    auto cl = parse({"rig.json", "--frames", "3", "--screenshot", "out.png"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().file, "rig.json");
    EXPECT_EQ(cl.value().quit_after_frames, 3);
    EXPECT_EQ(cl.value().screenshot, "out.png");
}

TEST(CommandLine, Check) {
    auto cl = parse({"--check", "a.json"});
    ASSERT_TRUE(cl.ok());
    EXPECT_EQ(cl.value().mode, RunMode::Check);
    EXPECT_EQ(cl.value().file, "a.json");
}

TEST(CommandLine, BadArgumentsGiveClearErrors) {
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"--check"}, "--check: missing value"},
        {{"--frames"}, "--frames: missing value"},
        {{"--frames", "ten"}, "--frames: expected a positive whole number, got \"ten\""},
        {{"--frames", "0"}, "--frames: expected a positive whole number"},
        {{"--frames", "-3"}, "--frames: expected a positive whole number"},
        {{"--frames", "5x"}, "--frames: expected a positive whole number"},
        {{"--screenshot", "a.png"}, "--screenshot: needs --frames N"},
        {{"--bogus"}, "unknown option --bogus"},
        {{"a.json", "b.json"}, "more than one file given"},
        {{"--check", "a.json", "--help"}, "conflicts with an earlier mode option"},
    };
    for (const auto& [args, expected] : cases) {
        auto cl = parse(args);
        ASSERT_FALSE(cl.ok()) << expected;
        EXPECT_NE(cl.message().find(expected), std::string::npos) << "expected: " << expected << "\n got: " << cl.message();
    }
}
