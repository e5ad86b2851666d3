#pragma once
// The skeleton: named bones in a flat array, every parent stored before its children, so one
// pass over the array visits parents first (forward kinematics relies on it).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ik/limit_angle.hpp"
#include "core/math/transform.hpp"

namespace marionette {

// Limits on how a joint may turn away from its rest rotation. Angles in radians.
// The allowed twist of a swing-twist joint, radians, min <= max, both within [-pi, pi].
struct TwistRange {
    LimitAngle min;
    LimitAngle max;

    bool operator==(const TwistRange&) const = default;
};

struct JointLimits {
    // 3D only: the joint turns only about this unit axis, given in the bone's rest frame.
    // 2D joints always turn about z and never carry a hinge.
    std::optional<glm::vec3> hinge;
    // Signed range about the hinge (2D: about z). In 3D without a hinge only max_angle may be
    // set: the largest turn away from rest in any direction.
    std::optional<LimitAngle> min_angle;
    std::optional<LimitAngle> max_angle;
    // 3D ball joints may instead bound swing and twist apart (never with max_angle or a hinge):
    // the pose rotation splits as swing * twist, the twist about the bone's own x axis and the
    // swing the shortest turn taking x where the pose takes it (joint_limits.hpp).
    std::optional<LimitAngle> swing;  // the largest swing, [0, pi]
    std::optional<TwistRange> twist;  // the allowed twist

    bool is_swing_twist() const { return swing.has_value() || twist.has_value(); }
    bool operator==(const JointLimits&) const = default;
};

struct Bone {
    std::string name;
    int parent = -1;      // index into the skeleton, -1 for a root
    Transform rest;       // relative to the parent's joint frame
    float length = 0.0f;  // along local +X; 0 is allowed
    std::optional<JointLimits> limits;
    // How the viewport draws it, RGB each in [0, 1] (color.hpp); none: the editor's default.
    std::optional<glm::vec3> color;

    bool operator==(const Bone&) const = default;
};

class Skeleton {
public:
    Skeleton() = default;
    // Takes bones already in parent-before-child order (the loader sorts them).
    explicit Skeleton(std::vector<Bone> bones) : bones_(std::move(bones)) {}

    std::size_t size() const { return bones_.size(); }
    bool empty() const { return bones_.empty(); }
    const Bone& operator[](std::size_t i) const { return bones_[i]; }
    Bone& operator[](std::size_t i) { return bones_[i]; }
    const std::vector<Bone>& bones() const { return bones_; }

    // Index of the bone called `name`, or -1.
    int find(std::string_view name) const;
    // True when `ancestor` is `bone` or lies on its parent path.
    bool is_ancestor_or_self(int ancestor, int bone) const;
    // Every parent index is smaller than its child's index.
    bool is_parent_before_child() const;
    // The same along the path from `bone` up to its root (false for a bone outside the
    // skeleton): what a walk up from `bone` needs to end, checked in the path's length rather
    // than the skeleton's, so that a solve of one chain in a large rig does not pass over every
    // bone each frame. With `top` (an ancestor of `bone`), the path ends at `top`, whose own
    // parent is checked too: a chain placed from its parent's frame reads nothing higher.
    bool is_path_parent_before_child(int bone, int top = -1) const;

    bool operator==(const Skeleton&) const = default;

private:
    std::vector<Bone> bones_;
};

}  // namespace marionette
