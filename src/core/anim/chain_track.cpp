#include "core/anim/chain_track.hpp"

#include <algorithm>

#include "core/ik/chain_rules.hpp"

namespace marionette {

float sample_chain_track(const ChainTrack& track, double time) {
    if (track.keys.empty()) return kMaxMix;
    const auto t = static_cast<float>(time);
    const auto after = std::upper_bound(track.keys.begin(), track.keys.end(), t, [](float x, const MixKey& k) { return x < k.time; });
    if (after == track.keys.begin()) return track.keys.front().mix;
    const MixKey& a = *(after - 1);
    if (after == track.keys.end() || !(t > a.time)) return a.mix;
    const MixKey& b = *after;
    const float f = interpolation_fraction(a.interpolation, a.curve, (t - a.time) / (b.time - a.time));
    return std::clamp(a.mix + (b.mix - a.mix) * f, kMinMix, kMaxMix);
}

float last_chain_key_time(const std::vector<ChainTrack>& tracks) {
    float last = 0.0f;
    for (const ChainTrack& t : tracks) {
        if (!t.keys.empty()) last = std::max(last, t.keys.back().time);
    }
    return last;
}

int track_of_chain(const std::vector<ChainTrack>& tracks, int chain) {
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        if (tracks[i].chain == chain) return static_cast<int>(i);
    }
    return -1;
}

std::size_t renumber_chain_tracks(std::vector<ChainTrack>& tracks, std::span<const int> new_index) {
    for (ChainTrack& t : tracks)
        t.chain = t.chain >= 0 && static_cast<std::size_t>(t.chain) < new_index.size() ? new_index[static_cast<std::size_t>(t.chain)] : -1;
    return std::erase_if(tracks, [](const ChainTrack& t) { return t.chain < 0; });
}

std::string chain_tracks_problem(const std::vector<ChainTrack>& tracks, std::size_t chain_count, std::string* place) {
    const auto fail = [&](std::string where, std::string why) {
        if (place) *place = std::move(where);
        return why;
    };
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        const ChainTrack& track = tracks[i];
        const std::string where = "chain_tracks[" + std::to_string(i) + "]";
        if (track.chain < 0 || static_cast<std::size_t>(track.chain) >= chain_count) return fail(where, "not a chain");
        for (std::size_t j = 0; j < i; ++j) {
            if (tracks[j].chain == track.chain)
                return fail(where, "a second mix track for the chain (also chain_tracks[" + std::to_string(j) + "])");
        }
        if (track.keys.empty()) return fail(where, "a track needs a key at least");
        for (std::size_t k = 0; k < track.keys.size(); ++k) {
            const MixKey& key = track.keys[k];
            const std::string at = where + ".keys[" + std::to_string(k) + "]";
            if (!is_key_time(key.time)) return fail(at, kKeyTimeRule);
            if (k > 0 && !(key.time > track.keys[k - 1].time)) return fail(at, "keys must be in strictly increasing time");
            if (auto problem = mix_problem(key.mix)) return fail(at, "a mix " + *problem);
            if (key.interpolation == Interpolation::Bezier && !is_valid_curve(key.curve)) return fail(at, kCurveRule);
        }
    }
    return {};
}

}  // namespace marionette
