#include "core/anim/key_curve_json.hpp"

#include "core/io/json/json_numbers.hpp"

namespace marionette {

void read_key_curve(const std::optional<JsonField>& interpolation, const std::optional<JsonField>& curve,
                    const std::optional<JsonField>& lines, Interpolation& way, BezierCurve& bezier) {
    if (interpolation) {
        const std::string name = interpolation->string();
        const auto known = interpolation_named(name);
        if (!known) interpolation->fail("unknown interpolation \"" + name + "\" (expected \"step\", \"linear\", \"cosine\" or \"bezier\")");
        way = *known;
    }
    if (curve) {
        if (way != Interpolation::Bezier) curve->fail("only a \"bezier\" key has a curve");
        if (curve->array_size() != 4) curve->fail("expected [x1, y1, x2, y2], got " + std::to_string(curve->array_size()) + " numbers");
        bezier = {curve->element(0).number(), curve->element(1).number(), curve->element(2).number(), curve->element(3).number()};
    }
    if (lines) {
        if (!curve) lines->fail("only a key with a \"curve\" has lines");
        if (lines->integer() != kSpineCurveLines)
            lines->fail("a curve's lines are 10 (drawn as Spine's runtimes draw it) or left out (the curve itself)");
        bezier.lines = kSpineCurveLines;
    }
}

void write_key_curve(Json& key, Interpolation way, const BezierCurve& bezier) {
    if (way != Interpolation::Linear) key["interpolation"] = interpolation_name(way);
    if (way == Interpolation::Bezier) {
        key["curve"] = Json::array({json_float(bezier.x1), json_float(bezier.y1), json_float(bezier.x2), json_float(bezier.y2)});
        if (bezier.lines != 0) key["curve_lines"] = bezier.lines;
    }
}

}  // namespace marionette
