#pragma once
// The lines the two-bone solves draw, each named once. The fast paths (two_bone_paths.hpp,
// two_bone_free.cpp, the four-lane kernel of two_bone_batch.cpp) and the solve on the limb's
// shape (two_bone_shaped.cpp on two_bone_limb.cpp) are held to the same answers
// (two_bone_paths_test, two_bone_batch_test): a limb on one side of a line in one of them and
// on the other side in another would get two answers, or be refused by one path and not by
// the path it is handed to.
//
// The rules below are templates over the value type: one limb (float, answering bool) or four
// SSE2 lanes (lanes::F4, answering a lane mask), with the operations of lanes_sse.hpp and
// lanes_scalar.hpp.

#include <cmath>

#include "core/math/lanes_scalar.hpp"
#include "core/math/lanes_sse.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

// Lengths under this fraction of the limb's reach count as none: a target that close to the
// root joint has no direction to aim at, a tip that close to it none to turn.
inline constexpr float kTinyOfReach = 1e-6f;
// A limb reaching less than this, but more than nothing, is solved as a copy scaled up by a
// power of two (TwoBoneJob::run), which is exact. The solves multiply up to four lengths, down
// to kTinyOfReach of the reach each; below about 1e-3 such products fall below float's normal
// range (found by fuzzing: a 2D limb 3e-5 long aimed at its own fold got a NaN aim).
inline constexpr float kScaledBelowReach = 1.0f / 1024.0f;
// A limb reaching less than this is degenerate: the free paths refuse it, and the shape's solve
// measures its tiny lengths and its tolerance against this reach instead.
inline constexpr float kMinReach = 1e-6f;
// The free paths multiply four lengths (Heron's formula on squares): float holds those
// products only for reaches up to this.
inline constexpr float kMaxFreeReach = 1e6f;
// A bone shorter than this fraction of the limb makes a triangle whose law-of-cosines side loses
// digits to cancellation, and the tip would not land where the free paths report it (found by
// fuzzing: at 1e-3, and again at 4.5e-3 with the goal at the fold, the aim off by 1.2e-4 rad,
// the tip by 1.2e-4 of the reach): the solve on the shape normalizes the angles and measures
// the tip.
inline constexpr float kShortestFreeBoneOfReach = 1e-2f;
// "Reached" within this fraction of the reach when the job gives no tolerance.
inline constexpr float kToleranceOfReach = 1e-4f;
// A bend whose sine from the straight limb is within this is straight: on neither side, so the
// solves take the rig's (2D) or the rest pose's (3D) side instead of one rounding picked.
inline constexpr float kStraightSine = 1e-5f;
// The rest pose's side: a rest bend within this sine of straight counts as the + side.
inline constexpr float kRestStraightSine = 1e-6f;
// A 3D limb bends about the normal of the plane its rest pose lies in when the cross product of
// its bones' rest directions has a squared length above this; a straighter one about its lower
// bone's z, as a 2D limb.
inline constexpr float kRestBendCross2 = 1e-6f;
// How far past a joint limit the limited solves still count a rotation as within it: rounding.
inline constexpr float kLimitSlack = 1e-6f;

// A limb without joint limits, the free paths' (solve_free_2d, solve_free_3d, the lanes); the
// others go to the limited paths.
inline bool is_free_limb(const Bone& upper, const Bone& lower) { return !upper.limits && !lower.limits; }

// Whether the free paths take a limb of these lengths: `upper` from the root joint to the middle
// joint, `lower` the lower bone's, `reach` their sum. NaN (a bone of no length) fails.
template <class V>
auto free_path_takes(V upper, V lower, V reach) {
    using namespace lanes;
    return both(both(greater(reach, splat_as(kMinReach, reach)), less(reach, splat_as(kMaxFreeReach, reach))),
                greater(min(upper, lower), splat_as(kShortestFreeBoneOfReach, reach) * reach));
}

