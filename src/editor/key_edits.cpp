#include "editor/key_edits.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/key_track.hpp"
#include "core/rotation_math.hpp"
#include "core/transform.hpp"
#include "editor/edit_checks.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

// Two key times closer than this are the same frame (a thousandth of a second at 1000 fps is
// the finest a timeline snaps to).
constexpr float kSameKeyTime = 5e-4f;

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

// The key holding the pose's value of `track`'s property at `time`.
Key key_from_pose(const Rig& rig, const KeyTrack& track, float time) {
    const auto b = static_cast<std::size_t>(track.bone);
    Key k;
    k.time = time;
    switch (track.property) {
        case PoseProperty::Rotation:
            if (rig.is_2d()) {
                k.angle = angle_2d(rig.pose.rotations[b]);
                if (!track.keys.empty()) {
                    // The same direction, the number of whole turns nearest what the track shows.
                    const float shown = sample_track(track, true, time).angle;
                    k.angle += 2.0f * kPi * std::round((shown - k.angle) / (2.0f * kPi));
                }
            } else {
                k.rotation = normalized(rig.pose.rotations[b]);
            }
            break;
        case PoseProperty::Translation: k.vector = rig.pose.translations[b]; break;
        case PoseProperty::Scale: k.vector = rig.pose.scales[b]; break;
    }
    return k;
}

// Puts `k` into the track: over a key at its time (keeping that key's interpolation), or in
// time order.
void place_key(KeyTrack& track, Key k) {
    const auto at = std::find_if(track.keys.begin(), track.keys.end(), [&](const Key& e) { return std::fabs(e.time - k.time) <= kSameKeyTime; });
    if (at != track.keys.end()) {
        k.time = at->time;
        k.interpolation = at->interpolation;
        k.curve = at->curve;
        *at = k;
        return;
    }
    track.keys.insert(std::upper_bound(track.keys.begin(), track.keys.end(), k.time, [](float t, const Key& e) { return t < e.time; }), k);
}

std::string track_label(const Rig& rig, const KeyTrack& t) {
    return rig.skeleton[static_cast<std::size_t>(t.bone)].name + "'s " + pose_property_name(t.property);
}

}  // namespace

Result<Rig> key_bones(const Rig& rig, int state, std::span<const int> bones, float time) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot key: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot key: " + s.message()};
    if (Status s = check_key_time(time); !s) return Error{"cannot key: " + s.message()};
    for (int b : bones) {
        if (Status s = check_bone(rig, b); !s) return Error{"cannot key: " + s.message()};
    }
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    for (int b : bones) {
        for (PoseProperty p : kPoseProperties) {
            int track = track_driving(target, b, p);
            if (track < 0 && at_rest(rig.pose, static_cast<std::size_t>(b), p)) continue;
            if (track < 0) {
                target.tracks.push_back(KeyTrack{b, p, {}});
                track = static_cast<int>(target.tracks.size()) - 1;
            }
            KeyTrack& t = target.tracks[static_cast<std::size_t>(track)];
            place_key(t, key_from_pose(rig, t, time));
            if (const std::string problem = key_track_problem(t, rig.is_2d()); !problem.empty()) {
                return Error{"cannot key " + track_label(rig, t) + ": " + problem};
            }
        }
    }
    return out;
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

Result<Rig> set_key_interpolation(const Rig& rig, int state, KeyRef key, Interpolation interpolation, const BezierCurve& curve) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set the interpolation: " + s.message()};
    const KeyRef one[] = {key};
    if (Status s = check_refs(rig.states[static_cast<std::size_t>(state)], one); !s) return Error{"cannot set the interpolation: " + s.message()};
    if (interpolation == Interpolation::Bezier && !is_valid_curve(curve)) {
        return Error{std::string("cannot set the interpolation: ") + kCurveRule};
    }
    Rig out = rig;
    Key& k = out.states[static_cast<std::size_t>(state)].tracks[static_cast<std::size_t>(key.track)].keys[static_cast<std::size_t>(key.key)];
    k.interpolation = interpolation;
    if (interpolation == Interpolation::Bezier) k.curve = curve;
    return out;
}

}  // namespace marionette
