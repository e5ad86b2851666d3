#include "editor/edits/key_edits.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/anim/key_track.hpp"
#include "core/anim/state_pose.hpp"
#include "core/ik/chain_rules.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/timeline/timeline_keys.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Status check_key_time(float time) {
    if (!is_key_time(time)) return Error{std::string(kKeyTimeRule) + ", got " + number_text(time)};
    return {};
}

Status check_refs(const State& s, std::span<const KeyRef> keys) {
    for (const KeyRef& r : keys) {
        if (!key_exists(s, r)) {
            const char* where = r.timeline == KeyTimeline::Bone     ? "track"
                                : r.timeline == KeyTimeline::Slot   ? "slot track"
                                : r.timeline == KeyTimeline::Chain  ? "chain track"
                                : r.timeline == KeyTimeline::Deform ? "deform track"
                                : r.timeline == KeyTimeline::Skin   ? "skin keys"
                                                                    : "draw order";
            const bool single = r.timeline == KeyTimeline::DrawOrder || r.timeline == KeyTimeline::Skin;
            return Error{"state \"" + s.name + "\" has no key " + std::to_string(r.key) + " on " + where +
                         (single ? "" : " " + std::to_string(r.track))};
        }
    }
    return {};
}

bool at_rest(const Pose& pose, std::size_t b, PoseProperty p) {
    switch (p) {
        case PoseProperty::Rotation: return false;  // always keyed
        case PoseProperty::Translation: return pose.translations[b] == glm::vec3{0.0f};
        case PoseProperty::Scale: return pose.scales[b] == glm::vec3{1.0f};
    }
    return true;
}

// `angle` plus the whole turns that bring it nearest to what the 2D rotation track shows at
// `time` (the angle itself for a track without keys).
float turn_near_track(const KeyTrack& track, float time, float angle) {
    if (track.keys.empty()) return angle;
    const float shown = sample_track(track, true, time).angle;
    return nearest_turn(angle, shown);
}

// What `state`'s channels on `bone`'s `property` add at clock time `clock`, composed in order
// as sample_state composes them: a rotation, or a translation's sum or a scale's product.
struct ChannelShare {
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 vector{0.0f};
};

ChannelShare channel_share(const State& state, int bone, PoseProperty property, double clock) {
    ChannelShare share;
    if (property == PoseProperty::Scale) share.vector = glm::vec3{1.0f};
    for (const StateChannel& c : state.channels) {
        if (c.bone != bone || c.property != property) continue;
        switch (property) {
            case PoseProperty::Rotation: share.rotation = normalized(share.rotation * channel_rotation(c, clock)); break;
            case PoseProperty::Translation: share.vector += channel_vector(c, clock); break;
            case PoseProperty::Scale: share.vector *= channel_vector(c, clock); break;
        }
    }
    return share;
}

// The key that, with the state's channels at `time` composed on top, gives `pose`'s value of
// `track`'s property.
Key key_from_pose(const Rig& rig, const State& state, const KeyTrack& track, float time, const Pose& pose) {
    const auto b = static_cast<std::size_t>(track.bone);
    const ChannelShare share = channel_share(state, track.bone, track.property, time);
    Key k;
    k.time = time;
    switch (track.property) {
        case PoseProperty::Rotation: {
            const glm::quat keyed = normalized(pose.rotations[b] * glm::inverse(share.rotation));
            if (rig.is_2d()) {
                k.angle = angle_2d(keyed);
                if (!track.keys.empty()) {
                    // The same direction, the number of whole turns nearest what the track shows.
                    k.angle = turn_near_track(track, time, k.angle);
                }
            } else {
                k.rotation = keyed;
            }
            break;
        }
        case PoseProperty::Translation: k.vector = pose.translations[b] - share.vector; break;
        case PoseProperty::Scale:
            // A channel scaling an axis to 0 hides what the key holds there: key the pose's value.
            for (int axis = 0; axis < 3; ++axis) {
                k.vector[axis] = share.vector[axis] != 0.0f ? pose.scales[b][axis] / share.vector[axis] : pose.scales[b][axis];
            }
            break;
    }
    if (rig.is_2d()) {
        if (track.property == PoseProperty::Translation) k.vector.z = 0.0f;
        if (track.property == PoseProperty::Scale) k.vector.z = 1.0f;
    }
    return k;
}

