#include "fuzz/rig_invariants.hpp"

#include <cmath>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "core/base/extents.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::fuzzing {

namespace {

std::string bone_at(const Rig& rig, std::size_t i) { return "bone " + std::to_string(i) + " \"" + rig.skeleton[i].name + "\""; }

bool valid_bone(const Rig& rig, int b) { return b >= 0 && static_cast<std::size_t>(b) < rig.skeleton.size(); }

// In a 2D rig every vector lies in z = 0 and every rotation turns about z.
bool flat(const glm::vec3& v) { return v.z == 0.0f; }
bool about_z(const glm::quat& q) { return q.x == 0.0f && q.y == 0.0f; }

bool is_unit_direction(const glm::vec3& v) { return is_finite(v) && std::fabs(glm::length(v) - 1.0f) <= 1e-5f; }

// Angles the format bounds by +-180 degrees come back as radians a rounding past pi.
constexpr float kPiSlack = 3.1415929f;

Violation check_limits(const JointLimits& l, bool is_2d) {
    if (is_2d && l.hinge) return "a 2D joint has a hinge";
    if (l.hinge && !is_unit_direction(*l.hinge)) return "hinge is not a unit direction";
    for (const auto& a : {l.min_angle, l.max_angle}) {
        if (a && !(std::fabs(*a) <= kPiSlack)) return "limit angle outside +-180 degrees";
    }
    if (l.min_angle && l.max_angle && *l.min_angle > *l.max_angle) return "limit min exceeds max";
    if (!is_2d && !l.hinge) {
        if (l.min_angle) return "a 3D joint without a hinge has a min";
        if (l.max_angle && *l.max_angle < 0.0f) return "a cone limit is negative";
    }
    if (l.is_swing_twist()) {
        if (is_2d || l.hinge || l.min_angle || l.max_angle) return "swing-twist limits beside a hinge, a range or a cone";
        if (l.swing && !(*l.swing >= 0.0f && *l.swing <= kPiSlack)) return "a swing limit outside [0, 180] degrees";
        if (l.twist && !(std::fabs(l.twist->min) <= kPiSlack && std::fabs(l.twist->max) <= kPiSlack))
            return "a twist limit outside +-180 degrees";
        if (l.twist && l.twist->min > l.twist->max) return "twist min exceeds max";
    }
    return {};
}

Violation check_bones(const Rig& rig) {
    const Skeleton& sk = rig.skeleton;
    const bool is_2d = rig.is_2d();
    if (sk.empty()) return "the skeleton is empty";
    if (!sk.is_parent_before_child()) return "bones are not parent-before-child";
    std::unordered_set<std::string> names;
    for (std::size_t i = 0; i < sk.size(); ++i) {
        const Bone& b = sk[i];
        if (b.name.empty() || !names.insert(b.name).second) return bone_at(rig, i) + ": empty or duplicate name";
        if (!std::isfinite(b.length) || b.length < 0.0f) return bone_at(rig, i) + ": length not finite and >= 0";
        if (!is_finite(b.rest.translation)) return bone_at(rig, i) + ": translation not finite";
        if (!is_unit_rotation(b.rest.rotation)) return bone_at(rig, i) + ": rest rotation not a unit quaternion";
        if (is_2d && (!flat(b.rest.translation) || !about_z(b.rest.rotation))) return bone_at(rig, i) + ": leaves the plane";
        if (b.limits) {
            if (Violation v = check_limits(*b.limits, is_2d)) return bone_at(rig, i) + ": " + *v;
        }
    }
    return {};
}

Violation check_chains(const Rig& rig) {
    const bool is_2d = rig.is_2d();
    std::unordered_set<std::string> names;
    for (const IkChain& c : rig.chains) {
        const std::string at = "chain \"" + c.name + "\": ";
        if (c.name.empty() || !names.insert(c.name).second) return at + "empty or duplicate name";
        if (!valid_bone(rig, c.root) || !valid_bone(rig, c.effector)) return at + "root or effector out of range";
        const std::size_t n = chain_bones(rig.skeleton, c.root, c.effector).size();
        if (n == 0) return at + "effector not below root";
        if (c.solver == SolverKind::TwoBone && n != 2) return at + "two-bone chain of " + std::to_string(n) + " bones";
        if (c.ccd.max_iterations < 1 || c.ccd.max_iterations > 10000) return at + "iterations out of range";
        if (!(c.ccd.tolerance > 0.0f) || !std::isfinite(c.ccd.tolerance)) return at + "tolerance not finite and > 0";
        if (!(c.ccd.max_step > 0.0f) || !(c.ccd.max_step <= kPiSlack)) return at + "max_step not in (0, 180] degrees";
        if (c.two_bone.bend != 1 && c.two_bone.bend != -1) return at + "bend not +-1";
        if (!(c.two_bone.softness >= 0.0f && c.two_bone.softness <= 1.0f)) return at + "softness not in [0, 1]";
        if (c.two_bone.pole && (is_2d || !is_finite(*c.two_bone.pole))) return at + "bad pole";
        if (c.pin && (!is_finite(*c.pin) || (is_2d && !flat(*c.pin)))) return at + "bad pin";
    }
    return {};
}

Violation check_pose(const Rig& rig) {
    const Pose& pose = rig.pose;
    if (!pose.fits(rig.skeleton.size())) return "the pose does not fit the bones: " + pose.misfit(rig.skeleton.size());
    if (!is_finite(pose.root_offset) || (rig.is_2d() && !flat(pose.root_offset))) return "bad root offset";
    for (std::size_t i = 0; i < pose.rotations.size(); ++i) {
        if (!is_unit_rotation(pose.rotations[i])) return "pose of " + bone_at(rig, i) + ": not a unit quaternion";
        if (rig.is_2d() && !about_z(pose.rotations[i])) return "pose of " + bone_at(rig, i) + ": leaves the plane";
        const glm::vec3& t = pose.translations[i];
        if (!is_finite(t) || glm::any(glm::greaterThan(glm::abs(t), glm::vec3(kMaxCoordinate))) || (rig.is_2d() && !flat(t))) {
            return "pose translation of " + bone_at(rig, i) + ": out of range";
        }
        const glm::vec3& s = pose.scales[i];
        if (!is_pose_scale(s.x) || !is_pose_scale(s.y) || !is_pose_scale(s.z) || (rig.is_2d() && s.z != 1.0f)) {
            return "pose scale of " + bone_at(rig, i) + ": out of range";
        }
    }
    return {};
}

Violation check_states(const Rig& rig) {
    std::unordered_set<std::string> names;
    for (const State& s : rig.states) {
        const std::string at = "state \"" + s.name + "\": ";
        if (s.name.empty() || !names.insert(s.name).second) return at + "empty or duplicate name";
        for (const StateChannel& c : s.channels) {
            if (!valid_bone(rig, c.bone)) return at + "channel bone out of range";
            if (!channel_stays_in_range(c)) return at + "translation or scale channel out of range";
            if (rig.is_2d() && (c.center.z != (c.property == PoseProperty::Scale ? 1.0f : 0.0f) || c.swing.z != 0.0f)) {
                return at + "translation or scale channel leaves the plane";
            }
            if (!is_unit_direction(c.axis)) return at + "channel axis not a unit direction";
            if (!is_unit_rotation(c.base)) return at + "channel base not a unit quaternion";
            if (rig.is_2d() && (!about_z(c.base) || c.axis != glm::vec3{0.0f, 0.0f, 1.0f})) return at + "channel leaves the plane";
            if (!std::isfinite(c.amplitude) || !std::isfinite(c.phase)) return at + "amplitude or phase not finite";
            if (!(c.period > 0.0f) || !std::isfinite(c.period)) return at + "period not finite and > 0";
        }
        for (std::size_t t = 0; t < s.tracks.size(); ++t) {
            const KeyTrack& track = s.tracks[t];
            if (!valid_bone(rig, track.bone)) return at + "track bone out of range";
            if (const std::string problem = key_track_problem(track, rig.is_2d()); !problem.empty()) return at + "track: " + problem;
            if (track_driving(s, track.bone, track.property) != static_cast<int>(t)) return at + "two tracks drive one property";
        }
    }
    if (!(rig.transition.duration >= 0.0f) || !std::isfinite(rig.transition.duration)) return "transition duration";
    if (!is_fps(rig.fps)) return "fps out of range";
    if (!rig.editor.json().is_object()) return "editor data is not an object";
    return {};
}

// The angle between two rotations, q and -q being the same one.
float rotation_change(const glm::quat& a, const glm::quat& b) { return rotation_angle(glm::conjugate(a) * b); }

Violation differ(const std::string& what) { return what + " differs"; }

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance) {
    return std::fabs(a.x - b.x) <= tolerance && std::fabs(a.y - b.y) <= tolerance && std::fabs(a.z - b.z) <= tolerance;
}

