#pragma once
// The shortcut table's keys (editor/ui/shortcuts.hpp) as a panel reads them through ImGui.

#include "editor/ui/shortcuts.hpp"

namespace marionette {

// Whether one of `command`'s chords in `context` was pressed this frame, its modifiers held
// exactly.
bool shortcut_pressed(Command command, ShortcutContext context);

}  // namespace marionette
