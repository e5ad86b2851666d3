#pragma once
// The closest pose of a two-bone limb whose upper joint has swing-twist limits and whose bend
// plane holds the upper bone's axis (a middle joint at the bone's end bending across it, as rigs
// have them), from the swing's rim (closest_on_rim, two_bone_closest_on_rim.cpp, uses it).
//
// Seen from the upper bone, a pose q = swing * twist puts the tip T(θ) on the point wanted g when
// twist * T(θ) = swing^-1 g: the twist and the bend sweep the tips over a patch of a surface
// about the bone's x (the bend's arc of the limb's circle turned about x through the twist's
// range), and the swings turn g back over a patch of the sphere of radius |g|. The closest pose
// is the closest pair of points of the two patches. Where no pose reaches, that pair has g's
// point on the patch's rim, the swing at its limit: a point inside could move along the sphere,
// and a closest pair with it there joins the tip straight toward g from a bend where the tip is
// longest or shortest (the straight or folded limb, an end of the bend range: the caller tries
// those). So the closest pose is the least over the rim's direction a of the distance from
// h(a), g turned back by the rim's swing, to the swept tips, which has a closed form
// (RimPoses::closest):
// the bend plane holds x, so the tips of one side of the straight limb lie, for each twist, in
// the half-plane through x at that twist's angle; the twist nearest h's is the one toward h
// within the range (else the range's nearer end), and the bend the nearest on the limb's
// circle to h seen in that half-plane.
//
// Over the rim that distance takes its least where the twist holds the tips' half-plane
// through h (and it is the twist-free bound: the distance in that half-plane from h, at its
// angle from x, to the bend's arc), or where the twist is at an end of its range (a distance
// from h(a) to a fixed circle: TwistEndRim, searched). In the first case it depends on a only
// through h's x, a sinusoid of a, and has its minima where h's x is least or most, or where h
// seen in the half-plane lies toward an end of the arc from the root joint, or on the circle
// (RimPoses::twist_free_minima): no search.

#include <cstdint>
#include <optional>

#include "core/ik/two_bone/two_bone_swing_twist.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

// The search's measures for a limb whose upper joint has swing-twist limits, from
// the swing's rim (two_bone_closest_on_rim.cpp): the point wanted turned back by the rim's
// swing, and the poses with the twist at an end of its range, searched over the rim with the
// bend in closed form.

// The point wanted `wanted` w (w unit, the bone's rest frame) turned back by the rim's swing
// toward the direction a, p(a) = p0 + pc1 cos a + ps1 sin a + pc2 cos 2a + ps2 sin 2a: the swing
// turns by S about n = (0, -sin a, cos a), so p(a) is (Rodrigues)
//     wanted (cos S w - sin S n x w + (1 - cos S)(n.w) n),
// with n x w = cos a (-w.y, w.x, 0) + sin a (-w.z, 0, w.x) and (n.w) n = (0, w.y, w.z) / 2 +
// cos 2a (0, -w.y, w.z) / 2 + sin 2a (0, -w.z, -w.y) / 2.
struct TurnedBack {
    TurnedBack(const glm::vec3& w, float wanted, const SwingTwistLimits& limits);
    glm::vec3 p0, pc1, ps1, pc2, ps2;  // p0.x + pc1.x cos a + ps1.x sin a: x has no terms in 2a
    // p(a), with a2 = a * a (the direction doubled).
    glm::vec3 at(Rot2 a, Rot2 a2) const { return p0 + pc1 * a.c + ps1 * a.s + pc2 * a2.c + ps2 * a2.s; }
};

// The squared distance from a point to a circle's centre, seen in the circle's plane, at most
// this: every point of the circle as near (no foot on it); the bends' nearer end is taken.
inline constexpr float kFootless = 1e-30f;

// The samples a turn of the rim's directions gets: the miss over them has few minima, far apart,
// and 24 find the same poses as twice as many (docs/performance.md has the comparison).
inline constexpr int kTwistEndRimSamples = 24;

