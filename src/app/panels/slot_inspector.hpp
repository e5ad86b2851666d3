#pragma once
// The inspector's "Pictures" section for the selected bone: its slots (click one to select it),
// and for the selected slot its name, the drawing it shows (or none) and its colour, then the
// shown drawing's file, size, placement on the bone (offset, turn, scale, pivot) and tint.
// Buttons ask for a picture to add as a new slot or as another drawing of the slot, and remove
// them. Reads the rig, asks for changes through PanelEdits.

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/anim/slot_track.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Where a change of a slot's drawing or colour, or of a chain's mix, is keyed: a keyed state
// shown on the timeline, at its playhead (as Spine's animate mode). The slot section then shows
// the slots as `shown` has them; the chain's mix shows the state's there.
struct StateKeying {
    int state = -1;
    float time = 0.0f;
    const SlotPose* shown = nullptr;
};

// With marks, names "inspector/slots/<slot>", "inspector/add picture", "inspector/add drawing",
// "inspector/slot/shows" (and each drawing in its open list), "inspector/slot/delete".
// With `keying`, the drawing and colour are keyed into its state rather than set up.
void slot_section(const Rig& rig, int bone, int selected_slot, PanelEdits& out, UiMarks* marks, const StateKeying* keying = nullptr);

}  // namespace marionette
