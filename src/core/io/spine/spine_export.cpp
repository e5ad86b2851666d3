#include "core/io/spine/spine_export.hpp"

#include <cstdio>
#include <limits>

#include "core/base/utf8.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/io/spine/spine_animation.hpp"
#include "core/io/spine/spine_atlas.hpp"
#include "core/io/spine/spine_json_text.hpp"
#include "core/io/spine/spine_skeleton.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/mesh/mesh_data.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// The first name in the rig that is not UTF-8 (JSON text must be), as "bones[2].name".
std::string name_not_utf8(const Rig& rig) {
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        if (!is_valid_utf8(rig.skeleton[b].name)) return "bones[" + std::to_string(b) + "].name";
    }
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        if (!is_valid_utf8(slot.name)) return "slots[" + std::to_string(s) + "].name";
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const std::string at = "slots[" + std::to_string(s) + "].attachments[" + std::to_string(a) + "]";
            if (!is_valid_utf8(slot.attachments[a].name)) return at + ".name";
            if (!is_valid_utf8(slot.attachments[a].image)) return at + ".image";
        }
    }
    for (std::size_t c = 0; c < rig.chains.size(); ++c) {
        if (!is_valid_utf8(rig.chains[c].name)) return "chains[" + std::to_string(c) + "].name";
    }
    for (std::size_t s = 0; s < rig.states.size(); ++s) {
        if (!is_valid_utf8(rig.states[s].name)) return "states[" + std::to_string(s) + "].name";
    }
    return {};
}

// The box around the pictures the slots show in the setup (rest) pose, as Spine's "x", "y",
// "width", "height"; nothing when no slot shows one.
void add_bounds(const Rig& rig, Json& skeleton) {
    const Result<std::vector<Transform>> world = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size()));
    if (!world) return;
    glm::vec2 lo{std::numeric_limits<float>::max()}, hi{std::numeric_limits<float>::lowest()};
    bool any = false;
    const Pose rest = Pose::rest(rig.skeleton.size());
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, rest, world.value());
    std::vector<glm::vec3> placed;
    for (const Slot& slot : rig.slots) {
        const int drawn = drawn_attachment(slot, slot.shown, rig.skin);
        if (drawn < 0) continue;
        attachment_world_vertices(slot.attachments[static_cast<std::size_t>(drawn)], slot.bone, world.value(), rest, skinning, placed);
        for (const glm::vec3& c : placed) {
            lo = glm::min(lo, glm::vec2(c));
            hi = glm::max(hi, glm::vec2(c));
            any = true;
        }
    }
    if (!any) return;
    skeleton["x"] = json_float(lo.x);
    skeleton["y"] = json_float(lo.y);
    skeleton["width"] = json_float(hi.x - lo.x);
    skeleton["height"] = json_float(hi.y - lo.y);
}

}  // namespace

Result<SpineExport> export_spine(const Rig& rig, const SpineExportOptions& options) {
    if (!rig.is_2d()) return Error{"a 3D rig cannot be exported to Spine, which is 2D: export it as glTF instead"};
    if (rig.skeleton.empty()) return Error{"a rig without bones has nothing to export"};
    if (const std::string place = name_not_utf8(rig); !place.empty()) return Error{place + ": not UTF-8, which a JSON file cannot hold"};
    SpineExport out;
    if (!rig.meshes.empty()) {
        out.warnings.push_back(std::to_string(rig.meshes.meshes().size()) +
                               " meshes are left out: the Spine export writes the slots' pictures, not meshes (docs/spine.md)");
    }
    Result<SpineSkeletonPlan> planned = plan_spine_skeleton(rig, out.warnings);
    if (!planned) return Error{planned.message()};
    const SpineSkeletonPlan& plan = planned.value();
    const SpineRegions regions = plan_spine_regions(rig, options.pictures, out.warnings);

    Json skeleton = Json::object();
    skeleton["hash"] = "";  // below, once the rest is known
    skeleton["spine"] = kSpineVersion;
    add_bounds(rig, skeleton);
    skeleton["fps"] = json_float(rig.fps);
    skeleton["images"] = "./images/";
    Json doc = Json::object();
    doc["skeleton"] = std::move(skeleton);
    doc["bones"] = spine_bones(rig, plan);
    if (!rig.slots.empty()) doc["slots"] = spine_slots(rig, plan);
    if (!plan.ik.empty()) doc["ik"] = spine_ik(rig, plan);
    if (!rig.slots.empty()) doc["skins"] = spine_skins(rig, plan, regions);
    if (!rig.states.empty()) doc["animations"] = spine_animations(rig, plan, out.warnings);

    // A hash of everything else: the same rig gives the same file, another rig another hash.
    Result<std::string> unhashed = spine_json_text(doc);
    if (!unhashed) return Error{unhashed.message()};
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a64(unhashed.value())));
    doc["skeleton"]["hash"] = hash;
    Result<std::string> text = spine_json_text(doc);
    if (!text) return Error{text.message()};
    out.json = std::move(text).value();
    out.atlas = spine_atlas(regions);
    for (const SpineRegion& r : regions.regions) {
        if (r.present) out.images.push_back(SpineImageCopy{r.image, r.page});
    }
    out.bones = plan.bone_count;
    out.slots = rig.slots.size();
    out.animations = rig.states.size();
    return out;
}

}  // namespace marionette
