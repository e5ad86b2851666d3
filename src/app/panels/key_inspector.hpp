#pragma once
// The inspector's Keys section: the keys selected on the timeline, what they hold and how each
// goes on to the next (step, linear, cosine, Bézier with its two handles and a plot of the
// curve). Changing it changes every selected key: one undo step.

#include <vector>

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"
#include "editor/edits/key_edits.hpp"

namespace marionette {

struct SelectedKeys {
    int state = -1;
    std::vector<KeyRef> keys;  // existing keys of that state, on bone tracks or slot colour tracks
};

// Marks: "inspector/key/interpolation" (and each kind in its open list), and
// "inspector/key/curve/x1" ... "/y2".
void key_section(const Rig& rig, const SelectedKeys& selected, PanelEdits& out, UiMarks* marks);

}  // namespace marionette
