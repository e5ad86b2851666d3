#include "editor/timeline/timeline_keys.hpp"

namespace marionette {

bool has_track(const State& state, KeyTimeline timeline, int track) {
    if (track < 0) return false;
    const auto t = static_cast<std::size_t>(track);
    switch (timeline) {
        case KeyTimeline::Bone: return t < state.tracks.size();
        case KeyTimeline::Slot: return t < state.slot_tracks.size();
        case KeyTimeline::DrawOrder: return t == 0;
        case KeyTimeline::Skin: return t == 0;
        case KeyTimeline::Chain: return t < state.chain_tracks.size();
        case KeyTimeline::Deform: return t < state.deform.size();
    }
    return false;
}

std::size_t track_key_count(const State& state, KeyTimeline timeline, int track) {
    if (!has_track(state, timeline, track)) return 0;
    return with_track_keys(state, timeline, track, [](const auto& keys) { return keys.size(); });
}

bool key_exists(const State& state, KeyRef ref) {
    return ref.key >= 0 && static_cast<std::size_t>(ref.key) < track_key_count(state, ref.timeline, ref.track);
}

float key_time(const State& state, KeyRef ref) {
    return with_track_keys(state, ref.timeline, ref.track, [&](const auto& keys) { return keys[static_cast<std::size_t>(ref.key)].time; });
}

std::string track_label(const Rig& rig, const State& state, KeyTimeline timeline, int track) {
    const auto t = static_cast<std::size_t>(track);
    switch (timeline) {
        case KeyTimeline::DrawOrder: return "the draw order";
        case KeyTimeline::Skin: return "the skin";
        case KeyTimeline::Slot: {
            const SlotTrack& s = state.slot_tracks[t];
            const std::string slot =
                static_cast<std::size_t>(s.slot) < rig.slots.size() ? rig.slots[static_cast<std::size_t>(s.slot)].name : "?";
            return slot + "'s " + slot_property_name(s.property);
        }
        case KeyTimeline::Deform: {
            const DeformTrack& d = state.deform[t];
            if (static_cast<std::size_t>(d.slot) >= rig.slots.size()) return "?'s shape";
            const Slot& slot = rig.slots[static_cast<std::size_t>(d.slot)];
            const std::string mesh = static_cast<std::size_t>(d.attachment) < slot.attachments.size()
                                         ? slot.attachments[static_cast<std::size_t>(d.attachment)].name
                                         : "?";
            return slot.name + "'s " + mesh + " shape";
        }
        case KeyTimeline::Chain: {
            const ChainTrack& c = state.chain_tracks[t];
            return (static_cast<std::size_t>(c.chain) < rig.chains.size() ? rig.chains[static_cast<std::size_t>(c.chain)].name : "?") +
                   "'s mix";
        }
        case KeyTimeline::Bone: break;
    }
    const KeyTrack& b = state.tracks[t];
    const std::string bone =
        static_cast<std::size_t>(b.bone) < rig.skeleton.size() ? rig.skeleton[static_cast<std::size_t>(b.bone)].name : "?";
    return bone + "'s " + pose_property_name(b.property);
}

}  // namespace marionette
