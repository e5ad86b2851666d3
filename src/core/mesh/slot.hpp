#pragma once
// Pictures on bones, as Spine and DragonBones hold them. A slot belongs to one bone and shows at
// most one of its image attachments at a time (eyes open or closed, a hand's shapes); the rig's
// slots are its draw order, bottom first, whatever the bone tree. An attachment is an image
// placed in its bone's frame: its pivot (a point of the picture, as a fraction of its size) sits
// at `offset`, the picture turned by `rotation` and stretched by `scale` about it, then tinted.
// The bone's pose scale stretches its pictures as it stretches the bone (pose.hpp). The image
// itself is a file named relative to the rig file's folder; the rig keeps the name and the
// picture's size in rig units, so a missing file loses nothing (docs/rig-format.md, "Slots").

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/math/transform.hpp"
#include "core/mesh/attachment_mesh.hpp"

namespace marionette {

struct Attachment {
    std::string name;        // unique within its slot and skin: what the slot and its keys ask for
    std::string image;       // a relative path from the rig file's folder, '/' between parts
    glm::vec2 size{0.0f};    // the picture's width and height in rig units, at scale 1
    glm::vec2 offset{0.0f};  // where the pivot sits, in the bone's frame
    float rotation = 0.0f;   // radians about the pivot, counter-clockwise in the bone's frame
    glm::vec2 scale{1.0f};   // along the picture's own x and y (negative mirrors it)
    glm::vec2 pivot{0.5f};   // the point of the picture at `offset`: (0, 0) its bottom left, (1, 1) its top right
    glm::vec4 tint{1.0f};    // multiplies the picture's colour and alpha, each in [0, 1]
    std::optional<AttachmentMesh> mesh = std::nullopt;  // the picture cut into triangles; none: a plain quad
    int skin = -1;  // the skin it belongs to (index into the rig's skins), or -1: the rig's own (skin.hpp)

    bool operator==(const Attachment&) const = default;
};

struct Slot {
    std::string name;                     // unique among the rig's slots
    int bone = -1;                        // index into the skeleton
    std::vector<Attachment> attachments;  // what it can show
    int shown = -1;                       // index into attachments (asked for by its name, skin.hpp), or -1: nothing
    glm::vec4 color{1.0f};                // the slot's own tint over its attachment's, each in [0, 1]

    bool operator==(const Slot&) const = default;
};

// Ranges every reader and writer holds slots to (docs/rig-format.md, "Slots").
inline constexpr float kMaxAttachmentScale = 1000.0f;
inline constexpr float kMaxAttachmentRotation = 36000.0f;  // degrees, as a 2D key's

// Why `slots` break the format's rules over a skeleton of `bone_count` bones and `skin_count`
// skins, naming the place (`slots[2].attachments[0].size: ...`), or nothing when they keep them:
// names non-empty and unique (slots among slots, attachments within their slot and skin), skins,
// bones and shown attachments that
// exist, an image path that is relative and non-empty, sizes and offsets within
// +-kMaxCoordinate (sizes >= 0), scales within +-kMaxAttachmentScale, the pivot, tint and colour
// within [0, 1], everything finite, and meshes that keep attachment_mesh_problem's rule.
std::optional<std::string> slots_problem(const std::vector<Slot>& slots, std::size_t bone_count, std::size_t skin_count);

// Where a point `v` of the picture's space (rig units at scale 1, (0, 0) its bottom left, `size`
// its top right: a mesh's vertices live there) sits in the bone's frame, before the bone's pose
// scale.
glm::vec2 picture_to_bone(const Attachment& a, const glm::vec2& v);

// The picture's corners in the bone's frame (bottom left, bottom right, top right, top left),
// before the bone's pose scale.
std::array<glm::vec2, 4> attachment_corners(const Attachment& a);

// The same corners in the world: the bone's world frame `bone_world`, its pose scale `bone_scale`
// stretching its frame first (2D: in the xy plane, z 0).
std::array<glm::vec3, 4> attachment_world_corners(const Attachment& a, const Transform& bone_world, const glm::vec3& bone_scale);

}  // namespace marionette
