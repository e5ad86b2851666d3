#include "core/io/spine/spine_skeleton.hpp"

#include <cmath>
#include <set>

#include "core/anim/state_ik.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/io/spine/spine_json_text.hpp"
#include "core/io/spine/spine_keys.hpp"
#include "core/io/spine/spine_names.hpp"
#include "core/math/angles.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// Whether anything scales `bone`: the rig's pose, or a state's scale track or channel (whatever
// its values: a bone scaled in one state is scaled in the file).
bool scaled_anywhere(const Rig& rig, int bone) {
    const glm::vec3& s = rig.pose.scales[static_cast<std::size_t>(bone)];
    if (s.x != 1.0f || s.y != 1.0f) return true;
    for (const State& state : rig.states) {
        for (const KeyTrack& t : state.tracks) {
            if (t.bone == bone && t.property == PoseProperty::Scale) return true;
        }
        for (const StateChannel& c : state.channels) {
            if (c.bone == bone && c.property == PoseProperty::Scale) return true;
        }
    }
    return false;
}


// The sign of the turn from the upper bone's line to the lower bone at rest: +1 counter-clockwise.
int rest_bend(const Rig& rig, int lower) {
    const Bone& b = rig.skeleton[static_cast<std::size_t>(lower)];
    const glm::vec2 to_joint{b.rest.translation};
    const float a = angle_2d(b.rest.rotation);
    const float cross = to_joint.x * std::sin(a) - to_joint.y * std::cos(a);
    if (std::fabs(cross) <= 1e-6f * glm::length(to_joint)) return 0;
    return cross > 0.0f ? 1 : -1;
}

Json degrees(float radians) { return json_number(radians_to_degrees(radians)); }

// A rest rotation's angle, to 1e-4 degree as the rig file writes it: read back from its
// quaternion, 200 degrees would otherwise come out as -160.00001.
Json rest_degrees(float radians) { return json_number(std::round(static_cast<double>(radians) * (180.0 / kPiDouble) * 1e4) / 1e4); }

}  // namespace

glm::vec2 attachment_centre(const Attachment& a) {
    const glm::vec2 from_pivot = (glm::vec2(0.5f) - a.pivot) * a.size * a.scale;
    const float c = std::cos(a.rotation), s = std::sin(a.rotation);
    return a.offset + glm::vec2{c * from_pivot.x - s * from_pivot.y, s * from_pivot.x + c * from_pivot.y};
}

bool is_two_bone_limb(const Rig& rig, const IkChain& chain) {
    if (chain.solver != SolverKind::TwoBone) return false;
    const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
    return bones.size() == 2 && rig.skeleton[static_cast<std::size_t>(bones[1])].parent == bones[0];
}

