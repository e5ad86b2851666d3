#include "cli/command_line.hpp"

#include <charconv>

namespace marionette {

namespace {

Result<int> parse_count(const std::string& option, const std::string& text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 1) {
        return Error{option + ": expected a positive whole number, got \"" + text + "\""};
    }
    return value;
}

}  // namespace

std::string usage_text() {
    return "usage: marionette [FILE]                 open the editor on FILE (default: the hero rig)\n"
           "       marionette --check FILE          validate a rig; print a summary or the error\n"
           "       marionette --help | --version\n"
           "editor options for scripts and tests:\n"
           "       --frames N                       quit after N frames\n"
           "       --screenshot OUT.png             save the last frame as PNG (with --frames)\n";
}

Result<CommandLine> parse_command_line(const std::vector<std::string>& args) {
    CommandLine cl;
    bool mode_set = false;
    auto set_mode = [&](RunMode m, const std::string& option) -> Status {
        if (mode_set && cl.mode != m) return Error{option + ": conflicts with an earlier mode option"};
        cl.mode = m;
        mode_set = true;
        return {};
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> Result<std::string> {
            if (i + 1 >= args.size()) return Error{a + ": missing value"};
            return args[++i];
        };
        if (a == "--help" || a == "-h") {
            if (Status s = set_mode(RunMode::Help, a); !s) return Error{s.message()};
        } else if (a == "--version") {
            if (Status s = set_mode(RunMode::Version, a); !s) return Error{s.message()};
        } else if (a == "--check") {
            if (Status s = set_mode(RunMode::Check, a); !s) return Error{s.message()};
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            cl.file = v.value();
        } else if (a == "--frames") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            Result<int> n = parse_count(a, v.value());
            if (!n) return Error{n.message()};
            cl.quit_after_frames = n.value();
        } else if (a == "--screenshot") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            cl.screenshot = v.value();
        } else if (a.size() > 1 && a[0] == '-') {
            return Error{"unknown option " + a};
        } else {
            if (!cl.file.empty()) return Error{"more than one file given: " + cl.file + " and " + a};
            cl.file = a;
        }
    }
    if (!cl.screenshot.empty() && cl.quit_after_frames == 0) {
        return Error{"--screenshot: needs --frames N (the frame to capture)"};
    }
    if (cl.mode == RunMode::Check && cl.file.empty()) return Error{"--check: missing value"};
    return cl;
}

}  // namespace marionette
