#pragma once
// Onion skin: ghosts of a state's pose a few frames (or keys) before and after the timeline's
// playhead, drawn tinted and fading under the pose itself, as Spine's ghosting and Blender's
// onion skin do, so the motion's arcs and spacing show on one picture. Here: which times to
// ghost and how each is tinted; the viewport samples and draws them.

#include <vector>

#include <glm/glm.hpp>

#include "core/anim/state.hpp"

namespace marionette {

struct OnionSkin {
    enum class Spacing { Frames, Keys };
    bool on = false;
    int before = 2;  // ghosts before the playhead, 0 to kMaxOnionGhosts
    int after = 2;   // ghosts after it
    Spacing spacing = Spacing::Frames;
    int frames_apart = 2;  // Frames: the ghosts' spacing, in frames at the rig's fps (1 to 60)
};

inline constexpr int kMaxOnionGhosts = 8;

struct OnionGhost {
    double time = 0.0;     // on the state's timeline
    int offset = 0;        // -before .. -1 before the playhead, 1 .. after after it
    float opacity = 0.0f;  // fades with the distance from the playhead
};

// The ghosts of `state` around `playhead`, nearest first on either side. Frames: every
// `frames_apart` frames at `fps`; Keys: the state's key times (of any track) before and after
// the playhead. A looping state with keys wraps around its length (the frame before 0 is near
// its end); otherwise times before 0, or past the end of a state that holds, have no ghost.
// Out-of-range settings are clamped.
std::vector<OnionGhost> onion_ghosts(const State& state, double fps, double playhead, const OnionSkin& settings);

// A ghost's colour: before the playhead a warm red, after it a cool green, as the classic
// onion skin tints the past and the future; alpha is its opacity.
glm::vec4 onion_tint(const OnionGhost& ghost);

}  // namespace marionette
