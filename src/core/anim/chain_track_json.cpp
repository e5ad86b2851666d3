#include "core/anim/chain_track_json.hpp"

#include <cstdio>

#include "core/anim/key_curve_json.hpp"
#include "core/io/json/json_numbers.hpp"

namespace marionette {

namespace {

int chain_named(const JsonField& f, const std::vector<IkChain>& chains) {
    const std::string name = f.non_empty_string();
    for (std::size_t c = 0; c < chains.size(); ++c) {
        if (chains[c].name == name) return static_cast<int>(c);
    }
    f.fail("\"" + name + "\" is not a chain");
}

}  // namespace

void read_chain_tracks(const std::optional<JsonField>& chain_tracks, const std::vector<IkChain>& chains, State& state) {
    if (!chain_tracks) return;
    for (std::size_t i = 0; i < chain_tracks->array_size(); ++i) {
        const JsonField f = chain_tracks->element(i);
        f.allow_only({"chain", "keys"});
        ChainTrack t;
        t.chain = chain_named(f.member("chain"), chains);
        const JsonField keys = f.member("keys");
        for (std::size_t k = 0; k < keys.array_size(); ++k) {
            const JsonField key = keys.element(k);
            key.require_object();
            static const char* const kNames[] = {"time", "mix", "interpolation", "curve", "curve_lines"};
            const auto [time, mix, interpolation, curve, lines] = key.members(kNames);
            if (!time) key.fail("missing required \"time\"");
            if (!mix) key.fail("missing required \"mix\"");
            MixKey m;
            m.time = time->number();
            m.mix = mix->number();
            read_key_curve(interpolation, curve, lines, m.interpolation, m.curve);
            t.keys.push_back(m);
        }
        state.chain_tracks.push_back(std::move(t));
    }
    std::string place;
    if (std::string problem = chain_tracks_problem(state.chain_tracks, chains.size(), &place); !problem.empty()) {
        // Failed at the field the place names ("chain_tracks[1].keys[0]", "chain_tracks[1]").
        std::size_t list = 0, key = 0;
        const int parts = std::sscanf(place.c_str(), "chain_tracks[%zu].keys[%zu]", &list, &key);
        const JsonField track = chain_tracks->element(list);
        if (parts == 2) track.member("keys").element(key).fail(problem);
        track.fail(problem);
    }
}

void write_chain_tracks(const State& state, const std::vector<IkChain>& chains, Json& out) {
    if (state.chain_tracks.empty()) return;
    Json tracks = Json::array();
    for (const ChainTrack& t : state.chain_tracks) {
        Json keys = Json::array();
        for (const MixKey& k : t.keys) {
            Json key;
            key["time"] = json_float(k.time);
            key["mix"] = json_float(k.mix);
            write_key_curve(key, k.interpolation, k.curve);
            keys.push_back(std::move(key));
        }
        tracks.push_back(Json{{"chain", chains[static_cast<std::size_t>(t.chain)].name}, {"keys", std::move(keys)}});
    }
    out["chain_tracks"] = std::move(tracks);
}

}  // namespace marionette
