#pragma once
// Where the editor's fixed panels sit around the viewport, in window points.

namespace marionette::panel_layout {

constexpr float kOutlinerWidth = 240.0f;
constexpr float kInspectorWidth = 300.0f;
constexpr float kToolbarHeight = 32.0f;
constexpr float kStatusHeight = 26.0f;
constexpr float kStatePanelHeight = 290.0f;  // docked under the viewport when open

}  // namespace marionette::panel_layout
