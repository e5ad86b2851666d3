#include "core/rig/rig.hpp"

#include <cstdio>

namespace marionette {

int Rig::chain_ending_at(int bone) const {
    for (std::size_t i = 0; i < chains.size(); ++i) {
        if (chains[i].effector == bone) return static_cast<int>(i);
    }
    return -1;
}

int Rig::find_chain(const std::string& name) const {
    for (std::size_t i = 0; i < chains.size(); ++i) {
        if (chains[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

namespace {

template <class Items, class Name>
std::string counted(std::size_t n, const char* singular, const char* plural, const Items& items, Name name) {
    std::string s = std::to_string(n) + " " + (n == 1 ? singular : plural);
    if (n == 0) return s;
    s += " (";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) s += ", ";
        s += name(items[i]);
    }
    return s + ")";
}

}  // namespace

std::string summarize(const Rig& rig) {
    std::string s = rig.is_2d() ? "2D rig, " : "3D rig, ";
    s += std::to_string(rig.skeleton.size()) + (rig.skeleton.size() == 1 ? " bone, " : " bones, ");
    s += counted(rig.chains.size(), "IK chain", "IK chains", rig.chains, [](const IkChain& c) { return c.name; });
    s += ", ";
    // A keyed state says what its keys hold, as the timeline's ruler would: tracks, keys, length.
    s += counted(rig.states.size(), "state", "states", rig.states, [](const State& st) {
        if (!is_keyed(st)) return st.name;
        std::size_t keys = st.draw_order.size();
        for (const KeyTrack& t : st.tracks) keys += t.keys.size();
        for (const SlotTrack& t : st.slot_tracks) keys += t.keys.size();
        for (const ChainTrack& t : st.chain_tracks) keys += t.keys.size();
        for (const DeformTrack& t : st.deform) keys += t.keys.size();
        char length[32];
        std::snprintf(length, sizeof length, "%g", static_cast<double>(state_length(st)));
        // The draw order's keys count as one track, as the timeline shows them in one row.
        const std::size_t tracks =
            st.tracks.size() + st.slot_tracks.size() + (st.draw_order.empty() ? 0 : 1) + st.chain_tracks.size() + st.deform.size();
        return st.name + " [keyed: " + std::to_string(tracks) + (tracks == 1 ? " track, " : " tracks, ") + std::to_string(keys) +
               (keys == 1 ? " key, " : " keys, ") + length + " s" + (st.loop ? "" : ", held") + "]";
    });
    if (!rig.slots.empty()) s += ", " + std::to_string(rig.slots.size()) + (rig.slots.size() == 1 ? " slot" : " slots");
    return s;
}

}  // namespace marionette
