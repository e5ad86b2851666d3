#pragma once
// Over the viewport's top-left corner while a state shows, as Blender's viewport shows its
// frame: play or pause, and what plays at what time (playback_text), so the time is there with
// the state panel closed.

#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"
#include "editor/timeline/state_player.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

// Draws the overlay; true when its play/pause button was pressed. Mark: "overlay/play".
bool draw_playback_overlay(const Rig& rig, const StatePlayer& player, const Viewport& view, UiMarks& marks);

}  // namespace marionette
