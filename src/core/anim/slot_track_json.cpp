#include "core/anim/slot_track_json.hpp"

#include <cstdio>

#include "core/anim/key_curve_json.hpp"
#include "core/io/json/json_numbers.hpp"

namespace marionette {

int read_slot_name(const JsonField& f, const std::vector<Slot>& slots) {
    const std::string name = f.non_empty_string();
    for (std::size_t s = 0; s < slots.size(); ++s) {
        if (slots[s].name == name) return static_cast<int>(s);
    }
    f.fail("\"" + name + "\" is not a slot");
}

namespace {

SlotProperty read_property(const JsonField& f) {
    const std::string name = f.string();
    if (name == "attachment") return SlotProperty::Attachment;
    if (name == "color") return SlotProperty::Color;
    f.fail("unknown slot property \"" + name + "\" (expected \"attachment\" or \"color\")");
}

SlotKey read_key(const JsonField& f, const Slot& slot, SlotProperty property) {
    f.require_object();
    static const char* const kNames[] = {"time", "value", "interpolation", "curve", "curve_lines"};
    const auto [time, value, interpolation, curve, lines] = f.members(kNames);
    if (!time) f.fail("missing required \"time\"");
    if (!value) f.fail("missing required \"value\"");
    SlotKey k;
    k.time = time->number();
    if (property == SlotProperty::Attachment) {
        if (interpolation || curve || lines)
            (interpolation ? *interpolation : curve ? *curve : *lines).fail("a drawing switches at its key: it has no interpolation");
        if (value->is_null()) {
            k.attachment = -1;
        } else {
            const std::string name = value->non_empty_string();
            k.attachment = -2;
            for (std::size_t a = 0; a < slot.attachments.size() && k.attachment < -1; ++a) {
                if (slot.attachments[a].name == name) k.attachment = static_cast<int>(a);
            }
            if (k.attachment < -1) value->fail("\"" + name + "\" is not a drawing of slot \"" + slot.name + "\"");
        }
    } else {
        if (!value->is_array() || value->array_size() != 4) value->fail("a colour is a list of 4 numbers [r, g, b, a]");
        for (std::size_t i = 0; i < 4; ++i) k.color[static_cast<glm::length_t>(i)] = value->element(i).number();
        read_key_curve(interpolation, curve, lines, k.interpolation, k.curve);
    }
    return k;
}

}  // namespace

void read_slot_timelines(const std::optional<JsonField>& slot_tracks, const std::optional<JsonField>& draw_order,
                         const std::vector<Slot>& slots, State& state) {
    if (slot_tracks) {
        for (std::size_t i = 0; i < slot_tracks->array_size(); ++i) {
            const JsonField f = slot_tracks->element(i);
            f.allow_only({"slot", "property", "keys"});
            SlotTrack t;
            t.slot = read_slot_name(f.member("slot"), slots);
            if (auto p = f.optional_member("property")) t.property = read_property(*p);
            const JsonField keys = f.member("keys");
            for (std::size_t k = 0; k < keys.array_size(); ++k)
                t.keys.push_back(read_key(keys.element(k), slots[static_cast<std::size_t>(t.slot)], t.property));
            state.slot_tracks.push_back(std::move(t));
        }
    }
    if (draw_order) {
        for (std::size_t i = 0; i < draw_order->array_size(); ++i) {
            const JsonField f = draw_order->element(i);
            f.allow_only({"time", "order"});
            DrawOrderKey k;
            k.time = f.member("time").number();
            const JsonField order = f.member("order");
            for (std::size_t s = 0; s < order.array_size(); ++s) k.order.push_back(read_slot_name(order.element(s), slots));
            state.draw_order.push_back(std::move(k));
        }
    }
    std::string place;
    if (std::string problem = slot_timelines_problem(state.slot_tracks, state.draw_order, slots, &place); !problem.empty()) {
        // Failed at the field the place names ("slot_tracks[1].keys[0]", "draw_order[2]").
        std::size_t list = 0, key = 0;
        if (place.rfind("draw_order", 0) == 0) {
            std::sscanf(place.c_str(), "draw_order[%zu]", &key);
            draw_order->element(key).fail(problem);
        }
        const int parts = std::sscanf(place.c_str(), "slot_tracks[%zu].keys[%zu]", &list, &key);
        const JsonField track = slot_tracks->element(list);
        if (parts == 2) track.member("keys").element(key).fail(problem);
        track.fail(problem);
    }
}

void write_slot_timelines(const State& state, const std::vector<Slot>& slots, Json& out) {
    if (!state.slot_tracks.empty()) {
        Json tracks = Json::array();
        for (const SlotTrack& t : state.slot_tracks) {
            const Slot& slot = slots[static_cast<std::size_t>(t.slot)];
            Json keys = Json::array();
            for (const SlotKey& k : t.keys) {
                Json key;
                key["time"] = json_float(k.time);
                if (t.property == SlotProperty::Attachment) {
                    key["value"] = k.attachment < 0 ? Json(nullptr) : Json(slot.attachments[static_cast<std::size_t>(k.attachment)].name);
                } else {
                    key["value"] =
                        Json::array({json_float(k.color.r), json_float(k.color.g), json_float(k.color.b), json_float(k.color.a)});
                    write_key_curve(key, k.interpolation, k.curve);
                }
                keys.push_back(std::move(key));
            }
            Json track;
            track["slot"] = slot.name;
            track["property"] = slot_property_name(t.property);
            track["keys"] = std::move(keys);
            tracks.push_back(std::move(track));
        }
        out["slot_tracks"] = std::move(tracks);
    }
    if (!state.draw_order.empty()) {
        Json keys = Json::array();
        for (const DrawOrderKey& k : state.draw_order) {
            Json order = Json::array();
            for (int s : k.order) order.push_back(slots[static_cast<std::size_t>(s)].name);
            keys.push_back(Json{{"time", json_float(k.time)}, {"order", std::move(order)}});
        }
        out["draw_order"] = std::move(keys);
    }
}

void read_skin_keys(const JsonField& field, const std::vector<Skin>& skins, State& state) {
    if (!field.is_array()) field.fail("must be a list of skin keys");
    for (std::size_t i = 0; i < field.array_size(); ++i) {
        const JsonField f = field.element(i);
        f.allow_only({"time", "skin"});
        SkinKey k;
        k.time = f.member("time").number();
        const JsonField skin = f.member("skin");
        if (!skin.is_null()) {
            const std::string name = skin.non_empty_string();
            k.skin = find_skin(skins, name);
            if (k.skin < 0) skin.fail("\"" + name + "\" is not one of the rig's skins");
        }
        state.skin_keys.push_back(k);
        if (std::string problem = skin_keys_problem(state.skin_keys, skins.size()); !problem.empty()) f.fail(problem);
    }
}

void write_skin_keys(const State& state, const std::vector<Skin>& skins, Json& out) {
    if (state.skin_keys.empty()) return;
    Json keys = Json::array();
    for (const SkinKey& k : state.skin_keys) {
        keys.push_back(
            Json{{"time", json_float(k.time)}, {"skin", k.skin < 0 ? Json(nullptr) : Json(skins[static_cast<std::size_t>(k.skin)].name)}});
    }
    out["skin_keys"] = std::move(keys);
}

}  // namespace marionette
