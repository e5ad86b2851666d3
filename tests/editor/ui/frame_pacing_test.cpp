// The editor's frame pacing: every frame while something moves or a script drives the window,
// a few frames after input, then asleep until input (or a timer) comes; nothing drawn while
// minimized or hidden.

#include <gtest/gtest.h>

#include "editor/ui/frame_pacing.hpp"

using namespace marionette;

TEST(FramePacing, IdleItSleepsUntilInputAndDrawsNothingOnATimerWake) {
    const FramePlan idle = plan_frame(FrameNeeds{});
    EXPECT_EQ(idle.wait_ms, kIdleWaitMs);
    EXPECT_FALSE(idle.draw);
    EXPECT_LE(kIdleWaitMs, 1000) << "the recovery copy's minute is still kept to the second";
}

TEST(FramePacing, EveryFrameWhileSomethingMovesOrAfterInput) {
    for (const FrameNeeds n :
         {FrameNeeds{true, true, false, false, 0}, FrameNeeds{true, false, false, false, 2}, FrameNeeds{true, true, true, false, 0}}) {
        const FramePlan p = plan_frame(n);
        EXPECT_EQ(p.wait_ms, 0);
        EXPECT_TRUE(p.draw);
    }
}

TEST(FramePacing, AScriptOrAFrameCountGetsEveryFrameEvenHidden) {
    const FramePlan p = plan_frame(FrameNeeds{false, false, false, true, 0});
    EXPECT_EQ(p.wait_ms, 0);
    EXPECT_TRUE(p.draw);
}

TEST(FramePacing, MinimizedNothingIsDrawnEvenWhileAStatePlays) {
    const FramePlan p = plan_frame(FrameNeeds{true, true, false, true, kSettleFrames});
    EXPECT_EQ(p.wait_ms, kHiddenWaitMs);
    EXPECT_FALSE(p.draw);
}

TEST(FramePacing, ATextFieldsCaretBlinksAtAFewFramesASecond) {
    const FramePlan p = plan_frame(FrameNeeds{true, false, true, false, 0});
    EXPECT_EQ(p.wait_ms, kTypingWaitMs);
    EXPECT_TRUE(p.draw);
}
