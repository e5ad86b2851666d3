#pragma once
// A timeline of state switches, written "walking@0,climbing@2": which state the state machine
// is sent to, and when. This file reads one against a rig and plays it through the machine,
// frame by frame, into every bone's world frame: a baked animation.
//
// Playing: the machine starts on the rig's own pose (kRigPose). An entry at 0 s shows its
// state at once; a later one starts a transition (rig.transition) at exactly its own time, even
// when that falls between two frames, so a bake shows the blend a live machine would.

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/anim/state_machine.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct TimelineEntry {
    int state = kRigPose;  // index into rig.states (kRigPose: back to the rig's own pose)
    double at = 0.0;       // seconds, >= 0; a timeline's entries never go back in time
};

// Reads "NAME@SECONDS,NAME@SECONDS,...". Each comma-separated entry splits on its last '@', so a
// name may hold spaces and '@'; a piece with no '@' runs on over a comma while a state's name
// does ("run, fast@0"). Names match rig.states exactly. Times are finite,
// >= 0 and never decrease; equal times switch in the order written. Errors name the entry:
//   entry 2 "climbing@x": "x" is not a number of seconds
//   entry 1 "flying@0": "flying" is not a state of hero.json (it has: walking, climbing)
// `rig_name` is how messages call the rig.
// A state's name as a comma-separated list shows it: in quotes when it holds a comma.
std::string listed_state_name(std::string_view name);

Result<std::vector<TimelineEntry>> parse_state_timeline(std::string_view text, const Rig& rig, const std::string& rig_name);

// A bake's length when none is asked for: until the last switch has arrived, then one second.
double default_bake_seconds(const Rig& rig, std::span<const TimelineEntry> timeline);

// Large enough for hours of animation, small enough that the file (about 70 bytes a bone a
// frame) stays one a program can read.
inline constexpr std::size_t kMaxBakedFrames = 1'000'000;

// round(seconds * fps): an error when that is no frame at all or more than kMaxBakedFrames.
// Both numbers must be finite and > 0.
Result<std::size_t> baked_frame_count(double fps, double seconds);

// Whether round(seconds * fps) is below one frame: the error baked_frame_count gives then is
// mended by a longer or faster bake, where too many frames are mended by a shorter or slower one.
bool is_under_one_frame(double fps, double seconds);

struct BakedFrame {
    double time = 0.0;              // seconds: frame index / fps
    int state = kRigPose;           // the active state (shown, or being blended towards)
    std::optional<int> from;        // what it blends from while a transition runs, else nullopt
    float weight = 1.0f;            // the active state's blend weight (1 outside transitions)
    std::vector<Transform> world;   // each bone's joint frame, in skeleton order
    std::vector<glm::vec3> scales;  // each bone's pose scale along its own axes (1: unscaled), same order
};

// Plays `timeline` through the state machine and, for frames 0 .. frame_count - 1 (frame i at
// i / fps), samples the pose it shows into `pose` and calls `on_frame` with the frame's time and
// the machine. `pose` starts as a copy of the rig's (one allocation; the frames refill it).
// Fails as bake_timeline.
Status play_timeline(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count, Pose& pose,
                     const std::function<void(double time, const StateMachine& machine)>& on_frame);

// Plays `timeline` and calls `on_frame` for frames 0 .. frame_count - 1, frame i at i / fps
// (one BakedFrame, refilled each time). Fails before the first frame on an fps that is not
// finite and > 0, a timeline out of order or naming a state the rig lacks, or a rig whose pose
// does not fit its skeleton.
Status bake_timeline(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count,
                     const std::function<void(const BakedFrame&)>& on_frame);

}  // namespace marionette
