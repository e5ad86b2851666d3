#include "core/anim/deform_track_json.hpp"

#include <cstdio>

#include "core/anim/key_curve_json.hpp"
#include "core/anim/slot_track_json.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/mesh/slot_json.hpp"

namespace marionette {

namespace {

// The attachment of `slot` named `f` in skin `skin` (-1: the rig's own).
int attachment_named(const JsonField& f, const Slot& slot, int skin, const std::vector<Skin>& skins) {
    const std::string name = f.non_empty_string();
    for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
        if (slot.attachments[a].name == name && slot.attachments[a].skin == skin) return static_cast<int>(a);
    }
    f.fail(
        "\"" + name + "\" is not one of slot \"" + slot.name + "\"'s attachments" +
        (skin < 0 ? std::string(skins.empty() ? "" : " of no skin") : " in skin \"" + skins[static_cast<std::size_t>(skin)].name + "\""));
}

std::vector<glm::vec2> offsets(const JsonField& f) {
    if (!f.is_array()) f.fail("must be a list of [x, y] offsets");
    std::vector<glm::vec2> out;
    out.reserve(std::min<std::size_t>(f.array_size(), kMaxAttachmentMeshVertices + 1));
    for (std::size_t i = 0; i < f.array_size(); ++i) {
        const JsonField p = f.element(i);
        if (!p.is_array() || p.array_size() != 2) p.fail("must be a list of 2 numbers");
        out.emplace_back(p.element(0).number(), p.element(1).number());
    }
    return out;
}

}  // namespace

void read_deform_tracks(const std::optional<JsonField>& deform, const std::vector<Slot>& slots, const std::vector<Skin>& skins,
                        State& state) {
    if (!deform) return;
    if (!deform->is_array()) deform->fail("must be a list of deform tracks");
    for (std::size_t i = 0; i < deform->array_size(); ++i) {
        const JsonField f = deform->element(i);
        f.allow_only({"slot", "attachment", "skin", "keys"});
        DeformTrack t;
        t.slot = read_slot_name(f.member("slot"), slots);
        const auto skin = f.optional_member("skin");
        t.attachment = attachment_named(f.member("attachment"), slots[static_cast<std::size_t>(t.slot)],
                                        skin ? read_skin_name(*skin, skins) : -1, skins);
        const JsonField keys = f.member("keys");
        if (!keys.is_array()) keys.fail("must be a list of keys");
        for (std::size_t k = 0; k < keys.array_size(); ++k) {
            const JsonField key = keys.element(k);
            key.require_object();
            static const char* const kNames[] = {"time", "offsets", "interpolation", "curve", "curve_lines"};
            const auto [time, offset_list, interpolation, curve, lines] = key.members(kNames);
            if (!time) key.fail("missing required \"time\"");
            if (!offset_list) key.fail("missing required \"offsets\"");
            DeformKey d;
            d.time = time->number();
            d.offsets = offsets(*offset_list);
            read_key_curve(interpolation, curve, lines, d.interpolation, d.curve);
            t.keys.push_back(std::move(d));
        }
        state.deform.push_back(std::move(t));
    }
    std::string place;
    if (std::string problem = deform_tracks_problem(state.deform, slots, &place); !problem.empty()) {
        // Failed at the field the place names ("deform[1].keys[0]", "deform[1]").
        std::size_t list = 0, key = 0;
        const int parts = std::sscanf(place.c_str(), "deform[%zu].keys[%zu]", &list, &key);
        const JsonField track = deform->element(list);
        if (parts == 2) track.member("keys").element(key).fail(problem);
        track.fail(problem);
    }
}

void write_deform_tracks(const State& state, const std::vector<Slot>& slots, const std::vector<Skin>& skins, Json& out) {
    if (state.deform.empty()) return;
    Json tracks = Json::array();
    for (const DeformTrack& t : state.deform) {
        const Slot& slot = slots[static_cast<std::size_t>(t.slot)];
        Json keys = Json::array();
        for (const DeformKey& k : t.keys) {
            Json key;
            key["time"] = json_float(k.time);
            Json list = Json::array();
            for (const glm::vec2& o : k.offsets) list.push_back(Json::array({json_float(o.x), json_float(o.y)}));
            key["offsets"] = std::move(list);
            write_key_curve(key, k.interpolation, k.curve);
            keys.push_back(std::move(key));
        }
        const Attachment& a = slot.attachments[static_cast<std::size_t>(t.attachment)];
        Json track{{"slot", slot.name}, {"attachment", a.name}};
        if (a.skin >= 0) track["skin"] = skins[static_cast<std::size_t>(a.skin)].name;
        track["keys"] = std::move(keys);
        tracks.push_back(std::move(track));
    }
    out["deform"] = std::move(tracks);
}

}  // namespace marionette
