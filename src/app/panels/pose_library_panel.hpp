#pragma once
// The pose library, in the outliner: the rig's stored poses, "Store pose" (the selected bones'
// pose, or every bone's, under a new name) and, per pose, Apply with the blend slider's weight
// (100%: the stored pose; 50%: half way from the pose now), Rename and Delete. Each is one undo
// step through PanelEdits.

#include <span>

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Marks: "poses/store", "poses/blend", "poses/NAME" (the row), "poses/NAME/apply",
// "poses/NAME/delete" (its menu's), "poses/NAME/rename" (the menu's name field).
void draw_pose_library(const Rig& rig, std::span<const int> selection, PanelEdits& out, UiMarks* marks);

}  // namespace marionette
