// What the window-less modes print reaches a terminal: names from the rig and paths from the
// command line must not act on it. A rig whose names hold ESC[2J (erase the screen),
// ESC]0;...BEL (set the window's title) and CSI as a C1 control (C2 9B), read from a file whose
// name holds a raw 0x9B byte, is printed with every such byte written out, and the only line
// ends are the program's own.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/animate_command.hpp"
#include "cli/bench_frames_command.hpp"
#include "cli/check_command.hpp"
#include "cli/pose_command.hpp"
#include "core/control_bytes.hpp"
#include "core/test_files.hpp"

using namespace marionette;
namespace mt = marionette::testing;

namespace {

const std::string kErase = "\x1b[2J";
const std::string kTitle = "\x1b]0;pwned\x07";
const std::string kCsi =
    "\xc2\x9b"
    "31m";
// As printed.
const std::string kErasePrinted = "\\x1b[2J";
const std::string kTitlePrinted = "\\x1b]0;pwned\\x07";
const std::string kCsiPrinted = "\\u009b31m";

// The hero with hostile names: its states and first chain renamed, written under a file name
// holding a raw 0x9B, an ESC sequence and a newline (a frames file names its rig, so --animate
// refuses a name that is not UTF-8: `utf8_name` leaves out the 0x9B).
std::filesystem::path hostile_hero(const mt::ScratchDir& dir, bool utf8_name = false) {
    nlohmann::json rig = nlohmann::json::parse(mt::read_file(std::filesystem::path(MARIONETTE_ASSETS) / "hero.json"));
    rig["states"][0]["name"] = "walk" + kErase;
    rig["states"][1]["name"] = "climb" + kTitle + "\nnext line";
    rig["chains"][0]["name"] = "arm" + kCsi;
    const auto file = dir / ((utf8_name ? "hero" : "hero\x9b") + kErase + "\n.json");
    std::ofstream(file, std::ios::binary) << rig.dump(1);
    return file;
}

// The file name as printed.
std::string printed_path(const std::filesystem::path& file, bool utf8_name = false) {
    return (file.parent_path() / "").string() + (utf8_name ? "hero" : "hero\\x9b") + kErasePrinted + "\\x0a.json";
}

struct Printed {
    int code = -1;
    std::string out;
    std::string err;
};

void expect_safe(const Printed& p) {
    EXPECT_TRUE(mt::is_safe_lines(p.out)) << p.out;
    EXPECT_TRUE(mt::is_safe_lines(p.err)) << p.err;
}

}  // namespace

TEST(TerminalOutput, CheckSummaryWritesNamesAndPathVisibly) {
    mt::ScratchDir dir;
    const auto file = hostile_hero(dir);
    std::ostringstream out;
    std::ostringstream err;
    const Printed p{run_check(file.string(), out, err), out.str(), err.str()};
    ASSERT_EQ(p.code, 0) << p.err;
    EXPECT_EQ(p.out, printed_path(file) + ": 2D rig, 10 bones, 5 IK chains (arm" + kCsiPrinted +
                         ", arm_r, leg_l, leg_r, spine_to_hand_l), 2 states (walk" + kErasePrinted + ", climb" + kTitlePrinted +
                         "\\x0anext line)\n");
    expect_safe(p);
}

TEST(TerminalOutput, CheckErrorWritesTheQuotedNameVisibly) {
    mt::ScratchDir dir;
    nlohmann::json rig = nlohmann::json::parse(mt::read_file(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json"));
    rig["bones"][1]["parent"] = kTitle + kCsi;
    const auto file = dir / "arm.json";
    std::ofstream(file, std::ios::binary) << rig.dump(1);
    std::ostringstream out;
    std::ostringstream err;
    const Printed p{run_check(file.string(), out, err), out.str(), err.str()};
    EXPECT_EQ(p.code, 1);
    EXPECT_EQ(p.err, file.string() + ": bones[1].parent: \"" + kTitlePrinted + kCsiPrinted + "\" is not a bone\n");
    expect_safe(p);
}

TEST(TerminalOutput, PoseErrorsWriteNamesVisibly) {
    mt::ScratchDir dir;
    const auto file = hostile_hero(dir);
    PoseRequest request;
    request.chain = kErase;  // as typed on the command line
    request.target = {1.0f, 2.0f};
    request.target_text = "1,2";
    request.out = (dir / "out.json").string();
    std::ostringstream out;
    std::ostringstream err;
    const Printed p{run_pose(file.string(), request, false, out, err), out.str(), err.str()};
    EXPECT_EQ(p.code, 1);
    EXPECT_EQ(p.err, "marionette: --chain: \"" + kErasePrinted + "\" is not a chain of " + printed_path(file) + " (chains: arm" +
                         kCsiPrinted + ", arm_r, leg_l, leg_r, spine_to_hand_l)\n");
    expect_safe(p);
}

TEST(TerminalOutput, AnimateLineAndErrorsWriteNamesVisibly) {
    mt::ScratchDir dir;
    const auto file = hostile_hero(dir, true);
    AnimateRequest request;
    request.timeline = "walk" + kErase + "@0";
    request.seconds = 1.0;
    request.out = (dir / ("frames" + kTitle + ".json")).string();
    std::ostringstream out;
    std::ostringstream err;
    Printed p{run_animate(file.string(), request, false, out, err), out.str(), err.str()};
    ASSERT_EQ(p.code, 0) << p.err;
    EXPECT_EQ(p.out, "frames=30 states=walk" + kErasePrinted + " out=" + (dir / "").string() + "frames" + kTitlePrinted + ".json\n");
    expect_safe(p);

    request.timeline = kCsi + "@0";
    std::ostringstream out2;
    std::ostringstream err2;
    p = {run_animate(file.string(), request, false, out2, err2), out2.str(), err2.str()};
    EXPECT_EQ(p.code, 1);
    EXPECT_EQ(p.err, "marionette: --timeline entry 1 \"" + kCsiPrinted + "@0\": \"" + kCsiPrinted + "\" is not a state of " +
                         printed_path(file, true) + " (it has: walk" + kErasePrinted + ", climb" + kTitlePrinted + "\\x0anext line)\n");
    expect_safe(p);
}

TEST(TerminalOutput, BenchFramesLoadErrorWritesThePathVisibly) {
    mt::ScratchDir dir;
    const std::string missing = (dir / ("gone" + kErase + ".json")).string();
    std::ostringstream out;
    std::ostringstream err;
    const Printed p{run_bench_frames(1, missing, out, err), out.str(), err.str()};
    EXPECT_EQ(p.code, 1);
    EXPECT_EQ(p.err, "marionette: " + (dir / "").string() + "gone" + kErasePrinted + ".json: cannot open: No such file or directory\n");
    expect_safe(p);
}
