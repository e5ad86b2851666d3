#include "core/anim/keyed_clip_cache.hpp"

namespace marionette {

void KeyedClipCache::sync(const Rig& rig, std::uint64_t revision) {
    if (&rig == rig_ && revision == revision_) return;
    clips_.clear();
    rig_ = &rig;
    revision_ = revision;
}

ClipPlayback& KeyedClipCache::playback(const Rig& rig, std::size_t state) {
    if (&rig != rig_) {
        clips_.clear();
        rig_ = &rig;
    }
    if (clips_.size() < rig.states.size()) clips_.resize(rig.states.size());
    std::unique_ptr<ClipPlayback>& p = clips_[state];
    if (!p) {
        p = std::make_unique<ClipPlayback>();
        p->clip = compile_keyed_clip(rig.states[state], rig.is_2d());
    }
    return *p;
}

}  // namespace marionette
