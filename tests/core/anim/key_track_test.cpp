// Keyframe tracks: each interpolation between two keys, the hold before the first key and after
// the last, 2D turns past 180 degrees, 3D rotations the short way with a Bézier's overshoot, and
// the rules a track keeps.

#include <cmath>

#include <gtest/gtest.h>

#include "core/anim/key_track.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/pose_distance.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Key key_at(float time, float angle, Interpolation interpolation = Interpolation::Linear) {
    Key k;
    k.time = time;
    k.angle = angle;
    k.interpolation = interpolation;
    return k;
}

KeyTrack angle_track(std::vector<Key> keys) { return KeyTrack{0, PoseProperty::Rotation, std::move(keys)}; }

// The Bézier from (0, 0) to (1, 1) through (x1, y1), (x2, y2) at parameter t, one coordinate.
double cubic(double p1, double p2, double t) { return 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t; }

// A curve whose handles stand upright (x1 = x2 = 0 or 1: a vertical tangent) still gives one
// finite value for each time, never running back.
void expect_one_value_each_time(const Key& steep) {
    float last = -1.0f;
    for (float u = 0.0f; u <= 1.0f; u += 0.01f) {
        const float f = interpolation_fraction(steep, u);
        EXPECT_TRUE(std::isfinite(f));
        EXPECT_GE(f, last - 1e-6f) << "u=" << u;
        last = f;
    }
}

}  // namespace

TEST(KeyTrack, EachInterpolationGoesFromOneKeyToTheNext) {
    for (Interpolation i : {Interpolation::Step, Interpolation::Linear, Interpolation::Cosine, Interpolation::Bezier}) {
        const KeyTrack track = angle_track({key_at(1.0f, 0.5f, i), key_at(3.0f, 1.5f)});
        const std::string name = interpolation_name(i);
        EXPECT_EQ(sample_track(track, true, 1.0).angle, 0.5f) << name << ": at the first key";
        EXPECT_EQ(sample_track(track, true, 3.0).angle, 1.5f) << name << ": at the second key";
        EXPECT_EQ(sample_track(track, true, 0.0).angle, 0.5f) << name << ": held before the first key";
        EXPECT_EQ(sample_track(track, true, 9.0).angle, 1.5f) << name << ": held after the last key";
    }
    // Half way (2 s): a step holds, linear and cosine are half way; a quarter: cosine eases in.
    const auto at = [](Interpolation i, double t) {
        return sample_track(angle_track({key_at(1.0f, 0.5f, i), key_at(3.0f, 1.5f)}), true, t).angle;
    };
    EXPECT_EQ(at(Interpolation::Step, 2.999), 0.5f);
    EXPECT_NEAR(at(Interpolation::Linear, 2.0), 1.0f, 1e-6f);
    EXPECT_NEAR(at(Interpolation::Linear, 1.5), 0.75f, 1e-6f);
    EXPECT_NEAR(at(Interpolation::Cosine, 2.0), 1.0f, 1e-6f);
    EXPECT_NEAR(at(Interpolation::Cosine, 1.5), 0.5f + (0.5f - 0.5f * std::cos(kPi * 0.25f)), 1e-6f);
}

TEST(KeyTrack, ABezierFollowsItsCurve) {
    Key a = key_at(0.0f, 0.0f, Interpolation::Bezier);
    a.curve = {0.1f, 0.8f, 0.3f, 1.0f};
    const KeyTrack track = angle_track({a, key_at(2.0f, 2.0f)});
    // Walk the curve by its parameter: at time 2x(t) the value is 2y(t).
    for (double t = 0.0; t <= 1.0; t += 0.05) {
        const double x = cubic(0.1, 0.3, t);
        const double y = cubic(0.8, 1.0, t);
        EXPECT_NEAR(sample_track(track, true, 2.0 * x).angle, 2.0 * y, 2e-5) << "t=" << t;
    }
    // Straight handles on the diagonal make a straight line.
    Key straight = a;
    straight.curve = {1.0f / 3.0f, 1.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f};
    for (float u : {0.1f, 0.37f, 0.5f, 0.93f}) EXPECT_NEAR(interpolation_fraction(straight, u), u, 1e-5f);
    // Upright handles (x1 = x2 = 0 or 1: a vertical tangent) still give one value for each time.
    Key steep = a;
    steep.curve = {0.0f, 1.0f, 1.0f, 0.0f};
    expect_one_value_each_time(steep);
}