// A 2D angle passes through the file on a 1e-4 degree grid: 1e-6 radians covers it.
constexpr float kRotationSlack = 1e-5f;
constexpr float kDirectionSlack = 1e-6f;

Violation limits_difference(const JointLimits& a, const JointLimits& b) {
    if (a.hinge.has_value() != b.hinge.has_value() || (a.hinge && !near(*a.hinge, *b.hinge, kDirectionSlack))) return differ("hinge");
    if (a.min_angle != b.min_angle) return differ("limit min");
    if (a.max_angle != b.max_angle) return differ("limit max");
    if (a.swing != b.swing) return differ("limit swing");
    if (a.twist.has_value() != b.twist.has_value() || (a.twist && (a.twist->min != b.twist->min || a.twist->max != b.twist->max))) {
        return differ("limit twist");
    }
    return {};
}

Violation chain_difference(const IkChain& a, const IkChain& b) {
    if (a.name != b.name || a.root != b.root || a.effector != b.effector || a.solver != b.solver) return differ("chain " + a.name);
    if (a.ccd.max_iterations != b.ccd.max_iterations || a.ccd.tolerance != b.ccd.tolerance || a.ccd.max_step != b.ccd.max_step) {
        return differ("chain " + a.name + " ccd settings");
    }
    // The writer leaves out what the chain's solver does not use.
    if (a.solver == SolverKind::TwoBone &&
        (a.two_bone.bend != b.two_bone.bend || a.two_bone.softness != b.two_bone.softness || a.two_bone.pole != b.two_bone.pole)) {
        return differ("chain " + a.name + " two-bone settings");
    }
    if (a.pin != b.pin) return differ("chain " + a.name + " pin");
    return {};
}

