#include "cli/timeline_request.hpp"

namespace marionette {

Result<TimelinePlan> plan_timeline(const Rig& rig, const std::string& file, const AnimateRequest& request, const char* mode) {
    TimelinePlan plan;
    Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(request.timeline.value_or(""), rig, file);
    if (!timeline) return Error{"--timeline " + timeline.message()};
    plan.timeline = std::move(timeline).value();
    const double seconds = request.seconds.value_or(default_bake_seconds(rig, plan.timeline));
    // The rig's own frame rate, the one its timeline snaps to, unless the command asks another.
    plan.fps = request.fps.value_or(static_cast<double>(rig.fps));
    Result<std::size_t> frames = baked_frame_count(plan.fps, seconds);
    if (!frames) {
        // Which way to go: a bake under one frame needs more time or more frames a second.
        const char* advice = is_under_one_frame(plan.fps, seconds) ? " (raise --seconds or --fps)" : " (lower --seconds or --fps)";
        return Error{std::string(mode) + ": " + frames.message() + advice};
    }
    plan.frames = frames.value();
    return plan;
}

}  // namespace marionette
