#pragma once
// The closest-pose search's measures for a limb whose upper joint has swing-twist limits, from
// the swing's rim (two_bone_closest_on_rim.cpp): the point wanted turned back by the rim's
// swing, and the poses with the twist at an end of its range, searched over the rim with the
// bend in closed form.

#include <cstdint>

#include "core/ik/two_bone/bend_minima.hpp"
#include "core/ik/two_bone/two_bone_swing_twist.hpp"
#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

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
    // the first where all are the same. At most kMostBendMinima; returns how many. `asked`: the
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

}  // namespace marionette