Violation states_difference(const Rig& a, const Rig& b) {
    if (a.states.size() != b.states.size()) return differ("state count");
    for (std::size_t i = 0; i < a.states.size(); ++i) {
        const State& x = a.states[i];
        const State& y = b.states[i];
        if (x.name != y.name || x.channels.size() != y.channels.size()) return differ("state " + x.name);
        for (std::size_t k = 0; k < x.channels.size(); ++k) {
            const StateChannel& p = x.channels[k];
            const StateChannel& q = y.channels[k];
            const std::string at = "state " + x.name + " channel " + std::to_string(k);
            if (p.bone != q.bone || !near(p.axis, q.axis, kDirectionSlack)) return differ(at + " bone or axis");
            if (p.property != q.property || p.center != q.center || p.swing != q.swing) return differ(at + " property, center or swing");
            if (rotation_change(p.base, q.base) > kRotationSlack) return differ(at + " base");
            if (p.amplitude != q.amplitude || p.period != q.period || p.phase != q.phase) return differ(at + " wave");
        }
        if (x.tracks != y.tracks || x.loop != y.loop) return differ("state " + x.name + " tracks or loop");
    }
    if (a.transition.duration != b.transition.duration || a.transition.easing != b.transition.easing) return differ("transition");
    if (a.fps != b.fps) return differ("fps");
    return {};
}

}  // namespace