// Puts `k` into the track: over a key at its time (keeping that key's interpolation unless
// `with_interpolation`), or in time order.
void place_key(KeyTrack& track, Key k, bool with_interpolation = false) {
    const auto at =
        std::find_if(track.keys.begin(), track.keys.end(), [&](const Key& e) { return std::fabs(e.time - k.time) <= kSameKeyTime; });
    if (at != track.keys.end()) {
        k.time = at->time;
        if (!with_interpolation) {
            k.interpolation = at->interpolation;
            k.curve = at->curve;
        }
        *at = k;
        return;
    }
    track.keys.insert(std::upper_bound(track.keys.begin(), track.keys.end(), k.time, [](float t, const Key& e) { return t < e.time; }), k);
}

}  // namespace

Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time, const Pose& pose) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot key: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot key: " + s.message()};
    if (!pose.fits(rig.skeleton.size())) {
        return Error{"cannot key: the pose holds " + pose.misfit(rig.skeleton.size()) + " for " + std::to_string(rig.skeleton.size()) +
                     " bones"};
    }
    if (Status s = check_key_time(time); !s) return Error{"cannot key: " + s.message()};
    for (int b : bones) {
        if (Status s = check_bone(rig, b); !s) return Error{"cannot key: " + s.message()};
    }
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (int b : bones) {
        for (PoseProperty p : kPoseProperties) {
            int track = track_driving(target, b, p);
            if (track < 0 && at_rest(pose, static_cast<std::size_t>(b), p)) continue;
            if (track < 0) {
                target.tracks.push_back(KeyTrack{b, p, {}});
                track = static_cast<int>(target.tracks.size()) - 1;
            }
            KeyTrack& t = target.tracks[static_cast<std::size_t>(track)];
            place_key(t, key_from_pose(rig, target, t, time, pose));
            if (const std::string problem = key_track_problem(t, rig.is_2d()); !problem.empty()) {
                return Error{"cannot key " + track_label(rig, target, KeyTimeline::Bone, track) + ": " + problem};
            }
        }
    }
    return out;
}

Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time) {
    return key_bones(rig, state, bones, time, rig.pose);
}

Result<Rig> delete_keys(const Rig& rig, int state, std::span<const KeyRef> keys) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot delete keys: " + s.message()};
    if (Status s = check_refs(rig.states[static_cast<std::size_t>(state)], keys); !s) return Error{"cannot delete keys: " + s.message()};
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    // From the last to the first, so earlier indices stay valid while erasing.
    std::set<KeyRef, std::greater<>> doomed(keys.begin(), keys.end());
    for (const KeyRef& r : doomed) {
        with_track_keys(target, r.timeline, r.track, [&](auto& k) { k.erase(k.begin() + r.key); });
    }
    std::erase_if(target.tracks, [](const KeyTrack& t) { return t.keys.empty(); });
    std::erase_if(target.slot_tracks, [](const SlotTrack& t) { return t.keys.empty(); });
    std::erase_if(target.chain_tracks, [](const ChainTrack& t) { return t.keys.empty(); });
    std::erase_if(target.deform, [](const DeformTrack& t) { return t.keys.empty(); });
    return out;
}

