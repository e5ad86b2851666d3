#include "core/mesh/slot_json.hpp"

#include "core/io/json/json_numbers.hpp"
#include "core/math/angles.hpp"
#include "core/mesh/attachment_mesh_json.hpp"

namespace marionette {

namespace {

// `N` numbers in a list (2 for a vector, 4 for a colour).
template <int N>
glm::vec<N, float> numbers(const JsonField& f) {
    if (!f.is_array() || f.array_size() != static_cast<std::size_t>(N)) f.fail("must be a list of " + std::to_string(N) + " numbers");
    glm::vec<N, float> v;
    for (int i = 0; i < N; ++i) v[i] = f.element(static_cast<std::size_t>(i)).number();
    return v;
}

Attachment read_attachment(const JsonField& f, const Skeleton& skeleton, const std::vector<Skin>& skins) {
    f.require_object();
    static const char* const kNames[] = {"name", "image", "size", "offset", "rotation", "scale", "pivot", "tint", "mesh", "skin"};
    // The required ones are read through member(), which names what is missing.
    [[maybe_unused]] const auto [name, image, size, offset, rotation, scale, pivot, tint, mesh, skin] = f.members(kNames);
    Attachment a;
    a.name = f.member("name").non_empty_string();
    a.image = f.member("image").non_empty_string();
    a.size = numbers<2>(f.member("size"));
    if (offset) a.offset = numbers<2>(*offset);
    if (rotation) a.rotation = degrees_to_radians(rotation->number());
    if (scale) a.scale = numbers<2>(*scale);
    if (pivot) a.pivot = numbers<2>(*pivot);
    if (tint) a.tint = numbers<4>(*tint);
    if (mesh) a.mesh = read_attachment_mesh_json(*mesh, skeleton);
    if (skin) a.skin = read_skin_name(*skin, skins);
    return a;
}

Slot read_slot(const JsonField& f, const Skeleton& skeleton, const std::vector<Skin>& skins) {
    f.require_object();
    static const char* const kNames[] = {"name", "bone", "attachments", "attachment", "color"};
    [[maybe_unused]] const auto [name, bone, attachments, shown, color] = f.members(kNames);
    Slot s;
    s.name = f.member("name").non_empty_string();
    const JsonField bone_field = f.member("bone");
    const std::string bone_name = bone_field.non_empty_string();
    s.bone = skeleton.find(bone_name);
    if (s.bone < 0) bone_field.fail("\"" + bone_name + "\" is not a bone");
    if (attachments) {
        if (!attachments->is_array()) attachments->fail("must be a list");
        for (std::size_t i = 0; i < attachments->array_size(); ++i)
            s.attachments.push_back(read_attachment(attachments->element(i), skeleton, skins));
    }
    if (shown && !shown->is_null()) {
        s.shown = read_attachment_name(*shown, s);
    }
    if (color) s.color = numbers<4>(*color);
    return s;
}

Json numbers_json(const float* v, int n) {
    Json out = Json::array();
    for (int i = 0; i < n; ++i) out.push_back(json_float(v[i]));
    return out;
}

}  // namespace

int read_skin_name(const JsonField& f, const std::vector<Skin>& skins) {
    const std::string name = f.non_empty_string();
    const int skin = find_skin(skins, name);
    if (skin < 0) f.fail("\"" + name + "\" is not one of the rig's skins");
    return skin;
}

int read_attachment_name(const JsonField& f, const Slot& slot) {
    const std::string name = f.non_empty_string();
    for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
        if (slot.attachments[a].name == name) return static_cast<int>(a);
    }
    f.fail("\"" + name + "\" is not one of slot \"" + slot.name + "\"'s attachments");
}

std::vector<Skin> read_skins_json(const JsonField& field) {
    if (!field.is_array()) field.fail("must be a list of skin names");
    std::vector<Skin> skins;
    for (std::size_t i = 0; i < field.array_size(); ++i) {
        const JsonField f = field.element(i);
        Skin skin{f.non_empty_string()};
        if (find_skin(skins, skin.name) >= 0) f.fail("\"" + skin.name + "\" names another skin too");
        skins.push_back(std::move(skin));
    }
    return skins;
}

std::vector<Slot> read_slots_json(const JsonField& field, const Skeleton& skeleton, const std::vector<Skin>& skins) {
    if (!field.is_array()) field.fail("must be a list of slots");
    std::vector<Slot> slots;
    for (std::size_t i = 0; i < field.array_size(); ++i) slots.push_back(read_slot(field.element(i), skeleton, skins));
    return slots;
}

Json slots_json(const Rig& rig) {
    Json out = Json::array();
    for (const Slot& s : rig.slots) {
        Json slot = Json::object();
        slot["name"] = s.name;
        slot["bone"] = rig.skeleton[static_cast<std::size_t>(s.bone)].name;
        if (s.shown >= 0) slot["attachment"] = s.attachments[static_cast<std::size_t>(s.shown)].name;
        if (s.color != glm::vec4(1.0f)) slot["color"] = numbers_json(&s.color.x, 4);
        Json list = Json::array();
        for (const Attachment& a : s.attachments) {
            Json j = Json::object();
            j["name"] = a.name;
            j["image"] = a.image;
            j["size"] = numbers_json(&a.size.x, 2);
            if (a.offset != glm::vec2(0.0f)) j["offset"] = numbers_json(&a.offset.x, 2);
            if (a.rotation != 0.0f) j["rotation"] = json_number(radians_to_degrees(a.rotation));
            if (a.scale != glm::vec2(1.0f)) j["scale"] = numbers_json(&a.scale.x, 2);
            if (a.pivot != glm::vec2(0.5f)) j["pivot"] = numbers_json(&a.pivot.x, 2);
            if (a.tint != glm::vec4(1.0f)) j["tint"] = numbers_json(&a.tint.x, 4);
            if (a.mesh) j["mesh"] = attachment_mesh_json(*a.mesh, rig.skeleton);
            if (a.skin >= 0) j["skin"] = rig.skins[static_cast<std::size_t>(a.skin)].name;
            list.push_back(std::move(j));
        }
        slot["attachments"] = std::move(list);
        out.push_back(std::move(slot));
    }
    return out;
}

}  // namespace marionette
