// Edits of one bone's values: nothing is renumbered here. The pose's are pose_edits.cpp.

#include <algorithm>
#include <cmath>

#include "core/math/color.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/unit_length.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Bone& bone_at(Rig& rig, int bone) { return rig.skeleton[static_cast<std::size_t>(bone)]; }

// Whether a child's joint sits at the tip of a bone of `length`: within float rounding of a
// tip that was read from a file or computed from the length.
bool at_tip(const glm::vec3& translation, float length) {
    const float tolerance = 1e-5f * std::max(1.0f, length);
    return glm::length(translation - bone_axis() * length) <= tolerance;
}

// Limits are angles from rest, at most half a turn either way; a ball joint's is a cone's
// half-angle, so never negative.
Status check_angle(float angle, bool non_negative, const std::string& what) {
    const float lo = non_negative ? 0.0f : -kPi;
    if (!std::isfinite(angle) || angle < lo || angle > kPi) {
        return Error{what + ": must be between " + (non_negative ? "0" : "-pi") + " and pi radians, got " + number_text(angle)};
    }
    return {};
}

Result<JointLimits> checked_limits(const Rig& rig, const JointLimits& limits, const std::string& what) {
    JointLimits out = limits;
    if (limits.hinge) {
        if (rig.is_2d()) return Error{what + ": a 2D joint turns about z and takes no hinge"};
        const std::optional<glm::vec3> axis = unit_direction(*limits.hinge);
        if (!axis) return Error{what + ": the hinge must be a finite, non-zero direction"};
        out.hinge = *axis;
    }
    const bool ball = !rig.is_2d() && !limits.hinge;
    if (limits.min_angle) {
        if (ball) return Error{what + ": a 3D joint without a hinge takes only a max (its largest turn from rest)"};
        if (Status s = check_angle(*limits.min_angle, false, what + ": min"); !s) return Error{s.message()};
    }
    if (limits.max_angle) {
        if (Status s = check_angle(*limits.max_angle, ball, what + ": max"); !s) return Error{s.message()};
    }
    if (limits.min_angle && limits.max_angle && *limits.min_angle > *limits.max_angle) {
        return Error{what + ": min (" + number_text(*limits.min_angle) + ") must not exceed max (" + number_text(*limits.max_angle) + ")"};
    }
    if (limits.is_swing_twist()) {
        if (!ball) return Error{what + ": swing and twist are for 3D joints without a hinge"};
        if (limits.min_angle || limits.max_angle) {
            return Error{what + ": a ball joint takes either a max (its largest turn from rest) or swing and twist, not both"};
        }
        if (limits.swing) {
            if (Status s = check_angle(*limits.swing, true, what + ": swing"); !s) return Error{s.message()};
        }
        if (limits.twist) {
            if (Status s = check_angle(limits.twist->min, false, what + ": twist min"); !s) return Error{s.message()};
            if (Status s = check_angle(limits.twist->max, false, what + ": twist max"); !s) return Error{s.message()};
            if (limits.twist->min > limits.twist->max) {
                return Error{what + ": twist min (" + number_text(limits.twist->min) + ") must not exceed twist max (" +
                             number_text(limits.twist->max) + ")"};
            }
        }
    }
    return out;
}

}  // namespace

Result<Rig> rename_bone(const Rig& rig, int bone, std::string_view new_name) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    if (Status s = check_bone_name(rig, new_name, bone); !s) {
        return Error{"cannot rename " + bone_label(rig, bone) + ": " + s.message()};
    }
    Rig out = rig;
    bone_at(out, bone).name = std::string(new_name);
    return out;
}

Result<Rig> set_bone_length(const Rig& rig, std::span<const int> bones, float length) {
    if (bones.empty()) return Error{"no bone to set the length of"};
    for (const int bone : bones) {
        if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    }
    if (Status s = check_length(length, "length of " + bones_label(rig, bones)); !s) return Error{s.message()};
    Rig out = rig;
    std::vector<bool> changed(rig.skeleton.size(), false);
    for (const int bone : bones) {
        changed[static_cast<std::size_t>(bone)] = true;
        bone_at(out, bone).length = length;
    }
    // One pass over the children, each against its parent's length before the edit.
    for (std::size_t i = 0; i < out.skeleton.size(); ++i) {
        Bone& child = out.skeleton[i];
        if (child.parent >= 0 && changed[static_cast<std::size_t>(child.parent)] &&
            at_tip(child.rest.translation, rig.skeleton[static_cast<std::size_t>(child.parent)].length)) {
            child.rest.translation = bone_axis() * length;
        }
    }
    return out;
}

Result<Rig> set_bone_length(const Rig& rig, int bone, float length) { return set_bone_length(rig, std::span(&bone, 1), length); }

Result<Rig> set_rest_translation(const Rig& rig, int bone, const glm::vec3& translation) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    Result<glm::vec3> t = checked_position(rig, translation, "rest translation of " + bone_label(rig, bone));
    if (!t) return Error{t.message()};
    Rig out = rig;
    bone_at(out, bone).rest.translation = t.value();
    return out;
}

Result<Rig> set_rest_rotation(const Rig& rig, int bone, const glm::quat& rotation) {
    if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    Result<glm::quat> q = checked_rotation(rig, rotation, "rest rotation of " + bone_label(rig, bone));
    if (!q) return Error{q.message()};
    Rig out = rig;
    bone_at(out, bone).rest.rotation = q.value();
    return out;
}

Result<Rig> set_limits(const Rig& rig, std::span<const int> bones, const std::optional<JointLimits>& limits) {
    if (bones.empty()) return Error{"no bone to set the limits of"};
    for (const int bone : bones) {
        if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    }
    std::optional<JointLimits> checked;
    if (limits) {
        Result<JointLimits> c = checked_limits(rig, *limits, "limits of " + bones_label(rig, bones));
        if (!c) return Error{c.message()};
        checked = std::move(c).value();
    }
    Rig out = rig;
    for (const int bone : bones) bone_at(out, bone).limits = checked;
    return out;
}

Result<Rig> set_limits(const Rig& rig, int bone, const std::optional<JointLimits>& limits) {
    return set_limits(rig, std::span(&bone, 1), limits);
}

Result<Rig> set_bone_color(const Rig& rig, std::span<const int> bones, const std::optional<glm::vec3>& color) {
    if (bones.empty()) return Error{"no bone to colour"};
    for (const int bone : bones) {
        if (Status s = check_bone(rig, bone); !s) return Error{s.message()};
    }
    if (color && !is_color(*color)) {
        return Error{"colour of " + bones_label(rig, bones) + ": each of red, green and blue must be " + kColorRange + ", got (" +
                     number_text(color->r) + ", " + number_text(color->g) + ", " + number_text(color->b) + ")"};
    }
    Rig out = rig;
    for (const int bone : bones) bone_at(out, bone).color = color;
    return out;
}

}  // namespace marionette
