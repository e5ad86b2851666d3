#include <gtest/gtest.h>

#include "cli/command_line.hpp"
#include "cli/option_help.hpp"

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
        {{"b.json", "--check", "a.json"}, "more than one file given: b.json and a.json"},
    };
    for (const auto& [args, expected] : cases) {
        auto cl = parse(args);
        ASSERT_FALSE(cl.ok()) << expected;
        EXPECT_NE(cl.message().find(expected), std::string::npos) << "expected: " << expected << "\n got: " << cl.message();
    }
}

namespace {
// A complete --pose command line with `extra` appended.
std::vector<std::string> pose_args(std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"--pose", "arm.json", "--chain", "arm", "--target", "300,100", "--out", "out.json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}
}  // namespace

TEST(CommandLine, Pose) {
    auto cl = parse(pose_args());
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::Pose);
    EXPECT_EQ(cl.value().file, "arm.json");
    const PoseRequest& p = cl.value().pose;
    EXPECT_EQ(p.chain, "arm");
    EXPECT_EQ(p.target, (std::vector<float>{300.0f, 100.0f}));
    EXPECT_EQ(p.target_text, "300,100");
    EXPECT_EQ(p.out, "out.json");
    EXPECT_FALSE(p.solver.has_value());
    EXPECT_FALSE(p.iterations.has_value());
}

