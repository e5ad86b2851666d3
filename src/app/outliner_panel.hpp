#pragma once
// The outliner: the bone tree (click to select, drag a bone onto another to re-parent it, or
// onto the root line to make it a root; right-click or the buttons to add a child or delete),
// the IK chains (click to select a chain's effector) and the states.

#include "app/inspector_panel.hpp"
#include "app/panel_edits.hpp"
#include "core/rig.hpp"

namespace marionette {

void draw_outliner_panel(const Rig& rig, int selected, const PanelPlacement& at, PanelEdits& out);

}  // namespace marionette
