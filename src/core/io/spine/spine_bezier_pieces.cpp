#include "core/io/spine/spine_bezier_pieces.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/glm.hpp>

namespace marionette {

namespace {

// The lines Spine draws a curve with, and how many points each is checked at.
constexpr int kRuntimeLines = kSpineCurveLines;
constexpr int kChecksPerLine = 8;
// A piece whose value moves less than this (of the whole change) is cut otherwise.
constexpr double kLeastPieceChange = 1e-3;

using Points = std::array<glm::dvec2, 4>;

Points control_points(const SpineBezier& c) { return {glm::dvec2(0.0), {c.x1, c.y1}, {c.x2, c.y2}, glm::dvec2(1.0)}; }

// The cubic's polar form (blossom) at (u, v, w): the point at s is (s, s, s); the piece from a to
// b has control points (a, a, a), (a, a, b), (a, b, b), (b, b, b).
glm::dvec2 blossom(const Points& p, double u, double v, double w) {
    std::array<glm::dvec2, 3> one{glm::mix(p[0], p[1], u), glm::mix(p[1], p[2], u), glm::mix(p[2], p[3], u)};
    const glm::dvec2 a = glm::mix(one[0], one[1], v), b = glm::mix(one[1], one[2], v);
    return glm::mix(a, b, w);
}

glm::dvec2 at(const Points& p, double s) { return blossom(p, s, s, s); }

// The parameter in [lo, hi] at which the cubic's time is `x` (time never decreases along it:
// its x handles lie in [0, 1]).
double parameter_at(const Points& p, double x, double lo, double hi) {
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (at(p, mid).x < x ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

// How far the ten lines through the cubic's points at a + (b - a) i / 10 stray from it.
double lines_miss(const Points& p, double a, double b) {
    double worst = 0.0;
    for (int i = 0; i < kRuntimeLines; ++i) {
        const double s0 = a + (b - a) * i / kRuntimeLines, s1 = a + (b - a) * (i + 1) / kRuntimeLines;
        const glm::dvec2 p0 = at(p, s0), p1 = at(p, s1);
        for (int k = 1; k < kChecksPerLine; ++k) {
            const double f = static_cast<double>(k) / kChecksPerLine;
            const double x = p0.x + f * (p1.x - p0.x);
            const double exact = at(p, parameter_at(p, x, s0, s1)).y;
            worst = std::max(worst, std::abs(exact - (p0.y + f * (p1.y - p0.y))));
        }
    }
    return worst;
}

// The piece of the cubic from parameter a to b, its handles normalised to its own span and change.
SpineBezierPiece piece(const Points& p, double a, double b) {
    const glm::dvec2 q0 = at(p, a), q1 = blossom(p, a, a, b), q2 = blossom(p, a, b, b), q3 = at(p, b);
    const glm::dvec2 size = q3 - q0;
    return {q0.x, q0.y, {(q1.x - q0.x) / size.x, (q1.y - q0.y) / size.y, (q2.x - q0.x) / size.x, (q2.y - q0.y) / size.y}};
}

}  // namespace

double spine_runtime_bezier_miss(const SpineBezier& curve) { return lines_miss(control_points(curve), 0.0, 1.0); }

std::vector<SpineBezierPiece> spine_bezier_pieces(const BezierCurve& curve) {
    const SpineBezier whole{curve.x1, curve.y1, curve.x2, curve.y2};
    // A curve already drawn as the runtimes draw it plays the same there: it goes whole.
    if (curve.lines == kSpineCurveLines) return {SpineBezierPiece{0.0, 0.0, whole}};
    const Points p = control_points(whole);
    // The fewest pieces that fit; failing that, of the counts whose pieces all move, the one that
    // strays least (one piece, the whole curve, always moves).
    int best = 1;
    double best_miss = lines_miss(p, 0.0, 1.0);
    for (int n = 1; n <= kMaxSpineBezierPieces && best_miss > kSpineBezierTolerance; ++n) {
        double miss = 0.0;
        bool moves = true;
        for (int j = 0; j < n && moves; ++j) {
            const double a = static_cast<double>(j) / n, b = static_cast<double>(j + 1) / n;
            miss = std::max(miss, lines_miss(p, a, b));
            moves = std::abs(at(p, b).y - at(p, a).y) >= kLeastPieceChange;
        }
        if (moves && miss < best_miss) {
            best = n;
            best_miss = miss;
        }
    }
    std::vector<SpineBezierPiece> out;
    for (int j = 0; j < best; ++j) out.push_back(piece(p, static_cast<double>(j) / best, static_cast<double>(j + 1) / best));
    return out;
}

}  // namespace marionette
