#pragma once
// The state panel's lower half: the shown state's channels, one row per driven property of a
// joint, edited live, and the controls that add one for the selected bone.

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class StateChannelTable {
public:
    void draw(const Rig& rig, int state, int selected_bone, UiMarks& marks, PanelEdits& edits);

private:
    void rows(const Rig& rig, int state, int selected_bone, UiMarks& marks, PanelEdits& edits);

    int add_property_ = 0;    // what "Add" drives: a PoseProperty
    int scroll_to_row_ = -1;  // a row just added, scrolled into view when first drawn
};

}  // namespace marionette
