#pragma once
// The inspector: the selected bone's name, length, rest transform, pose rotation and joint
// limits, and the settings of the IK chains it belongs to; with nothing selected, the root
// offset. Reads the rig, asks for changes through PanelEdits.

#include <span>

#include "app/panels/key_inspector.hpp"
#include "app/panels/panel_edits.hpp"
#include "app/panels/slot_inspector.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Where a fixed panel sits in the window, in window points.
struct PanelPlacement {
    float x = 0.0f;
    float y = 0.0f;
    float width = 0.0f;
    float height = 0.0f;
};

// With marks, names the widgets scripts and tests reach: "inspector/joint" (and each kind in its
// open list, "inspector/joint/hinge"), "inspector/chain/<name>/solver".
// With keys selected on the timeline, their section comes first (key_inspector.hpp).
// `selected_slot`: the slot picked (its bone is `selected`), whose picture the Pictures section
// shows; with `state_keying`, its drawing and colour are keyed (slot_inspector.hpp).
// `selection`: every selected bone (`selected` the active one among them); with more than one,
// the fields they share set all of them ("inspector/selection" marks the note saying so).
void draw_inspector_panel(const Rig& rig, int selected, const PanelPlacement& at, PanelEdits& out, UiMarks* marks = nullptr,
                          const SelectedKeys* keys = nullptr, int selected_slot = -1, const StateKeying* state_keying = nullptr,
                          std::span<const int> selection = {});

}  // namespace marionette
