#pragma once
// How large a rig and a solve may be. A float keeps about seven digits, so no real rig comes
// near these sizes; the limits are there so that the arithmetic on anything that loads, or that
// a solver accepts, stays finite (found by fuzzing: docs/reliability.md).

namespace marionette {

// The largest bone length, and the largest coordinate of a translation, root offset, pin or
// pole, a rig holds (files and edits). Forward kinematics adds up one such number per bone down
// the tree, so no rig that fits in memory reaches float's 3.4e38; without the limit two bones
// 3e38 long put the second one's tip at infinity.
inline constexpr float kMaxCoordinate = 1e15f;
inline constexpr const char* kCoordinateRange = "between -1e15 and 1e15";  // for messages

// The largest scale a pose gives a bone along any axis (the smallest is 0: a mirror is not a
// scale here, and a negative length would turn a solver's triangle inside out). A scaled bone
// reaches at most kMaxCoordinate * kMaxPoseScale, still far inside float.
inline constexpr float kMaxPoseScale = 1000.0f;
inline constexpr const char* kPoseScaleRange = "between 0 and 1000";            // for messages
inline bool is_pose_scale(float s) { return s >= 0.0f && s <= kMaxPoseScale; }  // false for NaN

// A rig's animation rate (frames per second: what a timeline snaps keys to) and a bake's
// (--fps): above 0 and at most this, beyond which a bake is not animation any more, only a
// bigger file. A rig is at 30 when its file gives none.
inline constexpr float kDefaultFps = 30.0f;
inline constexpr float kMaxFps = 1000.0f;
inline constexpr const char* kFpsRange = "above 0 and at most 1000";    // for messages
inline bool is_fps(float fps) { return fps > 0.0f && fps <= kMaxFps; }  // false for NaN

// The IK solvers multiply up to four distances together (squared lengths times squared
// lengths, Heron's formula). A solve whose target, pole, chain root joint or its parent joint has a coordinate
// beyond +-this, or whose chain reaches farther than this, is refused by validate() rather than
// overflowing into NaN rotations. Within it the largest such product stays below 1e38.
inline constexpr float kMaxSolveDistance = 1e9f;

}  // namespace marionette
