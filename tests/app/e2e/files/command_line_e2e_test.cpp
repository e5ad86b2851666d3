// The real binary's own messages, before any window: a --screenshot that would land on a rig is
// refused as --out is, and a bad command line is reported with its control characters written
// out, whatever was typed.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "core/control_bytes.hpp"

using namespace marionette::testing;

namespace {

// Runs the binary with `args` (shell words); its exit code, stdout and stderr in `out`.
int run_binary(const std::filesystem::path& dir, const std::string& args, std::string& out) {
    const int code = run(std::string(MARIONETTE_BINARY) + " " + args + " > '" + (dir / "out.txt").string() + "' 2>&1");
    out = read_file(dir / "out.txt");
    return code;
}

}  // namespace

TEST(CommandLineBinary, ScreenshotOverARigIsRefusedBeforeAnyWindow) {
    const auto dir = scratch_dir("e2e-screenshot-over-rig");
    std::filesystem::copy_file(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json", dir / "arm.json");
    std::filesystem::copy_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json", dir / "hero.json");
    const std::string arm = read_file(dir / "arm.json");
    const std::string hero = read_file(dir / "hero.json");
    const std::string file = (dir / "arm.json").string();
    std::string out;
    EXPECT_EQ(run_binary(dir, "'" + file + "' --frames 1 --screenshot '" + file + "'", out), 1);
    EXPECT_EQ(out, "marionette: --screenshot " + file + ": is the rig being read; give another file, or --overwrite to replace it\n");
    const std::string other = (dir / "hero.json").string();
    EXPECT_EQ(run_binary(dir, "'" + file + "' --frames 1 --screenshot '" + other + "'", out), 1);
    EXPECT_EQ(out, "marionette: --screenshot " + other + ": is a rig file; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(read_file(dir / "arm.json"), arm);
    EXPECT_EQ(read_file(dir / "hero.json"), hero);
    std::filesystem::remove_all(dir);
}

TEST(CommandLineBinary, ABadCommandLineIsReportedWithoutControlCharacters) {
    const auto dir = scratch_dir("e2e-bad-command-line");
    std::string out;
    // ESC[2J erases the screen, ESC]0;...BEL retitles the window, C2 9B is CSI (in octal for
    // the shell's printf).
    EXPECT_EQ(run_binary(dir, "\"$(printf -- '--\\033[2J\\033]0;pwned\\007\\302\\23331m')\"", out), 2);
    const std::string first = out.substr(0, out.find('\n') + 1);
    EXPECT_EQ(first, "marionette: unknown option --\\x1b[2J\\x1b]0;pwned\\x07\\u009b31m\n");
    EXPECT_TRUE(is_safe_lines(out)) << out;
    EXPECT_EQ(run_binary(dir, "--check \"$(printf 'rig\\033[2J.json')\"", out), 1);
    EXPECT_EQ(out, "rig\\x1b[2J.json: cannot open: No such file or directory\n");
    std::filesystem::remove_all(dir);
}
