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

// The library sits at the outliner's foot, out of the bone tree's scrolling, so "Store pose"
// stays in view however long the tree grows: the height it takes there, its rows' (the header
// alone when folded), at most `room` * kPoseLibraryShare; past that its rows scroll.
inline constexpr float kPoseLibraryShare = 0.4f;
float pose_library_height(const Rig& rig, float room);

// Draws the library in what is left of the window under the cursor (the height
// pose_library_height gave). Marks: "poses/header", "poses/store", "poses/blend", "poses/NAME" (the row),
// "poses/NAME/apply", "poses/NAME/delete" (its menu's), "poses/NAME/rename" (the menu's name
// field).
void draw_pose_library(const Rig& rig, std::span<const int> selection, PanelEdits& out, UiMarks* marks);

}  // namespace marionette
