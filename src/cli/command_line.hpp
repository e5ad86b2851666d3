#pragma once
// The `marionette` command line. With a file (or none) it opens the editor; the other modes
// serve scripts and tests without a window.

#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace marionette {

enum class RunMode { Edit, Check, Help, Version };

struct CommandLine {
    RunMode mode = RunMode::Edit;
    std::string file;            // rig to open or check; empty: the default rig
    // Editor options used by scripts and tests.
    int quit_after_frames = 0;   // 0: run until the user quits
    std::string screenshot;      // PNG of the viewport written before quitting
};

Result<CommandLine> parse_command_line(const std::vector<std::string>& args);

std::string usage_text();

}  // namespace marionette
