#include "core/ik/two_bone/two_bone_limb.hpp"

#include <glm/gtc/quaternion.hpp>

#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

LimbShape limb_shape(const Skeleton& skeleton, const Pose& pose, int effector, bool is_2d) {
    const Bone& lower_bone = skeleton[static_cast<std::size_t>(effector)];
    LimbShape s;
    s.offset = local_translation(skeleton, pose, static_cast<std::size_t>(effector));
    s.upper = std::sqrt(glm::dot(s.offset, s.offset));
    s.lower = posed_length(skeleton, pose, static_cast<std::size_t>(effector));
    s.rest_b = lower_bone.rest.rotation;
    const glm::quat& r = s.rest_b;
    // The lower bone's rest direction, rest_b * X written out.
    const glm::vec3 rest_dir{1.0f - 2.0f * (r.y * r.y + r.z * r.z), 2.0f * (r.x * r.y + r.w * r.z), 2.0f * (r.x * r.z - r.w * r.y)};
    if (is_2d) {
        s.axis = s.rest_b * s.axis_b;
    } else if (lower_bone.limits && lower_bone.limits->hinge) {
        s.axis_b = *lower_bone.limits->hinge;
        s.axis = s.rest_b * s.axis_b;
    } else {
        // The axis the rest pose bends about; a limb straight at rest bends about z, as 2D.
        // From the offset's direction: a length of 1e-20 squared is below float's normal range,
        // and normalizing that cross product gave a bend axis that was not unit (fuzz).
        const glm::vec3 n = s.upper > 0.0f ? glm::cross(s.offset / s.upper, rest_dir) : glm::vec3{0.0f};
        const float nn = glm::dot(n, n);
        if (nn > kRestBendCross2) {
            s.axis = n * (1.0f / std::sqrt(nn));
            s.axis_b = glm::conjugate(s.rest_b) * s.axis;
        } else {
            s.axis = s.rest_b * s.axis_b;
        }
    }
    s.along = s.axis * glm::dot(s.axis, rest_dir);
    s.across = rest_dir - s.along;
    s.across_turned = glm::cross(s.axis, s.across);
    const float p = 2.0f * s.lower * glm::dot(s.offset, s.across);
    const float q = 2.0f * s.lower * glm::dot(s.offset, s.across_turned);
    // Scaled by the larger part first: for a bone 1e-21 long p and q square below float's
    // normal range, and the straight bend came out off unit length (fuzz: a reported miss of
    // 1.2e-3 for a tip on the target).
    const float big = max_of(std::fabs(p), std::fabs(q));
    if (big > 0.0f) {
        const float pb = p / big;
        const float qb = q / big;
        const float m = std::sqrt(pb * pb + qb * qb);
        s.straight = Rot2{pb / m, qb / m};
        s.c = big * m;
    }
    const glm::vec3 fixed = s.offset + s.lower * s.along;
    s.k = glm::dot(fixed, fixed) + s.lower * s.lower * glm::dot(s.across, s.across);
    // Measured on the straight and the folded limb: k - c cancels when the bones are about
    // as long as each other, and the fold it gave was off by far more than its own size.
    s.reach = glm::length(s.tip(s.straight));
    s.fold = glm::length(s.tip(Rot2{-s.straight.c, -s.straight.s}));
    // The rest bend (0) relative to the straight limb: its sine's sign is the rest branch.
    s.rest_branch = rest_side(-s.straight.s);
    return s;
}

Rot2 LimbShape::bend_for(float goal, int branch) const {
    if (!(c > 1e-12f * k)) return straight;
    const float g = clamp_to(goal, fold, reach);
    const float g2 = g * g;
    // cos and sin of the bend away from straight, from the sides: no sqrt(1 - cos^2).
    const float cos_beta = clamp_to((g2 - k) / c, -1.0f, 1.0f);
    const float sin_beta = std::sqrt(max_of((reach * reach - g2) * (g2 - fold * fold), 0.0f)) / c;
    return normalized(straight * Rot2{cos_beta, branch < 0 ? -sin_beta : sin_beta});
}

Rot2 LimbShape::bend_of(const glm::quat& q) const {
    Rot2 turn;
    twist_turn(q, axis_b, turn);
    return turn;
}

glm::vec3 LimbShape::rest_normal() const {
    const glm::vec3 rest_tip = tip(Rot2{});
    const float rest_length = glm::length(rest_tip);
    return bend_normal(rest_length > tiny_length(reach) ? rest_tip / rest_length : glm::vec3{1.0f, 0.0f, 0.0f}, rest_branch);
}

glm::quat LimbShape::bend_rotation(Rot2 theta) const {
    const glm::quat half = quat_from_rot2(theta);  // about z
    return {half.w, axis_b.x * half.z, axis_b.y * half.z, axis_b.z * half.z};
}

