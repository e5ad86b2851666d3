#pragma once
// The compiled clips of a rig's keyed states, and their cursors, kept while the rig stays as
// it was: what the state machine plays from frame after frame (sample() in state_machine.hpp).
// The rig is named by its document's revision (Document::revision), which changes with every
// edit and is never reused, so a clip compiled from a rig is known current while it stays.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/anim/keyed_clip.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class KeyedClipCache {
public:
    // Forgets every clip unless `rig` at `revision` is what the last call named. Call before
    // sampling, with the revision the rig has now (a rig that never changes: any constant).
    void sync(const Rig& rig, std::uint64_t revision);
    // rig.states[state]'s clip with its cursor, compiled on first use. `rig` must be the rig
    // last synced (another forgets everything first); `state` must be one of its states.
    ClipPlayback& playback(const Rig& rig, std::size_t state);
    // Room for a layer's pose while blending, kept so a frame allocates nothing.
    Pose& scratch_pose() { return scratch_; }

private:
    const Rig* rig_ = nullptr;
    std::uint64_t revision_ = 0;
    std::vector<std::unique_ptr<ClipPlayback>> clips_;  // by state index; null until used
    Pose scratch_;
};

}  // namespace marionette
