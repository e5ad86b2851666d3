#pragma once
// Running `marionette --pose` in a test: through the real command-line parser, so the tests see
// what the command line sees, with its one printed line parsed back.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/pose_command.hpp"
#include "core/rig/rig_file.hpp"
#include "core/whole_match.hpp"

namespace marionette::testing {

struct PoseRun {
    int code = -1;
    std::string out;
    std::string err;
};

// Through the real command-line parser, so the tests see what `marionette --pose ...` sees.
inline PoseRun pose(std::vector<std::string> args) {
    args.insert(args.begin(), "--pose");
    Result<CommandLine> cl = parse_command_line(args);
    EXPECT_TRUE(cl.ok()) << cl.message();
    if (!cl) return {};
    EXPECT_EQ(cl.value().mode, RunMode::Pose);
    std::ostringstream out;
    std::ostringstream err;
    PoseRun run;
    run.code = run_pose(cl.value().file, cl.value().pose, cl.value().overwrite, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

struct PrintedResult {
    bool reached = false;
    float error = 0.0f;
    int iterations = 0;
};

// The one line --pose prints, parsed; a failed expectation when it does not have that shape.
inline PrintedResult parse_line(const std::string& printed) {
    const auto m = marionette::testing::whole_match(printed, "reached=(true|false) error=([0-9.e+-]+) iterations=([0-9]+)\n");
    PrintedResult r;
    EXPECT_TRUE(m.has_value()) << "printed: " << printed;
    if (!m) return r;
    r.reached = (*m)[1] == "true";
    r.error = std::stof((*m)[2]);
    r.iterations = std::stoi((*m)[3]);
    return r;
}

inline Rig load(const std::filesystem::path& path) {
    Result<Rig> rig = load_rig_file(path);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig ? rig.value() : Rig{};
}

}  // namespace marionette::testing
