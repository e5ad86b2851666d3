#include "core/anim/state_ik.hpp"

#include <algorithm>

#include "core/ik/chain_mix.hpp"
#include "core/ik/ik_solve.hpp"

namespace marionette {

int solve_state_chains(const Rig& rig, const State& state, double track_time, Pose& pose) {
    if (state.chain_tracks.empty()) return 0;
    int solved = 0;
    // The rig's chain order, whatever order the tracks are listed in: a chain solved later sees
    // the ones before it, as pins hold them (pins.hpp).
    for (std::size_t c = 0; c < rig.chains.size(); ++c) {
        const int track = track_of_chain(state.chain_tracks, static_cast<int>(c));
        if (track < 0) continue;
        const IkChain& chain = rig.chains[c];
        const float mix = sample_chain_track(state.chain_tracks[static_cast<std::size_t>(track)], track_time);
        if (!chain.pin || !(mix > 0.0f)) continue;
        const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
        const std::vector<glm::quat> fk = rotations_of(bones, pose);
        if (!solve_chain(rig, chain, *chain.pin, pose)) continue;
        mix_with_fk(bones, fk, mix, pose);
        ++solved;
    }
    return solved;
}

std::vector<int> chains_solved_by(const Rig& rig, const State& state) {
    std::vector<int> out;
    for (std::size_t c = 0; c < rig.chains.size(); ++c) {
        const int track = track_of_chain(state.chain_tracks, static_cast<int>(c));
        if (track < 0 || !rig.chains[c].pin) continue;
        const std::vector<MixKey>& keys = state.chain_tracks[static_cast<std::size_t>(track)].keys;
        if (std::any_of(keys.begin(), keys.end(), [](const MixKey& k) { return k.mix > 0.0f; })) out.push_back(static_cast<int>(c));
    }
    return out;
}

}  // namespace marionette
