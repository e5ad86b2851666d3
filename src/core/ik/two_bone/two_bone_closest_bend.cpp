// The closest-tip search of the solve on the limb's shape (two_bone_shaped_limb.hpp): the bend
// whose closest aim misses least, over the middle joint's range.

#include <cmath>
#include <optional>

#include "core/ik/two_bone/two_bone_guards.hpp"
#include "core/ik/two_bone/two_bone_shaped_limb.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::shaped {

namespace {

// The least values of a limb's miss over its middle joint's bends (bend_minima). The miss over
// the bend is smooth with a few minima (one per side of the limb, a few more at limits), so the
// range is sampled finely enough that they fall apart, and each sampled minimum is refined by
// parabolas (refine_bend). `miss` takes the bend as a Rot2, the samples turned one from the next.

// Samples over a whole turn of bends (a range gets its share, at least kFewestBendSamples):
// fine enough that two minima of the miss (one per side of the limb, at most a few more at
// limits) fall apart.
constexpr int kBendSamples = 48;
constexpr int kFewestBendSamples = 12;
// Refinement stops when a step moves the bend by less than this (radians): float's own
// resolution of a minimum's place, the square root of its epsilon times the curvature's scale,
// is coarser.
constexpr float kBendTolerance = 1e-5f;

struct BendMinimum {
    float bend = 0.0f;
    float miss = 0.0f;
};

// The least miss within [lo, hi] near the sample x (value fx), between the samples lo and hi
// (values f_lo, f_hi; at a range's end x is lo or hi itself). Parabolas through the best three
// points so far, each vertex kept inside the bracket (a golden section of its larger side when
// the vertex falls outside, or when a step failed to halve the bracket), until x moves by less
// than kBendTolerance. Near a minimum the miss is flat to float's precision over about 1e-4 rad,
// so a narrower bracket would be noise; the parabola gets there in a handful of evaluations
// where golden sections alone took 36 (and Brent's method, shrinking its bracket's far side
// through that noise, some 25). `at_lo` is the bend lo as a unit complex number: the others are
// turned from it, so that lo itself is the range's end exactly as the limits keep it.
template <class Miss>
BendMinimum refine_bend(const Miss& miss, float lo, float hi, Rot2 at_lo, float x, float fx, float f_lo, float f_hi) {
    constexpr float kGoldenSection = 0.381966011f;  // 1 - 1/phi
    constexpr int kMostSteps = 16;
    constexpr int kEndSteps = 4;
    constexpr float kFlatBottom = 1e-3f;  // radians
    const float origin = lo;
    auto bend_at = [&](float u) { return at_lo * rot2(u - origin); };
    float a = lo, b = hi, fa = f_lo, fb = f_hi;
    if (x <= a || x >= b) {
        // A range's end, lower than its neighbouring sample: the miss may still dip between
        // them (it is often flat at the end and has a kink where the upper joint's limit starts
        // to hold), so golden sections toward the end look for a lower point; the end is the
        // least when none of kEndSteps is lower (a dip narrower than the last is second order).
        const bool at_start = x <= a;
        auto section = [at_start](float lo_end, float hi_end) {
            return at_start ? lo_end + kGoldenSection * (hi_end - lo_end) : hi_end - kGoldenSection * (hi_end - lo_end);
        };
        bool found = false;
        for (int step = 0; step < kEndSteps && !found; ++step) {
            const float u = section(a, b);
            const float fu = miss(bend_at(u));
            if (fu < fx) {
                (at_start ? a : b) = x;
                (at_start ? fa : fb) = fx;
                x = u, fx = fu;
                found = true;
            } else {
                (at_start ? b : a) = u;
                (at_start ? fb : fa) = fu;
            }
        }
        if (!found) return {x, fx};
    }
    float width_before = 2.0f * (b - a);
    for (int step = 0; step < kMostSteps; ++step) {
        // The parabola's vertex through (a, fa), (x, fx), (b, fb).
        const float r = (x - a) * (fx - fb);
        const float q = (x - b) * (fx - fa);
        const float p = (x - b) * q - (x - a) * r;
        const float twice_q = 2.0f * (q - r);
        float u = twice_q != 0.0f ? x - p / twice_q : x;
        const float width = b - a;
        const bool stalled = width > 0.5f * width_before;
        width_before = width;
        if (!(u > a && u < b) || (stalled && step > 0)) {
            u = x - a > b - x ? x - kGoldenSection * (x - a) : x + kGoldenSection * (b - x);
        } else if (std::fabs(u - x) < kBendTolerance) {
            // A vertex on x itself says nothing of a kink (the miss is V-shaped where a limit
            // starts to hold, and a V symmetric about the sample puts the vertex there): look a
            // step aside, toward the larger side.
            u = x - a > b - x ? x - kBendTolerance : x + kBendTolerance;
        }
        const float fu = miss(bend_at(u));
        // Close by and as good to float's precision: the flat bottom, where further steps
        // only follow rounding.
        const bool settled = std::fabs(u - x) < kFlatBottom && std::fabs(fu - fx) <= 4e-7f * fx;
        if (fu < fx) {
            if (u < x) {
                b = x, fb = fx;
            } else {
                a = x, fa = fx;
            }
            x = u, fx = fu;
        } else if (u < x) {
            a = u, fa = fu;
        } else {
            b = u, fb = fu;
        }
        if (settled || b - a < kBendTolerance) break;
    }
    return {x, fx};
}

// Golden-section search for the least miss in [lo, hi], trusting no sample: for a miss that is
// not smooth to float's precision (a swing-twist joint's closest aim switches between its
// candidate aims by rounding, 3e-5 apart on the humanoid's arm, and a parabola through such a
// sample brackets the wrong side), 36 sections bring the bracket down to about 1e-8 rad.
template <class Miss>
BendMinimum refine_by_sections(const Miss& miss, float lo, float hi) {
    constexpr float kGolden = 0.618033988f;
    constexpr int kSections = 36;
    float x1 = hi - kGolden * (hi - lo);
    float x2 = lo + kGolden * (hi - lo);
    float f1 = miss(rot2(x1));
    float f2 = miss(rot2(x2));
    for (int i = 0; i < kSections; ++i) {
        if (f1 <= f2) {
            hi = x2, x2 = x1, f2 = f1;
            x1 = hi - kGolden * (hi - lo);
            f1 = miss(rot2(x1));
        } else {
            lo = x1, x1 = x2, f1 = f2;
            x2 = lo + kGolden * (hi - lo);
            f2 = miss(rot2(x2));
        }
    }
    return f1 <= f2 ? BendMinimum{x1, f1} : BendMinimum{x2, f2};
}

// Whether a miss is smooth over the bend but for kinks (sinusoids of it: refine_bend), or only
// continuous to within rounding (a closest aim chosen among candidates: refine_by_sections, with
// kBendSamples over any range, as narrow as it is).
enum class MissShape { Smooth, Rough };

// The minima of `miss` over the bends [lo, hi] (lo < hi, at most a turn apart): each sampled
// minimum refined, a range end kept as its own when it is no worse than its refined neighbour.
// Writes at most kMostBendMinima into `found`; returns how many (at least one). `per_turn`: the
// samples a whole turn gets (at most kBendSamples), for a miss known to vary more slowly.
template <class Miss>
int bend_minima(const Miss& miss, MissShape shape, float lo, float hi, BendMinimum found[kMostBendMinima], int per_turn = kBendSamples) {
    const int samples = static_cast<int>(std::ceil(static_cast<float>(per_turn) * min_of(hi - lo, 2.0f * kPi) / (2.0f * kPi)));
    const int wanted = shape == MissShape::Rough ? kBendSamples : samples;
    const int n = wanted < kFewestBendSamples ? kFewestBendSamples : (wanted > kBendSamples ? kBendSamples : wanted);
    const float step = (hi - lo) / static_cast<float>(n);
    const Rot2 turn = rot2(step);
    // misses[j] is sample j - 1's, with a NaN on either side, which no comparison below takes
    // for lower or higher.
    float misses[kBendSamples + 3];
    // The samples turn by a unit complex number, back onto the unit circle every eighth step (a
    // product drifts off it by rounding, about 1e-7 a step).
    Rot2 bends[kBendSamples + 1];
    bends[0] = rot2(lo);
    for (int i = 1; i < n; ++i) bends[i] = i % 8 == 0 ? normalized(bends[i - 1] * turn) : bends[i - 1] * turn;
    bends[n] = rot2(hi);
    for (int i = 0; i <= n; ++i) misses[1 + i] = miss(bends[i]);
    misses[0] = misses[n + 2] = NAN;
    // A sample is a minimum when neither neighbour is lower (the later one no lower either, so
    // a flat stretch gives its first sample).
    auto is_minimum = [&misses](int i) { return !(misses[i] < misses[1 + i]) && !(misses[2 + i] <= misses[1 + i]); };
    int count = 0;
    for (int i = 0; i <= n && count < kMostBendMinima; ++i) {
        if (!is_minimum(i)) continue;
        const float a = i > 0 ? lo + step * static_cast<float>(i - 1) : lo;
        const float b = i < n ? lo + step * static_cast<float>(i + 1) : hi;
        const float x = i == 0 ? lo : (i == n ? hi : lo + step * static_cast<float>(i));
        BendMinimum m = shape == MissShape::Rough ? refine_by_sections(miss, a, b)
                                                  : refine_bend(miss, a, b, bends[i > 0 ? i - 1 : 0], x, misses[1 + i],
                                                                misses[i > 0 ? i : 1], misses[i < n ? 2 + i : 1 + n]);
        if (i == 0 && misses[1] <= m.miss) m = {lo, misses[1]};
        if (i == n && misses[1 + n] <= m.miss) m = {hi, misses[1 + n]};
        found[count++] = m;
    }
    return count;
}

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

// The bend whose closest tip misses least (bend_minima). Of the minima missing by no more
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
