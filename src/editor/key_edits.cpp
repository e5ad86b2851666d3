#include "editor/key_edits.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/key_track.hpp"
#include "core/rotation_math.hpp"
#include "core/state_pose.hpp"
#include "core/transform.hpp"
#include "editor/edit_checks.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

Status check_state(const Rig& rig, int state) {
    if (state < 0 || static_cast<std::size_t>(state) >= rig.states.size()) {
        return Error{"no state " + std::to_string(state) + " (the rig has " + std::to_string(rig.states.size()) + ")"};
    }
    return {};
}

Status check_key_time(float time) {
    if (!(time >= 0.0f && time <= kMaxKeyTime)) return Error{"a key's time must be between 0 and 3600 seconds, got " + number_text(time)};
    return {};
}

Status check_refs(const State& s, std::span<const KeyRef> keys) {
    for (const KeyRef& r : keys) {
        if (r.track < 0 || static_cast<std::size_t>(r.track) >= s.tracks.size() || r.key < 0 ||
            static_cast<std::size_t>(r.key) >= s.tracks[static_cast<std::size_t>(r.track)].keys.size()) {
            return Error{"state \"" + s.name + "\" has no key " + std::to_string(r.key) + " on track " + std::to_string(r.track)};
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
    const auto at = std::find_if(track.keys.begin(), track.keys.end(), [&](const Key& e) { return std::fabs(e.time - k.time) <= kSameKeyTime; });
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

std::string track_label(const Rig& rig, const KeyTrack& t) {
    return rig.skeleton[static_cast<std::size_t>(t.bone)].name + "'s " + pose_property_name(t.property);
}

}  // namespace

Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time, const Pose& pose) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot key: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot key: " + s.message()};
    if (!pose.fits(rig.skeleton.size())) {
        return Error{"cannot key: the pose holds " + pose.misfit(rig.skeleton.size()) + " for " + std::to_string(rig.skeleton.size()) + " bones"};
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
                return Error{"cannot key " + track_label(rig, t) + ": " + problem};
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
    std::set<std::pair<int, int>, std::greater<>> doomed;
    for (const KeyRef& r : keys) doomed.emplace(r.track, r.key);
    for (const auto& [track, key] : doomed) {
        auto& k = target.tracks[static_cast<std::size_t>(track)].keys;
        k.erase(k.begin() + key);
    }
    std::erase_if(target.tracks, [](const KeyTrack& t) { return t.keys.empty(); });
    return out;
}

Result<Rig> move_keys(const Rig& rig, int state, std::span<const KeyRef> keys, float seconds) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot move keys: " + s.message()};
    const State& source = rig.states[static_cast<std::size_t>(state)];
    if (Status s = check_refs(source, keys); !s) return Error{"cannot move keys: " + s.message()};
    if (!std::isfinite(seconds)) return Error{"cannot move keys: the shift must be a finite number of seconds"};
    std::map<int, std::set<int>> moved;  // track -> its keys that move
    for (const KeyRef& r : keys) moved[r.track].insert(r.key);
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const auto& [track, which] : moved) {
        KeyTrack& t = target.tracks[static_cast<std::size_t>(track)];
        for (int k : which) {
            Key& key = t.keys[static_cast<std::size_t>(k)];
            const float time = key.time + seconds;
            if (Status s = check_key_time(time); !s) return Error{"cannot move keys: " + track_label(rig, t) + ": " + s.message()};
            key.time = time;
        }
        std::stable_sort(t.keys.begin(), t.keys.end(), [](const Key& a, const Key& b) { return a.time < b.time; });
        for (std::size_t i = 1; i < t.keys.size(); ++i) {
            if (t.keys[i].time - t.keys[i - 1].time <= kSameKeyTime) {
                return Error{"cannot move keys: " + track_label(rig, t) + " would have two keys at " + number_text(t.keys[i].time) +
                             " s; move them apart first"};
            }
        }
    }
    return out;
}

Result<Rig> set_key_interpolation(const Rig& rig, int state, std::span<const KeyRef> keys, Interpolation interpolation, const BezierCurve& curve) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set the interpolation: " + s.message()};
    if (Status s = check_refs(rig.states[static_cast<std::size_t>(state)], keys); !s) return Error{"cannot set the interpolation: " + s.message()};
    if (interpolation == Interpolation::Bezier && !is_valid_curve(curve)) {
        return Error{std::string("cannot set the interpolation: ") + kCurveRule};
    }
    Rig out = rig;
    for (const KeyRef& r : keys) {
        Key& k = out.states[static_cast<std::size_t>(state)].tracks[static_cast<std::size_t>(r.track)].keys[static_cast<std::size_t>(r.key)];
        k.interpolation = interpolation;
        if (interpolation == Interpolation::Bezier) k.curve = curve;
    }
    return out;
}

KeyId key_id(const State& state, KeyRef ref) {
    const KeyTrack& t = state.tracks[static_cast<std::size_t>(ref.track)];
    return KeyId{t.bone, t.property, t.keys[static_cast<std::size_t>(ref.key)].time};
}

std::optional<KeyRef> find_key(const State& state, const KeyId& id) {
    const int track = track_driving(state, id.bone, id.property);
    if (track < 0) return std::nullopt;
    const std::vector<Key>& keys = state.tracks[static_cast<std::size_t>(track)].keys;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        if (std::fabs(keys[k].time - id.time) <= kSameKeyTime) return KeyRef{track, static_cast<int>(k)};
    }
    return std::nullopt;
}

std::vector<CopiedKey> copy_keys(const State& state, std::span<const KeyRef> keys) {
    std::vector<CopiedKey> copied;
    if (!check_refs(state, keys)) return copied;
    float earliest = kMaxKeyTime;
    for (const KeyRef& r : keys) {
        const KeyTrack& t = state.tracks[static_cast<std::size_t>(r.track)];
        copied.push_back(CopiedKey{t.bone, t.property, t.keys[static_cast<std::size_t>(r.key)]});
        earliest = std::min(earliest, copied.back().key.time);
    }
    for (CopiedKey& c : copied) c.key.time -= earliest;
    return copied;
}

Result<Rig> paste_keys(const Rig& rig, int state, std::span<const CopiedKey> keys, float time) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot paste keys: " + s.message()};
    if (Status s = check_key_time(time); !s) return Error{"cannot paste keys: " + s.message()};
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (const CopiedKey& c : keys) {
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
            return Error{"cannot paste keys into " + track_label(rig, t) + ": " + problem};
        }
    }
    return out;
}

}  // namespace marionette