bool is_unit_rotation(const glm::quat& q, float tolerance) { return is_finite(q) && std::fabs(glm::length(q) - 1.0f) <= tolerance; }

Violation check_rig_structure(const Rig& rig) {
    if (Violation v = check_bones(rig)) return v;
    if (Violation v = check_chains(rig)) return v;
    if (Violation v = check_pose(rig)) return v;
    if (std::optional<std::string> problem = stored_poses_problem(rig.poses, rig.skeleton.size())) return *problem;
    if (std::optional<std::string> problem = skins_problem(rig.skins, rig.skin)) return *problem;
    if (std::optional<std::string> problem = slots_problem(rig.slots, rig.skeleton.size(), rig.skins.size())) return *problem;
    for (const State& s : rig.states) {
        if (std::string problem = skin_keys_problem(s.skin_keys, rig.skins.size()); !problem.empty()) return "skin keys: " + problem;
        if (std::string problem = slot_timelines_problem(s.slot_tracks, s.draw_order, rig.slots); !problem.empty())
            return "slot timelines: " + problem;
    }
    return check_states(rig);
}

Violation rig_difference(const Rig& a, const Rig& b) {
    if (a.dimensions != b.dimensions) return differ("dimensions");
    if (a.skeleton.size() != b.skeleton.size()) return differ("bone count");
    for (std::size_t i = 0; i < a.skeleton.size(); ++i) {
        const Bone& x = a.skeleton[i];
        const Bone& y = b.skeleton[i];
        const std::string at = bone_at(a, i);
        if (x.name != y.name || x.parent != y.parent) return differ(at + " name or parent");
        if (x.length != y.length || x.rest.translation != y.rest.translation) return differ(at + " length or translation");
        if (rotation_change(x.rest.rotation, y.rest.rotation) > kRotationSlack) return differ(at + " rest rotation");
        if (x.limits.has_value() != y.limits.has_value()) return differ(at + " limits");
        if (x.limits) {
            if (Violation v = limits_difference(*x.limits, *y.limits)) return at + ": " + *v;
        }
    }
    if (a.chains.size() != b.chains.size()) return differ("chain count");
    for (std::size_t i = 0; i < a.chains.size(); ++i) {
        if (Violation v = chain_difference(a.chains[i], b.chains[i])) return v;
    }
    if (a.pose.rotations.size() != b.pose.rotations.size() || a.pose.root_offset != b.pose.root_offset) return differ("pose");
    // Translations and scales are written as the floats' shortest digits: they read back exactly.
    if (a.pose.translations != b.pose.translations) return differ("pose translations");
    if (a.pose.scales != b.pose.scales) return differ("pose scales");
    for (std::size_t i = 0; i < a.pose.rotations.size(); ++i) {
        if (rotation_change(a.pose.rotations[i], b.pose.rotations[i]) > kRotationSlack) return differ("pose of " + bone_at(a, i));
    }
    if (Violation v = states_difference(a, b)) return v;
    if (a.side_axis != b.side_axis) return differ("side axis");
    if (a.poses.size() != b.poses.size()) return differ("stored pose count");
    for (std::size_t p = 0; p < a.poses.size(); ++p) {
        const StoredPose& x = a.poses[p];
        const StoredPose& y = b.poses[p];
        if (x.name != y.name || x.bones.size() != y.bones.size()) return differ("stored pose " + std::to_string(p));
        for (std::size_t i = 0; i < x.bones.size(); ++i) {
            const BonePose& u = x.bones[i];
            const BonePose& v = y.bones[i];
            if (u.bone != v.bone || u.translation != v.translation || u.scale != v.scale ||
                rotation_change(u.rotation, v.rotation) > kRotationSlack) {
                return differ("stored pose " + x.name + ", " + bone_at(a, static_cast<std::size_t>(u.bone)));
            }
        }
    }
    if (a.editor != b.editor) return differ("editor data");
    return {};
}

}  // namespace marionette::fuzzing
