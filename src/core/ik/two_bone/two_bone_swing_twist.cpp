#include "core/ik/two_bone/two_bone_swing_twist.hpp"

#include <array>
#include <cmath>
#include <utility>

#include "core/math/angle_arc.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

constexpr glm::vec3 kBoneAxis{1.0f, 0.0f, 0.0f};

// An arc of the circle of swivels: from `start`, counter-clockwise, `length` radians (2 pi: the
// whole circle).
struct Arc {
    float start = 0.0f;
    float length = 2.0f * kPi;
};

float arc_gap(float from, float to) {  // counter-clockwise, in [0, 2 pi)
    // fmod gives back anything within a turn, and takes one off anything within two, exactly,
    // as a subtraction does (the two within a factor of two); past that it is asked.
    float g = to - from;
    if (!(std::fabs(g) < 2.0f * kPi))
        g = std::fabs(g) < 4.0f * kPi ? std::copysign(std::fabs(g) - 2.0f * kPi, g) : std::fmod(g, 2.0f * kPi);
    return g < 0.0f ? g + 2.0f * kPi : g;
}

// The parts of the circle in both a and b: none, one or two arcs.
int intersect(const Arc& a, const Arc& b, Arc out[2]) {
    if (a.length >= 2.0f * kPi) return out[0] = b, 1;
    if (b.length >= 2.0f * kPi) return out[0] = a, 1;
    int n = 0;
    // Each arc's start inside the other begins a common part.
    for (const auto& [first, second] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        const float into = arc_gap(second->start, first->start);
        if (into <= second->length) out[n++] = {first->start, min_of(first->length, second->length - into)};
    }
    if (n == 2 && out[0].start == out[1].start) n = 1;
    return n;
}

// The swivels whose swing stays within `swing`: the bone's x turned by the family stays in a
// cone about x, and its dot with x is a sinusoid in psi, so they form one arc, in closed form.
// False when there is none.
bool swing_arc(const glm::quat& q0, const glm::vec3& w, const SwingTwistLimits& limits, Arc& arc) {
    arc = Arc{};
    if (limits.swing >= kPi) return true;
    const glm::vec3 x0 = q0 * kBoneAxis;
    const float a = w.x * glm::dot(w, x0);
    const float b = x0.x - a;
    const float c = glm::cross(w, x0).x;
    const float r = std::sqrt(b * b + c * c);
    const float need = limits.cos_swing - a;  // a + b cos psi + c sin psi >= cos(swing)
    if (!(r > 1e-6f)) return need <= 1e-6f;
    const float ratio = need / r;
    if (ratio <= -1.0f) return true;
    if (ratio > 1.0f) return false;
    const float half = max_of(std::atan2(std::sqrt((1.0f - ratio) * (1.0f + ratio)), ratio) - 1e-6f, 0.0f);  // acos
    arc = {std::atan2(c, b) - half, 2.0f * half};
    return true;
}

// The same for the twist: (w, x) of the family is a linear image of the unit circle, so its
// direction, and the twist (twice its angle), turns one way round once per turn of psi; the
// allowed twists are one arc, between the swivels where the twist meets each end of the range.
bool twist_arc(const glm::quat& q0, const glm::quat& q1, const SwingTwistLimits& limits, Arc& arc) {
    arc = Arc{};
    if (!limits.twist_bounded) return true;
    const glm::vec2 a{q0.w, q0.x};
    const glm::vec2 b{q1.w, q1.x};
    auto cross2 = [](glm::vec2 u, glm::vec2 v) { return u.x * v.y - u.y * v.x; };
    const float turning = cross2(a, b);
    if (!(std::fabs(turning) > 1e-6f)) {
        // The twist does not change along the family (or the swing is half round and has none).
        const float t = glm::dot(a, a) > 1e-12f ? wrap_angle(2.0f * std::atan2(a.y, a.x)) : 0.0f;
        return limits.twist.contains(t);
    }
    auto swivel_at = [&](glm::vec2 u) { return 2.0f * std::atan2(-cross2(u, a), cross2(u, b)); };
    const float at_lo = swivel_at(limits.twist_lo_half);
    const float at_hi = swivel_at(limits.twist_hi_half);
    const float from = turning > 0.0f ? at_lo : at_hi;
    const float to = turning > 0.0f ? at_hi : at_lo;
    arc = {from + 1e-6f, max_of(arc_gap(from, to) - 2e-6f, 0.0f)};
    return true;
}