TEST(KeyTrack, ACurveInSpinesLinesPlaysStraightBetweenItsPointsAtTenthsOfItsParameter) {
    Key a = key_at(0.0f, 0.0f, Interpolation::Bezier);
    a.curve = {0.5f, 0.0f, 0.5f, 1.0f, kSpineCurveLines};
    const KeyTrack track = angle_track({a, key_at(2.0f, 2.0f)});
    Key smooth = a;
    smooth.curve.lines = 0;
    double off_the_cubic = 0.0;
    for (int i = 0; i < 10; ++i) {
        // On the cubic at its points, on the straight line between two of them.
        const double t0 = i / 10.0, t1 = (i + 1) / 10.0;
        const double x0 = cubic(0.5, 0.5, t0), x1 = cubic(0.5, 0.5, t1), y0 = cubic(0.0, 1.0, t0), y1 = cubic(0.0, 1.0, t1);
        EXPECT_NEAR(sample_track(track, true, 2.0 * x0).angle, 2.0 * y0, 2e-5) << "point " << i;
        EXPECT_NEAR(sample_track(track, true, (x0 + x1)).angle, (y0 + y1), 2e-5) << "between " << i << " and " << i + 1;
        off_the_cubic = std::max(off_the_cubic, std::abs(double(interpolation_fraction(a, float(0.5 * (x0 + x1)))) -
                                                         double(interpolation_fraction(smooth, float(0.5 * (x0 + x1))))));
    }
    EXPECT_GT(off_the_cubic, 1e-3) << "the lines are not the cubic";
    EXPECT_EQ(interpolation_fraction(a, 0.0f), 0.0f);
    EXPECT_EQ(interpolation_fraction(a, 1.0f), 1.0f);
    // Upright handles still give one value for each time.
    Key steep = a;
    steep.curve = {0.0f, 1.0f, 1.0f, 0.0f, kSpineCurveLines};
    expect_one_value_each_time(steep);
    // Lines other than 10 break the curve rule.
    EXPECT_TRUE(is_valid_curve(a.curve));
    a.curve.lines = 9;
    EXPECT_FALSE(is_valid_curve(a.curve));
}

TEST(KeyTrack, TwoDimensionalAnglesTurnTheWholeWayTheKeysSay) {
    // 0 to 360 degrees is a whole turn, as in Spine: half way is 180, not 0.
    const KeyTrack spin = angle_track({key_at(0.0f, 0.0f), key_at(1.0f, 2.0f * kPi)});
    EXPECT_NEAR(sample_track(spin, true, 0.5).angle, kPi, 1e-6f);
    EXPECT_NEAR(sample_track(spin, true, 0.25).angle, 0.5f * kPi, 1e-6f);
}

TEST(KeyTrack, ThreeDimensionalRotationsTakeTheShortArcAndOvershootPastTheKey) {
    Key a;
    a.rotation = glm::angleAxis(0.2f, glm::vec3{0, 1, 0});
    Key b;
    b.time = 1.0f;
    b.rotation = -glm::angleAxis(1.0f, glm::vec3{0, 1, 0});  // the same rotation as +, written the other way
    KeyTrack track{0, PoseProperty::Rotation, {a, b}};
    EXPECT_LT(rotation_distance(sample_track(track, false, 0.5).rotation, glm::angleAxis(0.6f, glm::vec3{0, 1, 0})), 1e-5f);
    // A bounce: the curve's y goes past 1 and the arm turns past the key before settling.
    track.keys[0].interpolation = Interpolation::Bezier;
    track.keys[0].curve = {0.3f, 1.6f, 0.6f, 1.3f};
    float farthest = 0.0f;
    for (double t = 0.0; t <= 1.0; t += 0.01)
        farthest = std::max(farthest, rotation_distance(sample_track(track, false, t).rotation, a.rotation));
    EXPECT_GT(farthest, 0.85f) << "overshoots the 0.8 rad the keys differ by";
    EXPECT_LT(rotation_distance(sample_track(track, false, 1.0).rotation, glm::angleAxis(1.0f, glm::vec3{0, 1, 0})), 1e-6f);
}

