#pragma once
// The outliner's skins (core/mesh/skin.hpp): "(no skin)" and each of the rig's skins, the one
// shown marked. Click one to show it; with a keyed state on the timeline, the click keys it at
// the playhead instead (slot_inspector.hpp's StateKeying), and a key there can be removed.
// "New skin" makes one and shows it (new attachments then go into it, as in Spine); the shown
// skin is renamed in its field (on Enter) or deleted with its attachments.

#include "app/panels/panel_edits.hpp"
#include "app/panels/slot_inspector.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// With marks, names each row "outliner/skins/<skin>" ("outliner/skins/(no skin)" for none),
// and "outliner/skins/new", "outliner/skins/name", "outliner/skins/delete",
// "outliner/skins/unkey".
void skin_list(const Rig& rig, PanelEdits& out, UiMarks* marks, const StateKeying* keying = nullptr);

}  // namespace marionette
