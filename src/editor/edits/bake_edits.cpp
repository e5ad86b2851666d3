#include "editor/edits/bake_edits.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"
#include "core/base/extents.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/state_edits.hpp"

namespace marionette {

using edit_checks::number_text;

namespace {

// Every bone property the states drive, in bone then property order; with `solved_chains`, the
// rotations of the bones of the chains they solve toward pins too (state_ik.hpp).
std::vector<BakedProperty> driven(const Rig& rig, std::span<const int> states, bool solved_chains) {
    std::set<std::pair<int, int>> found;
    for (int s : states) {
        if (s < 0 || static_cast<std::size_t>(s) >= rig.states.size()) continue;
        const State& st = rig.states[static_cast<std::size_t>(s)];
        for (const StateChannel& c : st.channels) found.emplace(c.bone, static_cast<int>(c.property));
        for (const KeyTrack& t : st.tracks) found.emplace(t.bone, static_cast<int>(t.property));
        if (!solved_chains) continue;
        for (const int c : chains_solved_by(rig, st)) {
            const IkChain& chain = rig.chains[static_cast<std::size_t>(c)];
            for (const int b : chain_bones(rig.skeleton, chain.root, chain.effector))
                found.emplace(b, static_cast<int>(PoseProperty::Rotation));
        }
    }
    std::vector<BakedProperty> out;
    for (const auto& [bone, property] : found) {
        if (bone >= 0 && static_cast<std::size_t>(bone) < rig.skeleton.size())
            out.push_back(BakedProperty{bone, static_cast<PoseProperty>(property)});
    }
    return out;
}

Status check_fps(double fps) {
    if (!is_fps(static_cast<float>(fps))) {
        return Error{std::string("the fps must be ") + kFpsRange + ", got " + number_text(static_cast<float>(fps))};
    }
    return {};
}

Result<std::vector<KeyTrack>> reduce(const Rig& rig, std::span<const Pose> frames, double fps, std::span<const BakedProperty> properties,
                                     BakeTolerance tolerance) {
    if (tolerance.distance == 0.0f) tolerance.distance = bake_distance_tolerance(rig.skeleton, tolerance.degrees);
    std::vector<KeyTrack> tracks;
    const KeyReductionJob job{frames, fps, rig.is_2d(), properties, tolerance, &tracks};
    if (Status s = job.validate(); !s) return Error{s.message()};
    job.run();
    for (const KeyTrack& t : tracks) {
        if (std::string problem = key_track_problem(t, rig.is_2d()); !problem.empty()) {
            return Error{rig.skeleton[static_cast<std::size_t>(t.bone)].name + "'s " + pose_property_name(t.property) + ": " + problem};
        }
    }
    return tracks;
}

}  // namespace

Result<Rig> bake_state(const Rig& rig, int state, double fps, BakeTolerance tolerance) {
    if (state < 0 || static_cast<std::size_t>(state) >= rig.states.size()) return Error{"cannot bake: no state " + std::to_string(state)};
    if (Status s = check_fps(fps); !s) return Error{"cannot bake: " + s.message()};
    if (Status s = edit_checks::check_pose_matches(rig); !s) return Error{"cannot bake: " + s.message()};
    const State& source = rig.states[static_cast<std::size_t>(state)];
    const int which[] = {state};
    // The state's IK stays live on top of the baked keys (its mix keys come along), so the bake
    // is its forward kinematics.
    const std::vector<BakedProperty> properties = driven(rig, which, false);
    if (properties.empty()) return Error{"cannot bake \"" + source.name + "\": it drives nothing"};
    const BakeCycle cycle = bake_cycle(source, fps);
    // Frames 0 .. N: the last is the first again for a loop that closes, so it plays seamlessly;
    // keys that jump back at their loop hold their end there and jump as the state does.
    std::vector<Pose> frames(cycle.frames + 1, rig.pose);
    for (std::size_t i = 0; i <= cycle.frames; ++i) {
        const double t = static_cast<double>(i) / fps;
        sample_state_at(source, rig.is_2d(), t, cycle_track_time(source, i, cycle.frames, fps), rig.pose, frames[i]);
    }
    Result<std::vector<KeyTrack>> tracks = reduce(rig, frames, fps, properties, tolerance);
    if (!tracks) return Error{"cannot bake \"" + source.name + "\": " + tracks.message()};
    Rig out = rig;
    State baked{unique_state_name(rig, source.name + " baked"), {}, std::move(tracks).value(), source.loop};
    baked.chain_tracks = source.chain_tracks;
    out.states.push_back(std::move(baked));
    return out;
}

Result<Rig> bake_timeline_state(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, double seconds,
                                const std::string& name, BakeTolerance tolerance) {
    if (Status s = check_fps(fps); !s) return Error{"cannot bake the timeline: " + s.message()};
    if (Status s = check_state_name(rig, name, -1); !s) return Error{"cannot bake the timeline: " + s.message()};
    Result<std::size_t> count = baked_frame_count(fps, seconds);
    if (!count) return Error{"cannot bake the timeline: " + count.message()};
    if (count.value() > kMaxBakeFrames) {
        return Error{"cannot bake the timeline: " + std::to_string(count.value()) + " frames; a bake to keys holds at most " +
                     std::to_string(kMaxBakeFrames)};
    }
    std::vector<int> states;
    for (const TimelineEntry& e : timeline) states.push_back(e.state);
    // The timeline plays with its states' IK (state_machine.hpp): the baked state, which has no
    // mix keys, holds what it gave.
    const std::vector<BakedProperty> properties = driven(rig, states, true);
    if (properties.empty()) return Error{"cannot bake the timeline: its states drive nothing"};
    std::vector<Pose> frames;
    frames.reserve(count.value());
    Pose pose;
    const Status played =
        play_timeline(rig, timeline, fps, count.value(), pose, [&](double, const StateMachine&) { frames.push_back(pose); });
    if (!played) return Error{"cannot bake the timeline: " + played.message()};
    Result<std::vector<KeyTrack>> tracks = reduce(rig, frames, fps, properties, tolerance);
    if (!tracks) return Error{"cannot bake the timeline: " + tracks.message()};
    Rig out = rig;
    out.states.push_back(State{name, {}, std::move(tracks).value(), false});
    return out;
}

}  // namespace marionette