// The poses with the twist held at one end of its range and the swing on its cone's rim, for
// every bend within `bends`. Where no pose within the limits reaches, the closest one holds the
// twist at an end or lies where the twist is free (FreeTwistAims); with the twist at an end the
// swing is on the rim unless it aims the tip exactly (inside the rim the tip could move closer),
// and such a pose is found by the bound's minima (where the bound and the true miss meet).
//
// Searched over the rim's direction a, with the bend in closed form: the rim's swing rim(a)
// misses the point wanted w with the tip v(θ) by |p(a) - v(θ)|, where p(a), the point turned
// back by that swing, is a trigonometric polynomial of degree 2 in a, and v(θ) runs round a
// circle (centre v0, radius r), whose closest point to p(a) within the bends is the foot of p(a)
// on it, or else the nearer end. With p(a) - v0 in the circle's frame, (x, y) in its plane and z
// along its axis (each again such a polynomial), the miss is sqrt((|(x, y)| - r)^2 + z^2) at
// the foot and the distance to the end's point otherwise: no difference of large squares, so a
// miss far below the limb's length keeps its digits.
struct TwistEndRim {
    TwistEndRim(glm::vec2 end_half, const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, float wanted,
                const SwingTwistLimits& limits, const AngleRange& bend_range)
        : TwistEndRim(end_half, t0, tc, ts, TurnedBack(w, wanted, limits), AngleArc::of(bend_range)) {}
    TwistEndRim(glm::vec2 end_half, const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const TurnedBack& p,
                const AngleArc& bends);
    // x, y and z of p(a) - v0 (kX, kY, kZ): each c0 + c1 cos a + s1 sin a + c2 cos 2a + s2 sin 2a.
    enum Axis { kX = 0, kY = 1, kZ = 2 };
    struct Series {
        float c0[3] = {}, c1[3] = {}, s1[3] = {}, c2[3] = {}, s2[3] = {};
        float at(int axis, Rot2 a, Rot2 a2) const { return c0[axis] + c1[axis] * a.c + s1[axis] * a.s + c2[axis] * a2.c + s2[axis] * a2.s; }
    };
    Series series;
    float radius = 0.0f;
    AngleArc bends;

    struct Closest {
        float miss = 0.0f;
        Rot2 bend;
        int end = 0;  // the bend is the range's lower end (-1), its upper (+1) or inside (0)
    };
    // The closest tip to the point for the rim direction a (a unit complex number).
    Closest closest(Rot2 a) const;
    // Its miss alone.
    float operator()(Rot2 a) const;
    // That bend as an angle within the bends.
    float bend_angle(const Closest& c) const;

    // The least misses over the rim's directions, sampled: kTwistEndRimSamples directions,
    // sample k at k kSampleStep, each a minimum when neither neighbour round the rim
    // is lower (so none at a seam), or the lower of two neighbours between which the miss turns
    // from falling to rising while neither is such a minimum (a dip narrower than the spacing);
    // the first where all are the same. At most shaped::kMostBendMinima; returns how many. `asked`: the
    // samples that may be minima, as bits (bit k for sample k; RimPoses::samples_that_may_matter):
    // only they and their neighbours are worked out, and the minima among them are the whole
    // rim's there (so one at least when every sample is asked, and none may be found when some
    // are not).
    struct Minimum {
        Rot2 a;
        float miss = 0.0f;
    };
    static constexpr std::uint32_t kEverySample = (std::uint32_t{1} << kTwistEndRimSamples) - 1;
    int sampled_minima(Minimum found[], std::uint32_t asked = kEverySample) const;
    // The spacing of those samples, radians and as a unit complex number, and their directions.
    static constexpr float kSampleStep = 2.0f * kPi / kTwistEndRimSamples;
    static Rot2 sample_step();
    struct SampleDirections {
        float c[kTwistEndRimSamples], s[kTwistEndRimSamples];
    };
    static const SampleDirections& sample_directions();
    // A sampled minimum refined: Newton's method on the squared miss, whose first and second
    // derivatives in a follow from the series', within a sample's spacing either side.
    Minimum refined(const Minimum& sampled) const;
    // That, and the other minima within half a sample's spacing of the sampled one (the miss can
    // have two between samples: the nearest bend jumps between the circle's foot and an end of
    // the bends, or between the sides of x): up to three, refined, into out; how many.
    static constexpr int kMostRefinedBeside = 3;
    int refined_minima(const Minimum& sampled, Minimum out[kMostRefinedBeside]) const;

private:
    // The miss at a, and into `slope` (when not null) a positive multiple of its derivative.
    float miss_and_slope(Rot2 a, float* slope) const;
    // The squared miss at a and its first two derivatives in a.
    float squared_miss(Rot2 a, float& slope_1, float& slope_2) const;
};

