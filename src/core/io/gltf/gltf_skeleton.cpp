#include "core/io/gltf/gltf_skeleton.hpp"

#include <cmath>
#include <optional>
#include <unordered_map>

#include <tiny_gltf.h>

#include "core/base/extents.hpp"
#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette::gltf {

namespace {

Transform inverse(const Transform& t) {
    const glm::quat r = glm::conjugate(t.rotation);
    return {r * -t.translation, r};
}

// The frame of a bone at rest: its joint's rigid frame turned by the bone's axis turn.
Transform bone_frame(const glm::mat4& joint_world, const glm::quat& axis_turn) {
    Transform f = rigid_part(joint_world);
    f.rotation = normalized(f.rotation * axis_turn);
    return f;
}

// The length a node's extras give its bone ({"marionette": {"length": L}}, as the export
// writes), when they give one within the format's range.
std::optional<float> written_length(const tinygltf::Node& node) {
    if (!node.extras.IsObject() || !node.extras.Has("marionette")) return std::nullopt;
    const tinygltf::Value& m = node.extras.Get("marionette");
    if (!m.IsObject() || !m.Has("length") || !m.Get("length").IsNumber()) return std::nullopt;
    const double length = m.Get("length").GetNumberAsDouble();
    if (!(length >= 0.0 && length <= 1e15)) return std::nullopt;
    return static_cast<float>(length);
}

// The node Marionette's export hangs its root bones under: a root marked in its extras, turned
// by kNodeToBone and nothing else.
bool is_armature(const tinygltf::Model& model, const Scene& scene, int n) {
    if (n < 0 || scene.parent[static_cast<std::size_t>(n)] >= 0) return false;
    const tinygltf::Value& extras = model.nodes[static_cast<std::size_t>(n)].extras;
    if (!extras.IsObject() || !extras.Has("marionette")) return false;
    const tinygltf::Value& m = extras.Get("marionette");
    if (!m.IsObject() || !m.Has("armature") || !m.Get("armature").IsBool() || !m.Get("armature").Get<bool>()) return false;
    const NodeTrs& t = scene.rest[static_cast<std::size_t>(n)];
    return t.translation == glm::vec3(0.0f) && t.scale == glm::vec3(1.0f) && std::abs(glm::dot(t.rotation, kNodeToBone)) > 1.0f - 1e-6f;
}

}  // namespace

