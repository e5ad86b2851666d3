#pragma once
// A Spine 4.2 skeleton file read back and posed for the tests, by Spine's published rules alone:
// the JSON format's timelines, keys and curves (esotericsoftware.com/spine-json-format), and
// the world transform of the runtimes' Bone.updateWorldTransform with its inherit modes. It is
// written here from those rules and shares no code with the exporter, so that a conversion the
// exporter gets wrong shows as a pose that differs from Marionette's.
//
// Where the format leaves the playing to the runtime, this reads it as the format states it: a
// Bézier curve is the exact cubic (the runtimes draw it as ten straight pieces).

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace marionette::testing {

// A bone's local transform, as a skeleton's setup gives it and timelines change it.
struct SpineLocal {
    double x = 0.0, y = 0.0, rotation = 0.0, scale_x = 1.0, scale_y = 1.0;  // rotation in degrees
};

// A bone's world transform: the matrix [a b; c d] (columns: the bone's x and y axes) and its origin.
struct SpineWorld {
    double a = 1.0, b = 0.0, c = 0.0, d = 1.0, x = 0.0, y = 0.0;
    glm::dvec2 position() const { return {x, y}; }
    glm::dvec2 direction() const { return glm::normalize(glm::dvec2{a, c}); }  // the bone's x axis
    glm::dvec2 apply(glm::dvec2 p) const { return {a * p.x + b * p.y + x, c * p.x + d * p.y + y}; }
};

struct SpineBoneData {
    std::string name;
    int parent = -1;
    double length = 0.0;
    SpineLocal setup{};
    std::string inherit = "normal";
};

struct SpineRegionData {
    std::string path;
    double x = 0.0, y = 0.0, rotation = 0.0, scale_x = 1.0, scale_y = 1.0, width = 0.0, height = 0.0;
    glm::dvec4 color{1.0};
};

// The slots at one moment: each slot's shown attachment (none: nullopt), colour, and the order
// they are drawn in (slot indices, bottom first).
struct SpineSlotPose {
    std::vector<std::optional<std::string>> attachment;
    std::vector<glm::dvec4> color;
    std::vector<int> order;
};

class SpineSkeleton {
public:
    // Throws std::runtime_error naming what is missing or broken (a name that is no bone, ...).
    explicit SpineSkeleton(const std::string& json_text);

    const nlohmann::json& json() const { return doc_; }
    const std::vector<SpineBoneData>& bones() const { return bones_; }
    int bone(const std::string& name) const;  // index, or -1
    int slot(const std::string& name) const;

    // The bones' local transforms in the setup pose, and with `animation` applied at `time`
    // seconds (over the setup pose, as a first track at full alpha does; time not looped).
    std::vector<SpineLocal> setup() const;
    std::vector<SpineLocal> animate(const std::string& animation, double time) const;
    // The world transforms of `local`, each bone after its parent, then the IK constraints whose
    // mix (the setup's, or `animation`'s timeline at `time`) is above 0 applied.
    std::vector<SpineWorld> world(const std::vector<SpineLocal>& local, const std::string& animation = {}, double time = 0.0) const;
    // An IK constraint's mix at `time` of `animation` (the setup's without a timeline).
    double ik_mix(const std::string& animation, const std::string& constraint, double time) const;

    SpineSlotPose slots(const std::string& animation, double time) const;
    SpineSlotPose setup_slots() const;
    // A region attachment of the default skin, and its corners in its bone's frame (bottom left,
    // bottom right, top right, top left, as the picture stands).
    SpineRegionData region(const std::string& slot, const std::string& attachment) const;
    static std::array<glm::dvec2, 4> corners(const SpineRegionData& region);
    // A mesh attachment of the default skin: its vertices in the world under the bones' `world`
    // transforms (the runtimes' VertexAttachment.computeWorldVertices: a plain mesh's in its
    // slot's bone, a weighted one's summed over its bones by weight), its UVs and its triangles.
    std::vector<glm::dvec2> mesh_world_vertices(const std::string& slot, const std::string& attachment,
                                                const std::vector<SpineWorld>& world) const;
    // The same with `animation`'s deform timeline of the attachment at `time` added (its keys'
    // "vertices" from their "offset", moved on by each key's curve as a fraction of the way).
    std::vector<glm::dvec2> mesh_world_vertices(const std::string& slot, const std::string& attachment,
                                                const std::vector<SpineWorld>& world, const std::string& animation, double time) const;
    const nlohmann::json& attachment(const std::string& slot, const std::string& attachment) const;
    // The draw order a drawOrder key gives, by the format's rule for its offsets.
    std::vector<int> draw_order(const nlohmann::json& key) const;

private:
    nlohmann::json doc_;
    std::vector<SpineBoneData> bones_;
    std::vector<std::string> slot_names_;
};

// "RRGGBBAA" as four channels in [0, 1].
glm::dvec4 spine_hex_color(const std::string& hex);

}  // namespace marionette::testing
