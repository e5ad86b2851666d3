#pragma once
// Joint limits, measured from the rest pose: the pose rotation of a bone is what they bound.

#include "core/skeleton.hpp"

namespace marionette {

// The [lo, hi] range of a limited 2D joint or 3D hinge, with open sides at -pi / pi.
struct AngleRange {
    float lo = -3.14159265f;
    float hi = 3.14159265f;
    bool contains(float a) const { return a >= lo && a <= hi; }
    float clamp(float a) const { return a < lo ? lo : (a > hi ? hi : a); }
};

AngleRange angle_range(const JointLimits& limits);

// The allowed angle nearest to `angle` (any value; compared on the circle, so 200 degrees with
// a range up to 130 goes to 130, not to the far end).
float nearest_allowed_angle(float angle, const AngleRange& range);

// The rotation the joint allows nearest to `pose_rotation`: 2D about z within the range; 3D
// onto the hinge and within its range, or within a ball joint's cone.
glm::quat constrain_rotation(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d);

// Whether `pose_rotation` keeps to the limits, within `tolerance` radians.
bool within_limits(const glm::quat& pose_rotation, const JointLimits& limits, bool is_2d, float tolerance);

}  // namespace marionette
