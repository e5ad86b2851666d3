#include "editor/ui/panel_sizes.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

PanelSizes clamped(const PanelSizes& sizes) {
    const PanelSizes defaults;
    PanelSizes out;
    for (const PanelSizeRule& r : kPanelSizeRules) {
        const float v = sizes.*r.size;
        out.*r.size = std::isfinite(v) ? std::clamp(v, r.lo, r.hi) : defaults.*r.size;
    }
    return out;
}

PanelLayout lay_out_panels(const PanelSizes& sizes, float scale, float width, float height, bool state_panel_open, int toolbar_rows) {
    const PanelSizes s = clamped(sizes);
    const float w = std::max(0.0f, width);
    const float h = std::max(0.0f, height);
    PanelLayout out;
    out.toolbar_height = (kToolbarRowHeight + kToolbarRowPitch * static_cast<float>(std::max(1, toolbar_rows) - 1)) * scale;
    out.status_height = kStatusHeight * scale;
    // Across: the side panels give way together when they would leave the viewport less than
    // its share of the window.
    const float sides = (s.outliner + s.inspector) * scale;
    const float sides_room = (1.0f - kMinViewportShare) * w;
    const float across = sides > sides_room && sides > 0.0f ? sides_room / sides : 1.0f;
    out.outliner_width = s.outliner * scale * across;
    out.inspector_width = s.inspector * scale * across;
    // Down: the bars keep their height (a row of text needs it); the state panel gives way.
    const float under_bars = std::max(0.0f, h - out.toolbar_height - out.status_height);
    if (state_panel_open) out.state_panel_height = std::min(s.state_panel * scale, (1.0f - kMinViewportShare) * under_bars);
    out.viewport_x = out.outliner_width;
    out.viewport_y = out.toolbar_height;
    out.viewport_width = std::max(0.0f, w - out.outliner_width - out.inspector_width);
    out.viewport_height = std::max(0.0f, under_bars - out.state_panel_height);
    return out;
}

float size_at_scale_one(float edge_points, float scale, float lo, float hi) {
    if (!(scale > 0.0f) || !std::isfinite(edge_points)) return lo;
    return std::clamp(edge_points / scale, lo, hi);
}

}  // namespace marionette
