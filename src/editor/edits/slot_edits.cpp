#include "editor/edits/slot_edits.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <unordered_set>

#include "core/math/angles.hpp"
#include "editor/edits/unique_name.hpp"

namespace marionette {

namespace {

std::optional<std::string> slot_index_problem(const Rig& rig, int slot) {
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) {
        return "slot " + std::to_string(slot) + " does not exist (the rig has " + std::to_string(rig.slots.size()) + ")";
    }
    return std::nullopt;
}

// The edited rig when it keeps the slots' rule and the states' deform keys still fit their
// meshes, else why not.
Result<Rig> checked(Rig rig) {
    if (auto p = slots_problem(rig.slots, rig.skeleton.size(), rig.skins.size())) return Error{*p};
    for (std::size_t s = 0; s < rig.states.size(); ++s) {
        std::string place;
        if (std::string p = deform_tracks_problem(rig.states[s].deform, rig.slots, &place); !p.empty()) {
            return Error{"states[" + std::to_string(s) + "]." + place + ": " + p};
        }
    }
    return rig;
}

// "eyes_closed" for "pictures/eyes_closed.png".
std::string name_of_image(std::string_view image) {
    std::string stem = std::filesystem::path(std::string(image)).stem().string();
    return stem.empty() ? std::string("picture") : stem;
}

// A new attachment of `image` centred on the bone's middle, upright in the world.
Attachment placed_picture(const Rig& rig, int bone, std::string_view image, glm::vec2 size, const Transform& bone_world) {
    Attachment a;
    a.image = std::string(image);
    a.size = size;
    a.offset = {0.5f * rig.skeleton[static_cast<std::size_t>(bone)].length, 0.0f};
    // The bone's world turn about z, undone: the picture's x runs along the world's.
    const glm::vec3 x_axis = bone_world.rotation * glm::vec3{1.0f, 0.0f, 0.0f};
    // Kept to a thousandth of a degree, so a bone turned -90 gives a picture turned 90, not
    // 89.999996 (what the file would show).
    const double degrees = -std::atan2(static_cast<double>(x_axis.y), static_cast<double>(x_axis.x)) * (180.0 / kPiDouble);
    a.rotation = degrees_to_radians(std::round(degrees * 1000.0) / 1000.0);
    return a;
}

Result<SlotEdit> with_picture_checks(std::string_view image, glm::vec2 size) {
    if (image.empty()) return Error{"an image path must not be empty"};
    if (!(size.x >= 0.0f && size.y >= 0.0f)) return Error{"a picture's size must be finite and >= 0"};
    return SlotEdit{};
}

// Slot indices in every state's slot tracks and draw-order keys follow `renumber[old]` (-1: the
// slot is gone, and its tracks with it).
void renumber_slots(Rig& rig, const std::vector<int>& renumber) {
    for (State& state : rig.states) {
        std::erase_if(state.slot_tracks, [&](const SlotTrack& t) { return renumber[static_cast<std::size_t>(t.slot)] < 0; });
        for (SlotTrack& t : state.slot_tracks) t.slot = renumber[static_cast<std::size_t>(t.slot)];
        std::erase_if(state.deform, [&](const DeformTrack& t) { return renumber[static_cast<std::size_t>(t.slot)] < 0; });
        for (DeformTrack& t : state.deform) t.slot = renumber[static_cast<std::size_t>(t.slot)];
        for (DrawOrderKey& k : state.draw_order) {
            std::erase_if(k.order, [&](int slot) { return renumber[static_cast<std::size_t>(slot)] < 0; });
            for (int& slot : k.order) slot = renumber[static_cast<std::size_t>(slot)];
        }
    }
}

}  // namespace