Result<SpineSkeletonPlan> plan_spine_skeleton(const Rig& rig, std::vector<std::string>& warnings) {
    SpineSkeletonPlan plan;
    const Skeleton& bones = rig.skeleton;
    std::set<std::string> bone_names;
    std::vector<int> roots;
    for (std::size_t b = 0; b < bones.size(); ++b) {
        bone_names.insert(bones[b].name);
        if (bones[b].parent < 0) roots.push_back(static_cast<int>(b));
    }
    bool chain_at_root = false;
    for (const IkChain& chain : rig.chains) {
        if (is_two_bone_limb(rig, chain) && bones[static_cast<std::size_t>(chain.root)].parent < 0) chain_at_root = true;
    }
    // A state that solves a limb toward its pin needs the limb's target to stand still in the
    // world while the rig's root moves: under an added root, which no state moves.
    bool limb_solved_in_a_state = false;
    for (const State& state : rig.states) {
        for (const int c : chains_solved_by(rig, state))
            limb_solved_in_a_state = limb_solved_in_a_state || is_two_bone_limb(rig, rig.chains[static_cast<std::size_t>(c)]);
    }
    plan.synthetic_root =
        roots.size() != 1 || rig.pose.root_offset.x != 0.0f || rig.pose.root_offset.y != 0.0f || chain_at_root || limb_solved_in_a_state;
    plan.root = plan.synthetic_root ? take_unique_name("root", bone_names) : bones[static_cast<std::size_t>(roots[0])].name;

    plan.no_scale.resize(bones.size(), false);
    std::vector<bool> scaled(bones.size(), false);
    for (std::size_t b = 0; b < bones.size(); ++b) scaled[b] = scaled_anywhere(rig, static_cast<int>(b));
    for (std::size_t b = 0; b < bones.size(); ++b)
        plan.no_scale[b] = bones[b].parent >= 0 && scaled[static_cast<std::size_t>(bones[b].parent)];
    plan.targets_no_scale = !plan.synthetic_root && scaled[static_cast<std::size_t>(roots[0])];

    // Slots keep their names, but for a '/' (Spine reads it as a folder): such a slot takes '_'
    // instead, and a name no other slot has.
    std::set<std::string> slot_names;
    for (const Slot& slot : rig.slots) {
        if (slot.name.find('/') == std::string::npos) slot_names.insert(slot.name);
    }
    for (const Slot& slot : rig.slots) {
        if (slot.name.find('/') == std::string::npos) {
            plan.slot_names.push_back(slot.name);
            continue;
        }
        std::string name = slot.name;
        for (char& c : name) {
            if (c == '/') c = '_';
        }
        name = take_unique_name(name, slot_names);
        warnings.push_back("slot \"" + slot.name + "\" is exported as \"" + name + "\": Spine reads a '/' in a slot's name as a folder");
        plan.slot_names.push_back(name);
    }

    // Skins keep their names, but "default": Spine's name for the attachments every skin has.
    std::set<std::string> skin_names{"default"};
    for (const Skin& skin : rig.skins) skin_names.insert(skin.name);
    for (const Skin& skin : rig.skins) {
        if (skin.name != "default") {
            plan.skin_names.push_back(skin.name);
            continue;
        }
        const std::string name = take_unique_name("default", skin_names);
        warnings.push_back("skin \"default\" is exported as \"" + name + "\": Spine's \"default\" skin holds the attachments of no skin");
        plan.skin_names.push_back(name);
    }

    Result<std::vector<Transform>> world = compute_world(bones, Pose::rest(bones.size()));
    if (!world) return Error{world.message()};
    const std::vector<Transform>& rest = world.value();
    for (std::size_t c = 0; c < rig.chains.size(); ++c) {
        const IkChain& chain = rig.chains[c];
        if (!is_two_bone_limb(rig, chain)) continue;  // CCD chains have no Spine counterpart (docs/spine.md)
        SpineIkConstraint ik;
        ik.name = chain.name;
        ik.chain = static_cast<int>(c);
        ik.upper = chain.root;
        ik.lower = chain.effector;
        ik.target = take_unique_name(chain.name + "-target", bone_names);
        const auto lower = static_cast<std::size_t>(ik.lower);
        glm::vec3 tip = bone_tip(rest[lower], bones[lower].length);
        if (!plan.synthetic_root) {
            const Transform& root = rest[static_cast<std::size_t>(roots[0])];
            tip = glm::conjugate(root.rotation) * (tip - root.translation);
        }
        ik.target_position = glm::vec2(tip);
        ik.bend_positive = chain.two_bone.bend >= 0;
        ik.mix = static_cast<double>(chain.mix);
        // Spine's softness is the distance below full reach where the limb starts to slow; ours
        // is that distance as a fraction of the reach's range, (upper + lower) - |upper - lower|.
        const double upper_length = glm::length(glm::vec2(bones[lower].rest.translation));
        const double lower_length = bones[lower].length;
        ik.softness = static_cast<double>(chain.two_bone.softness) * 2.0 * std::min(upper_length, lower_length);
        if (plan.no_scale[static_cast<std::size_t>(ik.upper)] || plan.no_scale[lower]) {
            warnings.push_back("chain \"" + chain.name +
                               "\": its bones do not inherit their parents' scale, and Spine's two-bone IK leaves such bones alone: the "
                               "constraint does nothing in Spine");
        }
        const int bend = rest_bend(rig, ik.lower);
        if (bend != 0 && (bend > 0) != ik.bend_positive) {
            warnings.push_back("chain \"" + chain.name +
                               "\": its rest pose bends against its bend direction, so Spine's setup pose, where the IK constraint holds, "
                               "shows the limb bent the other way");
        }
        plan.ik.push_back(std::move(ik));
    }
    plan.bone_count = bones.size() + plan.ik.size() + (plan.synthetic_root ? 1 : 0);
    return plan;
}

