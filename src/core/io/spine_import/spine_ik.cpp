#include "core/io/spine_import/spine_ik.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/io/spine_import/spine_curves.hpp"

namespace marionette {

namespace {

constexpr double kDegreesPerRadian = 1.0 / kSpineRadiansPerDegree;
// Below this a determinant or a length is taken as none, as the runtimes take it.
constexpr double kSmall = 1e-4;

// Spine's matrix entries: the x axis is (a, c), the y axis (b, d).
struct Axes {
    double a, b, c, d;
};
Axes axes_of(const SpineWorld& w) { return {w.axes[0].x, w.axes[1].x, w.axes[0].y, w.axes[1].y}; }

double wrapped_degrees(double d) {
    if (d > 180.0) return d - 360.0;
    if (d < -180.0) return d + 360.0;
    return d;
}

// `target` in the frame of `frame` at `origin` (the inverse of its axes; nothing when they have
// no inverse), less `less`.
glm::dvec2 into(const Axes& m, const glm::dvec2& origin, const glm::dvec2& target, const glm::dvec2& less) {
    const double det = m.a * m.d - m.b * m.c;
    const double inverse = std::abs(det) <= kSmall ? 0.0 : 1.0 / det;
    const glm::dvec2 p = target - origin;
    return glm::dvec2((p.x * m.d - p.y * m.b) * inverse, (p.y * m.a - p.x * m.c) * inverse) - less;
}

// One bone turned, and stretched or compressed, toward `target`.
void solve_one(const SpineSkeletonData& skeleton, const std::vector<SpineWorld>& world, int bone, const glm::dvec2& target, bool compress,
               bool stretch, bool uniform, double mix, std::vector<SpineLocal>& locals) {
    const SpineBoneData& data = skeleton.bones[std::size_t(bone)];
    SpineLocal& l = locals[std::size_t(bone)];
    const SpineWorld& self = world[std::size_t(bone)];
    // A root's parent is the skeleton's own frame.
    const SpineWorld parent = data.parent < 0 ? SpineWorld{} : world[std::size_t(data.parent)];
    Axes p = axes_of(parent);
    double turn = -l.shear_x - l.rotation;
    glm::dvec2 t(0.0);
    if (data.inherit == SpineInherit::OnlyTranslation) {
        t = target - self.position;
    } else {
        if (data.inherit == SpineInherit::NoRotationOrReflection) {
            // The parent's frame without its turn, as the bone inherits it.
            const double s = std::abs(p.a * p.d - p.b * p.c) / std::max(kSmall, p.a * p.a + p.c * p.c);
            const double sa = p.a, sc = p.c;
            p.b = -sc * s;
            p.d = sa * s;
            turn += std::atan2(sc, sa) * kDegreesPerRadian;
        }
        const double det = p.a * p.d - p.b * p.c;
        if (std::abs(det) > kSmall) t = into(p, parent.position, target, glm::dvec2(l.x, l.y));
    }
    turn += std::atan2(t.y, t.x) * kDegreesPerRadian;
    if (l.scale_x < 0.0) turn += 180.0;
    turn = wrapped_degrees(turn);
    double sx = l.scale_x, sy = l.scale_y;
    if (compress || stretch) {
        if (data.inherit == SpineInherit::NoScale || data.inherit == SpineInherit::NoScaleOrReflection) t = target - self.position;
        const double length = data.length * sx;
        if (length > kSmall) {
            const double dd = glm::dot(t, t);
            if ((compress && dd < length * length) || (stretch && dd > length * length)) {
                const double s = (std::sqrt(dd) / length - 1.0) * mix + 1.0;
                sx *= s;
                if (uniform) sy *= s;
            }
        }
    }
    l.rotation += turn * mix;
    l.scale_x = sx;
    l.scale_y = sy;
}

// A parent and its child turned so the child's tip reaches `target`, bent to `bend` (1 or -1).
void solve_two(const SpineSkeletonData& skeleton, const std::vector<SpineWorld>& world, int parent_bone, int child_bone,
               const glm::dvec2& target, int bend, bool stretch, bool uniform, double softness, double mix,
               std::vector<SpineLocal>& locals) {
    const SpineBoneData& parent_data = skeleton.bones[std::size_t(parent_bone)];
    const SpineBoneData& child_data = skeleton.bones[std::size_t(child_bone)];
    if (parent_data.inherit != SpineInherit::Normal || child_data.inherit != SpineInherit::Normal) return;
    SpineLocal& pl = locals[std::size_t(parent_bone)];
    SpineLocal& cl = locals[std::size_t(child_bone)];
    const double px = pl.x, py = pl.y;
    double psx = pl.scale_x, psy = pl.scale_y, sx = psx, sy = psy, csx = cl.scale_x;
    // Mirrored scales turn the answer half a turn and flip the bend.
    double parent_flip = 0.0, child_flip = 0.0, sign = 1.0;
    if (psx < 0.0) {
        psx = -psx;
        parent_flip = 180.0;
        sign = -1.0;
    }
    if (psy < 0.0) {
        psy = -psy;
        sign = -sign;
    }
    if (csx < 0.0) {
        csx = -csx;
        child_flip = 180.0;
    }
    const SpineWorld& parent = world[std::size_t(parent_bone)];
    const Axes pm = axes_of(parent);
    const double cx = cl.x;
    // With an uneven parent scale (or a stretch) the child's joint is taken on the parent's axis.
    const bool even = std::abs(psx - psy) <= kSmall;
    const double cy = !even || stretch ? 0.0 : cl.y;
    const glm::dvec2 child_world(pm.a * cx + pm.b * cy + parent.position.x, pm.c * cx + pm.d * cy + parent.position.y);
    const SpineWorld grand = parent_data.parent < 0 ? SpineWorld{} : world[std::size_t(parent_data.parent)];
    const Axes gm = axes_of(grand);
    const glm::dvec2 to_child = into(gm, grand.position, child_world, glm::dvec2(px, py));
    const double l1 = glm::length(to_child);
    double l2 = child_data.length * csx;
    if (l1 < kSmall) {
        // The child sits on the parent's joint: the parent alone points at the target.
        solve_one(skeleton, world, parent_bone, target, false, stretch, false, mix, locals);
        cl.x = cx;
        cl.y = cy;
        cl.rotation = 0.0;
        return;
    }
    glm::dvec2 t = into(gm, grand.position, target, glm::dvec2(px, py));
    double dd = glm::dot(t, t);
    if (softness != 0.0) {
        // Near full reach the target is drawn in, so the limb slows before it straightens.
        softness *= psx * (csx + 1.0) * 0.5;
        const double td = std::sqrt(dd), sd = td - l1 - l2 * psx + softness;
        if (sd > 0.0) {
            double p = std::min(1.0, sd / (softness * 2.0)) - 1.0;
            p = (sd - softness * (1.0 - p * p)) / td;
            t -= p * t;
            dd = glm::dot(t, t);
        }
    }
    double a1 = 0.0, a2 = 0.0;
    if (even) {
        l2 *= psx;
        double cosine = (dd - l1 * l1 - l2 * l2) / (2.0 * l1 * l2);
        if (cosine < -1.0) {
            cosine = -1.0;
            a2 = kPiDouble * bend;
        } else if (cosine > 1.0) {
            cosine = 1.0;
            a2 = 0.0;
            if (stretch) {
                const double s = (std::sqrt(dd) / (l1 + l2) - 1.0) * mix + 1.0;
                sx *= s;
                if (uniform) sy *= s;
            }
        } else {
            a2 = std::acos(cosine) * bend;
        }
        const double along = l1 + l2 * cosine, across = l2 * std::sin(a2);
        a1 = std::atan2(t.y * along - t.x * across, t.x * along + t.y * across);
    } else {
        // Uneven parent scale: the child's tip runs on an ellipse about the child's joint; the
        // nearest point of it to the target's distance, else its nearest or farthest point.
        const double ea = psx * l2, eb = psy * l2;
        const double aa = ea * ea, bb = eb * eb, ta = std::atan2(t.y, t.x);
        const double c0 = bb * l1 * l1 + aa * dd - aa * bb, c1 = -2.0 * bb * l1, c2 = bb - aa;
        const double disc = c1 * c1 - 4.0 * c2 * c0;
        bool solved = false;
        if (disc >= 0.0) {
            double q = std::sqrt(disc);
            if (c1 < 0.0) q = -q;
            q = -(c1 + q) * 0.5;
            const double r0 = q / c2, r1 = c0 / q;
            const double r = std::abs(r0) < std::abs(r1) ? r0 : r1;
            const double rest = dd - r * r;
            if (rest >= 0.0) {
                const double y = std::sqrt(rest) * bend;
                a1 = ta - std::atan2(y, r);
                a2 = std::atan2(y / psy, (r - l1) / psx);
                solved = true;
            }
        }
        if (!solved) {
            double min_angle = kPiDouble, min_x = l1 - ea, min_dist = min_x * min_x, min_y = 0.0;
            double max_angle = 0.0, max_x = l1 + ea, max_dist = max_x * max_x, max_y = 0.0;
            double c = -ea * l1 / (aa - bb);
            if (c >= -1.0 && c <= 1.0) {
                c = std::acos(c);
                const double x = ea * std::cos(c) + l1, y = eb * std::sin(c);
                const double d = x * x + y * y;
                if (d < min_dist) {
                    min_angle = c;
                    min_dist = d;
                    min_x = x;
                    min_y = y;
                }
                if (d > max_dist) {
                    max_angle = c;
                    max_dist = d;
                    max_x = x;
                    max_y = y;
                }
            }
            if (dd <= (min_dist + max_dist) * 0.5) {
                a1 = ta - std::atan2(min_y * bend, min_x);
                a2 = min_angle * bend;
            } else {
                a1 = ta - std::atan2(max_y * bend, max_x);
                a2 = max_angle * bend;
            }
        }
    }
    const double offset = std::atan2(cy, cx) * sign;
    const double parent_turn = wrapped_degrees((a1 - offset) * kDegreesPerRadian + parent_flip - pl.rotation);
    pl.rotation += parent_turn * mix;
    pl.scale_x = sx;
    pl.scale_y = sy;
    pl.shear_x = 0.0;
    pl.shear_y = 0.0;
    const double child_turn = wrapped_degrees(((a2 + offset) * kDegreesPerRadian - cl.shear_x) * sign + child_flip - cl.rotation);
    cl.x = cx;
    cl.y = cy;
    cl.rotation += child_turn * mix;
}

// The constraints in the order they act: by their order, the file's order among equals.
std::vector<std::size_t> acting_order(const SpineSkeletonData& skeleton) {
    std::vector<std::size_t> order(skeleton.ik.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return skeleton.ik[x].order < skeleton.ik[y].order; });
    return order;
}

// The world frames of bone `top` and every bone below it again, from `locals` (parents come
// before their children in a skeleton's order).
void update_below(const SpineSkeletonData& skeleton, const std::vector<SpineLocal>& locals, int top, std::vector<SpineWorld>& world) {
    std::vector<bool> below(skeleton.bones.size(), false);
    for (std::size_t i = std::size_t(top); i < skeleton.bones.size(); ++i) {
        const int parent = skeleton.bones[i].parent;
        below[i] = int(i) == top || (parent >= 0 && below[std::size_t(parent)]);
        if (below[i]) world[i] = spine_bone_world(skeleton.bones, locals, world, i);
    }
}

}  // namespace

