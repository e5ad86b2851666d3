#include "editor/posing/fk_drag.hpp"

#include <algorithm>
#include <cmath>

#include "core/ik/joint_limits.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {
// Closer to the joint than this (world units, relative to the bone) a direction means nothing.
constexpr float kTiny = 1e-6f;
// The hinge's turn is searched at this many angles round the circle, then refined.
constexpr int kHingeSamples = 72;
// Turns whose grabbed point lands within this fraction of the circle's radius of the nearest
// one count as equally near; the one closest to the last turn is kept.
constexpr float kNearlyAsNear = 0.02f;

glm::vec3 flatten(const Rig& rig, glm::vec3 p) {
    if (rig.is_2d()) p.z = 0.0f;
    return p;
}
}  // namespace

Result<FkDrag> FkDrag::start(const Rig& rig, const Pose& pose, int bone, const glm::vec3& grab, const glm::vec3& view_direction,
                             std::span<const int> also) {
    const auto is_bone = [&](int b) { return b >= 0 && b < static_cast<int>(rig.skeleton.size()); };
    if (!is_bone(bone) || !std::all_of(also.begin(), also.end(), is_bone)) return Error{"fk drag: no such bone"};
    if (!pose.fits(rig.skeleton.size())) return Error{"fk drag: the pose does not match the skeleton"};
    const auto b = static_cast<std::size_t>(bone);
    const Transform parent = parent_world(rig.skeleton, pose, bone);
    const Transform local = local_transform(rig.skeleton, pose, b);
    const Transform world = parent * local;
    FkDrag d;
    d.bone_ = bone;
    std::vector<int> turning(also.begin(), also.end());
    turning.push_back(bone);
    std::sort(turning.begin(), turning.end());
    turning.erase(std::unique(turning.begin(), turning.end()), turning.end());
    for (const int t : turning) d.turning_.push_back({t, pose.rotations[static_cast<std::size_t>(t)]});
    d.joint_ = world.translation;
    d.world_at_start_ = world.rotation;
    d.frame_ = parent.rotation * rig.skeleton[b].rest.rotation;
    const float view_length = glm::length(view_direction);
    if (view_length > 0.0f && std::isfinite(view_length)) d.view_ = view_direction / view_length;
    const glm::vec3 from_joint = flatten(rig, grab) - world.translation;
    const float scale = std::fmax(1.0f, rig.skeleton[b].length);
    // Grabbed on the joint itself: take the bone's own axis as the handle.
    d.grab_dir_ = glm::length(from_joint) > kTiny * scale ? from_joint : world.rotation * glm::vec3{1.0f, 0.0f, 0.0f};
    const std::optional<JointLimits>& limits = rig.skeleton[b].limits;
    if (!rig.is_2d() && limits && limits->hinge) d.hinge_ = glm::normalize(d.frame_ * *limits->hinge);
    return d;
}

float FkDrag::hinge_turn(const glm::vec3& to_cursor) {
    // The grabbed point turned by t about the axis: along + cos t across + sin t (axis x across).
    const glm::vec3& axis = *hinge_;
    const glm::vec3 along = axis * glm::dot(axis, grab_dir_);
    const glm::vec3 across = grab_dir_ - along;
    const float radius = glm::length(across);
    if (!(radius > kTiny * glm::length(grab_dir_))) return hinge_angle_;  // grabbed on the axis: no lever
    // Seen along the view: everything projected onto the view plane.
    const auto seen = [&](const glm::vec3& v) { return v - view_ * glm::dot(view_, v); };
    const glm::vec3 a = seen(along) - seen(to_cursor);
    const glm::vec3 u = seen(across);
    const glm::vec3 w = seen(glm::cross(axis, across));
    const auto miss = [&](float t) { return glm::length(a + std::cos(t) * u + std::sin(t) * w); };
    // The local minima over a scan, each refined by golden-section search in its bracket.
    float best_miss = INFINITY;
    float best = hinge_angle_;
    float kept_miss = INFINITY;
    float kept = hinge_angle_;
    constexpr float step = 2.0f * kPi / kHingeSamples;
    struct Minimum {
        float t, miss;
    };
    Minimum minima[kHingeSamples];
    int count = 0;
    float previous = miss(-step);
    float current = miss(0.0f);
    for (int i = 0; i < kHingeSamples; ++i) {
        const float t = step * static_cast<float>(i);
        const float next = miss(t + step);
        if (current <= previous && current <= next) {
            float lo = t - step;
            float hi = t + step;
            constexpr float golden = 0.618034f;
            for (int k = 0; k < 24; ++k) {
                const float m1 = hi - golden * (hi - lo);
                const float m2 = lo + golden * (hi - lo);
                if (miss(m1) < miss(m2)) {
                    hi = m2;
                } else {
                    lo = m1;
                }
            }
            const float at = 0.5f * (lo + hi);
            minima[count++] = {at, miss(at)};
        }
        previous = current;
        current = next;
    }
    for (int i = 0; i < count; ++i) {
        if (minima[i].miss < best_miss) best_miss = minima[i].miss, best = minima[i].t;
    }
    for (int i = 0; i < count; ++i) {
        const float from_last = std::fabs(wrap_angle(minima[i].t - hinge_angle_));
        if (minima[i].miss <= best_miss + kNearlyAsNear * radius && from_last < kept_miss) kept_miss = from_last, kept = minima[i].t;
    }
    return count > 0 ? wrap_angle(kept) : best;
}

