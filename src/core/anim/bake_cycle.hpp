#pragma once
// How long a state must be sampled for its loop to close: what "Bake to keys" and the glTF
// export both use, so a baked state and an exported one loop alike.

#include <cstddef>

#include "core/anim/state.hpp"

namespace marionette {

// The most frames one bake samples: ten minutes at 60 fps.
inline constexpr std::size_t kMaxBakeFrames = 36000;

// How long a state's bake runs, so that its loop closes: the fewest whole frames at `fps` in
// which its channels and its keys all come back to their start (periods of 1, 0.5 and 0.75 s
// at 30 fps: 90 frames, though 0.75 s is 22.5), when that is at most kMaxBakeFrames frames;
// else its longest period or key length (the loop then shows a seam, which the status says).
struct BakeCycle {
    std::size_t frames = 0;
    bool closes = true;  // whether every channel and the keys are back at their start
};
BakeCycle bake_cycle(const State& state, double fps);

// Where frame `i` of a bake of `frames` frames at `fps` reads the state's tracks (its channels
// read the frame's time, i / fps): their own time there, looped or held, except at the last
// frame, which reads them from the left: a loop's end shows its last key, as the state shows
// the instant before it starts again, so an exporter's last key holds where the keys got to
// (not the loop's start, which a player would sweep to over the last frame).
double cycle_track_time(const State& state, std::size_t i, std::size_t frames, double fps);

}  // namespace marionette
