#pragma once
// Joint limits, measured from the rest pose: the pose rotation of a bone is what they bound.

#include "core/math/rotation_math.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// The [lo, hi] range of a limited 2D joint or 3D hinge, with open sides at -pi / pi.
struct AngleRange {
    float lo = LimitAngle::half_turn_below().radians();
    float hi = LimitAngle::half_turn_above().radians();
    bool contains(float a) const { return a >= lo && a <= hi; }
    float clamp(float a) const { return a < lo ? lo : (a > hi ? hi : a); }
};

AngleRange angle_range(const JointLimits& limits);

// Whether the range holds the angle of the direction (x, y).
inline bool contains_angle_of(const AngleRange& range, float y, float x) { return range.contains(std::atan2(y, x)); }
inline bool contains_angle_of(const AngleRange& range, Rot2 r) { return contains_angle_of(range, r.s, r.c); }

// The allowed angle nearest to `angle` (any value; compared on the circle, so 200 degrees with
// a range up to 130 goes to 130, not to the far end).
float nearest_allowed_angle(float angle, const AngleRange& range);

// A 3D pose rotation split as swing * twist: the twist about the bone's own x axis, the swing
// the shortest turn taking x where the pose takes it (its axis across x). A pose that swings x
// half round has no twist of its own (it splits so with any twist); it is taken as 0 there and
// any twist range holds it.
struct SwingTwist {
    glm::quat swing{1.0f, 0.0f, 0.0f, 0.0f};
    float swing_angle = 0.0f;  // [0, pi]
    float twist = 0.0f;        // (-pi, pi]
    bool has_twist = true;
};
SwingTwist split_swing_twist(const glm::quat& pose_rotation);

// The twist range of swing-twist limits as an AngleRange (the whole circle when unbounded).
AngleRange twist_range(const JointLimits& limits);
// The largest swing of swing-twist limits: a half turn when only the twist is bounded.
inline LimitAngle swing_limit(const JointLimits& limits) { return limits.swing ? *limits.swing : LimitAngle::half_turn_above(); }

// The rotation the joint allows nearest to `pose_rotation`: 2D about z within the range; 3D
// onto the hinge and within its range, within a ball joint's cone, or for swing-twist limits
// the twist moved into its range and the swing tilted back onto its cone about the same axis
// (as Godot's and PhysX's joints clamp them; not always the nearest rotation, always allowed).
glm::quat constrain_rotation(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d);

// The swing-twist clamp of constrain_rotation and the test of within_limits, for a swing of at
// most `swing` and a twist within `twist`.
glm::quat constrain_swing_twist(const glm::quat& pose_rotation, float swing, const AngleRange& twist);
bool within_swing_twist(const glm::quat& pose_rotation, float swing, const AngleRange& twist, float tolerance);

// Whether `pose_rotation` keeps to the limits, within `tolerance` radians (for swing-twist
// limits, of the turn that would bring it within them).
bool within_limits(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d, float tolerance);

}  // namespace marionette
