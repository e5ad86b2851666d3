#pragma once
// What --timeline, --fps and --seconds ask of a rig, checked once for every mode that plays a
// timeline (--animate, --export --timeline): the entries, the frame rate and the frame count.

#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/base/result.hpp"

namespace marionette {

struct TimelinePlan {
    std::vector<TimelineEntry> timeline;
    double fps = 30.0;       // --fps, or the rig's own
    std::size_t frames = 0;  // round(seconds * fps), at least one
};

// `mode` names the option in messages ("--animate"); `file` names the rig.
Result<TimelinePlan> plan_timeline(const Rig& rig, const std::string& file, const AnimateRequest& request, const char* mode);

}  // namespace marionette
