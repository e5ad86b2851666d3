// Bézier keys cut into pieces for Spine's runtimes (spine_bezier_pieces.hpp): each piece is
// exactly the cubic over its part, and the runtimes' ten straight lines a piece, read here by
// their rule (CurveTimeline.setBezier and getBezierValue) and not the exporter's, play within the
// tolerance of Marionette's curve.

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/spine/spine_bezier_pieces.hpp"
#include "core/io/spine/spine_playback.hpp"
#include "core/io/spine/spine_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;
using nlohmann::json;

namespace {

double cubic(double p0, double p1, double p2, double p3, double u) {
    const double v = 1.0 - u;
    return v * v * v * p0 + 3.0 * v * v * u * p1 + 3.0 * v * u * u * p2 + u * u * u * p3;
}

// The curve's value at x, the exact cubic: its x never runs back, so bisection finds the parameter.
double exact_at(double x1, double y1, double x2, double y2, double x) {
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (cubic(0.0, x1, x2, 1.0, mid) < x ? lo : hi) = mid;
    }
    return cubic(0.0, y1, y2, 1.0, 0.5 * (lo + hi));
}

// A key's curve as Spine's runtimes play it: the cubic from (t0, v0) to (t1, v1) through the
// handles sampled at parameters 0.1 to 0.9, straight lines between those points and the keys.
double runtime_at(double t0, double v0, double cx1, double cy1, double cx2, double cy2, double t1, double v1, double time) {
    double pt = t0, pv = v0;
    for (int i = 1; i <= 10; ++i) {
        const double u = i / 10.0;
        const double t = cubic(t0, cx1, cx2, t1, u), v = cubic(v0, cy1, cy2, v1, u);
        if (time <= t || i == 10) return t > pt ? pv + (v - pv) * (time - pt) / (t - pt) : v;
        pt = t;
        pv = v;
    }
    return v1;
}

// A rotate timeline of the exported JSON at `time`, as the runtimes play it.
double runtime_rotation(const json& keys, double time) {
    std::size_t at = 0;
    while (at + 1 < keys.size() && keys[at + 1].value("time", 0.0) <= time) ++at;
    const json& a = keys[at];
    if (at + 1 == keys.size()) return a.value("value", 0.0);
    const json& b = keys[at + 1];
    const double ta = a.value("time", 0.0), tb = b.value("time", 0.0), va = a.value("value", 0.0), vb = b.value("value", 0.0);
    if (!a.contains("curve")) return va + (vb - va) * (time - ta) / (tb - ta);
    const json& c = a["curve"];
    return runtime_at(ta, va, c[0].get<double>(), c[1].get<double>(), c[2].get<double>(), c[3].get<double>(), tb, vb, time);
}

const BezierCurve kCurves[] = {
    {0.25f, 0.0f, 0.75f, 1.0f},  // the default ease
    {0.42f, 0.0f, 0.58f, 1.0f},  // CSS's ease-in-out
    {0.3f, 0.0f, 0.2f, 1.0f},    // a steep middle
    {0.2f, 0.6f, 0.4f, 1.2f},    // an overshoot
    {0.1f, 0.9f, 0.6f, -0.3f},   // back below its start
    {0.0f, 0.0f, 1.0f, 1.0f},
};

}  // namespace

// The pieces join end to end and each is the whole curve over its part, so the file holds the
// same curve; each piece's lines stray within the tolerance of the whole change.
TEST(SpineBezierPieces, PiecesAreTheCurveAndTheirLinesStayClose) {
    for (const BezierCurve& c : kCurves) {
        const std::vector<SpineBezierPiece> pieces = spine_bezier_pieces(c);
        ASSERT_FALSE(pieces.empty());
        ASSERT_LE(pieces.size(), static_cast<std::size_t>(kMaxSpineBezierPieces));
        EXPECT_EQ(pieces.front().x, 0.0);
        EXPECT_EQ(pieces.front().y, 0.0);
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            const double x0 = pieces[p].x, y0 = pieces[p].y;
            const double x1 = p + 1 < pieces.size() ? pieces[p + 1].x : 1.0, y1 = p + 1 < pieces.size() ? pieces[p + 1].y : 1.0;
            ASSERT_GT(x1, x0);
            const SpineBezier& k = pieces[p].curve;
            for (int i = 0; i <= 20; ++i) {
                const double x = x0 + (x1 - x0) * i / 20.0;
                const double whole = exact_at(c.x1, c.y1, c.x2, c.y2, x);
                const double piece = y0 + (y1 - y0) * exact_at(k.x1, k.y1, k.x2, k.y2, (x - x0) / (x1 - x0));
                EXPECT_NEAR(piece, whole, 1e-9) << "piece " << p << " at " << x;
                const double lines = runtime_at(x0, y0, x0 + k.x1 * (x1 - x0), y0 + k.y1 * (y1 - y0), x0 + k.x2 * (x1 - x0),
                                                y0 + k.y2 * (y1 - y0), x1, y1, x);
                EXPECT_LE(std::abs(lines - whole), kSpineBezierTolerance * 1.01) << "piece " << p << " at " << x;
            }
        }
    }
    // A curve the runtime already plays closely enough is one piece, left as it is.
    EXPECT_EQ(spine_bezier_pieces({0.0f, 0.0f, 1.0f, 1.0f}).size(), 1u);
}

// A turn keyed by Bézier curves plays in Spine's runtimes, ten straight lines a curve, within
// 0.015 degree (the tolerance of its 60 degree change) of Marionette's curve. Written whole,
// the runtime played the default ease 0.37 degree off, CSS's ease-in-out 0.43, the steep middle
// 0.46, the overshoot 0.32 and the curve back below its start 1.7.
TEST(SpineExport, BezierKeysPlayInSpinesRuntimeAsMarionettePlaysThem) {
    Rig rig;
    add_bone(rig, "b", "", {0.0f, 0.0f}, 0.0f, 100.0f);
    for (const BezierCurve& c : kCurves) {
        State s;
        s.name = "turn";
        s.tracks.push_back(track(
            rig, "b", PoseProperty::Rotation,
            {angle_key(0.0f, 0.0f, Interpolation::Bezier, c), angle_key(0.75f, 60.0f, Interpolation::Bezier, c), angle_key(1.5f, 0.0f)}));
        rig.states = {s};
        const json doc = json::parse(exported(rig).json);
        const json& keys = doc["animations"]["turn"]["bones"]["b"]["rotate"];
        double worst = 0.0;
        for (double t = 0.0; t <= 1.5; t += 1.0 / 480.0) {
            const double u = t < 0.75 ? t / 0.75 : (t - 0.75) / 0.75;
            const double f = exact_at(c.x1, c.y1, c.x2, c.y2, std::min(u, 1.0));
            const double ours = t < 0.75 ? 60.0 * f : 60.0 * (1.0 - f);
            worst = std::max(worst, std::abs(runtime_rotation(keys, t) - ours));
        }
        EXPECT_LE(worst, 60.0 * kSpineBezierTolerance * 1.01) << "curve " << c.x1 << " " << c.y1 << " " << c.x2 << " " << c.y2;
    }
}
