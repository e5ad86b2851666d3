#include "cli/animate_command.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "cli/timeline_request.hpp"
#include "core/anim/frames_json.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/rig/opened_rig.hpp"
#include "core/rig/rig_file.hpp"

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

int run_animate(const std::string& file, const AnimateRequest& request, bool overwrite, std::ostream& out, std::ostream& err) {
    Result<OpenedRig> loaded = open_rig_file(file);
    if (!loaded) return print_failure(err, loaded.message());
    print_warnings(err, loaded.value().warnings);
    const Rig& rig = loaded.value().rig;

    Result<TimelinePlan> plan = plan_timeline(rig, file, request, "--animate");
    if (!plan) return print_failure(err, plan.message());
    const std::vector<TimelineEntry>& timeline = plan.value().timeline;
    const double fps = plan.value().fps;
    const std::size_t frames = plan.value().frames;
    // Before the bake, which may take a while, and whose file would replace the rig.
    if (Status s = check_output_file("--out", file, request.out, overwrite); !s) return print_failure(err, s.message());

    const std::string rig_name = std::filesystem::path(file).filename().string();
    // Written as it is baked: a long bake of a large rig is gigabytes, never held whole.
    Result<AtomicFileWriter> writer = AtomicFileWriter::create(request.out, WriteOptions{.replace_read_only = overwrite});
    if (!writer) return print_failure(err, writer.message());
    const auto to_file = [&writer](std::string_view piece) { return writer.value().write(piece); };
    if (Status s = write_frames_json(rig, rig_name, timeline, fps, frames, to_file); !s) {
        return print_failure(err, s.message());  // the writer removes its temporary; the old file stays
    }
    if (Status s = writer.value().commit(); !s) return print_failure(err, s.message());
    print_line(out, "frames=" + std::to_string(frames) + " states=" + states_named(rig, timeline) + " out=" + request.out);
    return 0;
}

}  // namespace marionette
