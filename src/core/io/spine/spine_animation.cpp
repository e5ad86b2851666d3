#include "core/io/spine/spine_animation.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "core/anim/bake_cycle.hpp"
#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/spine/spine_deform_timelines.hpp"
#include "core/io/spine/spine_inherit.hpp"
#include "core/io/spine/spine_json_text.hpp"
#include "core/io/spine/spine_keys.hpp"
#include "core/io/spine/spine_slot_timelines.hpp"
#include "core/math/angles.hpp"

namespace marionette {

namespace {

constexpr double kDegrees = 180.0 / kPiDouble;

const KeyTrack* track_of(const State& state, std::size_t bone, PoseProperty property) {
    const int i = track_driving(state, static_cast<int>(bone), property);
    return i < 0 ? nullptr : &state.tracks[static_cast<std::size_t>(i)];
}

// A timeline's keys left out when every value is the setup's (Spine shows the setup without a
// timeline), and one key at 0 when every value is the same (it holds throughout).
std::vector<SpineKey> unless_still(std::vector<SpineKey> keys, const SpineValues& setup) {
    if (keys.empty()) return keys;
    const auto all = [&](const SpineValues& v) {
        return std::all_of(keys.begin(), keys.end(), [&](const SpineKey& k) { return k.values == v; });
    };
    if (all(setup)) return {};
    if (all(keys.front().values)) return {SpineKey{0.0, keys.front().values, SpineCurve::Linear, {}}};
    return keys;
}

// The Spine keys of one of a keyed state's tracks, `value` giving a key's values in Spine's units.
template <class Value>
std::vector<SpineKey> track_keys(const KeyTrack& track, double fps, Value value) {
    std::vector<SourceKey> source;
    for (const Key& k : track.keys) source.push_back(SourceKey{k.time, value(k), k.interpolation, k.curve});
    return spine_keys(
        source, [&](double t) { return value(sample_track(track, true, t)); }, fps);
}

SpineValues rotate_value(double degrees) { return {degrees, 0.0, 0.0, 0.0}; }
SpineValues pair_value(const glm::vec3& v) { return {v.x, v.y, 0.0, 0.0}; }
const SpineValues kNoTurn = rotate_value(0.0);
const SpineValues kNoMove = pair_value(glm::vec3(0.0f));
const SpineValues kNoScale = pair_value(glm::vec3(1.0f));

// The animation's bone timelines as they are built, and the latest key among them.
struct BoneTimelines {
    Json bones = Json::object();
    double last_time = 0.0;
    std::set<std::string> flattened;  // bones Spine flattens (a noScale child under a parent scale of 0)
    // Where each bone's timelines are in `bones`, found without searching every earlier bone.
    std::unordered_map<std::string, std::size_t> at;