Json spine_bones(const Rig& rig, const SpineSkeletonPlan& plan) {
    Json out = Json::array();
    if (plan.synthetic_root) out.push_back(Json{{"name", plan.root}});
    const Skeleton& bones = rig.skeleton;
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const Bone& bone = bones[b];
        Json j = Json::object();
        j["name"] = bone.name;
        if (bone.parent >= 0) {
            j["parent"] = bones[static_cast<std::size_t>(bone.parent)].name;
        } else if (plan.synthetic_root) {
            j["parent"] = plan.root;
        }
        if (bone.length != 0.0f) j["length"] = json_float(bone.length);
        // Spine places a bone from its parent's origin by the parent's whole matrix, scale
        // included; ours is placed from its parent's joint and stretched by its scale: the same
        // numbers.
        if (bone.rest.translation.x != 0.0f) j["x"] = json_float(bone.rest.translation.x);
        if (bone.rest.translation.y != 0.0f) j["y"] = json_float(bone.rest.translation.y);
        if (const float a = angle_2d(bone.rest.rotation); a != 0.0f) j["rotation"] = rest_degrees(a);
        if (plan.no_scale[b]) j["inherit"] = "noScale";
        // Spine's editor draws bones in their colour too (opaque: ours have no alpha).
        if (bone.color) j["color"] = spine_color(glm::vec4(*bone.color, 1.0f));
        out.push_back(std::move(j));
    }
    for (const SpineIkConstraint& ik : plan.ik) {
        Json j{{"name", ik.target}, {"parent", plan.root}};
        if (ik.target_position.x != 0.0f) j["x"] = json_float(ik.target_position.x);
        if (ik.target_position.y != 0.0f) j["y"] = json_float(ik.target_position.y);
        if (plan.targets_no_scale) j["inherit"] = "noScale";
        out.push_back(std::move(j));
    }
    return out;
}

Json spine_slots(const Rig& rig, const SpineSkeletonPlan& plan) {
    Json out = Json::array();
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        Json j{{"name", plan.slot_names[s]}, {"bone", rig.skeleton[static_cast<std::size_t>(slot.bone)].name}};
        if (slot.color != glm::vec4(1.0f)) j["color"] = spine_color(slot.color);
        if (slot.shown >= 0) j["attachment"] = slot.attachments[static_cast<std::size_t>(slot.shown)].name;
        out.push_back(std::move(j));
    }
    return out;
}

Json spine_ik(const Rig& rig, const SpineSkeletonPlan& plan) {
    Json out = Json::array();
    for (std::size_t i = 0; i < plan.ik.size(); ++i) {
        const SpineIkConstraint& ik = plan.ik[i];
        Json j = Json::object();
        j["name"] = ik.name;
        j["order"] = static_cast<int>(i);
        j["bones"] =
            Json::array({rig.skeleton[static_cast<std::size_t>(ik.upper)].name, rig.skeleton[static_cast<std::size_t>(ik.lower)].name});
        j["target"] = ik.target;
        if (!ik.bend_positive) j["bendPositive"] = false;
        if (ik.softness > 0.0) j["softness"] = spine_number(ik.softness);
        if (ik.mix != 1.0) j["mix"] = spine_number(ik.mix);
        out.push_back(std::move(j));
    }
    return out;
}

