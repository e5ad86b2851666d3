#include "core/mesh/slot.hpp"

#include <cmath>
#include <set>

#include "core/base/extents.hpp"
#include "core/math/angles.hpp"
#include "core/math/color.hpp"

namespace marionette {

namespace {

std::string list_item(const std::string& list, std::size_t i) { return list + "[" + std::to_string(i) + "]"; }

bool within(float v, float low, float high) { return v >= low && v <= high; }  // false for NaN
bool within(const glm::vec2& v, float low, float high) { return within(v.x, low, high) && within(v.y, low, high); }

// Why an image path is not one a rig file may name, or empty: it must lead from the rig's folder.
std::string image_path_problem(const std::string& path) {
    if (path.empty()) return "an image path must not be empty";
    if (path.front() == '/' || path.front() == '\\' || (path.size() > 1 && path[1] == ':')) {
        return "\"" + path + "\" must be relative to the rig file's folder";
    }
    if (path.find('\\') != std::string::npos) return "\"" + path + "\": parts are separated by '/'";
    if (path.find('\0') != std::string::npos) return "an image path must not hold a NUL";
    return {};
}

std::optional<std::string> attachment_problem(const Attachment& a, std::size_t bone_count, const std::string& place) {
    if (a.name.empty()) return place + ".name: must not be empty";
    if (const std::string p = image_path_problem(a.image); !p.empty()) return place + ".image: " + p;
    if (!within(a.size, 0.0f, kMaxCoordinate)) return place + ".size: each must be between 0 and 1e15";
    if (!within(a.offset, -kMaxCoordinate, kMaxCoordinate)) return place + std::string(".offset: each must be ") + kCoordinateRange;
    if (!within(a.rotation, -degrees_to_radians(kMaxAttachmentRotation), degrees_to_radians(kMaxAttachmentRotation))) {
        return place + ".rotation: must be between -36000 and 36000 degrees";
    }
    if (!within(a.scale, -kMaxAttachmentScale, kMaxAttachmentScale)) return place + ".scale: each must be between -1000 and 1000";
    if (!within(a.pivot, 0.0f, 1.0f)) return place + ".pivot: each must be between 0 and 1";
    if (!is_color(a.tint)) return place + ".tint: each must be " + kColorRange;
    if (a.mesh) return attachment_mesh_problem(*a.mesh, bone_count, place + ".mesh");
    return std::nullopt;
}

}  // namespace

std::optional<std::string> slots_problem(const std::vector<Slot>& slots, std::size_t bone_count, std::size_t skin_count) {
    std::set<std::string> names;
    for (std::size_t s = 0; s < slots.size(); ++s) {
        const Slot& slot = slots[s];
        const std::string place = list_item("slots", s);
        if (slot.name.empty()) return place + ".name: must not be empty";
        if (!names.insert(slot.name).second) return place + ".name: \"" + slot.name + "\" names another slot too";
        if (slot.bone < 0 || static_cast<std::size_t>(slot.bone) >= bone_count) return place + ".bone: not a bone";
        if (!is_color(slot.color)) return place + ".color: each must be " + kColorRange;
        std::set<std::pair<std::string, int>> attachment_names;
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const std::string where = place + "." + list_item("attachments", a);
            const Attachment& at = slot.attachments[a];
            if (auto p = attachment_problem(at, bone_count, where)) return p;
            if (at.skin < -1 || at.skin >= static_cast<int>(skin_count)) return where + ".skin: not one of the rig's skins";
            if (!attachment_names.insert({at.name, at.skin}).second) {
                return where + ".name: \"" + at.name + "\" names another attachment of the slot too" +
                       (at.skin < 0 ? "" : " in the same skin");
            }
        }
        if (slot.shown < -1 || slot.shown >= static_cast<int>(slot.attachments.size()))
            return place + ".attachment: not one of its attachments";
    }
    return std::nullopt;
}

glm::vec2 picture_to_bone(const Attachment& a, const glm::vec2& v) {
    const float c = std::cos(a.rotation), s = std::sin(a.rotation);
    const glm::vec2 p = (v - a.pivot * a.size) * a.scale;
    return a.offset + glm::vec2{c * p.x - s * p.y, s * p.x + c * p.y};
}

std::array<glm::vec2, 4> attachment_corners(const Attachment& a) {
    const std::array<glm::vec2, 4> unit{glm::vec2{0.0f, 0.0f}, glm::vec2{1.0f, 0.0f}, glm::vec2{1.0f, 1.0f}, glm::vec2{0.0f, 1.0f}};
    std::array<glm::vec2, 4> out;
    for (std::size_t i = 0; i < 4; ++i) out[i] = picture_to_bone(a, unit[i] * a.size);
    return out;
}

std::array<glm::vec3, 4> attachment_world_corners(const Attachment& a, const Transform& bone_world, const glm::vec3& bone_scale) {
    const std::array<glm::vec2, 4> local = attachment_corners(a);
    std::array<glm::vec3, 4> out;
    for (std::size_t i = 0; i < 4; ++i) out[i] = bone_world.apply(glm::vec3(local[i], 0.0f) * bone_scale);
    return out;
}

}  // namespace marionette