Result<SlotEdit> add_picture_slot(const Rig& rig, int bone, std::string_view image, glm::vec2 size, const Transform& bone_world) {
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) return Error{"bone " + std::to_string(bone) + " does not exist"};
    if (Result<SlotEdit> ok = with_picture_checks(image, size); !ok) return ok;
    std::unordered_set<std::string_view> taken;
    for (const Slot& s : rig.slots) taken.insert(s.name);
    Slot slot;
    slot.name = unique_name(taken, name_of_image(image));
    slot.bone = bone;
    Attachment a = placed_picture(rig, bone, image, size, bone_world);
    a.name = name_of_image(image);
    a.skin = rig.skin;  // as in Spine, a new attachment goes into the skin shown
    slot.attachments.push_back(std::move(a));
    slot.shown = 0;
    Rig out = rig;
    out.slots.push_back(std::move(slot));
    Result<Rig> c = checked(std::move(out));
    if (!c) return Error{c.message()};
    const int index = static_cast<int>(c.value().slots.size()) - 1;
    return SlotEdit{std::move(c).value(), index, 0};
}

Result<SlotEdit> add_slot_attachment(const Rig& rig, int slot, std::string_view image, glm::vec2 size, const Transform& bone_world) {
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    if (Result<SlotEdit> ok = with_picture_checks(image, size); !ok) return ok;
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    Attachment a;
    if (const int drawn = drawn_attachment(s, s.shown, rig.skin); drawn >= 0) {
        a = s.attachments[static_cast<std::size_t>(drawn)];
        a.image = std::string(image);
        a.size = size;
    } else {
        a = placed_picture(rig, s.bone, image, size, bone_world);
    }
    a.skin = rig.skin;
    std::unordered_set<std::string_view> taken;
    for (const Attachment& other : s.attachments) taken.insert(other.name);
    a.name = unique_name(taken, name_of_image(image));
    Rig out = rig;
    Slot& changed = out.slots[static_cast<std::size_t>(slot)];
    changed.attachments.push_back(std::move(a));
    changed.shown = static_cast<int>(changed.attachments.size()) - 1;
    const int index = changed.shown;
    Result<Rig> c = checked(std::move(out));
    if (!c) return Error{c.message()};
    return SlotEdit{std::move(c).value(), slot, index};
}

Result<Rig> set_slot(const Rig& rig, int slot, const Slot& value) {
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    if (value.attachments != rig.slots[static_cast<std::size_t>(slot)].attachments) {
        return Error{"set_slot keeps the slot's attachments: change them one by one"};
    }
    Rig out = rig;
    out.slots[static_cast<std::size_t>(slot)] = value;
    return checked(std::move(out));
}

Result<Rig> set_attachment(const Rig& rig, int slot, int attachment, const Attachment& value) {
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (attachment < 0 || attachment >= static_cast<int>(s.attachments.size())) {
        return Error{"slot \"" + s.name + "\" has no attachment " + std::to_string(attachment)};
    }
    Rig out = rig;
    out.slots[static_cast<std::size_t>(slot)].attachments[static_cast<std::size_t>(attachment)] = value;
    return checked(std::move(out));
}

