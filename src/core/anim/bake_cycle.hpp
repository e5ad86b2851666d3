#pragma once
// How long a state must be sampled for its loop to close: what "Bake to keys" and the glTF
// export both use, so a baked state and an exported one loop alike.

#include <cstddef>

#include "core/anim/state.hpp"

namespace marionette {

// The most frames one bake samples: ten minutes at 60 fps.
inline constexpr std::size_t kMaxBakeFrames = 36000;

// How long a state's bake runs, so that its loop closes: the length its channels (every period
// rounded to whole frames at `fps`) and its keys all come back to their start, when that is
// at most kMaxBakeFrames frames; else its longest period or key length (the loop then shows
// a seam, which the status says). In frames.
struct BakeCycle {
    std::size_t frames = 0;
    bool closes = true;  // whether every channel and the keys are back at their start
};
BakeCycle bake_cycle(const State& state, double fps);

}  // namespace marionette
