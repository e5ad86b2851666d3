#pragma once
// A Spine skeleton's setup as its JSON file states it (esotericsoftware.com/spine-json-format),
// names resolved to indices and defaults filled in, before it is made a rig
// (spine_rig_job.hpp). Angles in degrees, as the file gives them.

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/io/spine_import/spine_animation_data.hpp"

namespace marionette {

// The editor version that wrote the file (`skeleton.spine`, "4.2.22").
struct SpineVersion {
    int major = 0;
    int minor = 0;
    std::string text;
};

// How a bone takes its parent's frame (4.2's `inherit`, 3.8-4.1's `transform`).
enum class SpineInherit { Normal, OnlyTranslation, NoRotationOrReflection, NoScale, NoScaleOrReflection };

struct SpineBoneData {
    std::string name;
    int parent = -1;
    double length = 0.0;
    double x = 0.0, y = 0.0;
    double rotation = 0.0;
    double scale_x = 1.0, scale_y = 1.0;
    double shear_x = 0.0, shear_y = 0.0;
    SpineInherit inherit = SpineInherit::Normal;
    std::optional<glm::vec4> color;  // the editor's colour for it
};

struct SpineSlotData {
    std::string name;
    int bone = -1;
    glm::vec4 color{1.0f};
    bool dark = false;       // has a second (dark) colour for two-colour tinting
    std::string attachment;  // shown in the setup pose; empty: none
    std::string blend = "normal";
};

enum class SpineAttachmentType { Region, Mesh, LinkedMesh, BoundingBox, Path, Point, Clipping };

const char* spine_attachment_type_name(SpineAttachmentType t);  // as the file spells it: "region", "linkedmesh", ...

struct SpineAttachmentData {
    std::string place;  // where it is in the file: "skins[0].attachments.head.head"
    std::string name;   // its key in the skin
    std::string path;   // the atlas region it shows (its name when not given)
    SpineAttachmentType type = SpineAttachmentType::Region;
    double x = 0.0, y = 0.0, rotation = 0.0, scale_x = 1.0, scale_y = 1.0;
    double width = 0.0, height = 0.0;  // region: required; mesh: 0 when not given
    glm::vec4 color{1.0f};
    bool sequence = false;  // shows a sequence of regions
    // Mesh only: `uvs` (x, y pairs over the region, y down), `triangles`, `hull` (vertices on the
    // outline, first), and `vertices` as written: x, y pairs in the bone's frame (unweighted, as
    // many numbers as uvs) or, per vertex, a bone count then (bone, x, y, weight) for each.
    std::vector<float> uvs;
    std::vector<int> triangles;
    std::vector<float> vertices;
    int hull = 0;
    // Linked mesh only: the mesh it takes its vertices from, in the same slot of `parent_skin`
    // (the default skin when the file names none).
    std::string parent;
    std::string parent_skin;
    bool parent_timelines = true;  // the parent's deform keys act on it too
};

struct SpineSkinEntry {
    int slot = -1;
    SpineAttachmentData attachment;
};

struct SpineSkinData {
    std::string name;
    std::vector<SpineSkinEntry> attachments;
    std::size_t bound = 0;  // how many bones and constraints it lists (active only with the skin, Spine 4)
};

struct SpineIkData {
    std::string name;
    std::vector<int> bones;  // one or two, parent first
    int target = -1;
    double mix = 1.0;
    double softness = 0.0;
    bool bend_positive = true;
    bool compress = false, stretch = false, uniform = false;
    bool skin_required = false;
    int order = 0;  // where it acts among the skeleton's constraints, lowest first
};

struct SpineSkeletonData {
    SpineVersion version;
    std::vector<SpineBoneData> bones;  // parents before children, as Spine writes them
    std::vector<SpineSlotData> slots;  // in draw order, bottom first
    std::vector<SpineIkData> ik;
    std::vector<SpineSkinData> skins;  // the default skin ("default") first when there is one
    // What the file holds that the reader passes over, named for a warning: constraints other
    // than IK, the events' names.
    std::vector<std::string> transform_constraints, path_constraints, physics_constraints;
    std::vector<std::string> events;
    std::vector<SpineAnimationData> animations;
};

}  // namespace marionette