TEST(KeyTrack, VectorsInterpolateEachAxis) {
    Key a;
    a.vector = {1, 2, 0};
    Key b;
    b.time = 2.0f;
    b.vector = {3, -2, 0};
    const KeyTrack track{0, PoseProperty::Translation, {a, b}};
    EXPECT_EQ(sample_track(track, true, 1.0).vector, glm::vec3(2, 0, 0));
}

TEST(KeyTrack, ProblemsNameTheRuleAndTheKey) {
    const auto problem = [](const KeyTrack& t, bool is_2d, int expected_key, const std::string& part) {
        int k = -2;
        const std::string why = key_track_problem(t, is_2d, &k);
        EXPECT_NE(why.find(part), std::string::npos) << why;
        EXPECT_EQ(k, expected_key) << why;
    };
    EXPECT_EQ(key_track_problem(angle_track({key_at(0.0f, 1.0f), key_at(0.5f, 2.0f)}), true), "");
    problem(angle_track({}), true, -1, "at least one key");
    problem(angle_track({key_at(0.0f, 0.0f), key_at(0.0f, 1.0f)}), true, 1, "strictly increasing time");
    problem(angle_track({key_at(1.0f, 0.0f), key_at(0.5f, 1.0f)}), true, 1, "strictly increasing time");
    problem(angle_track({key_at(-1.0f, 0.0f)}), true, 0, "between 0 and 3600 seconds");
    problem(angle_track({key_at(NAN, 0.0f)}), true, 0, "between 0 and 3600 seconds");
    problem(angle_track({key_at(0.0f, 1e6f)}), true, 0, "within +-36000 degrees");
    Key curved = key_at(0.0f, 0.0f, Interpolation::Bezier);
    curved.curve.x1 = 1.5f;
    problem(angle_track({curved}), true, 0, "x handles must lie between 0 and 1");
    curved.curve = {0.5f, 11.0f, 0.5f, 0.0f};
    problem(angle_track({curved}), true, 0, "y handles between -10 and 10");
    Key q = key_at(0.0f, 0.0f);
    q.rotation = glm::quat{2, 0, 0, 0};
    problem(KeyTrack{0, PoseProperty::Rotation, {q}}, false, 0, "unit quaternion");
    Key v;
    v.vector = {0, 0, 1};
    problem(KeyTrack{0, PoseProperty::Translation, {v}}, true, 0, "a 2D translation has no z");
    EXPECT_EQ(key_track_problem(KeyTrack{0, PoseProperty::Translation, {v}}, false), "");
    v.vector = {2e15f, 0, 0};
    problem(KeyTrack{0, PoseProperty::Translation, {v}}, false, 0, "between -1e15 and 1e15");
    v.vector = {1, -0.5f, 1};
    problem(KeyTrack{0, PoseProperty::Scale, {v}}, true, 0, "between 0 and 1000");
    v.vector = {1, 1, 2};
    problem(KeyTrack{0, PoseProperty::Scale, {v}}, true, 0, "a 2D scale has no z");
}

// Keys close together (a bake, a dense clip) turn by the normalised straight line between them,
// which is cheaper than the even turn and, up to 20 degrees apart, within 0.01 degree of it;
// farther apart, the turn is exact.
TEST(KeyTrack, ANearbyPairTurnsAsEvenlyAsTheExactTurn) {
    const glm::vec3 axes[] = {glm::normalize(glm::vec3{0, 1, 0}), glm::normalize(glm::vec3{1, 2, -0.5f}),
                              glm::normalize(glm::vec3{-3, 0.2f, 1})};
    for (const glm::vec3& axis : axes) {
        for (float degrees : {0.5f, 5.0f, 12.0f, 19.9f, 35.0f, 120.0f}) {
            Key a;
            a.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3{1, 0, 1}));
            Key b;
            b.time = 1.0f;
            b.rotation = glm::normalize(a.rotation * glm::angleAxis(glm::radians(degrees), axis));
            const KeyTrack track{0, PoseProperty::Rotation, {a, b}};
            float worst = 0.0f;
            for (int i = 1; i < 100; ++i) {
                const float f = static_cast<float>(i) / 100.0f;
                const glm::quat even = a.rotation * glm::angleAxis(glm::radians(degrees) * f, axis);
                worst = std::max(worst, rotation_distance(sample_track(track, false, f).rotation, even));
            }
            EXPECT_LT(glm::degrees(worst), degrees < 20.0f ? 0.01f : 1e-3f) << degrees << " degrees apart";
        }
    }
}