glm::vec3 LimbShape::bend_normal(const glm::vec3& tip_dir, int branch) const {
    const glm::vec3 n = axis - tip_dir * glm::dot(tip_dir, axis);
    const float nn = glm::dot(n, n);
    const glm::vec3 unit = nn > 1e-12f ? n * inverse_sqrt(nn) : any_perpendicular(tip_dir);
    return branch < 0 ? unit : -unit;
}

// Near a half turn, from the matrix: kept out of line, its registers would otherwise be set up
// on every call.
glm::quat rotation_of_frames(const glm::vec3& from_x, const glm::vec3& from_y, const glm::vec3& from_z, const glm::vec3& to_x,
                             const glm::vec3& to_y, const glm::vec3& to_z) {
    const glm::mat3 from{from_x, from_y, from_z};
    const glm::mat3 to{to_x, to_y, to_z};
    return normalized(glm::quat_cast(to * glm::transpose(from)));
}

AngleRange bend_range(const Bone& lower, bool is_2d) {
    AngleRange r;
    if (!lower.limits) return r;
    if (is_2d || lower.limits->hinge) return angle_range(*lower.limits);
    // The middle joint turns only about its bend axis, across the bone: all swing, no twist.
    if (lower.limits->is_swing_twist()) {
        const float swing = swing_limit(*lower.limits);
        return {-swing, swing};
    }
    if (lower.limits->max_angle) r = {-*lower.limits->max_angle, *lower.limits->max_angle};
    return r;
}

glm::quat rotation_taking(const glm::vec3& from_x, const glm::vec3& from_y, const glm::vec3& to_x, const glm::vec3& to_y) {
    return rotation_taking_frames(from_x, from_y, glm::cross(from_x, from_y), to_x, to_y, glm::cross(to_x, to_y));
}

std::optional<glm::quat> cone_swivel(const glm::quat& q0, const glm::quat& q1, float cos_half_cone) {
    // The swivelled pose's w is m cos(psi/2 - delta): within the cone (|w| >= cos(cone/2)) on
    // one interval of psi, centred on 2 delta, half as wide as 4 acos(cos(cone/2) / m).
    if (std::fabs(q0.w) >= cos_half_cone) return q0;  // the pole's swivel is in the cone
    const float m = std::sqrt(q0.w * q0.w + q1.w * q1.w);
    if (!(m >= cos_half_cone)) return std::nullopt;
    const float half_width = 2.0f * max_of(std::acos(clamp_to(cos_half_cone / m, -1.0f, 1.0f)) - 1e-6f, 0.0f);
    const float centre = 2.0f * std::atan2(q1.w, q0.w);
    const float off = wrap_angle(-centre);  // the pole's swivel from the interval's centre
    if (std::fabs(off) <= half_width) return q0;
    // Toward the centre as q0 goes behind, where the two ends would be equally near: the swivel
    // still depends on nothing but the target, the pole and the rest pose.
    const float behind = (kPi - std::fabs(off)) / max_of(kPi - half_width, 1e-6f);
    const float psi = centre + (off < 0.0f ? -half_width : half_width) * behind;
    return normalized(std::cos(0.5f * psi) * q0 + std::sin(0.5f * psi) * q1);
}

BendSide blended_bend_side(const glm::vec3& dir, const glm::vec3& hint, const glm::vec3& normal, float tiny) {
    const float hint2 = glm::dot(hint, hint);
    // Projected twice: once leaves rounding of the hint's own size along a line it nearly lies on.
    const glm::vec3 once = hint - dir * glm::dot(hint, dir);
    const glm::vec3 off = once - dir * glm::dot(once, dir);
    glm::vec3 v;
    if (hint2 <= tiny * tiny) {
        v = glm::cross(normal, dir);
    } else {
        // The kept side: across the hint's line, where the bend plane keeps `normal` (made
        // across the line, it has full length next to the line whatever `normal` is).
        const float sine2 = glm::dot(off, off) / hint2;
        v = off;
        if (sine2 < kBlendSine * kBlendSine) {
            const float fade = 1.0f - sine2 / (kBlendSine * kBlendSine);
            const glm::vec3 hint_dir = hint * inverse_sqrt(hint2);
            glm::vec3 kept = glm::cross(normal, hint_dir);
            const float kk = glm::dot(kept, kept);
            kept = kk > 1e-6f ? kept * inverse_sqrt(kk) : any_perpendicular(hint_dir);
            kept -= dir * glm::dot(kept, dir);
            v += (kKeptWeight * fade * fade * std::sqrt(hint2)) * kept;
        }
    }
    const float vv = glm::dot(v, v);
    glm::vec3 side = any_perpendicular(dir);
    if (vv > 1e-24f * max_of(hint2, 1.0f)) {
        side = v * inverse_sqrt(vv);
        side -= dir * glm::dot(side, dir);
    }
    return {side, glm::cross(dir, side)};
}

}  // namespace marionette
