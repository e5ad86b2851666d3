#include "editor/edits/skin_edits.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "editor/edits/slot_edits.hpp"
#include "editor/edits/unique_name.hpp"

namespace marionette {

namespace {

std::optional<std::string> skin_problem_at(const Rig& rig, int skin) {
    if (skin < 0 || skin >= static_cast<int>(rig.skins.size())) {
        return "skin " + std::to_string(skin) + " does not exist (the rig has " + std::to_string(rig.skins.size()) + ")";
    }
    return std::nullopt;
}

std::optional<std::string> skin_state_problem(const Rig& rig, int state) {
    if (state < 0 || state >= static_cast<int>(rig.states.size())) return "state " + std::to_string(state) + " does not exist";
    return std::nullopt;
}

Result<Rig> skins_checked(Rig rig) {
    if (auto p = skins_problem(rig.skins, rig.skin)) return Error{*p};
    for (std::size_t s = 0; s < rig.states.size(); ++s) {
        std::string place;
        if (std::string p = skin_keys_problem(rig.states[s].skin_keys, rig.skins.size(), &place); !p.empty()) {
            return Error{"states[" + std::to_string(s) + "]." + place + ": " + p};
        }
    }
    return rig;
}

}  // namespace

Result<SkinEdit> add_skin(const Rig& rig, std::string_view name) {
    if (name.empty()) return Error{"a skin's name must not be empty"};
    std::unordered_set<std::string_view> taken;
    for (const Skin& s : rig.skins) taken.insert(s.name);
    Rig out = rig;
    out.skins.push_back(Skin{unique_name(taken, name)});
    out.skin = static_cast<int>(out.skins.size()) - 1;
    const int made = out.skin;
    Result<Rig> c = skins_checked(std::move(out));
    if (!c) return Error{c.message()};
    return SkinEdit{std::move(c).value(), made};
}

Result<Rig> rename_skin(const Rig& rig, int skin, std::string_view name) {
    if (auto p = skin_problem_at(rig, skin)) return Error{*p};
    if (name.empty()) return Error{"a skin's name must not be empty"};
    const int other = find_skin(rig.skins, std::string(name));
    if (other >= 0 && other != skin) return Error{"another skin is named \"" + std::string(name) + "\""};
    Rig out = rig;
    out.skins[static_cast<std::size_t>(skin)].name = std::string(name);
    return skins_checked(std::move(out));
}

Result<Rig> delete_skin(const Rig& rig, int skin) {
    if (auto p = skin_problem_at(rig, skin)) return Error{*p};
    Rig out = rig;
    for (std::size_t s = 0; s < out.slots.size(); ++s) {
        // Last first: removing one leaves the earlier indices as they were.
        for (int a = static_cast<int>(out.slots[s].attachments.size()) - 1; a >= 0; --a) {
            if (out.slots[s].attachments[static_cast<std::size_t>(a)].skin != skin) continue;
            Result<Rig> removed = delete_attachment(out, static_cast<int>(s), a);
            if (!removed) return Error{removed.message()};
            out = std::move(removed).value();
        }
    }
    const auto follow = [&](int& k) {
        if (k == skin) k = -1;
        else if (k > skin) --k;
    };
    out.skins.erase(out.skins.begin() + skin);
    follow(out.skin);
    for (Slot& slot : out.slots) {
        for (Attachment& a : slot.attachments) follow(a.skin);
    }
    for (State& state : out.states) {
        for (SkinKey& k : state.skin_keys) follow(k.skin);
    }
    if (auto p = slots_problem(out.slots, out.skeleton.size(), out.skins.size())) return Error{*p};
    return skins_checked(std::move(out));
}

Result<Rig> show_skin(const Rig& rig, int skin) {
    if (skin != -1) {
        if (auto p = skin_problem_at(rig, skin)) return Error{*p};
    }
    Rig out = rig;
    out.skin = skin;
    return out;
}

Result<Rig> key_skin(const Rig& rig, int state, float time, int skin) {
    if (auto p = skin_state_problem(rig, state)) return Error{*p};
    if (skin != -1) {
        if (auto p = skin_problem_at(rig, skin)) return Error{*p};
    }
    if (!is_key_time(time)) return Error{kKeyTimeRule};
    Rig out = rig;
    std::vector<SkinKey>& keys = out.states[static_cast<std::size_t>(state)].skin_keys;
    const auto at = std::lower_bound(keys.begin(), keys.end(), time, [](const SkinKey& k, float t) { return k.time < t; });
    if (at != keys.end() && at->time == time) {
        at->skin = skin;
    } else {
        keys.insert(at, SkinKey{time, skin});
    }
    return skins_checked(std::move(out));
}

Result<Rig> unkey_skin(const Rig& rig, int state, float time) {
    if (auto p = skin_state_problem(rig, state)) return Error{*p};
    Rig out = rig;
    std::vector<SkinKey>& keys = out.states[static_cast<std::size_t>(state)].skin_keys;
    const auto at = std::find_if(keys.begin(), keys.end(), [&](const SkinKey& k) { return k.time == time; });
    if (at == keys.end()) return Error{"state \"" + rig.states[static_cast<std::size_t>(state)].name + "\" has no skin key there"};
    keys.erase(at);
    return out;
}

}  // namespace marionette
