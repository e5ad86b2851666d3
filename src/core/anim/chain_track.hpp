#pragma once
// A state's keys of an IK chain's mix (ik_chain.hpp), as Spine's IK constraint timelines: the
// state poses the limb by forward kinematics and, where it keys the mix above 0, the chain is
// solved toward its pin on top of that pose and takes the keyed share of the answer (a foot
// planted while it bears the weight, let go as it swings). Pure data and pure functions;
// state_ik.hpp solves the chains.

#include <span>
#include <string>
#include <vector>

#include "core/anim/key_track.hpp"

namespace marionette {

struct MixKey {
    float time = 0.0f;                                    // seconds from the state's start, within [0, kMaxKeyTime]
    float mix = 1.0f;                                     // in [kMinMix, kMaxMix] (chain_rules.hpp)
    Interpolation interpolation = Interpolation::Linear;  // from this key to the next
    BezierCurve curve{};                                  // when that is Bezier

    bool operator==(const MixKey&) const = default;
};

struct ChainTrack {
    int chain = -1;            // index into the rig's chains
    std::vector<MixKey> keys;  // at least one, in strictly increasing time

    bool operator==(const ChainTrack&) const = default;
};

// The mix the track gives at `time` seconds: before its first key the first key's, after its
// last the last's, between two keys by the earlier one's interpolation, kept within [0, 1] (a
// Bézier's overshoot stops at the ends). A track without keys gives 1.
float sample_chain_track(const ChainTrack& track, double time);

// The latest key time of the tracks (0 without any).
float last_chain_key_time(const std::vector<ChainTrack>& tracks);

// The track of `tracks` keying chain `chain`, or -1.
int track_of_chain(const std::vector<ChainTrack>& tracks, int chain);

// After the rig's chains changed (one deleted, the bones under them reordered): each track's
// chain becomes `new_index[chain]`, and the tracks of chains that map to -1 (or past the list)
// are dropped. Returns how many were.
std::size_t renumber_chain_tracks(std::vector<ChainTrack>& tracks, std::span<const int> new_index);

// Why a state's chain tracks break the rules over a rig of `chain_count` chains, or empty:
// each on a chain that exists, one per chain, with at least one key; times finite, within
// [0, kMaxKeyTime] and strictly increasing; mixes within [0, 1]; curves valid. `place` receives
// where ("chain_tracks[1].keys[0]").
std::string chain_tracks_problem(const std::vector<ChainTrack>& tracks, std::size_t chain_count, std::string* place = nullptr);

}  // namespace marionette
