#pragma once
// When the editor draws: every frame while something moves on its own (a state playing or
// blending, a drag settling, a script or a frame count driving the window), otherwise only after
// input, for the few frames Dear ImGui takes to show what the input did, and never while the
// window is minimized or hidden. Between frames the loop sleeps in SDL_WaitEventTimeout, so an
// idle editor costs next to no CPU. A pure function, so the rules are tested without a window.

namespace marionette {

struct FrameNeeds {
    bool interactive = true;  // false: a script or a frame count drives the loop, every frame drawn
    bool animating = false;   // a state plays or blends, a dragged limb still swings toward its solve
    bool typing = false;      // a text field is active: its caret blinks
    bool hidden = false;      // minimized or hidden: nothing can be seen
    int settle_frames = 0;    // frames still to draw after the last input
};

struct FramePlan {
    int wait_ms = 0;   // how long to wait for input before this pass (0: not at all)
    bool draw = true;  // whether a pass that input did not wake draws a frame
};

// Frames drawn after each input: ImGui shows a hover on the next frame and a click's effect on
// the one after.
inline constexpr int kSettleFrames = 3;
// The longest an idle loop sleeps: timers that need no frame (the recovery copy, once a minute)
// still run at least this often.
inline constexpr int kIdleWaitMs = 500;
// A minimized or hidden window's loop wakes this often (a playing state's clock moves on; no
// frame is drawn).
inline constexpr int kHiddenWaitMs = 100;
// A text field's caret blinks about every 0.4 s (ImGui's): drawn at this pace while typing.
inline constexpr int kTypingWaitMs = 100;

FramePlan plan_frame(const FrameNeeds& needs);

}  // namespace marionette