void FkDrag::move(const Rig& rig, Pose& pose, const glm::vec3& cursor) {
    const glm::vec3 to_cursor = flatten(rig, cursor) - joint_;
    if (glm::dot(to_cursor, to_cursor) < kTiny * kTiny) return;  // on the joint: no direction to follow
    glm::quat turn{1.0f, 0.0f, 0.0f, 0.0f};
    if (hinge_) {
        hinge_angle_ = hinge_turn(to_cursor);
        turn = glm::angleAxis(hinge_angle_, *hinge_);
    } else {
        turn = rotation_between(grab_dir_, to_cursor);
        if (rig.is_2d()) turn = rotation_2d(angle_2d(turn));  // about z only, whatever rounding left
    }
    if (turning_.size() == 1) {
        const auto b = static_cast<std::size_t>(bone_);
        glm::quat rotation = normalized(glm::conjugate(frame_) * turn * world_at_start_);
        if (rig.skeleton[b].limits) rotation = constrain_rotation(rotation, *rig.skeleton[b].limits, rig.is_2d());
        pose.rotations[b] = rotation;
        return;
    }
    turn_bones_in_world(rig, pose, turning_, turn);
}

void turn_bones_in_world(const Rig& rig, Pose& pose, std::span<const TurningBone> bones, const glm::quat& turn) {
    // Alone, a bone's turn is FkDrag's single-bone rotation. One pass down the skeleton (parents
    // first) keeps the world rotations, rather than walking to the root for each turning bone.
    std::vector<glm::quat> world(rig.skeleton.size());
    auto next = bones.begin();
    for (std::size_t b = 0; b < rig.skeleton.size() && next != bones.end(); ++b) {
        const int parent = rig.skeleton[b].parent;
        const glm::quat frame =
            (parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : world[static_cast<std::size_t>(parent)]) * rig.skeleton[b].rest.rotation;
        if (static_cast<int>(b) == next->bone) {
            glm::quat rotation = normalized(glm::conjugate(frame) * turn * frame * next->start);
            if (rig.is_2d()) rotation = rotation_2d(angle_2d(rotation));
            if (rig.skeleton[b].limits) rotation = constrain_rotation(rotation, *rig.skeleton[b].limits, rig.is_2d());
            pose.rotations[b] = rotation;
            ++next;
        }
        world[b] = frame * pose.rotations[b];
    }
}

std::string rotate_label(const Rig& rig, std::span<const int> bones) {
    if (bones.size() > 1) return "Rotate " + std::to_string(bones.size()) + " bones";
    return bones.empty() ? std::string("Rotate") : "Rotate " + rig.skeleton[static_cast<std::size_t>(bones.front())].name;
}

std::vector<int> FkDrag::bones() const {
    std::vector<int> out;
    for (const TurningBone& t : turning_) out.push_back(t.bone);
    return out;
}

}  // namespace marionette