Result<Skeleton> read_skeleton(const tinygltf::Model& model, const Scene& scene, Joints& joints, std::vector<std::string>& warnings) {
    const std::size_t nodes = model.nodes.size();
    std::vector<bool> is_joint(nodes, false);
    if (model.skins.empty()) {
        for (int n : scene.order) is_joint[static_cast<std::size_t>(n)] = true;
    } else {
        for (std::size_t s = 0; s < model.skins.size(); ++s) {
            const auto& list = model.skins[s].joints;
            for (std::size_t j = 0; j < list.size(); ++j) {
                const int n = list[j];
                const std::string place = "skins[" + std::to_string(s) + "].joints[" + std::to_string(j) + "]";
                if (n < 0 || n >= static_cast<int>(nodes)) return Error{place + ": " + std::to_string(n) + " is not a node"};
                if (!scene.in_scene[static_cast<std::size_t>(n)])
                    return Error{place + ": node " + std::to_string(n) + " is not in the scene"};
                is_joint[static_cast<std::size_t>(n)] = true;
            }
        }
    }
    const std::vector<glm::mat4> world = world_matrices(scene, scene.rest);
    // Each node's nearest ancestor joint and the static nodes between, composed, and whether a
    // node at or above it is scaled: from its parent's, parents first, so no walk to the root is
    // made per node (a chain of many nodes would make that quadratic).
    std::vector<int> joint_above(nodes, -1);
    std::vector<glm::mat4> between_above(nodes, glm::mat4(1.0f));
    std::vector<bool> scaled_here(nodes, false);
    for (int n : scene.order) {
        const auto i = static_cast<std::size_t>(n);
        const int p = scene.parent[i];
        scaled_here[i] = scene.rest[i].scale != glm::vec3(1.0f);
        if (p < 0) continue;
        const auto pi = static_cast<std::size_t>(p);
        scaled_here[i] = scaled_here[i] || scaled_here[pi];
        if (is_joint[pi]) {
            joint_above[i] = p;
        } else {
            joint_above[i] = joint_above[pi];
            between_above[i] = between_above[pi] * scene.rest[pi].matrix();
        }
    }
    joints.bone_of_node.assign(nodes, -1);
    joints.node_of_bone.clear();
    std::vector<Bone> bones;
    std::unordered_map<std::string, int> names;
    for (int n : scene.order) {
        const auto i = static_cast<std::size_t>(n);
        if (!is_joint[i]) continue;
        // The nearest ancestor that is a joint, and the static nodes between.
        const glm::mat4& between = between_above[i];
        const int up = joint_above[i];
        Bone b;
        b.parent = up < 0 ? -1 : joints.bone_of_node[static_cast<std::size_t>(up)];
        b.name = model.nodes[i].name.empty() ? "node " + std::to_string(n) : model.nodes[i].name;
        if (names.count(b.name)) b.name += " (node " + std::to_string(n) + ")";
        names.emplace(b.name, n);
        joints.bone_of_node[i] = static_cast<int>(bones.size());
        joints.node_of_bone.push_back(n);
        joints.parent_rest_world.push_back(up < 0 ? glm::mat4(1.0f) : world[static_cast<std::size_t>(up)]);
        joints.between.push_back(between);
        bones.push_back(std::move(b));
    }
    if (bones.empty()) return Error{"the file has no nodes to make bones of"};
    // Each bone's direction and length, from its children bones (parents come first, so a
    // leaf's parent is settled before it).
    const std::size_t count = bones.size();
    std::vector<std::vector<std::size_t>> children(count);
    for (std::size_t b = 0; b < count; ++b) {
        if (bones[b].parent >= 0) children[static_cast<std::size_t>(bones[b].parent)].push_back(b);
    }
    std::vector<glm::vec3> position(count);
    std::vector<Transform> joint_frame(count);
    for (std::size_t b = 0; b < count; ++b) {
        joint_frame[b] = rigid_part(world[static_cast<std::size_t>(joints.node_of_bone[b])]);
        position[b] = joint_frame[b].translation;
    }
    std::vector<glm::vec3> direction(count);
    joints.axis_turn.assign(count, glm::quat{1.0f, 0.0f, 0.0f, 0.0f});
    for (std::size_t b = 0; b < count; ++b) {
        const glm::vec3 up_axis = joint_frame[b].rotation * glm::vec3{0.0f, 1.0f, 0.0f};
        // A node Marionette wrote keeps its bone along its +y, at the length its extras give.
        if (const std::optional<float> length = written_length(model.nodes[static_cast<std::size_t>(joints.node_of_bone[b])])) {
            direction[b] = up_axis;
            // A scaled node (a posed scale exported) stretches the bone with it.
            const bool scaled = scaled_here[static_cast<std::size_t>(joints.node_of_bone[b])];
            const glm::vec3 along(world[static_cast<std::size_t>(joints.node_of_bone[b])][1]);
            bones[b].length = scaled ? *length * glm::length(along) : *length;
            joints.axis_turn[b] = normalized(rotation_between(glm::vec3{1.0f, 0.0f, 0.0f}, glm::vec3{0.0f, 1.0f, 0.0f}));
            continue;
        }
        float best = -2.0f;
        for (std::size_t c : children[b]) {
            const glm::vec3 to = position[c] - position[b];
            const float distance = glm::length(to);
            if (!(distance > 1e-7f)) continue;
            const float along = glm::dot(to / distance, up_axis);
            if (along > best) {
                best = along;
                direction[b] = to / distance;
                bones[b].length = distance;
            }
        }
        if (best == -2.0f) {
            // A leaf: on along its parent, half as long; a lone root along its joint's +y.
            const int p = bones[b].parent;
            direction[b] = p >= 0 ? direction[static_cast<std::size_t>(p)] : up_axis;
            bones[b].length = p >= 0 ? 0.5f * bones[static_cast<std::size_t>(p)].length : 1.0f;
        }
        const glm::vec3 local_direction = glm::conjugate(joint_frame[b].rotation) * direction[b];
        joints.axis_turn[b] = normalized(rotation_between(glm::vec3{1.0f, 0.0f, 0.0f}, local_direction));
    }
    // Bones of Marionette's own export, under its armature with nothing between, come back
    // exactly: their node transforms are theirs conjugated by the quarter turn.
    joints.exact.assign(count, false);
    for (std::size_t b = 0; b < count; ++b) {
        const auto node = static_cast<std::size_t>(joints.node_of_bone[b]);
        const int p = bones[b].parent;
        const int up = scene.parent[node];
        const bool under = p >= 0 ? joints.exact[static_cast<std::size_t>(p)] && up == joints.node_of_bone[static_cast<std::size_t>(p)]
                                  : is_armature(model, scene, up);
        joints.exact[b] = under && written_length(model.nodes[node]).has_value() && scene.rest[node].scale == glm::vec3(1.0f);
    }
    for (std::size_t b = 0; b < count; ++b) {
        if (joints.exact[b]) {
            const NodeTrs& t = scene.rest[static_cast<std::size_t>(joints.node_of_bone[b])];
            bones[b].rest = node_to_bone(Transform{t.translation, t.rotation});
            continue;
        }
        const Transform frame = bone_frame(world[static_cast<std::size_t>(joints.node_of_bone[b])], joints.axis_turn[b]);
        const int p = bones[b].parent;
        const Transform parent = p < 0 ? Transform{}
                                       : bone_frame(world[static_cast<std::size_t>(joints.node_of_bone[static_cast<std::size_t>(p)])],
                                                    joints.axis_turn[static_cast<std::size_t>(p)]);
        bones[b].rest = inverse(parent) * frame;
    }
    // Scales and moves down the tree can place a bone, or stretch it, past what a rig holds even
    // where each node's own numbers are in range: named by the node, not left to the rig's rules.
    const auto place = [&](std::size_t b) { return "nodes[" + std::to_string(joints.node_of_bone[b]) + "]"; };
    for (std::size_t b = 0; b < count; ++b) {
        const bool placed = glm::all(glm::lessThanEqual(glm::abs(position[b]), glm::vec3(kMaxCoordinate))) &&
                            glm::all(glm::lessThanEqual(glm::abs(bones[b].rest.translation), glm::vec3(kMaxCoordinate)));
        if (!placed) return Error{place(b) + ": with the scales and moves of the nodes above it, its joint is not " + kCoordinateRange};
    }
    for (std::size_t b = 0; b < count; ++b) {
        if (!(bones[b].length <= kMaxCoordinate)) return Error{place(b) + ": the scales above it make its bone longer than 1e15"};
    }
    // Nodes that carry a mesh come in as that mesh (gltf_mesh.cpp); the others are only named.
    std::size_t skipped = 0;
    for (int n : scene.order) {
        const bool named =
            is_joint[static_cast<std::size_t>(n)] || model.nodes[static_cast<std::size_t>(n)].mesh >= 0 || is_armature(model, scene, n);
        skipped += named ? 0 : 1;
    }
    if (skipped > 0 && !model.skins.empty()) {
        warnings.push_back(std::to_string(skipped) +
                           " nodes that are no skin's joint and carry no mesh are not bones (their rest transforms are folded into what "
                           "hangs under them)");
    }
    return Skeleton(std::move(bones));
}

Transform bone_local(const Skeleton& skeleton, const Joints& joints, std::size_t bone, const NodeTrs& local) {
    if (joints.exact[bone]) return node_to_bone(Transform{local.translation, local.rotation});
    const glm::mat4 world = joints.parent_rest_world[bone] * joints.between[bone] * local.matrix();
    const Transform frame = bone_frame(world, joints.axis_turn[bone]);
    const int p = skeleton[bone].parent;
    if (p < 0) return frame;
    const auto pi = static_cast<std::size_t>(p);
    return inverse(bone_frame(joints.parent_rest_world[bone], joints.axis_turn[pi])) * frame;
}

}  // namespace marionette::gltf