// The swivel of an arc for a pole whose own swivel (0) lies outside it: the arc's end on the
// pole's side, sliding to its middle as the pole goes round behind it, where both ends are
// equally near; so the swivel moves continuously with the target (as a cone's does).
float swivel_in(const Arc& arc) {
    const float half = 0.5f * arc.length;
    const float centre = arc.start + half;
    const float off = wrap_angle(-centre);
    if (std::fabs(off) <= half) return 0.0f;
    const float behind = (kPi - std::fabs(off)) / max_of(kPi - half, 1e-6f);
    return centre + (off < 0.0f ? -half : half) * behind;
}

glm::vec2 unit_at(float a) { return {std::cos(a), std::sin(a)}; }

// The rim direction (cos a, sin a) with the most dot(rim(a) v, w). The rim turns v by the swing
// limit S about n = (0, -sin a, cos a), so (Rodrigues) that dot is
//     cos S (v.w) + sin S n.(v x w) + (1 - cos S)(n.v)(n.w),
// a trigonometric polynomial of degree 2 in a, its coefficients in closed form. It is scanned at
// 12 angles (a table), and every sampled maximum (there are at most two; two of nearly equal
// height can swap order between a sample and the peak) is refined by Newton's method, which
// finds the same poses as a denser scan with fixed steps, for less work.
glm::vec2 best_on_rim(const glm::vec3& v, const glm::vec3& w, const SwingTwistLimits& limits) {
    const glm::vec3 vw = glm::cross(v, w);
    const float half_versed = limits.sin_half_swing * limits.sin_half_swing;  // (1 - cos S) / 2
    const float c1 = limits.sin_swing * vw.z, s1 = -limits.sin_swing * vw.y;
    const float c2 = half_versed * (v.z * w.z - v.y * w.y), s2 = -half_versed * (v.y * w.z + v.z * w.y);
    // The constant term leaves the best direction where it is.
    auto value = [&](glm::vec2 u) { return c1 * u.x + s1 * u.y + c2 * (u.x * u.x - u.y * u.y) + s2 * (2.0f * u.x * u.y); };
    auto slope = [&](glm::vec2 u) { return -c1 * u.y + s1 * u.x - 4.0f * c2 * u.x * u.y + 2.0f * s2 * (u.x * u.x - u.y * u.y); };
    constexpr int kScan = 12;
    constexpr float kStep = 2.0f * kPi / kScan;
    static const std::array<glm::vec2, kScan> scan_at = [] {
        std::array<glm::vec2, kScan> t{};
        for (int k = 0; k < kScan; ++k) t[static_cast<std::size_t>(k)] = unit_at(kStep * static_cast<float>(k));
        return t;
    }();
    // scanned[k + 1] is the value at sample k, with the circle's neighbours at both ends (no
    // remainder in the loop: the modulo cost more than the scan).
    float scanned[kScan + 2];
    for (int k = 0; k < kScan; ++k) scanned[k + 1] = value(scan_at[static_cast<std::size_t>(k)]);
    scanned[0] = scanned[kScan];
    scanned[kScan + 1] = scanned[1];
    glm::vec2 best_u = scan_at[0];
    float best = -INFINITY;
    for (int k = 0; k < kScan; ++k) {
        if (scanned[k] > scanned[k + 1] || scanned[k + 2] > scanned[k + 1]) continue;
        // Newton on the slope from the sample, each step kept within a sample's spacing, until
        // a step is below float's resolution of the angle.
        glm::vec2 u = scan_at[static_cast<std::size_t>(k)];
        for (int step = 0; step < 6; ++step) {
            const float c2a = u.x * u.x - u.y * u.y, s2a = 2.0f * u.x * u.y;
            const float d1 = slope(u);
            const float d2 = -c1 * u.x - s1 * u.y - 4.0f * c2 * c2a - 4.0f * s2 * s2a;
            float d = d2 < 0.0f ? -d1 / d2 : (d1 > 0.0f ? 0.25f : -0.25f) * kStep;
            d = clamp_to(d, -kStep, kStep);
            const Rot2 turn = rot2(d);
            u = glm::vec2{u.x * turn.c - u.y * turn.s, u.y * turn.c + u.x * turn.s};
            if (std::fabs(d) < 1e-6f) break;
        }
        u *= inverse_sqrt(glm::dot(u, u));
        const float at_u = value(u), at_sample = scanned[k + 1];
        const float f = max_of(at_u, at_sample);
        if (f > best) {
            best = f;
            best_u = at_u >= at_sample ? u : scan_at[static_cast<std::size_t>(k)];
        }
    }
    return best_u;
}

}  // namespace

