#pragma once

#include "core/rig.hpp"

namespace marionette {

// The panel listing the rig's bones as a tree, with the rig's chains and states below. It reads
// the rig; clicking a bone selects it (`selected` is in and out; -1 for none).
void draw_bone_list_panel(const Rig& rig, float width, float height, int& selected);

}  // namespace marionette
