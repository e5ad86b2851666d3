#pragma once
// Auto-key (as Blender's): what a drag made while a state showed at the timeline's playhead,
// turned into keys of that state. A pure function, as the edits are; the ViewportController
// runs the drag and records the result as one undo step.

#include <string>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// Where a drag keys its pose: a state and a time on it.
struct AutoKey {
    int state = -1;
    float time = 0.0f;
};

struct KeyedDrag {
    Rig rig;            // `before` with the keys (and whatever else the drag changed, a pole)
    std::string label;  // the undo step's: "Key forearm at 0.5 s in wave"
};

// `dragged` is the rig as the drag left it, its pose the dragged one; `shown` the pose the drag
// started from (the state at the playhead); `before` the rig before the drag. Every bone whose
// rotation, translation or scale the drag changed is keyed at `at` (key_edits.hpp), a moved root
// offset (a whole-puppet drag) as the roots' translations, and the rig's own pose is `before`'s.
Result<KeyedDrag> key_drag(const Rig& before, const Rig& dragged, const Pose& shown, AutoKey at);

}  // namespace marionette