// The swing's own cosine and sine from its half angle's, as the joint's kept values give them.
SwingTwistLimits::SwingTwistLimits(float swing_limit, const AngleRange& twist_limit)
    : SwingTwistLimits(swing_limit, rot2(0.5f * clamp_to(swing_limit, 0.0f, kPi)), twist_limit,
                       rot2(0.5f * clamp_to(twist_limit.lo, -kPi, kPi)), rot2(0.5f * clamp_to(twist_limit.hi, -kPi, kPi))) {}

SwingTwistLimits::SwingTwistLimits(const JointLimits& limits) {
    const LimitAngle s = swing_limit(limits);
    const LimitAngle lo = limits.twist ? limits.twist->min : LimitAngle::half_turn_below();
    const LimitAngle hi = limits.twist ? limits.twist->max : LimitAngle::half_turn_above();
    // A LimitAngle's half angle is of the angle clamped to a half turn either way, the swing's
    // here to none and a half turn: the same for any swing the rig reader keeps.
    const Rot2 half_swing = s.radians() >= 0.0f ? Rot2{s.half_cos(), s.half_sin()} : Rot2{};
    *this = SwingTwistLimits(s.radians(), half_swing, twist_range(limits), {lo.half_cos(), lo.half_sin()}, {hi.half_cos(), hi.half_sin()});
}

SwingTwistLimits::SwingTwistLimits(float swing_limit, Rot2 half, const AngleRange& twist_limit, Rot2 lo, Rot2 hi)
    : swing(swing_limit),
      twist(twist_limit),
      cos_swing(1.0f - 2.0f * half.s * half.s),
      sin_swing(2.0f * half.s * half.c),
      cos_half_swing(half.c),
      sin_half_swing(half.s),
      twist_bounded(twist_limit.lo > -kPi || twist_limit.hi < kPi),
      twist_lo_half(lo.c, lo.s),
      twist_hi_half(hi.c, hi.s) {}

std::optional<float> swing_twist_swivel(const glm::quat& q0, const glm::quat& q1, const glm::vec3& w, const SwingTwistLimits& limits) {
    Arc by_swing, by_twist, both[2];
    if (!swing_arc(q0, w, limits, by_swing) || !twist_arc(q0, q1, limits, by_twist)) return std::nullopt;
    const int n = intersect(by_swing, by_twist, both);
    if (n == 0) return std::nullopt;
    float psi = swivel_in(both[0]);
    if (n == 2) {
        const float other = swivel_in(both[1]);
        if (std::fabs(wrap_angle(other)) < std::fabs(wrap_angle(psi))) psi = other;
    }
    return psi;
}

namespace {

// What the closest aim's candidates share: the shortest turn taking the unit tip onto the unit
// aim w (q0) and its swivel's partner (q1), w's part across the bone's x as a unit direction
// (`toward`), and the twist's range as an arc.
struct AimFrame {
    AimFrame(const glm::vec3& tip_dir, const glm::vec3& aim, const SwingTwistLimits& swing_twist)
        : tip(tip_dir),
          w(aim),
          limits(swing_twist),
          q0(rotation_between(tip_dir, aim)),
          q1(glm::quat{0.0f, aim.x, aim.y, aim.z} * q0),
          sin_aim(std::sqrt(aim.y * aim.y + aim.z * aim.z)) {
        toward = {w.y, w.z};
        if (glm::dot(toward, toward) < 1e-12f) toward = {tip.y, tip.z};
        if (glm::dot(toward, toward) < 1e-12f) toward = {1.0f, 0.0f};
        toward = glm::normalize(toward);
        twists = twist_range_arc(limits);
    }
    const glm::vec3& tip;
    const glm::vec3& w;
    const SwingTwistLimits& limits;
    glm::quat q0, q1;
    float sin_aim = 0.0f;
    glm::vec2 toward{1.0f, 0.0f};
    AngleArc twists;