Result<Rig> move_slot(const Rig& rig, int from, int to) {
    if (auto p = slot_index_problem(rig, from)) return Error{*p};
    if (auto p = slot_index_problem(rig, to)) return Error{*p};
    Rig out = rig;
    Slot moved = std::move(out.slots[static_cast<std::size_t>(from)]);
    out.slots.erase(out.slots.begin() + from);
    out.slots.insert(out.slots.begin() + to, std::move(moved));
    // The states' keys name the slots by index: each follows its slot.
    std::vector<int> order(rig.slots.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    order.erase(order.begin() + from);
    order.insert(order.begin() + to, from);  // order[new] = old
    std::vector<int> renumber(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) renumber[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    renumber_slots(out, renumber);
    return out;
}

Result<Rig> delete_slot(const Rig& rig, int slot) {
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    Rig out = rig;
    out.slots.erase(out.slots.begin() + slot);
    std::vector<int> renumber(rig.slots.size());
    for (std::size_t i = 0; i < renumber.size(); ++i) {
        const int n = static_cast<int>(i);
        renumber[i] = n < slot ? n : n == slot ? -1 : n - 1;
    }
    renumber_slots(out, renumber);
    return out;
}

Result<Rig> delete_attachment(const Rig& rig, int slot, int attachment) {
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (attachment < 0 || attachment >= static_cast<int>(s.attachments.size())) {
        return Error{"slot \"" + s.name + "\" has no attachment " + std::to_string(attachment)};
    }
    Rig out = rig;
    Slot& changed = out.slots[static_cast<std::size_t>(slot)];
    const std::string name = s.attachments[static_cast<std::size_t>(attachment)].name;
    changed.attachments.erase(changed.attachments.begin() + attachment);
    // What asked for it by name asks for its twin in another skin, when the slot has one.
    int twin = -1;
    for (std::size_t a = 0; a < changed.attachments.size() && twin < 0; ++a) {
        if (changed.attachments[a].name == name) twin = static_cast<int>(a);
    }
    const auto follow = [&](int& shown) {
        if (shown == attachment) {
            shown = twin;
        } else if (shown > attachment) {
            --shown;
        }
    };
    follow(changed.shown);
    // The states' keys showing it show nothing there now; the others keep their drawings. Its
    // deform keys go with it.
    for (State& state : out.states) {
        std::erase_if(state.deform, [&](const DeformTrack& t) { return t.slot == slot && t.attachment == attachment; });
        for (DeformTrack& t : state.deform) {
            if (t.slot == slot && t.attachment > attachment) --t.attachment;
        }
        for (SlotTrack& t : state.slot_tracks) {
            if (t.slot != slot || t.property != SlotProperty::Attachment) continue;
            for (SlotKey& k : t.keys) follow(k.attachment);
        }
    }
    return out;
}

Result<Rig> key_slot(const Rig& rig, int state, int slot, SlotProperty property, float time, const SlotKey& key) {
    if (state < 0 || state >= static_cast<int>(rig.states.size())) return Error{"state " + std::to_string(state) + " does not exist"};
    if (auto p = slot_index_problem(rig, slot)) return Error{*p};
    Rig out = rig;
    State& st = out.states[static_cast<std::size_t>(state)];
    auto track = std::find_if(st.slot_tracks.begin(), st.slot_tracks.end(),
                              [&](const SlotTrack& t) { return t.slot == slot && t.property == property; });
    if (track == st.slot_tracks.end()) track = st.slot_tracks.insert(st.slot_tracks.end(), SlotTrack{slot, property, {}});
    SlotKey k = key;
    k.time = time;
    auto at = std::lower_bound(track->keys.begin(), track->keys.end(), time, [](const SlotKey& a, float t) { return a.time < t; });
    if (at != track->keys.end() && at->time == time) {
        *at = k;
    } else {
        track->keys.insert(at, k);
    }
    std::string place;
    if (std::string problem = slot_timelines_problem(st.slot_tracks, st.draw_order, out.slots, &place); !problem.empty()) {
        return Error{"states[" + std::to_string(state) + "]." + place + ": " + problem};
    }
    return out;
}

Result<Rig> key_draw_order(const Rig& rig, int state, float time, std::vector<int> order) {
    if (state < 0 || state >= static_cast<int>(rig.states.size())) return Error{"state " + std::to_string(state) + " does not exist"};
    Rig out = rig;
    State& st = out.states[static_cast<std::size_t>(state)];
    auto at = std::lower_bound(st.draw_order.begin(), st.draw_order.end(), time, [](const DrawOrderKey& k, float t) { return k.time < t; });
    if (at != st.draw_order.end() && at->time == time) {
        at->order = std::move(order);
    } else {
        st.draw_order.insert(at, DrawOrderKey{time, std::move(order)});
    }
    std::string place;
    if (std::string problem = slot_timelines_problem(st.slot_tracks, st.draw_order, out.slots, &place); !problem.empty()) {
        return Error{"states[" + std::to_string(state) + "]." + place + ": " + problem};
    }
    return out;
}

}  // namespace marionette
