#include "editor/edits/edit_checks.hpp"

#include <cmath>
#include <cstdio>

#include "core/base/extents.hpp"
#include "core/base/utf8.hpp"
#include "core/math/unit_length.hpp"

namespace marionette::edit_checks {

namespace {


// How far from a pure z turn a 2D rotation may be: float rounding of a z turn, not a real tilt.
constexpr float kTiltTolerance = 1e-6f;

}  // namespace

std::string bone_label(const Rig& rig, int bone) { return "bone \"" + rig.skeleton[static_cast<std::size_t>(bone)].name + "\""; }

std::string bones_label(const Rig& rig, std::span<const int> bones) {
    return bones.size() == 1 ? bone_label(rig, bones.front()) : std::to_string(bones.size()) + " bones";
}

std::string chain_label(const Rig& rig, int chain) { return "chain \"" + rig.chains[static_cast<std::size_t>(chain)].name + "\""; }

std::string number_text(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
    return text;
}

Status check_bone(const Rig& rig, int bone) {
    const std::size_t n = rig.skeleton.size();
    if (bone < 0 || static_cast<std::size_t>(bone) >= n) {
        return Error{"bone " + std::to_string(bone) + " does not exist (the rig has " + std::to_string(n) + " bones)"};
    }
    return {};
}

Status check_chain(const Rig& rig, int chain) {
    const std::size_t n = rig.chains.size();
    if (chain < 0 || static_cast<std::size_t>(chain) >= n) {
        return Error{"chain " + std::to_string(chain) + " does not exist (the rig has " + std::to_string(n) + " chains)"};
    }
    return {};
}

Status check_state(const Rig& rig, int state) {
    if (state < 0 || static_cast<std::size_t>(state) >= rig.states.size()) {
        return Error{"no state " + std::to_string(state) + " (the rig has " + std::to_string(rig.states.size()) + ")"};
    }
    return {};
}

Status check_pose_matches(const Rig& rig) {
    if (!rig.pose.fits(rig.skeleton.size())) {
        return Error{"the rig's pose has " + rig.pose.misfit(rig.skeleton.size()) + " for " + std::to_string(rig.skeleton.size()) +
                     " bones"};
    }
    return {};
}

Status check_bone_name(const Rig& rig, std::string_view name, int renamed) {
    if (name.empty()) return Error{"a bone name must not be empty"};
    if (auto bad = find_invalid_utf8(name)) {
        return Error{"the name is not valid UTF-8 (byte " + std::to_string(*bad + 1) + " of " + std::to_string(name.size()) +
                     " starts an invalid sequence)"};
    }
    const int other = rig.skeleton.find(name);
    if (other >= 0 && other != renamed) {
        return Error{"the name \"" + std::string(name) + "\" is already taken by bone " + std::to_string(other)};
    }
    return {};
}

Status check_length(float length, const std::string& what) {
    if (!std::isfinite(length) || length < 0.0f) {
        return Error{what + ": must be a finite number >= 0, got " + number_text(length)};
    }
    if (length > kMaxCoordinate) return Error{what + ": must be at most 1e15, got " + number_text(length)};
    return {};
}

Result<glm::vec3> checked_position(const Rig& rig, const glm::vec3& v, const std::string& what) {
    if (!is_finite(v)) return Error{what + ": every component must be a finite number"};
    if (std::fabs(v.x) > kMaxCoordinate || std::fabs(v.y) > kMaxCoordinate || std::fabs(v.z) > kMaxCoordinate) {
        return Error{what + ": every component must be " + kCoordinateRange};
    }
    if (rig.is_2d() && v.z != 0.0f) {
        return Error{what + ": a 2D rig lies in the z = 0 plane, got z = " + number_text(v.z)};
    }
    return v;
}

Result<glm::vec3> checked_scale(const Rig& rig, const glm::vec3& v, const std::string& what) {
    if (!is_pose_scale(v.x) || !is_pose_scale(v.y) || !is_pose_scale(v.z)) {
        return Error{what + ": every component must be " + kPoseScaleRange + ", got " + number_text(v.x) + ", " + number_text(v.y) + ", " +
                     number_text(v.z)};
    }
    if (rig.is_2d() && v.z != 1.0f) return Error{what + ": a 2D rig's bones keep a z scale of 1, got " + number_text(v.z)};
    return v;
}

Result<glm::quat> checked_rotation(const Rig& rig, const glm::quat& q, const std::string& what) {
    if (!is_finite(q)) return Error{what + ": every component must be a finite number"};
    const std::optional<glm::quat> made_unit = unit_rotation(q);
    if (!made_unit) return Error{what + ": a rotation quaternion must not be zero"};
    glm::quat unit = *made_unit;
    if (rig.is_2d()) {
        if (std::fabs(unit.x) > kTiltTolerance || std::fabs(unit.y) > kTiltTolerance) {
            return Error{what + ": a 2D rig's rotations turn about z only"};
        }
        unit = glm::normalize(glm::quat{unit.w, 0.0f, 0.0f, unit.z});
    }
    return unit;
}

Transform tidy_transform(const Transform& t, bool is_2d) {
    Transform out = t;
    if (is_2d) {
        out.translation.z = 0.0f;
        out.rotation.x = 0.0f;
        out.rotation.y = 0.0f;
    }
    out.rotation = glm::normalize(out.rotation);
    return out;
}

}  // namespace marionette::edit_checks