    // The allowed twist turning the tip toward w most, with the rim's swing s toward `side`: the
    // turn about x taking the tip's part across x toward w's (no atan2), the nearest the range
    // allows; and whether the range held it back.
    struct WithTwist {
        glm::quat pose;
        bool held = false;
    };
    WithTwist best_twist(glm::vec2 side) const {
        const glm::quat s = rim_swing(limits, side);
        const glm::vec3 to = glm::conjugate(s) * w;
        const Rot2 toward_w = normalized(Rot2{tip.y * to.y + tip.z * to.z, tip.y * to.z - tip.z * to.y});  // none when either lies along x
        const bool held = !twists.contains(toward_w);
        const Rot2 t = held ? twists.nearer_end(toward_w) : toward_w;
        // quat_from_rot2's half-angle turn, about x, its w kept >= 0 as angleAxis gives it.
        glm::quat half = quat_from_rot2(t);
        if (half.w < 0.0f) half = -half;
        return {normalized(s * glm::quat{half.w, half.z, 0.0f, 0.0f}), held};
    }

    // The pose meeting the twist-free bound, when the limits allow one. With the twist free, a
    // swing of at most S puts the tip of angle alpha from x anywhere at an angle from x within
    // [alpha - S, alpha + S], so no pose misses by less than the aim's angle to that band. The
    // pose: a swivel of q0 aiming the tip along w, else, for an aim beyond the band, the rim's
    // swing toward the aim (past alpha + S) or away from it (short of alpha - S) with the twist
    // turning the tip into the plane of the swung x and the aim. Nothing where the aim or the
    // tip lies near x (there the candidates can tie, and closest_swing_twist_aim's tie rule
    // decides) or the twist's range holds that pose back.
    std::optional<glm::quat> meeting_bound() const {
        if (const std::optional<float> psi = swing_twist_swivel(q0, q1, w, limits)) {
            return normalized(std::cos(0.5f * *psi) * q0 + std::sin(0.5f * *psi) * q1);
        }
        if (limits.swing >= kPi) return std::nullopt;
        constexpr float kClearOfX = 1e-3f;
        const float tip_across = std::sqrt(tip.y * tip.y + tip.z * tip.z);
        if (!(sin_aim > kClearOfX && tip_across > kClearOfX)) return std::nullopt;
        const float cs = limits.cos_swing, ss = limits.sin_swing;
        const float past = sin_aim * tip.x - w.x * tip_across;   // sin(beta - alpha)
        const float along = w.x * tip.x + sin_aim * tip_across;  // cos(beta - alpha)
        const bool beyond = past * cs - along * ss > 0.0f && tip_across * cs + tip.x * ss > 0.0f;
        const bool short_of = -past * cs - along * ss > 0.0f && tip_across * cs - tip.x * ss > 0.0f;
        if (!beyond && !short_of) return std::nullopt;
        const WithTwist best = best_twist(beyond ? toward : -toward);
        if (best.held) return std::nullopt;
        return best.pose;
    }
};

}  // namespace