struct RimPoses {
    // Nothing where this does not apply: a swing of a half turn or more (no rim), a bend plane
    // not holding the bone's x (within 1e-5 of the limb's length), no lower bone, a point wanted
    // at the root joint or near the bone's axis (h's x then hardly changes round the rim), or a bend range holding
    // both the straight and the folded limb (each side's bends then come in two pieces). The
    // limb's tips T(θ) = t0 + cos θ tc + sin θ ts, the point wanted `wanted` w (w unit), all in
    // the upper bone's rest frame; `bends` the middle joint's.
    static std::optional<RimPoses> of(const glm::vec3& t0, const glm::vec3& tc, const glm::vec3& ts, const glm::vec3& w, float wanted,
                                      const SwingTwistLimits& limits, const AngleArc& bends);
    explicit RimPoses(const TurnedBack& turned_back) : turned(turned_back) {}
    // The point wanted turned back by the rim's swing, h(a) (also the twist ends' searches').
    TurnedBack turned;

    // The closest pose with the swing on the rim, tilting x toward (0, cos a, sin a): its twist
    // and bend as unit complex numbers, and its miss.
    struct Closest {
        Rot2 twist, bend;
        float miss = 0.0f;
    };
    Closest closest(Rot2 a) const;
    // Whether side s's tips turn toward h(a) with the twist inside its range (the twist-free
    // bound is then that side's miss).
    bool twist_free_at(Rot2 a, int side) const;
    // The upper joint's pose rotation of closest(a): the rim's swing after the twist.
    glm::quat rotation(Rot2 a, Rot2 twist, Rot2 bend, const SwingTwistLimits& limits) const;

    // The rim directions where the twist-free bound may have a minimum, and the bound there
    // (a pose's miss when the twist's range allows it, else less), least first. At most
    // kMostTwistFreeMinima.
    struct Minimum {
        Rot2 a;
        float bound = 0.0f;
        int side = 0;
    };
    static constexpr int kMostTwistFreeMinima = 16;
    int twist_free_minima(Minimum out[kMostTwistFreeMinima]) const;
    // A lower bound of every pose's miss with the swing on the rim within `half_width` (a unit
    // complex number, less than a quarter turn) of the direction a: the twist-free bound's least
    // there (over h's x within those directions).
    float bound_near(Rot2 a, Rot2 half_width) const;
    // The twist ends' samples (TwistEndRim::sampled_minima's, as bits) within a sample's spacing
    // of every rim direction where some pose, the twist anywhere, may miss by no more than
    // `cutoff`: the tips lie on the limb's circle turned about x, and h is at least
    // ||P - centre| - radius| from those, P being h seen in the half-plane of either side,
    // whose distance from the centre depends on the direction only through h's x.
    std::uint32_t samples_that_may_matter(float cutoff) const;

    glm::vec3 w{1.0f, 0.0f, 0.0f};  // the aim
    float wanted = 0.0f;
    glm::vec2 across{1.0f, 0.0f};  // (y, z) of the bend plane's unit direction p across x
    AngleArc twists;
    // The limb's circle in the bend plane's (x, p) coordinates: centre, radius, and the unit
    // directions of tc and ts.
    glm::vec2 centre{0.0f};
    float radius = 0.0f;
    glm::vec2 along_c{1.0f, 0.0f}, along_s{0.0f, 1.0f};
    // The bends whose tip lies on p's side of x (side 0) and on the other (side 1), as arcs of θ;
    // `present` false for a side no bend reaches.
    struct Side {
        bool present = false;
        AngleArc bends;
    };
    Side sides[2];
    // h's x round the rim: turned.p0.x + turning cos(the angle from `most`).
    float turning = 0.0f;
    Rot2 most;
    // The values of h's x where a side's bound may have a minimum, but for its least and most.
    float critical[2][3];
    int critical_count[2] = {0, 0};

private:
    // The distance from the point q of the bend plane's coordinates to side s's arc of the
    // limb's circle, and that arc's nearest bend.
    float to_arc(glm::vec2 q, int side, Rot2* bend) const;
    // h(a)'s x, and its part across x as |h_yz| times the cosine and sine of its angle from p.
    void turned_back(Rot2 a, float& x, Rot2& across_p) const;
    // Side s's bound where h's x is x.
    float bound_at(float x, int side) const;
};

}  // namespace marionette
