#include "editor/ui/frame_pacing.hpp"

namespace marionette {

FramePlan plan_frame(const FrameNeeds& needs) {
    if (!needs.interactive) return {0, true};
    if (needs.hidden) return {kHiddenWaitMs, false};
    if (needs.animating || needs.settle_frames > 0) return {0, true};
    if (needs.typing) return {kTypingWaitMs, true};
    return {kIdleWaitMs, false};
}

}  // namespace marionette
