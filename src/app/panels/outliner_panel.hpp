#pragma once
// The outliner: the bone tree (click to select, drag a bone onto another to re-parent it, or
// onto the root line to make it a root; right-click or the buttons to add a child or delete;
// right-click a bone above or below the selected one for "Chain from here to <selected>"),
// the IK chains (click to select a chain's effector, right-click to delete one) and the states.

#include <span>

#include "app/panels/inspector_panel.hpp"
#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// `marks` (optional) names its rows ("outliner/<bone>", "outliner/chains/<chain>",
// "outliner/slots/<slot>") and menu items ("outliner/chain/CCD") for scripts and tests. Below
// the chains, the slots' draw order (draw_order_list.hpp), `selected_slot` highlighted.
// `selection`: every selected bone, sorted (`selected` is the active one); Ctrl- or Shift-click
// on a row asks to add it to the selection or take it out (PanelEdits::toggle_select).
void draw_outliner_panel(const Rig& rig, int selected, const PanelPlacement& at, PanelEdits& out, UiMarks* marks = nullptr,
                         int selected_slot = -1, const StateKeying* keying = nullptr, std::span<const int> selection = {});

}  // namespace marionette