// Whether a target at squared distance `distance2` from the root joint is clear of it.
template <class V>
auto clear_of_root(V distance2, V reach) {
    using namespace lanes;
    const V tiny = splat_as(kTinyOfReach, reach) * reach;
    return greater(distance2, tiny * tiny);
}

// The distance within which a tip counts as reached: the job's tolerance, or (0) a fraction of
// the reach.
template <class V>
V reach_tolerance(V tolerance, V reach) {
    using namespace lanes;
    return select(greater(tolerance, splat_as(0.0f, reach)), tolerance, splat_as(kToleranceOfReach, reach) * reach);
}

// A limited solve's closest-tip answers missing by no more than this share of the tolerance
// beyond the least are a tie, which goes to the one nearest the current pose (the limb stays
// where it is instead of jumping between two nearly equal answers). The rest of the tolerance is
// the search's own margin: its least is the best pose's to within a quarter of the tolerance
// where a swing-twist search stops early (kCertainOfTolerance), to its refinement's resolution
// elsewhere, and the pose's miss is worked out again from the pose. With the whole tolerance as
// the band, a dense grid of the swing's rim found a pose missing by the tolerance and 5e-7 more
// than the grid's best (two_bone_rim_grid_test).
inline constexpr float kTieOfTolerance = 0.5f;

// TwoBoneJob::keep_side keeps the closest pose on the side the limb is on: the best of the
// minima within this turn of the current pose (radians; a drag's frame moves a minimum by a few
// degrees at most), while it misses by at most keep_side more than the best of all. A minimum
// far from the current pose is no side the limb is on: once the limb must leave its side it goes
// to the best pose, not to another minimum it would leave again.
inline constexpr float kKeptSideTurn = 0.25f;
// How far beyond the least a search still looks for answers: the tolerance, or keep_side.
inline float search_band(float tolerance, float keep_side) { return max_of(tolerance, keep_side); }

// Which of a closest-tip search's minima a solve takes, the rules above written once for every
// search: of the minima within the tie band (kTieOfTolerance) of the least, the nearest the
// current pose; with a wider keep_side, the best minimum on the side the limb is on when there
// is one. Each minimum within band() is offered, in the search's order (the first of equals
// stays), with its distance from the current pose in the caller's measure, of which `side` is
// kKeptSideTurn.
class MinimumChoice {
public:
    MinimumChoice(float least, float tolerance, float keep_side, float side)
        : least_(least), tie_(kTieOfTolerance * tolerance), band_(max_of(tie_, keep_side)), side_(side) {}
    float band() const { return band_; }
    bool within_band(float miss) const { return miss <= least_ + band_; }
    void offer(int k, float miss, float distance) {
        if (miss <= least_ + tie_ && distance < nearest_) nearest_ = distance, nearest_k_ = k;
        if (distance < side_ && miss < kept_miss_) kept_miss_ = miss, kept_k_ = k;
    }
    // The minimum taken, or `none` when none within the tie band was offered.
    int chosen(int none) const {
        if (band_ > tie_ && kept_k_ >= 0) return kept_k_;
        return nearest_k_ >= 0 ? nearest_k_ : none;
    }

private:
    float least_, tie_, band_, side_;
    float nearest_ = INFINITY, kept_miss_ = INFINITY;
    int nearest_k_ = -1, kept_k_ = -1;
};

// The side of the straight limb a bend whose sine from straight is `sine` lies on: +1, -1, or
// 0 when it is straight.
inline int side_of_straight(float sine) { return sine > kStraightSine ? 1 : (sine < -kStraightSine ? -1 : 0); }

// The side the rest pose bends to, from its sine from straight: +1 when straight.
inline int rest_side(float sine) { return sine < -kRestStraightSine ? -1 : 1; }

// A length too small to count for a limb of this reach, defined for a degenerate limb too.
inline float tiny_length(float reach) { return kTinyOfReach * max_of(reach, kMinReach); }

}  // namespace marionette