TEST(CommandLine, PoseOptionsInAnyOrderWithSolverAndIterations) {
    auto cl = parse({"--out", "o.json", "--iterations", "50", "--target", "-0.5,+1.25e1, 2", "--solver", "ccd", "--chain", "tip", "--pose",
                     "tentacle.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    const PoseRequest& p = cl.value().pose;
    EXPECT_EQ(cl.value().file, "tentacle.json");
    EXPECT_EQ(p.target, (std::vector<float>{-0.5f, 12.5f, 2.0f}));
    EXPECT_EQ(p.solver, SolverKind::Ccd);
    EXPECT_EQ(p.iterations, 50);
    EXPECT_EQ(p.out, "o.json");
}

TEST(CommandLine, PoseSolverTakesBothSpellingsOfTwoBone) {
    for (const char* name : {"two-bone", "two_bone"}) {
        auto cl = parse(pose_args({"--solver", name}));
        ASSERT_TRUE(cl.ok()) << cl.message();
        EXPECT_EQ(cl.value().pose.solver, SolverKind::TwoBone) << name;
    }
}

// Whether OUT is the rig, or a rig, is known only on disk (run_pose, run_animate); the parser
// takes the name as given.
TEST(CommandLine, PoseOutMayNameTheInputFile) {
    auto cl = parse({"--pose", "arm.json", "--chain", "arm", "--target", "1,2", "--out", "arm.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().pose.out, "arm.json");
    EXPECT_FALSE(cl.value().overwrite);
}

TEST(CommandLine, OverwriteGoesWithEveryOptionThatWritesAFile) {
    for (const std::vector<std::string>& args : {
             pose_args({"--overwrite"}),
             std::vector<std::string>{"--overwrite", "--animate", "hero.json", "--timeline", "walking@0", "--out", "f.json"},
             std::vector<std::string>{"rig.json", "--frames", "3", "--screenshot", "shot.png", "--overwrite"},
         }) {
        auto cl = parse(args);
        ASSERT_TRUE(cl.ok()) << cl.message();
        EXPECT_TRUE(cl.value().overwrite) << args[0];
    }
    EXPECT_FALSE(parse(pose_args()).value().overwrite) << "off unless said";
}

TEST(CommandLine, OverwriteWhereNothingIsWrittenIsRefused) {
    const char* message = "--overwrite: only with --pose FILE, --animate FILE, --import FILE, --export FILE or --screenshot OUT.png";
    for (const std::vector<std::string>& args : {
             std::vector<std::string>{"--check", "arm.json", "--overwrite"},
             std::vector<std::string>{"--overwrite", "--bench-frames", "3"},
             std::vector<std::string>{"--overwrite"},
             std::vector<std::string>{"arm.json", "--overwrite"},
             std::vector<std::string>{"arm.json", "--frames", "3", "--overwrite"},
             std::vector<std::string>{"--help", "--overwrite"},
             std::vector<std::string>{"--version", "--overwrite"},
         }) {
        auto cl = parse(args);
        ASSERT_FALSE(cl.ok()) << args[0];
        EXPECT_EQ(cl.message(), message);
    }
}

TEST(CommandLine, BadPoseArgumentsGiveClearErrors) {
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"--pose"}, "--pose: missing value"},
        {{"--pose", ""}, "--pose: missing value"},
        {{"--pose", "arm.json"}, "--pose: missing --chain NAME, --target X,Y[,Z], --out OUT.json"},
        {{"--pose", "arm.json", "--target", "1,2", "--out", "o.json"}, "--pose: missing --chain NAME"},
        {{"--pose", "arm.json", "--chain", "arm", "--out", "o.json"}, "--pose: missing --target X,Y[,Z]"},
        {{"--pose", "arm.json", "--chain", "arm", "--target", "1,2"}, "--pose: missing --out OUT.json"},
        {pose_args({"--chain"}), "--chain: missing value"},
        {pose_args({"--target"}), "--target: missing value"},
        {pose_args({"--out"}), "--out: missing value"},
        {pose_args({"--solver"}), "--solver: missing value"},
        {pose_args({"--iterations"}), "--iterations: missing value"},
        {pose_args({"--target", "1"}), "--target: \"1\": expected X,Y (2D rig) or X,Y,Z (3D rig), got 1 component"},
        {pose_args({"--target", ""}), "--target: \"\": expected X,Y (2D rig) or X,Y,Z (3D rig), got 1 component"},
        {pose_args({"--target", "1,2,3,4"}), "--target: \"1,2,3,4\": expected X,Y (2D rig) or X,Y,Z (3D rig), got 4 components"},
        {pose_args({"--target", "1,abc"}), "--target: \"1,abc\": \"abc\" is not a number"},
        {pose_args({"--target", "1,2x"}), "--target: \"1,2x\": \"2x\" is not a number"},
        {pose_args({"--target", "1,+-2"}), "--target: \"1,+-2\": \"+-2\" is not a number"},
        {pose_args({"--target", "1,,2"}), "--target: \"1,,2\": component 2 is empty"},
        {pose_args({"--target", "1,"}), "--target: \"1,\": component 2 is empty"},
        {pose_args({"--target", "nan,0"}), "--target: \"nan,0\": \"nan\" is not a finite number"},
        {pose_args({"--target", "1,inf"}), "--target: \"1,inf\": \"inf\" is not a finite number"},
        {pose_args({"--target", "1,-infinity"}), "\"-infinity\" is not a finite number"},
        {pose_args({"--target", "1e39,0"}), "--target: \"1e39,0\": \"1e39\" is out of range for a float"},
        {pose_args({"--target", "1e999,0"}), "--target: \"1e999,0\": \"1e999\" is out of range for a float"},
        {pose_args({"--solver", "fabrik"}), "--solver: expected ccd or two-bone, got \"fabrik\""},
        {pose_args({"--solver", "CCD"}), "--solver: expected ccd or two-bone, got \"CCD\""},
        {pose_args({"--iterations", "0"}), "--iterations: expected a positive whole number, got \"0\""},
        {pose_args({"--iterations", "-5"}), "--iterations: expected a positive whole number, got \"-5\""},
        {pose_args({"--iterations", "2.5"}), "--iterations: expected a positive whole number, got \"2.5\""},
        {pose_args({"--iterations", "ten"}), "--iterations: expected a positive whole number, got \"ten\""},
        {pose_args({"--iterations", "99999999999"}), "--iterations: expected a positive whole number"},
        {pose_args({"--iterations", "10001"}), "--iterations: at most 10000, got 10001"},
        {pose_args({"--solver", "two-bone", "--iterations", "5"}), "--iterations: only for the ccd solver, not with --solver two-bone"},
        {pose_args({"--frames", "3"}), "--frames: an editor option, not used with --pose"},
        {pose_args({"rig.json"}), "more than one file given: arm.json and rig.json"},
        {pose_args({"--pose", "b.json"}), "more than one file given: arm.json and b.json"},
        {pose_args({"--check", "arm.json"}), "--check: conflicts with an earlier mode option"},
        {{"--chain", "arm"}, "--chain: only with --pose FILE"},
        {{"arm.json", "--target", "1,2"}, "--target: only with --pose FILE"},
        {{"--check", "arm.json", "--out", "o.json"}, "--out: only with --pose FILE"},
        {{"--solver", "ccd"}, "--solver: only with --pose FILE"},
        {{"--iterations", "3"}, "--iterations: only with --pose FILE"},
    };
    for (const auto& [args, expected] : cases) {
        auto cl = parse(args);
        ASSERT_FALSE(cl.ok()) << expected;
        EXPECT_NE(cl.message().find(expected), std::string::npos) << "expected: " << expected << "\n got: " << cl.message();
    }
}

TEST(CommandLine, HelpListsEveryOptionOnOneLine) {
    const std::string help = help_text();
    // Every option the parser takes (kept by hand from parse_command_line: a new option that is
    // not in the help fails here).
    const char* parsed[] = {"--check",      "--pose",       "--animate", "--import",    "--export",    "--bench-frames", "--help",
                            "-h",           "--version",    "--out",     "--overwrite", "--chain",     "--target",       "--solver",
                            "--iterations", "--timeline",   "--fps",     "--seconds",   "--rest-pose", "--format",       "--window",
                            "--frames",     "--screenshot", "--script",  "--bones",     "--chains",    "--ui-scale",     "--theme"};
    for (const char* option : parsed) {
        // Listed as an option: at the start of a line ("  --out PATH") or after "--help, ".
        const bool listed = help.find("\n  " + std::string(option) + " ") != std::string::npos ||
                            help.find("\n  " + std::string(option) + ",") != std::string::npos ||
                            help.find(", " + std::string(option) + " ") != std::string::npos;
        EXPECT_TRUE(listed) << option << " is not in the help";
    }
    std::size_t listed = 0;
    for (const OptionGroup& group : option_groups()) {
        for (const OptionHelp& o : group.options) {
            ++listed;
            // One line: "  OPTION   text\n", the text without a line break.
            const std::string line = "  " + std::string(o.option);
            const std::size_t at = help.find("\n" + line + " ");
            ASSERT_NE(at, std::string::npos) << o.option;
            EXPECT_EQ(help.find("\n" + line + " ", at + 1), std::string::npos) << o.option << " is listed twice";
            EXPECT_EQ(o.text.find('\n'), std::string_view::npos) << o.option;
            EXPECT_LE(line.size() + o.text.size() + 4, 100u) << o.option << ": its line is too long for a terminal";
            // The parser knows it.
            const std::string flag(o.option.substr(0, o.option.find_first_of(" ,")));
            Result<CommandLine> cl = parse_command_line({flag});
            EXPECT_TRUE(cl.ok() || cl.message().find("unknown option") == std::string::npos) << flag << ": " << cl.message();
        }
    }
    EXPECT_EQ(listed, std::size(parsed) - 1);  // "-h" shares "--help"'s line
}


TEST(CommandLine, BenchFrames) {
    auto cl = parse_command_line({"--bench-frames", "100"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::BenchFrames);
    EXPECT_EQ(cl.value().bench_frames, 100);
    EXPECT_TRUE(cl.value().file.empty());
    cl = parse_command_line({"--bench-frames", "10", "rig.json"});
    ASSERT_TRUE(cl.ok());
    EXPECT_EQ(cl.value().file, "rig.json");
    cl = parse_command_line({"--bench-frames", "10", "--bones", "100000", "--chains", "100"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().bench_bones, 100000);
    EXPECT_EQ(cl.value().bench_chains, 100);
    for (const auto& [args, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"--bench-frames"}, "--bench-frames: missing value"},
             {{"--bench-frames", "x"}, "--bench-frames: expected a positive whole number"},
             {{"--bench-frames", "5", "--frames", "3"}, "runs without a window"},
             {{"--bench-frames", "5", "--check", "a.json"}, "conflicts with an earlier mode option"},
             {{"--bones", "5000"}, "--bones: only with --bench-frames N (the rig it generates)"},
             {{"--check", "a.json", "--chains", "5"}, "--chains: only with --bench-frames N"},
             {{"--bench-frames", "5", "a.json", "--bones", "5000"}, "--bones: sizes the generated rig; --bench-frames times FILE as it is"},
             {{"--bench-frames", "5", "--bones", "0"}, "--bones: expected a positive whole number, got \"0\""},
             {{"--bench-frames", "5", "--bones", "1000001"}, "--bones: at most 1000000, got 1000001"},
             {{"--bench-frames", "5", "--bones", "1000", "--chains", "100"},
              "--chains: 100 chains need 1601 bones or more (each hangs on an arm of at least 16), got 1000"},
             {{"--bench-frames", "5", "--chains", "70"}, "--chains: 70 chains need 1121 bones or more"},
             {{"--bench-frames", "5", "--chains", "x"}, "--chains: expected a positive whole number"},
         }) {
        auto bad = parse_command_line(args);
        ASSERT_FALSE(bad.ok()) << expected;
        EXPECT_NE(bad.message().find(expected), std::string::npos) << bad.message();
    }
}

TEST(CommandLine, ScriptAndWindowSize) {
    auto cl = parse({"--script", "steps.json", "--window", "1024x640", "arm.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::Edit);
    EXPECT_EQ(cl.value().script, "steps.json");
    EXPECT_EQ(cl.value().file, "arm.json");
    EXPECT_EQ(cl.value().window_width, 1024);
    EXPECT_EQ(cl.value().window_height, 640);
    for (const auto& [args, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"--script"}, "--script: missing value"},
             {{"--script", "a.json", "--script", "b.json"}, "--script: given twice"},
             {{"--window", "1024"}, "--window: expected WIDTHxHEIGHT such as 1280x800, got \"1024\""},
             {{"--window", "10x10"}, "--window: 10x10 is outside 320x240 to 16384x16384"},
             {{"--window", "800x600px"}, "--window: expected WIDTHxHEIGHT"},
             {{"--window", "x600"}, "--window: expected WIDTHxHEIGHT"},
             {{"--window", "-800x600"}, "--window: -800x600 is outside 320x240"},
             {{"--check", "a.json", "--script", "s.json"}, "--script: an editor option, not used with another mode"},
             {{"--bench-frames", "3", "--window", "800x600"}, "--window: an editor option"},
         }) {
        auto bad = parse(args);
        ASSERT_FALSE(bad.ok()) << expected;
        EXPECT_NE(bad.message().find(expected), std::string::npos) << bad.message();
    }
}

TEST(CommandLine, UiScaleAndTheme) {
    auto cl = parse({"--ui-scale", "1.5", "--theme", "light", "arm.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().ui_scale, std::optional<float>{1.5f});
    EXPECT_EQ(cl.value().theme, std::optional<UiTheme>{UiTheme::Light});
    cl = parse({"arm.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_FALSE(cl.value().ui_scale.has_value());  // the settings' or the display's
    EXPECT_FALSE(cl.value().theme.has_value());
    EXPECT_EQ(parse({"--ui-scale", "0.5"}).value().ui_scale, std::optional<float>{0.5f});
    EXPECT_EQ(parse({"--ui-scale", "3"}).value().ui_scale, std::optional<float>{3.0f});
    for (const auto& [args, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"--ui-scale"}, "--ui-scale: missing value"},
             {{"--ui-scale", "big"}, "--ui-scale: expected a number from 0.5 to 3 such as 1.5, got \"big\""},
             {{"--ui-scale", "150%"}, "--ui-scale: expected a number from 0.5 to 3 such as 1.5, got \"150%\""},
             {{"--ui-scale", ""}, "--ui-scale: expected a number"},
             {{"--ui-scale", "30"}, "--ui-scale: 30 is outside 0.5 to 3"},
             {{"--ui-scale", "0.25"}, "--ui-scale: 0.25 is outside 0.5 to 3"},
             {{"--ui-scale", "nan"}, "--ui-scale: nan is outside 0.5 to 3"},
             {{"--theme", "blue"}, "--theme: expected dark or light, got \"blue\""},
             {{"--theme", "Dark"}, "--theme: expected dark or light, got \"Dark\""},
             {{"--check", "a.json", "--ui-scale", "2"}, "--ui-scale: an editor option, not used with another mode"},
             {{"--bench-frames", "3", "--theme", "light"}, "--theme: an editor option, not used with another mode"},
         }) {
        auto bad = parse(args);
        ASSERT_FALSE(bad.ok()) << expected;
        EXPECT_NE(bad.message().find(expected), std::string::npos) << bad.message();
    }
}

TEST(CommandLine, Animate) {
    auto cl = parse({"--animate", "hero.json", "--timeline", "walking@0,climbing@2", "--out", "frames.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::Animate);
    EXPECT_EQ(cl.value().file, "hero.json");
    const AnimateRequest& a = cl.value().animate;
    EXPECT_EQ(a.timeline, "walking@0,climbing@2");
    EXPECT_FALSE(a.fps) << "the default is the rig's";
    EXPECT_FALSE(a.seconds) << "the default depends on the rig";
    EXPECT_EQ(a.out, "frames.json");
    EXPECT_TRUE(cl.value().pose.out.empty()) << "--out went to --animate";

    cl = parse({"--out", "f.json", "--seconds", "+2.5", "--fps", "29.97", "--timeline", "", "--animate", "hero.json"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().animate.fps, 29.97);
    EXPECT_EQ(cl.value().animate.seconds, 2.5);
    EXPECT_EQ(cl.value().animate.timeline, "") << "given, if empty: run_animate says what is wrong with it";
    EXPECT_EQ(parse({"--animate", "h.json", "--timeline", "w@0", "--out", "o", "--fps", "1000"}).value().animate.fps, 1000.0);
}

TEST(CommandLine, BadAnimateArgumentsGiveClearErrors) {
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"--animate"}, "--animate: missing value"},
        {{"--animate", ""}, "--animate: missing value"},
        {{"--animate", "hero.json"}, "--animate: missing --timeline NAME@SECONDS,..., --out FRAMES.json"},
        {{"--animate", "hero.json", "--out", "o.json"}, "--animate: missing --timeline NAME@SECONDS,..."},
        {{"--animate", "hero.json", "--timeline", "walking@0"}, "--animate: missing --out FRAMES.json"},
        {{"--animate", "hero.json", "--timeline", "walking@0", "--out", "o.json", "--chain", "arm"}, "--chain: only with --pose FILE"},
        {{"--animate", "hero.json", "--timeline", "walking@0", "--out", "o.json", "--frames", "3"},
         "--frames: an editor option, not used with --animate"},
        {{"--animate", "hero.json", "--pose", "arm.json"}, "--pose: conflicts with an earlier mode option"},
        {{"--timeline", "walking@0"}, "--timeline: only with --animate FILE or --export FILE"},
        {{"hero.json", "--fps", "30"}, "--fps: only with --animate FILE or --export FILE"},
        {{"--check", "hero.json", "--seconds", "2"}, "--seconds: only with --animate FILE or --export FILE"},
        {{"--pose", "arm.json", "--chain", "arm", "--target", "1,2", "--out", "o.json", "--timeline", "w@0"},
         "--timeline: only with --animate FILE or --export FILE"},
        {{"--bench-frames", "3", "--out", "o.json"}, "--out: only with --pose FILE, --animate FILE or --import FILE"},
    };
    for (const auto& [args, expected] : cases) {
        auto cl = parse(args);
        ASSERT_FALSE(cl.ok()) << expected;
        EXPECT_EQ(cl.message(), expected);
    }
}