namespace {

// A mesh attachment's geometry as Spine's "mesh" holds it: UVs with v down the region, the
// triangles' corners in one list, and the vertices in the slot's bone's frame (rigid) or, when
// weighted, in each of their bones' frames at rest: Spine's "vertices" then list for each vertex
// its bone count and per bone its index among the written bones, x, y and weight.
void add_spine_mesh(const SpineSkeletonPlan& plan, const Slot& slot, const Attachment& a, std::span<const Transform> rest_world, Json& j) {
    const AttachmentMesh& mesh = *a.mesh;
    j["type"] = "mesh";
    Json uvs = Json::array(), triangles = Json::array(), vertices = Json::array();
    for (const glm::vec2& uv : mesh.uvs) {
        uvs.push_back(json_float(uv.x));
        uvs.push_back(json_float(1.0f - uv.y));
    }
    for (const auto& t : mesh.triangles) triangles.insert(triangles.end(), {t[0], t[1], t[2]});
    const std::size_t first_bone = plan.synthetic_root ? 1 : 0;
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const glm::vec2 on_bone = picture_to_bone(a, mesh.vertices[i]);
        if (!mesh.is_weighted()) {
            vertices.push_back(json_float(on_bone.x));
            vertices.push_back(json_float(on_bone.y));
            continue;
        }
        const glm::vec3 bound = rest_world[static_cast<std::size_t>(slot.bone)].apply(glm::vec3(on_bone, 0.0f));
        const VertexWeights& w = mesh.weights[i];
        vertices.push_back(w.count);
        for (std::size_t k = 0; k < w.count; ++k) {
            const Transform& frame = rest_world[w.bones[k]];
            const glm::vec3 local = glm::conjugate(frame.rotation) * (bound - frame.translation);
            vertices.push_back(first_bone + w.bones[k]);
            vertices.push_back(json_float(local.x));
            vertices.push_back(json_float(local.y));
            vertices.push_back(json_float(w.weights[static_cast<int>(k)]));
        }
    }
    j["uvs"] = std::move(uvs);
    j["triangles"] = std::move(triangles);
    j["vertices"] = std::move(vertices);
    j["hull"] = mesh.hull;
    j["width"] = json_float(a.size.x);
    j["height"] = json_float(a.size.y);
    if (a.tint != glm::vec4(1.0f)) j["color"] = spine_color(a.tint);
}

}  // namespace

Json spine_skins(const Rig& rig, const SpineSkeletonPlan& plan, const SpineRegions& regions) {
    const Pose rest = Pose::rest(rig.skeleton.size());
    const std::vector<Transform> rest_world = compute_world(rig.skeleton, rest).value();
    Json skins = Json::array();
    // -1: the default skin, the rig's own attachments; then the rig's skins in order.
    for (int k = -1; k < static_cast<int>(rig.skins.size()); ++k) {
        Json attachments = Json::object();
        for (std::size_t s = 0; s < rig.slots.size(); ++s) {
            const Slot& slot = rig.slots[s];
            Json of_slot = Json::object();
            for (const Attachment& a : slot.attachments) {
                if (a.skin != k) continue;
                Json j = Json::object();
                j["path"] = regions.regions[regions.by_image.at(a.image)].name;
                if (a.mesh) {
                    add_spine_mesh(plan, slot, a, rest_world, j);
                    of_slot[a.name] = std::move(j);
                    continue;
                }
                const glm::vec2 centre = attachment_centre(a);
                j["x"] = json_float(centre.x);
                j["y"] = json_float(centre.y);
                if (a.rotation != 0.0f) j["rotation"] = degrees(a.rotation);
                if (a.scale.x != 1.0f) j["scaleX"] = json_float(a.scale.x);
                if (a.scale.y != 1.0f) j["scaleY"] = json_float(a.scale.y);
                j["width"] = json_float(a.size.x);
                j["height"] = json_float(a.size.y);
                if (a.tint != glm::vec4(1.0f)) j["color"] = spine_color(a.tint);
                of_slot[a.name] = std::move(j);
            }
            if (!of_slot.empty()) attachments[plan.slot_names[s]] = std::move(of_slot);
        }
        Json skin{{"name", k < 0 ? std::string("default") : plan.skin_names[static_cast<std::size_t>(k)]}};
        if (!attachments.empty()) skin["attachments"] = std::move(attachments);
        skins.push_back(std::move(skin));
    }
    return skins;
}

}  // namespace marionette
