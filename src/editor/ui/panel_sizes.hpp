#pragma once
// The sizes of the editor's panels around the viewport: the side panels' widths and the state
// panel's height as the user dragged their edges, kept in points at UI scale 1 (so they grow
// with the text) and remembered in the user settings; and the layout they give in a window.

namespace marionette {

struct PanelSizes {
    // Each size's range, in points at scale 1: the settings file's and a drag's.
    static constexpr float kMinOutliner = 150.0f, kMaxOutliner = 900.0f;
    static constexpr float kMinInspector = 220.0f, kMaxInspector = 900.0f;
    static constexpr float kMinStatePanel = 150.0f, kMaxStatePanel = 900.0f;

    float outliner = 240.0f;
    float inspector = 300.0f;
    float state_panel = 290.0f;  // docked under the outliner and the viewport when open

    bool operator==(const PanelSizes&) const = default;
};

// Each size's rule, written once: the member, its range, its name in the settings file.
struct PanelSizeRule {
    float PanelSizes::*size;
    float lo, hi;
    const char* settings_key;
};
inline constexpr PanelSizeRule kOutlinerRule{&PanelSizes::outliner, PanelSizes::kMinOutliner, PanelSizes::kMaxOutliner, "outliner_width"};
inline constexpr PanelSizeRule kInspectorRule{&PanelSizes::inspector, PanelSizes::kMinInspector, PanelSizes::kMaxInspector,
                                              "inspector_width"};
inline constexpr PanelSizeRule kStatePanelRule{&PanelSizes::state_panel, PanelSizes::kMinStatePanel, PanelSizes::kMaxStatePanel,
                                               "state_panel_height"};
inline constexpr PanelSizeRule kPanelSizeRules[] = {kOutlinerRule, kInspectorRule, kStatePanelRule};

// Each size within its range (a size that is not a number takes its default).
PanelSizes clamped(const PanelSizes& sizes);

// Where the panels go in a window, in window points: the toolbar across the top and the status
// bar across the foot; between them the outliner, the viewport and the inspector side by side,
// the inspector down to the status bar and the state panel under the outliner and the viewport,
// as Blender's properties and timeline stand (the state panel's tabs, controls and rows need the
// width more than the outliner needs the height; the inspector is the longest panel).
struct PanelLayout {
    float outliner_width = 0.0f;
    float inspector_width = 0.0f;
    float toolbar_height = 0.0f;
    float status_height = 0.0f;
    float state_panel_height = 0.0f;  // 0 when the state panel is closed; its top is the viewport's foot
    // The viewport: what is left between them.
    float viewport_x = 0.0f, viewport_y = 0.0f, viewport_width = 0.0f, viewport_height = 0.0f;
};

// The toolbar's and status bar's heights at scale 1, a row of buttons each; each row more of a
// wrapped toolbar adds a button's height and the spacing under the row above (not a whole bar:
// the bar's padding is there once).
inline constexpr float kToolbarRowHeight = 32.0f;
inline constexpr float kToolbarRowPitch = 25.0f;
inline constexpr float kStatusHeight = 26.0f;
// However the sizes were dragged, a window too small for them keeps this share of its width
// (and of the height under the toolbar) for the viewport: the panels give way together, in
// proportion, so an 800 x 600 window still has a puppet to pose.
inline constexpr float kMinViewportShare = 0.4f;

// The layout of `sizes` at `scale` in a window of width x height points, with the toolbar's
// buttons in `toolbar_rows` rows (at least 1).
PanelLayout lay_out_panels(const PanelSizes& sizes, float scale, float width, float height, bool state_panel_open, int toolbar_rows = 1);

// The size at scale 1 for a panel edge dragged to `edge_points` wide (or high) at `scale`,
// within its range: what a drag of a panel's edge stores.
float size_at_scale_one(float edge_points, float scale, float lo, float hi);
inline float size_at_scale_one(float edge_points, float scale, const PanelSizeRule& rule) {
    return size_at_scale_one(edge_points, scale, rule.lo, rule.hi);
}

}  // namespace marionette