    void add(const std::string& bone, const char* name, const std::vector<SpineKey>& keys, SpineTimelineKind kind) {
        if (keys.empty()) return;
        const auto [it, added] = at.try_emplace(bone, bones.size());
        if (added) append_member(bones, bone, Json::object());
        (bones.get_ref<Json::object_t&>().begin() + static_cast<std::ptrdiff_t>(it->second))->second[name] = spine_timeline(keys, kind);
        last_time = std::max(last_time, keys.back().time);
    }
};

// A bone's rotation (radians off its parent's axis) as its Spine rotation: turned for Spine's
// noScale skew when its parent's scale is uneven, within half a turn of `previous`.
double spine_turn(const Rig& rig, std::size_t b, double total, const Pose& pose, double previous, bool first, BoneTimelines& out) {
    const int p = rig.skeleton[b].parent;
    double turned = total;
    if (p >= 0 && uneven_scale(pose.scales[static_cast<std::size_t>(p)])) {
        const glm::vec3& s = pose.scales[static_cast<std::size_t>(p)];
        if (s.x == 0.0f || s.y == 0.0f) out.flattened.insert(rig.skeleton[b].name);
        turned = no_scale_rotation(total, s.x, s.y);
    }
    return first ? turned : nearest_turn(turned, previous);
}

// A state with channels: every frame over its loop.
void sampled_bones(const Rig& rig, const State& state, std::size_t frames, BoneTimelines& out) {
    const double fps = static_cast<double>(rig.fps);
    std::vector<Pose> poses(frames + 1, rig.pose);
    for (std::size_t i = 0; i <= frames; ++i) {
        const double t = static_cast<double>(i) / fps;
        sample_state_at(state, true, t, cycle_track_time(state, i, frames, fps), rig.pose, poses[i]);
    }
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        const double rest = angle_2d(rig.skeleton[b].rest.rotation);
        std::vector<SpineKey> rotate, translate, scale;
        double total = 0.0, turned = 0.0;
        for (std::size_t i = 0; i <= frames; ++i) {
            const double t = static_cast<double>(i) / fps;
            const Pose& pose = poses[i];
            const double angle = rest + static_cast<double>(angle_2d(pose.rotations[b]));
            total = i == 0 ? angle : nearest_turn(angle, total);  // the pose's turn, unwrapped frame to frame
            turned = spine_turn(rig, b, total, pose, turned, i == 0, out);
            rotate.push_back(SpineKey{t, rotate_value((turned - rest) * kDegrees), SpineCurve::Linear, {}});
            translate.push_back(SpineKey{t, pair_value(pose.translations[b]), SpineCurve::Linear, {}});
            scale.push_back(SpineKey{t, pair_value(pose.scales[b]), SpineCurve::Linear, {}});
        }
        const std::string& name = rig.skeleton[b].name;
        out.add(name, "rotate", unless_still(std::move(rotate), kNoTurn), SpineTimelineKind::Rotate);
        out.add(name, "translate", unless_still(std::move(translate), kNoMove), SpineTimelineKind::Translate);
        out.add(name, "scale", unless_still(std::move(scale), kNoScale), SpineTimelineKind::Scale);
    }
}

// A keyed state's rotation of bone `b` under an uneven parent scale: at every key of its own
// rotation track and of its parent's scale track, and every frame between unless all are steps.
std::vector<SpineKey> turned_rotation(const Rig& rig, const State& state, std::size_t b, BoneTimelines& out) {
    const KeyTrack* turn = track_of(state, b, PoseProperty::Rotation);
    const KeyTrack* stretch = track_of(state, static_cast<std::size_t>(rig.skeleton[b].parent), PoseProperty::Scale);
    std::vector<double> keys;
    bool all_step = true;
    for (const KeyTrack* track : {turn, stretch}) {
        if (!track) continue;
        for (std::size_t k = 0; k < track->keys.size(); ++k) {
            keys.push_back(track->keys[k].time);
            all_step = all_step && (k + 1 == track->keys.size() || track->keys[k].interpolation == Interpolation::Step);
        }
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    if (keys.empty()) keys.push_back(0.0);
    std::vector<double> times;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        times.push_back(keys[k]);
        if (all_step || k + 1 == keys.size()) continue;
        for (double t : frames_between(keys[k], keys[k + 1], static_cast<double>(rig.fps))) times.push_back(t);
    }
    const double rest = angle_2d(rig.skeleton[b].rest.rotation);
    std::vector<SpineKey> rotate;
    Pose pose = rig.pose;
    double turned = 0.0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        const double t = times[i];
        sample_state_at(state, true, t, t, rig.pose, pose);
        // The track's own angle, not the pose's: keys at 0 and 360 degrees make a whole turn.
        const double angle =
            turn ? static_cast<double>(sample_track(*turn, true, t).angle) : static_cast<double>(angle_2d(rig.pose.rotations[b]));
        turned = spine_turn(rig, b, rest + angle, pose, turned, i == 0, out);
        rotate.push_back(SpineKey{t, rotate_value((turned - rest) * kDegrees), all_step ? SpineCurve::Stepped : SpineCurve::Linear, {}});
    }
    if (rotate.front().time > 0.0) rotate.insert(rotate.begin(), SpineKey{0.0, rotate.front().values, SpineCurve::Linear, {}});
    return unless_still(std::move(rotate), kNoTurn);
}

