#pragma once

#include "core/rig.hpp"

namespace marionette {

// The panel listing the rig's bones as a tree, with the rig's chains and states below.
// It reads the rig; it changes nothing.
void draw_bone_list_panel(const Rig& rig, float width, float height);

}  // namespace marionette