// The pose meeting the twist-free bound when there is one. Otherwise the closest aim has the
// swing on its rim (inside it, the turned tip covers an open patch of directions and could
// move closer), and then either the twist inside its range, where the swing tilts x in the
// plane of x and w, toward w or away from it, or the twist at an end of its range, where the
// rim's best point is found above.
glm::quat closest_swing_twist_aim(const glm::vec3& tip, const glm::vec3& w, const SwingTwistLimits& limits) {
    const AimFrame frame(tip, w, limits);
    if (const std::optional<glm::quat> q = frame.meeting_bound()) return *q;
    const glm::quat& q0 = frame.q0;
    // Candidates are compared by their tip's angle from w, measured by its sine where the cosine
    // has lost its digits (1 - cos is below float's resolution under about 3e-4 rad, and a
    // candidate 5e-4 rad off won ties by rounding): sin^2 below a quarter turn, 2 - sin^2 beyond.
    auto gap = [&](const glm::quat& q) {
        const glm::vec3 v = q * tip;
        const glm::vec3 off = glm::cross(v, w);
        const float s2 = glm::dot(off, off);
        return glm::dot(v, w) > 0.0f ? s2 : 2.0f - s2;
    };
    // Candidates whose gaps differ by rounding alone (a tip on the bone's axis, which no twist
    // moves, or nearly so) are a tie, which would otherwise go to whichever rounds lower: a limb
    // held straight at its limits flipped its twist between the range's ends from frame to frame.
    // A tie goes to the pose nearest q0, the shortest turn onto w, which moves smoothly with the
    // target: the choice is the same from any start (a drag and a fresh solve agree) and stays
    // put while the tie lasts. The candidates are gathered first, so that which of them tie does
    // not depend on their order.
    glm::quat candidates[8];
    float gaps[8];
    int count = 0;
    auto consider = [&](const glm::quat& q) {
        candidates[count] = q;
        gaps[count++] = gap(q);
    };
    auto closest = [&] {
        int first = 0;
        for (int k = 1; k < count; ++k) {
            if (gaps[k] < gaps[first]) first = k;
        }
        // A tie: within 1e-6 rad of the least gap (the measure changes by 2 sin cos per radian).
        // Nearness from the components' differences: two tied poses can be 1e-5 rad apart, where
        // the cosine in a dot product has lost the difference.
        const float s2 = gaps[first] <= 1.0f ? gaps[first] : 2.0f - gaps[first];
        const float band = 2e-6f * std::sqrt(max_of(s2 * (1.0f - s2), 0.0f)) + 1e-12f;
        auto apart = [&](const glm::quat& q) {
            const glm::quat d = glm::dot(q, q0) < 0.0f ? q + q0 : q - q0;
            return glm::dot(d, d);
        };
        int chosen = first;
        for (int k = 0; k < count; ++k) {
            if (gaps[k] <= gaps[first] + band && apart(candidates[k]) < apart(candidates[chosen])) chosen = k;
        }
        return candidates[chosen];
    };
    consider(constrain_swing_twist(q0, limits.swing, limits.twist));
    if (limits.swing >= kPi) return closest();
    const glm::vec2 toward = frame.toward;
    auto with_best_twist = [&](glm::vec2 side) { consider(frame.best_twist(side).pose); };
    with_best_twist(toward);
    with_best_twist(-toward);
    // The rim's swings whose x lies at the tip's angle from w, so that a twist puts the tip on
    // w: x' = cos S x + sin S (cos phi toward + sin phi across) with x'.w = tip.x. Near the
    // swivels' edge, where the exact swivels' arc above is lost to rounding, these still aim
    // (the miss is flat in phi there: an error in phi costs its square).
    const float sin_aim = frame.sin_aim;
    if (sin_aim > 1e-6f && limits.sin_swing > 1e-6f) {
        const float cos_phi = clamp_to((tip.x - limits.cos_swing * w.x) / (limits.sin_swing * sin_aim), -1.0f, 1.0f);
        const float sin_phi = std::sqrt(max_of(1.0f - cos_phi * cos_phi, 0.0f));
        const glm::vec2 across{-toward.y, toward.x};
        if (cos_phi > -1.0f && cos_phi < 1.0f) {  // else they are the two above
            with_best_twist(cos_phi * toward + sin_phi * across);
            with_best_twist(cos_phi * toward - sin_phi * across);
        }
    }
    if (limits.twist_bounded) {
        for (const glm::vec2& half : {limits.twist_lo_half, limits.twist_hi_half}) {
            const glm::quat turn{half.x, half.y, 0.0f, 0.0f};
            consider(normalized(rim_swing(limits, best_on_rim(turn * tip, w, limits)) * turn));
        }
    }
    return closest();
}

}  // namespace marionette
