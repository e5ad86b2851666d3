#pragma once
// The state preview the editor plays in the viewport: the state machine, a play/pause switch,
// a time scale, the auto-cycle that switches state every few seconds to show the blends, and
// the timeline's playhead: a state scrubbed to a time shows still there until played.
// It shows; it never edits: the document's rig (and its pose) is only read.

#include <optional>
#include <string>

#include "core/anim/keyed_clip_cache.hpp"
#include "core/anim/state_machine.hpp"
#include "core/rig/document.hpp"

namespace marionette {

class StatePlayer {
public:
    // Moves the clock on by `seconds` of real time (scaled; nothing when paused), auto-cycling
    // when it is on. Call once a frame, after any change to the rig's state list.
    void tick(const Rig& rig, double seconds);

    // Blends to `state` (kRigPose: back to the rig's own pose) with the rig's transition.
    void show(const Rig& rig, int state);
    // Shows `state` at once (no blend), paused `time` seconds into its timeline (clamped to
    // [0, kMaxKeyTime]), its tracks read there neither looped nor held (a loop's end shows its
    // last key) and its channels at that clock time. Playing goes on from there.
    void seek(const Rig& rig, int state, double time);
    // Where the shown state is on its timeline: the scrubbed time, or while it plays the time
    // its tracks show (looped or held); for a state without keys the time since it was
    // entered. 0 for the rig's pose.
    double playhead(const Rig& rig) const;
    // Whether the state shows still at a scrubbed time (no transition under way).
    bool scrubbed() const { return scrub_.has_value(); }
    // The rig's states were renumbered: renumber[old] = new, or -1 for a deleted state.
    void renumber(const Rig& rig, const std::vector<int>& renumber) { forget_missing_states(machine_, rig, &renumber); }
    // Stops showing any state at once (no blend): the rig's own pose shows again.
    void stop();
    // Whether what shows is not simply the rig's own pose.
    bool shows_state() const { return active_state(machine_) != kRigPose || in_transition(machine_); }

    void sample(const Rig& rig, Pose& out) const;
    // The same, for the document's rig, played from compiled clips kept while the document's
    // revision stays: what the viewport shows frame after frame.
    void sample(const Document& document, Pose& out) const;
    // The slots shown now (drawings, colours, draw order), as sample() shows the bones.
    void sample_slots(const Rig& rig, SlotPose& out) const;
    const StateMachine& machine() const { return machine_; }

    bool playing() const { return playing_; }
    // Pausing keeps the time shown; playing after a scrub goes on from the scrubbed time.
    void set_playing(bool playing);
    float time_scale() const { return time_scale_; }
    // Finite and in [0, 10]; other values are ignored.
    void set_time_scale(float scale);
    // Seconds (of scaled time) between automatic switches to the next state; nullopt: off.
    const std::optional<float>& auto_cycle() const { return auto_cycle_; }
    // At least 0.1 s; nullopt turns it off.
    void set_auto_cycle(std::optional<float> seconds);

private:
    void sample_into(const Rig& rig, Pose& out, KeyedClipCache* clips) const;

    StateMachine machine_;
    bool playing_ = true;
    float time_scale_ = 1.0f;
    std::optional<float> auto_cycle_;
    double since_switch_ = 0.0;
    std::optional<double> scrub_;   // the scrubbed time, while the state shows still there
    mutable KeyedClipCache clips_;  // a cache: what shows is the same with or without it
};

// A state's name as the panels show it: the rig's pose (kRigPose, or no such state) as
// kRigPoseName.
std::string shown_state_name(const Rig& rig, int state);

// What the player shows, in a line: "walking  1.07 s" (an oscillator state on the shared clock),
// "wave  0.47 s of 1.20" (a keyed state on its own time), "wave -> walking  26%" (a blend).
std::string playback_text(const Rig& rig, const StatePlayer& player);

}  // namespace marionette
