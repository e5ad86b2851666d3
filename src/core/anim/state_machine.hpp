#pragma once
// The state machine: which state shows, a clock, and the transitions blending into it.
//
// Every state is a function of one shared clock, so a state keeps its rhythm whether it is
// shown, fading out or fading in. Switching state pushes a layer: over `duration` seconds the
// new state's live pose is blended, with weight e(t), over everything shown beneath it, and
// beneath keeps animating. Switching again in the middle of a transition pushes another layer
// over the blend as it is shown at that moment, so nothing pops; a layer that has fully arrived
// hides everything under it, which is then dropped. State -1 stands for the rig's own pose.
//
// The machine holds state indices into a rig it does not own: call forget_missing_states()
// after the rig's state list changes. Sampling treats an index past the list as the rig's pose.

#include <optional>
#include <string>
#include <vector>

#include "core/anim/keyed_clip_cache.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

inline constexpr int kRigPose = -1;
// What the editor and its scripts call kRigPose.
inline constexpr const char* kRigPoseName = "(rig pose)";

// The state's name; nullptr for kRigPose (and for an index past the rig's list).
inline const std::string* state_name(const Rig& rig, int state) {
    return state >= 0 && static_cast<std::size_t>(state) < rig.states.size() ? &rig.states[static_cast<std::size_t>(state)].name : nullptr;
}

struct StateLayer {
    int state = kRigPose;
    double start = 0.0;     // clock time the transition into it began
    float duration = 0.0f;  // seconds; 0 arrives at once
    Easing easing = Easing::Cosine;
};

struct StateMachine {
    double clock = 0.0;                            // seconds
    std::vector<StateLayer> layers{StateLayer{}};  // bottom first; never empty
    // Stands in for the bottom layer once a deep pile of interrupted transitions was flattened.
    std::optional<Pose> frozen_bottom;
};

// Deeper piles are flattened (the two bottom layers become one still pose).
inline constexpr std::size_t kMaxStateLayers = 16;

// The state shown, or being blended towards; kRigPose for the rig's own pose.
int active_state(const StateMachine& m);
// The state under the transition in progress (what it blends from), or nullopt when none is.
std::optional<int> blending_from(const StateMachine& m);
// The active state's weight: e(progress) of the transition in progress, 1 when there is none.
float blend_weight(const StateMachine& m);
bool in_transition(const StateMachine& m);

// Starts a transition to `state` (kRigPose allowed) now, with `settings`. Switching to the
// active state changes nothing. The rig is needed when a deep pile is flattened.
void switch_state(StateMachine& m, const Rig& rig, int state, const TransitionSettings& settings);
// Shows `state` at once, no transition (a fresh start, a scrubbed preview).
void jump_to_state(StateMachine& m, int state);
// Moves the clock on by dt seconds (>= 0) and drops layers hidden by an arrived transition.
void advance(StateMachine& m, double dt);
// Sets the clock (scrubbing): layers are kept; transitions are measured against it.
void set_clock(StateMachine& m, double clock);

// The pose shown now, over the rig's own pose. With `clips` (synced to the rig), keyed states
// play from their compiled clips, and a frame allocates nothing once they are compiled.
void sample(const StateMachine& m, const Rig& rig, Pose& out, KeyedClipCache* clips = nullptr);

// The slots shown now (slot_track.hpp): the rig's own, under each layer's slot tracks and
// draw-order keys at its state's time, blended as the layers are (drawings and order switch
// half-way through a transition, colours mix).
void sample_slots(const StateMachine& m, const Rig& rig, SlotPose& out);

// After the rig's states changed (deleted, reordered): layers naming a state that is gone
// fall back to the rig's pose, and `remap[old] = new` (or -1) renames the rest when given.
void forget_missing_states(StateMachine& m, const Rig& rig, const std::vector<int>* remap = nullptr);

}  // namespace marionette