Result<Rig> move_keys(const Rig& rig, int state, std::span<const KeyRef> keys, float seconds) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot move keys: " + s.message()};
    const State& source = rig.states[static_cast<std::size_t>(state)];
    if (Status s = check_refs(source, keys); !s) return Error{"cannot move keys: " + s.message()};
    if (!std::isfinite(seconds)) return Error{"cannot move keys: the shift must be a finite number of seconds"};
    std::map<std::pair<KeyTimeline, int>, std::set<int>> moved;  // (timeline, track) -> its keys that move
    for (const KeyRef& r : keys) moved[{r.timeline, r.track}].insert(r.key);
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const auto& [track, which] : moved) {
        const std::string label = track_label(rig, source, track.first, track.second);
        Status moved_track = with_track_keys(target, track.first, track.second, [&](auto& k) -> Status {
            for (int i : which) {
                auto& key = k[static_cast<std::size_t>(i)];
                const float time = key.time + seconds;
                if (Status s = check_key_time(time); !s) return Error{"cannot move keys: " + label + ": " + s.message()};
                key.time = time;
            }
            std::stable_sort(k.begin(), k.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
            for (std::size_t i = 1; i < k.size(); ++i) {
                if (k[i].time - k[i - 1].time <= kSameKeyTime) {
                    return Error{"cannot move keys: " + label + " would have two keys at " + number_text(k[i].time) +
                                 " s; move them apart first"};
                }
            }
            return {};
        });
        if (!moved_track) return Error{moved_track.message()};
    }
    return out;
}

Result<Rig> set_key_interpolation(const Rig& rig, int state, std::span<const KeyRef> keys, Interpolation interpolation,
                                  const BezierCurve& curve) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set the interpolation: " + s.message()};
    if (Status s = check_refs(rig.states[static_cast<std::size_t>(state)], keys); !s)
        return Error{"cannot set the interpolation: " + s.message()};
    if (interpolation == Interpolation::Bezier && !is_valid_curve(curve)) {
        return Error{std::string("cannot set the interpolation: ") + kCurveRule};
    }
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const KeyRef& r : keys) {
        if (r.timeline == KeyTimeline::DrawOrder || r.timeline == KeyTimeline::Skin ||
            (r.timeline == KeyTimeline::Slot && target.slot_tracks[static_cast<std::size_t>(r.track)].property != SlotProperty::Color)) {
            return Error{"cannot set the interpolation: " + track_label(rig, target, r.timeline, r.track) + " switches at its keys"};
        }
        with_track_keys(target, r.timeline, r.track, [&](auto& listed) {
            auto& key = listed[static_cast<std::size_t>(r.key)];
            if constexpr (requires { key.interpolation; }) {  // a draw-order or skin key has none (refused above)
                key.interpolation = interpolation;
                if (interpolation == Interpolation::Bezier) key.curve = curve;
            }
        });
    }
    return out;
}

Result<Rig> key_chain_mix(const Rig& rig, int state, int chain, float time, float mix) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot key the mix: " + s.message()};
    if (chain < 0 || static_cast<std::size_t>(chain) >= rig.chains.size())
        return Error{"cannot key the mix: no chain " + std::to_string(chain)};
    if (Status s = check_key_time(time); !s) return Error{"cannot key the mix: " + s.message()};
    if (auto problem = mix_problem(mix)) return Error{"cannot key the mix: a mix " + *problem + ", got " + number_text(mix)};
    Rig out = rig;
    std::vector<ChainTrack>& tracks = out.states[static_cast<std::size_t>(state)].chain_tracks;
    int track = track_of_chain(tracks, chain);
    if (track < 0) {
        tracks.push_back(ChainTrack{chain, {}});
        track = static_cast<int>(tracks.size()) - 1;
    }
    std::vector<MixKey>& keys = tracks[static_cast<std::size_t>(track)].keys;
    const auto at = std::find_if(keys.begin(), keys.end(), [&](const MixKey& k) { return std::fabs(k.time - time) <= kSameKeyTime; });
    if (at != keys.end()) {
        at->mix = mix;  // its time and way on stay
    } else {
        keys.insert(std::upper_bound(keys.begin(), keys.end(), time, [](float t, const MixKey& k) { return t < k.time; }),
                    MixKey{time, mix});
    }
    return out;
}

