#pragma once
// The outliner's draw order: the rig's slots, the one drawn in front first. Click one to select
// it (and its bone); drag one onto another to put it in that place of the order.

#include "app/panel_edits.hpp"
#include "app/ui_marks.hpp"
#include "core/rig.hpp"

namespace marionette {

// With marks, names each row "outliner/slots/<slot>".
void draw_order_list(const Rig& rig, int selected_slot, PanelEdits& out, UiMarks* marks);

}  // namespace marionette