// Whether bone `p`'s scale is uneven anywhere in a keyed state.
bool uneven_in(const Rig& rig, const State& state, int p) {
    if (p < 0) return false;
    const KeyTrack* stretch = track_of(state, static_cast<std::size_t>(p), PoseProperty::Scale);
    if (!stretch) return uneven_scale(rig.pose.scales[static_cast<std::size_t>(p)]);
    return std::any_of(stretch->keys.begin(), stretch->keys.end(), [](const Key& k) { return uneven_scale(k.vector); });
}

// A keyed state: its tracks key for key; what it does not drive held at the rig's pose.
void keyed_bones(const Rig& rig, const State& state, BoneTimelines& out) {
    const double fps = static_cast<double>(rig.fps);
    const Pose& still = rig.pose;
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        const std::string& name = rig.skeleton[b].name;
        std::vector<SpineKey> rotate;
        if (uneven_in(rig, state, rig.skeleton[b].parent)) {
            rotate = turned_rotation(rig, state, b, out);
        } else if (const KeyTrack* turn = track_of(state, b, PoseProperty::Rotation)) {
            rotate = track_keys(*turn, fps, [](const Key& k) { return rotate_value(static_cast<double>(k.angle) * kDegrees); });
        } else {
            rotate = unless_still({SpineKey{0.0, rotate_value(angle_2d(still.rotations[b]) * kDegrees), SpineCurve::Linear, {}}}, kNoTurn);
        }
        out.add(name, "rotate", rotate, SpineTimelineKind::Rotate);
        const auto vectors = [](const Key& k) { return pair_value(k.vector); };
        if (const KeyTrack* move = track_of(state, b, PoseProperty::Translation)) {
            out.add(name, "translate", track_keys(*move, fps, vectors), SpineTimelineKind::Translate);
        } else {
            out.add(name, "translate", unless_still({SpineKey{0.0, pair_value(still.translations[b]), SpineCurve::Linear, {}}}, kNoMove),
                    SpineTimelineKind::Translate);
        }
        if (const KeyTrack* stretch = track_of(state, b, PoseProperty::Scale)) {
            out.add(name, "scale", track_keys(*stretch, fps, vectors), SpineTimelineKind::Scale);
        } else {
            out.add(name, "scale", unless_still({SpineKey{0.0, pair_value(still.scales[b]), SpineCurve::Linear, {}}}, kNoScale),
                    SpineTimelineKind::Scale);
        }
    }
}

