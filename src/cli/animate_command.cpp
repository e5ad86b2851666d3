#include "cli/animate_command.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "core/frames_json.hpp"
#include "core/opened_rig.hpp"
#include "core/rig_file.hpp"
#include "core/state_timeline.hpp"

namespace marionette {

namespace {

// The timeline's states, each once, in the order they first come: "walking,climbing" (a name
// holding a comma in quotes).
std::string states_named(const Rig& rig, const std::vector<TimelineEntry>& timeline) {
    std::vector<int> seen;
    std::string names;
    for (const TimelineEntry& e : timeline) {
        if (std::find(seen.begin(), seen.end(), e.state) != seen.end()) continue;
        seen.push_back(e.state);
        if (!names.empty()) names += ",";
        names += listed_state_name(rig.states[static_cast<std::size_t>(e.state)].name);
    }
    return names;
}

}  // namespace

int run_animate(const std::string& file, const AnimateRequest& request, bool overwrite, std::ostream& out,
                std::ostream& err) {
    Result<OpenedRig> loaded = open_rig_file(file);
    if (!loaded) return print_failure(err, loaded.message());
    print_warnings(err, loaded.value().warnings);
    const Rig& rig = loaded.value().rig;

    Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(request.timeline.value_or(""), rig, file);
    if (!timeline) return print_failure(err, "--timeline " + timeline.message());
    const double seconds = request.seconds.value_or(default_bake_seconds(rig, timeline.value()));
    // The rig's own frame rate, the one its timeline snaps to, unless the command asks another.
    const double fps = request.fps.value_or(static_cast<double>(rig.fps));
    Result<std::size_t> frames = baked_frame_count(fps, seconds);
    if (!frames) {
        // Which way to go: a bake under one frame needs more time or more frames a second.
        const char* advice = is_under_one_frame(fps, seconds) ? " (raise --seconds or --fps)"
                                                                       : " (lower --seconds or --fps)";
        return print_failure(err, "--animate: " + frames.message() + advice);
    }
    // Before the bake, which may take a while, and whose file would replace the rig.
    if (Status s = check_output_file("--out", file, request.out, overwrite); !s) return print_failure(err, s.message());

    const std::string rig_name = std::filesystem::path(file).filename().string();
    // Written as it is baked: a long bake of a large rig is gigabytes, never held whole.
    Result<AtomicFileWriter> writer = AtomicFileWriter::create(request.out, WriteOptions{.replace_read_only = overwrite});
    if (!writer) return print_failure(err, writer.message());
    const auto to_file = [&writer](std::string_view piece) { return writer.value().write(piece); };
    if (Status s = write_frames_json(rig, rig_name, timeline.value(), fps, frames.value(), to_file); !s) {
        return print_failure(err, s.message());  // the writer removes its temporary; the old file stays
    }
    if (Status s = writer.value().commit(); !s) return print_failure(err, s.message());
    print_line(out, "frames=" + std::to_string(frames.value()) + " states=" + states_named(rig, timeline.value()) +
                        " out=" + request.out);
    return 0;
}

}  // namespace marionette
