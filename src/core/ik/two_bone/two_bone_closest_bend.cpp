// The closest-tip search of the solve on the limb's shape (two_bone_shaped_limb.hpp): the bend
// whose closest aim misses least, over the middle joint's range.

#include <cmath>
#include <optional>

#include "core/ik/two_bone/bend_minima.hpp"
#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::shaped {

namespace {

// closest_aim's miss for the upper joints whose closest aim has a closed form in the tip's
// length and its angle from the aim (none, a cone), without building the pose: the closest-tip
// search evaluates it some thirty times. With a = |T| cos(gap) and b = |T| sin(gap) (gap: the
// tip's angle from the aim) and the tip turned by the cone toward the aim, the miss is
// sqrt((wanted - |T|)^2 + 2 wanted |T| (1 - cos(gap - cone))), written without cancellation.
// Every term is a sinusoid of the bend, its coefficients set once a solve.
struct QuickMiss {
    float k = 0.0f, p = 0.0f, q = 0.0f;      // |T|^2 = k + p cos θ + q sin θ
    float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f;   // T . aim
    glm::vec3 x0{0.0f}, x1{0.0f}, x2{0.0f};  // T x aim: its length from the vector, accurate near 0
    float tiny = 0.0f, wanted = 0.0f, cos_cone = 1.0f, sin_cone = 0.0f;
    bool free = false;

    explicit QuickMiss(const Limb& L)
        : tiny(L.tiny), wanted(L.wanted), cos_cone(L.cos_cone), sin_cone(L.sin_cone), free(L.upper == UpperKind::Free) {
        k = glm::dot(L.tip0, L.tip0) + glm::dot(L.tip_c, L.tip_c);  // tip_c and tip_s: equal and square
        p = 2.0f * glm::dot(L.tip0, L.tip_c);
        q = 2.0f * glm::dot(L.tip0, L.tip_s);
        a0 = glm::dot(L.tip0, L.dir_rest);
        a1 = glm::dot(L.tip_c, L.dir_rest);
        a2 = glm::dot(L.tip_s, L.dir_rest);
        x0 = glm::cross(L.tip0, L.dir_rest);
        x1 = glm::cross(L.tip_c, L.dir_rest);
        x2 = glm::cross(L.tip_s, L.dir_rest);
    }

    float operator()(Rot2 theta) const {
        const float c = theta.c, s = theta.s;
        const float length = std::sqrt(max_of(k + p * c + q * s, 0.0f));
        if (!(length > tiny)) return wanted;  // no tip to turn: the limb folded onto its root
        const float short_by = wanted - length;
        if (free) return std::fabs(short_by);  // the tip turned onto the aim
        const float a = a0 + a1 * c + a2 * s;
        const float b = glm::length(x0 + c * x1 + s * x2);
        const float beyond = b * cos_cone - a * sin_cone;  // |T| sin(gap - cone)
        if (beyond <= 0.0f) return std::fabs(short_by);
        const float toward = a * cos_cone + b * sin_cone;  // |T| cos(gap - cone)
        const float lost = toward > 0.0f ? beyond * beyond / (length + toward) : length - toward;
        return std::sqrt(short_by * short_by + 2.0f * wanted * lost);
    }
};

// closest_aim's miss for a 2D upper joint with a range of angles, without an angle: the upper
// joint turns the tip T(θ) onto the target's direction when its range holds that turn (dir
// times conj(T) as a complex number, on the range's arc), else by the range's end nearer it.
struct RangeMiss2d {
    glm::vec2 t0{0.0f}, tc{0.0f}, ts{0.0f}, dir{1.0f, 0.0f};
    AngleArc range;
    float wanted = 0.0f, tiny = 0.0f;

    explicit RangeMiss2d(const Limb& L)
        : t0(L.tip0), tc(L.tip_c), ts(L.tip_s), dir(L.dir_rest), range(AngleArc::of(*L.upper_limits)), wanted(L.wanted), tiny(L.tiny) {}

    float operator()(Rot2 theta) const {
        const glm::vec2 tip = t0 + theta.c * tc + theta.s * ts;
        const float length = glm::length(tip);
        if (!(length > tiny)) return wanted;  // no tip to turn: the limb folded onto its root
        const Rot2 turn{dir.x * tip.x + dir.y * tip.y, dir.y * tip.x - dir.x * tip.y};
        if (range.contains(turn)) return std::fabs(wanted - length);
        return glm::length(wanted * dir - rotate(range.nearer_end(turn), tip));
    }
};

// A 2D limb's miss over the bend has few minima (one per side of the limb, one more where the
// upper range starts to hold): 32 samples a turn keep them apart, the bend grid's limbs as close
// as with 48, for fewer evaluations (docs/performance.md).
constexpr int kRange2dSamples = 32;

}  // namespace

// The bend whose closest tip misses least (bend_minima.hpp). Of the minima missing by no more
// than the tie band beyond the best (kTieOfTolerance), the one nearest the current pose is
// taken, so the limb stays where it is instead of jumping between two nearly equal answers (one
// per limit it can rest against, or per side of the limb). The miss over the bend is in closed
// form for no upper limit, a cone and a 2D range; a swing-twist upper joint's closest pose comes
// from the swing's rim where that applies (closest_on_rim); elsewhere its closest aim, like a
// hinge's, is searched over the bend as it is.
ClosestBend closest_bend(const Limb& L, Rot2 bend_now, float tolerance) {
    if (L.upper == UpperKind::SwingTwist) {
        if (const std::optional<ClosestBend> on_rim = closest_on_rim(L, bend_now, tolerance)) return *on_rim;
    }
    BendMinimum found[kMostBendMinima];
    int count = 0;
    if (L.upper == UpperKind::Free || L.upper == UpperKind::Cone) {
        count = bend_minima(QuickMiss(L), MissShape::Smooth, L.bends.lo, L.bends.hi, found);
    } else if (L.upper == UpperKind::Range2d) {
        count = bend_minima(RangeMiss2d(L), MissShape::Smooth, L.bends.lo, L.bends.hi, found, kRange2dSamples);
    } else {
        count = bend_minima([&L](Rot2 theta) { return closest_aim(L, theta).miss; }, MissShape::Rough, L.bends.lo, L.bends.hi, found);
    }
    float best = INFINITY;
    int least = 0;
    for (int k = 0; k < count; ++k) {
        if (found[k].miss < best) best = found[k].miss, least = k;
    }
    MinimumChoice choice(best, tolerance, L.keep_side, kKeptSideTurn);
    const float now = clamp_to(angle_of(bend_now), L.bends.lo, L.bends.hi);
    // How far a bend and its closest aim are from the limb's current pose (the larger joint turn).
    auto distance_from_now = [&](float theta) {
        const glm::quat d = glm::conjugate(closest_aim(L, rot2(theta)).pose) * L.pose_now;
        return max_of(std::fabs(wrap_angle(theta - now)), rotation_angle(d));
    };
    int near_best = 0;
    for (int k = 0; k < count; ++k) near_best += choice.within_band(found[k].miss);
    if (near_best > 1) {
        for (int k = 0; k < count; ++k) {
            if (choice.within_band(found[k].miss)) choice.offer(k, found[k].miss, distance_from_now(found[k].bend));
        }
    }
    const float bend = found[near_best > 1 ? choice.chosen(least) : least].bend;
    return ClosestBend{bend, closest_aim(L, rot2(bend)), std::nullopt};
}

}  // namespace marionette::shaped