Result<Rig> set_chain_key_mix(const Rig& rig, int state, std::span<const KeyRef> keys, float mix) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set the mix: " + s.message()};
    if (Status s = check_refs(rig.states[static_cast<std::size_t>(state)], keys); !s) return Error{"cannot set the mix: " + s.message()};
    if (auto problem = mix_problem(mix)) return Error{"cannot set the mix: a mix " + *problem + ", got " + number_text(mix)};
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const KeyRef& r : keys) {
        if (r.timeline != KeyTimeline::Chain)
            return Error{"cannot set the mix: " + track_label(rig, target, r.timeline, r.track) + " keys no mix"};
        target.chain_tracks[static_cast<std::size_t>(r.track)].keys[static_cast<std::size_t>(r.key)].mix = mix;
    }
    return out;
}

bool same_key(const KeyId& a, const KeyId& b) {
    if (a.timeline != b.timeline || std::fabs(a.time - b.time) > kSameKeyTime) return false;
    switch (a.timeline) {
        case KeyTimeline::Bone: return a.bone == b.bone && a.property == b.property;
        case KeyTimeline::Slot: return a.slot == b.slot && a.slot_property == b.slot_property;
        case KeyTimeline::DrawOrder: return true;
        case KeyTimeline::Skin: return true;
        case KeyTimeline::Chain: return a.chain == b.chain;
        case KeyTimeline::Deform: return a.slot == b.slot && a.attachment == b.attachment;
    }
    return false;
}

KeyId key_id(const State& state, KeyRef ref) {
    const float time = key_time(state, ref);
    switch (ref.timeline) {
        case KeyTimeline::Slot: {
            const SlotTrack& t = state.slot_tracks[static_cast<std::size_t>(ref.track)];
            return slot_key_id(t.slot, t.property, time);
        }
        case KeyTimeline::DrawOrder: return draw_order_key_id(time);
        case KeyTimeline::Skin: return skin_key_id(time);
        case KeyTimeline::Chain: return chain_key_id(state.chain_tracks[static_cast<std::size_t>(ref.track)].chain, time);
        case KeyTimeline::Deform: {
            const DeformTrack& t = state.deform[static_cast<std::size_t>(ref.track)];
            return deform_key_id(t.slot, t.attachment, time);
        }
        case KeyTimeline::Bone: break;
    }
    const KeyTrack& t = state.tracks[static_cast<std::size_t>(ref.track)];
    return KeyId{t.bone, t.property, time};
}

std::optional<KeyRef> find_key(const State& state, const KeyId& id) {
    int track = -1;
    switch (id.timeline) {
        case KeyTimeline::Bone: track = track_driving(state, id.bone, id.property); break;
        case KeyTimeline::Slot:
            for (std::size_t t = 0; t < state.slot_tracks.size() && track < 0; ++t) {
                if (state.slot_tracks[t].slot == id.slot && state.slot_tracks[t].property == id.slot_property) track = static_cast<int>(t);
            }
            break;
        case KeyTimeline::DrawOrder: track = 0; break;
        case KeyTimeline::Skin: track = 0; break;
        case KeyTimeline::Chain: track = track_of_chain(state.chain_tracks, id.chain); break;
        case KeyTimeline::Deform: track = track_of_deform(state.deform, id.slot, id.attachment); break;
    }
    const std::size_t count = track_key_count(state, id.timeline, track);
    for (std::size_t k = 0; k < count; ++k) {
        const KeyRef ref{track, static_cast<int>(k), id.timeline};
        if (std::fabs(key_time(state, ref) - id.time) <= kSameKeyTime) return ref;
    }
    return std::nullopt;
}

KeyId CopiedKey::id_at(float at) const {
    if (shape) return deform_key_id(shape->slot, shape->attachment, at + shape->key.time);
    return KeyId{bone, property, at + key.time};
}