std::vector<SpineIkPose> spine_ik_poses(const SpineSkeletonData& skeleton, const SpineAnimationData* animation, double time) {
    std::vector<SpineIkPose> poses;
    poses.reserve(skeleton.ik.size());
    for (const SpineIkData& ik : skeleton.ik) poses.push_back(SpineIkPose{ik.mix, ik.softness, ik.bend_positive, ik.compress, ik.stretch});
    if (!animation) return poses;
    for (const SpineIkTimeline& t : animation->ik) {
        // Before the first key the setup's; the key in effect holds the switches.
        const std::optional<std::size_t> at = spine_key_at(t.keys, time);
        if (!at || t.constraint < 0 || std::size_t(t.constraint) >= poses.size()) continue;
        SpineIkPose& pose = poses[std::size_t(t.constraint)];
        pose.mix = spine_timeline_value(t.keys, 0, time);
        pose.softness = spine_timeline_value(t.keys, 1, time);
        const SpineTimelineKey& key = t.keys[*at];
        pose.bend_positive = key.bend_positive;
        pose.compress = key.compress;
        pose.stretch = key.stretch;
    }
    return poses;
}

std::vector<SpineWorld> spine_constrained_world(const SpineSkeletonData& skeleton, const std::vector<SpineIkPose>& ik,
                                                std::vector<SpineLocal>& locals) {
    std::vector<SpineWorld> world = spine_world(skeleton.bones, locals);
    for (const std::size_t c : acting_order(skeleton)) {
        const SpineIkData& data = skeleton.ik[c];
        const SpineIkPose& pose = ik[c];
        if (pose.mix == 0.0 || data.skin_required || data.bones.empty() || data.target < 0) continue;
        const glm::dvec2 target = world[std::size_t(data.target)].position;
        if (data.bones.size() == 1)
            solve_one(skeleton, world, data.bones[0], target, pose.compress, pose.stretch, data.uniform, pose.mix, locals);
        else
            solve_two(skeleton, world, data.bones[0], data.bones[1], target, pose.bend_positive ? 1 : -1, pose.stretch, data.uniform,
                      pose.softness, pose.mix, locals);
        // The bones below see the constrained bones where they now are.
        update_below(skeleton, locals, data.bones.front(), world);
    }
    return world;
}

bool spine_ik_acts(const SpineSkeletonData& skeleton, const SpineAnimationData& animation) {
    for (std::size_t c = 0; c < skeleton.ik.size(); ++c) {
        if (skeleton.ik[c].skin_required) continue;
        if (skeleton.ik[c].mix != 0.0) return true;
        for (const SpineIkTimeline& t : animation.ik)
            if (t.constraint == int(c))
                for (const SpineTimelineKey& k : t.keys)
                    if (k.values[0] != 0.0) return true;
    }
    return false;
}

}  // namespace marionette
