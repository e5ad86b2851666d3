#pragma once
// The outliner's draw order: the rig's slots, the one drawn in front first. Click one to select
// it (and its bone); drag one onto another to put it in that place of the order. With a keyed
// state on the timeline it lists the state's order at the playhead and a drag keys the new
// order there (slot_inspector.hpp's StateKeying).

#include "app/panels/panel_edits.hpp"
#include "app/panels/slot_inspector.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// With marks, names each row "outliner/slots/<slot>".
void draw_order_list(const Rig& rig, int selected_slot, PanelEdits& out, UiMarks* marks, const StateKeying* keying = nullptr);

}  // namespace marionette
