#pragma once
// Spine's runtimes play a Bézier key as ten straight lines (CurveTimeline.setBezier samples the
// cubic at nine points between the keys): an ease whose handles pull hard plays up to a hundredth
// of its change off the cubic between those points (0.43 degree of a 60 degree turn), which the
// file and Spine's editor hold exactly. The export cuts such a curve into pieces, each exactly the
// same cubic over part of its length (de Casteljau), so that each piece's ten lines stay within
// kSpineBezierTolerance of the cubic: the curve is unchanged, with keys where the pieces meet.

#include <vector>

#include "core/anim/key_track.hpp"

namespace marionette {

// Of the change between the two keys: 2.5e-4 of a half turn is 0.045 degree, 1e-3 of a bone's
// reach in position.
inline constexpr double kSpineBezierTolerance = 2.5e-4;
// More pieces than this are not made.
inline constexpr int kMaxSpineBezierPieces = 16;

// A cubic from (0, 0) to (1, 1), handles in doubles: a piece's curve, normalised to its own span
// and change (those can be small, which floats would not carry).
struct SpineBezier {
    double x1 = 0.25, y1 = 0.0, x2 = 0.75, y2 = 1.0;

    bool operator==(const SpineBezier&) const = default;
};

struct SpineBezierPiece {
    double x = 0.0;  // where it starts on the whole curve: a fraction of the time between the keys
    double y = 0.0;  // and of the change between their values
    SpineBezier curve;
};

// The pieces of `curve`, in order, the first starting at (0, 0): the fewest equal lengths of its
// parameter whose ten lines each stay within kSpineBezierTolerance and none of whose values
// stands still from its start to its end (a piece's change divides its handles); a curve no
// count up to kMaxSpineBezierPieces fits takes the count that comes closest. A curve whose `lines` are
// kSpineCurveLines is one piece: Spine plays it as Marionette does.
std::vector<SpineBezierPiece> spine_bezier_pieces(const BezierCurve& curve);

// How far Spine's ten lines stray from `curve` between two keys, as a fraction of their change.
double spine_runtime_bezier_miss(const SpineBezier& curve);

}  // namespace marionette
