#pragma once
// What the glTF importer's parts share: a checked view of a tinygltf model's node tree and
// the numbers its accessors hold. Internal to gltf_*.cpp.

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/base/result.hpp"
#include "core/math/transform.hpp"

namespace tinygltf {
class Model;
}

namespace marionette::gltf {

// A node's local transform as glTF composes it: translation * rotation * scale.
struct NodeTrs {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 scale{1.0f};
    glm::mat4 matrix() const;
};

struct Scene {
    std::vector<int> parent;    // by node; -1 for a root (or a node outside the scene)
    std::vector<NodeTrs> rest;  // by node
    std::vector<bool> in_scene;
    std::vector<int> order;  // the scene's nodes, parents before children: by index when the file allows
};

// Checks the node tree (children are nodes, each node has one parent, no cycles, transforms
// finite) and reads the rest transforms. `warnings` gains what is approximated.
Result<Scene> read_scene(const tinygltf::Model& model, std::vector<std::string>& warnings);

// World matrices of every node for the given locals.
std::vector<glm::mat4> world_matrices(const Scene& scene, const std::vector<NodeTrs>& locals);

// A matrix's rigid part: its translation and its rotation with the scale taken out.
Transform rigid_part(const glm::mat4& m);

}  // namespace marionette::gltf