DeformKey& deform_key_at(std::vector<DeformTrack>& tracks, int slot, int attachment, float time) {
    int track = track_of_deform(tracks, slot, attachment);
    if (track < 0) {
        tracks.push_back(DeformTrack{slot, attachment, {}});
        track = static_cast<int>(tracks.size()) - 1;
    }
    std::vector<DeformKey>& keys = tracks[static_cast<std::size_t>(track)].keys;
    const auto same = std::find_if(keys.begin(), keys.end(), [&](const DeformKey& k) { return std::fabs(k.time - time) <= kSameKeyTime; });
    if (same != keys.end()) return *same;
    DeformKey key;
    key.time = time;
    return *keys.insert(std::upper_bound(keys.begin(), keys.end(), time, [](float t, const DeformKey& k) { return t < k.time; }),
                        std::move(key));
}

std::vector<CopiedKey> copy_keys(const State& state, std::span<const KeyRef> keys) {
    std::vector<CopiedKey> copied;
    if (!check_refs(state, keys)) return copied;
    float earliest = kMaxKeyTime;
    for (const KeyRef& r : keys) {
        if (r.timeline == KeyTimeline::Bone) {
            const KeyTrack& t = state.tracks[static_cast<std::size_t>(r.track)];
            copied.push_back(CopiedKey{t.bone, t.property, t.keys[static_cast<std::size_t>(r.key)]});
        } else if (r.timeline == KeyTimeline::Deform) {
            const DeformTrack& t = state.deform[static_cast<std::size_t>(r.track)];
            copied.push_back(
                CopiedKey{-1, PoseProperty::Rotation, Key{}, CopiedShape{t.slot, t.attachment, t.keys[static_cast<std::size_t>(r.key)]}});
        } else {
            continue;
        }
        earliest = std::min(earliest, copied.back().time());
    }
    for (CopiedKey& c : copied) {
        if (c.shape) {
            c.shape->key.time -= earliest;
        } else {
            c.key.time -= earliest;
        }
    }
    return copied;
}

Result<Rig> paste_keys(const Rig& rig, int state, std::span<const CopiedKey> keys, float time) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot paste keys: " + s.message()};
    if (Status s = check_key_time(time); !s) return Error{"cannot paste keys: " + s.message()};
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const CopiedKey& c : keys) {
        if (c.shape) {
            DeformKey k = c.shape->key;
            k.time = time + c.shape->key.time;
            if (Status s = check_key_time(k.time); !s) return Error{"cannot paste keys: " + s.message()};
            deform_key_at(target.deform, c.shape->slot, c.shape->attachment, k.time) = std::move(k);
            continue;
        }
        if (Status s = check_bone(rig, c.bone); !s) return Error{"cannot paste keys: " + s.message()};
        Key k = c.key;
        k.time = time + c.key.time;
        if (Status s = check_key_time(k.time); !s) return Error{"cannot paste keys: " + s.message()};
        int track = track_driving(target, c.bone, c.property);
        if (track < 0) {
            target.tracks.push_back(KeyTrack{c.bone, c.property, {}});
            track = static_cast<int>(target.tracks.size()) - 1;
        }
        KeyTrack& t = target.tracks[static_cast<std::size_t>(track)];
        if (rig.is_2d() && c.property == PoseProperty::Rotation) k.angle = turn_near_track(t, k.time, k.angle);
        place_key(t, k, true);
        if (const std::string problem = key_track_problem(t, rig.is_2d()); !problem.empty()) {
            return Error{"cannot paste keys into " + track_label(rig, target, KeyTimeline::Bone, track) + ": " + problem};
        }
    }
    // A shape fits only the mesh it was copied from, with its vertices as they were.
    if (std::string problem = deform_tracks_problem(target.deform, out.slots); !problem.empty()) {
        return Error{"cannot paste keys: " + problem};
    }
    return out;
}

}  // namespace marionette
