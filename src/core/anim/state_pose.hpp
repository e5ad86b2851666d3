#pragma once
// Evaluating states and blending poses: the arithmetic under the state machine, with no clock
// of its own. Everything here is a pure function of its arguments.

#include <span>

#include "core/anim/keyed_clip.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The easing curve e(t) for a transition's progress t (clamped to [0, 1]): 0 at 0, 1 at 1.
// Cosine 0.5 - 0.5 cos(pi t) and smoothstep 3t^2 - 2t^3 leave and arrive with zero slope.
float ease(Easing easing, float t);
// de/dt at t: the largest is pi/2 for cosine (at t = 0.5), 1.5 for smoothstep, 1 for linear.
float ease_slope(Easing easing, float t);
// The steepest the curve gets over [0, 1].
float max_ease_slope(Easing easing);

// A channel's wave sin(2 pi time/period + phase), in [-1, 1].
float channel_wave(const StateChannel& channel, double time);
// A rotation channel's rotation at `time` seconds.
glm::quat channel_rotation(const StateChannel& channel, double time);
// A translation or scale channel's value at `time` seconds.
glm::vec3 channel_vector(const StateChannel& channel, double time);

// The pose `state` shows at clock time `clock`, `local` seconds after it was entered: every
// property of a bone it drives takes its track at keyed_time(state, local) and then its
// channels at `clock`, composed (state.hpp); every other property keeps its value in `pose`
// (the rig's own pose), as does the root offset. `is_2d` says how the tracks' rotation keys
// read (state.hpp). `out` may be `pose`. Tracks and channels naming a bone outside the pose
// are skipped.
void sample_state(const State& state, bool is_2d, double clock, double local, const Pose& pose, Pose& out);
// The same with the tracks read at `track_time` itself, neither looped nor held: a timeline's
// playhead, where the end of a looping state shows its last key rather than its first.
void sample_state_at(const State& state, bool is_2d, double clock, double track_time, const Pose& pose, Pose& out);
// The same two, the tracks read from `playback`, whose clip was compiled from `state` (with
// the rig's is_2d), moving its cursor on: the same pose, faster frame after frame.
void sample_state(const State& state, ClipPlayback& playback, double clock, double local, const Pose& pose, Pose& out);
void sample_state_at(const State& state, ClipPlayback& playback, double clock, double track_time, const Pose& pose, Pose& out);
// The same for a state of `rig` entered at clock time 0 (a preview, a test): clock and local
// time are both `time`; the chains the state keys the mix of are then solved (state_ik.hpp).
void sample_state(const Rig& rig, const State& state, double time, const Pose& pose, Pose& out);

// The rotation a fraction `w` of the way from a to b along the shorter arc (2D: never the
// long way round across +-180 degrees; 3D: slerp). w = 0 gives a, w = 1 gives b, exactly.
glm::quat blend_rotation(const glm::quat& a, const glm::quat& b, float w);

// Bone by bone blend_rotation, translations, scales and the root offset linearly (a scale
// between two in [0, kMaxPoseScale] stays in it). `out` may be `a` or `b`; the
// poses must have the same bone count.
void blend_poses(const Pose& a, const Pose& b, float w, Pose& out);

}  // namespace marionette