Json animation(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::vector<std::string>& warnings) {
    BoneTimelines bones;
    SpineSlotTimelines slots;
    SpineDeformTimelines deform;
    double end = 0.0;
    if (!state.channels.empty()) {
        const BakeCycle cycle = bake_cycle(state, static_cast<double>(rig.fps));
        if (!cycle.closes) {
            warnings.push_back("state \"" + state.name + "\": its periods have no common loop within " + std::to_string(kMaxBakeFrames) +
                               " frames: exported over its longest, so its loop shows a seam");
        }
        sampled_bones(rig, state, cycle.frames, bones);
        slots = spine_sampled_slot_timelines(rig, plan, state, cycle.frames);
        deform = spine_deform_timelines(rig, plan, state, cycle.frames);
        end = static_cast<double>(cycle.frames) / static_cast<double>(rig.fps);
    } else {
        keyed_bones(rig, state, bones);
        slots = spine_slot_timelines(rig, plan, state);
        deform = spine_deform_timelines(rig, plan, state);
    }
    // The pose's root offset, which states keep, moves the added root.
    if (plan.synthetic_root && (rig.pose.root_offset.x != 0.0f || rig.pose.root_offset.y != 0.0f)) {
        bones.add(plan.root, "translate", {SpineKey{0.0, pair_value(rig.pose.root_offset), SpineCurve::Linear, {}}},
                  SpineTimelineKind::Translate);
    }
    // Spine loops an animation at its latest key: a sampled state whose timelines all hold
    // still (or end early) is given a still key of the root's rotation at its loop's end.
    if (std::max({bones.last_time, slots.last_time, deform.last_time}) < end - 1e-9) {
        Json& root = bones.bones[plan.root];
        if (!root.contains("rotate")) root["rotate"] = Json::array({Json{{"time", 0}, {"value", 0}}});
        Json closing = root["rotate"].back();
        closing["time"] = spine_number(end);
        closing.erase("curve");
        root["rotate"].push_back(std::move(closing));
    }
    if (!bones.flattened.empty()) {
        std::string names;
        for (const std::string& n : bones.flattened) names += (names.empty() ? "\"" : ", \"") + n + "\"";
        warnings.push_back(
            "state \"" + state.name + "\": " + names +
            " hang under a parent scaled to 0 along one axis, which flattens a noScale child in Spine: they show flattened there");
    }
    if (!state.skin_keys.empty()) {
        warnings.push_back("state \"" + state.name +
                           "\": its skin keys are left out: a Spine animation cannot switch skins (the game sets the skin)");
    }
    const std::vector<int> solved = chains_solved_by(rig, state);
    for (const int c : solved) {
        const IkChain& chain = rig.chains[static_cast<std::size_t>(c)];
        if (!is_two_bone_limb(rig, chain)) {
            warnings.push_back("state \"" + state.name + "\" keys the mix of CCD chain \"" + chain.name +
                               "\": Spine has no CCD solver, so there the chain shows the state's own pose");
        }
    }
    Json ik = Json::object();
    if (!plan.ik.empty()) {
        // Mix 0 for the whole animation (one key holds to its end): the keys are the pose. A limb
        // the state solves toward its pin takes the state's mix keys instead, and its target
        // stands at the pin (under the added root, plan_spine_skeleton).
        for (const SpineIkConstraint& c : plan.ik) {
            Json keys;
            const int track =
                std::find(solved.begin(), solved.end(), c.chain) == solved.end() ? -1 : track_of_chain(state.chain_tracks, c.chain);
            if (track >= 0) {
                const ChainTrack& t = state.chain_tracks[static_cast<std::size_t>(track)];
                std::vector<SourceKey> source;
                for (const MixKey& k : t.keys)
                    source.push_back(SourceKey{static_cast<double>(k.time), {k.mix, c.softness, 0.0, 0.0}, k.interpolation, k.curve});
                const auto sample = [&](double time) { return SpineValues{sample_chain_track(t, time), c.softness, 0.0, 0.0}; };
                keys = spine_timeline(spine_keys(source, sample, static_cast<double>(rig.fps)), SpineTimelineKind::Ik);
                const glm::vec3 pin = *rig.chains[static_cast<std::size_t>(c.chain)].pin - rig.pose.root_offset;
                bones.bones[c.target]["translate"] =
                    Json::array({Json{{"time", 0},
                                      {"x", spine_number(static_cast<double>(pin.x - c.target_position.x))},
                                      {"y", spine_number(static_cast<double>(pin.y - c.target_position.y))}}});
            } else {
                Json key{{"time", 0}, {"mix", 0}};
                if (c.softness > 0.0) key["softness"] = spine_number(c.softness);
                keys = Json::array({std::move(key)});
            }
            if (!c.bend_positive) {
                for (Json& key : keys) key["bendPositive"] = false;
            }
            ik[c.name] = std::move(keys);
        }
    }
    Json out = Json::object();
    if (!slots.slots.empty()) out["slots"] = std::move(slots.slots);
    if (!bones.bones.empty()) out["bones"] = std::move(bones.bones);
    if (!ik.empty()) out["ik"] = std::move(ik);
    if (!slots.draw_order.empty()) out["drawOrder"] = std::move(slots.draw_order);
    if (!deform.skins.empty()) out["attachments"] = std::move(deform.skins);
    return out;
}

}  // namespace

Json spine_animations(const Rig& rig, const SpineSkeletonPlan& plan, std::vector<std::string>& warnings) {
    Json out = Json::object();
    for (const State& state : rig.states) out[state.name] = animation(rig, plan, state, warnings);
    return out;
}

}  // namespace marionette
