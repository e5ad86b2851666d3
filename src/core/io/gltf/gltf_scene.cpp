#include "core/io/gltf/gltf_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <tiny_gltf.h>

#include "core/base/extents.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/unit_length.hpp"

namespace marionette::gltf {

namespace {

std::string node_place(int n) { return "nodes[" + std::to_string(n) + "]"; }

// The first of a node's numbers that lies beyond what a rig places (extents.hpp), as a message
// naming it ("nodes[1].translation: 1e+20 is not between -1e15 and 1e15"), or empty.
std::string out_of_range(const std::vector<double>& values, const std::string& place) {
    for (double v : values) {
        if (!(std::fabs(v) <= static_cast<double>(kMaxCoordinate))) {
            char text[32];
            std::snprintf(text, sizeof text, "%g", v);
            return place + ": " + text + " is not " + kCoordinateRange;
        }
    }
    return {};
}

bool finite(const std::vector<double>& values) {
    for (double v : values) {
        if (!std::isfinite(v)) return false;
    }
    return true;
}

// Splits a node's matrix into translation, rotation and scale (no shear in glTF's rules; a
// mirror is kept as a negative x scale).
NodeTrs decompose(const glm::mat4& m) {
    NodeTrs t;
    t.translation = glm::vec3(m[3]);
    glm::vec3 x(m[0]), y(m[1]), z(m[2]);
    t.scale = {glm::length(x), glm::length(y), glm::length(z)};
    if (glm::dot(glm::cross(x, y), z) < 0.0f) t.scale.x = -t.scale.x;
    const glm::mat3 r(x / t.scale.x, y / t.scale.y, z / t.scale.z);
    t.rotation = normalized(glm::quat_cast(r));
    return t;
}

}  // namespace

glm::mat4 NodeTrs::matrix() const { return to_matrix(Transform{translation, rotation}, scale); }

Result<Scene> read_scene(const tinygltf::Model& model, std::vector<std::string>& warnings) {
    const int count = static_cast<int>(model.nodes.size());
    Scene scene;
    scene.parent.assign(model.nodes.size(), -1);
    scene.rest.resize(model.nodes.size());
    scene.in_scene.assign(model.nodes.size(), false);
    bool zero_scale = false;
    for (int n = 0; n < count; ++n) {
        const tinygltf::Node& node = model.nodes[static_cast<std::size_t>(n)];
        for (std::size_t c = 0; c < node.children.size(); ++c) {
            const int child = node.children[c];
            const std::string place = node_place(n) + ".children[" + std::to_string(c) + "]";
            if (child < 0 || child >= count) return Error{place + ": " + std::to_string(child) + " is not a node"};
            if (child == n) return Error{place + ": a node cannot be its own child"};
            if (scene.parent[static_cast<std::size_t>(child)] >= 0) {
                return Error{place + ": node " + std::to_string(child) + " already has a parent (nodes[" +
                             std::to_string(scene.parent[static_cast<std::size_t>(child)]) + "])"};
            }
            scene.parent[static_cast<std::size_t>(child)] = n;
        }
        NodeTrs& t = scene.rest[static_cast<std::size_t>(n)];
        if (!node.matrix.empty()) {
            if (node.matrix.size() != 16 || !finite(node.matrix)) return Error{node_place(n) + ".matrix: expected 16 finite numbers"};
            if (std::string e = out_of_range(node.matrix, node_place(n) + ".matrix"); !e.empty()) return Error{e};
            glm::mat4 m;
            for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = static_cast<float>(node.matrix[static_cast<std::size_t>(i)]);
            t = decompose(m);
        } else {
            if (!finite(node.translation) || !finite(node.rotation) || !finite(node.scale)) {
                return Error{node_place(n) + ": its translation, rotation and scale must be finite numbers"};
            }
            if (std::string e = out_of_range(node.translation, node_place(n) + ".translation"); !e.empty()) return Error{e};
            if (std::string e = out_of_range(node.scale, node_place(n) + ".scale"); !e.empty()) return Error{e};
            if (node.translation.size() == 3) t.translation = {node.translation[0], node.translation[1], node.translation[2]};
            if (node.scale.size() == 3) t.scale = {node.scale[0], node.scale[1], node.scale[2]};
            if (node.rotation.size() == 4) {
                const glm::quat q{static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                                  static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2])};
                if (!(glm::length(q) > 0.5f)) return Error{node_place(n) + ".rotation: must be a unit quaternion"};
                t.rotation = *unit_rotation(q);  // a unit quaternion kept to the bit (a round trip changes nothing)
            }
        }
        if (!is_finite(t.translation) || !is_finite(t.scale)) return Error{node_place(n) + ": its transform is out of range"};
        zero_scale = zero_scale || t.scale.x == 0.0f || t.scale.y == 0.0f || t.scale.z == 0.0f;
    }
    if (zero_scale) warnings.push_back("nodes with a zero scale: what hangs under them collapses to a point");
    // The scene's roots: the default scene's nodes, or every parentless node.
    std::vector<int> roots;
    const int chosen = model.defaultScene >= 0 ? model.defaultScene : 0;
    if (chosen < static_cast<int>(model.scenes.size())) {
        for (int r : model.scenes[static_cast<std::size_t>(chosen)].nodes) {
            if (r < 0 || r >= count) return Error{"scenes[" + std::to_string(chosen) + "].nodes: " + std::to_string(r) + " is not a node"};
            if (scene.parent[static_cast<std::size_t>(r)] >= 0) {
                return Error{"scenes[" + std::to_string(chosen) + "].nodes: node " + std::to_string(r) + " is not a root"};
            }
            roots.push_back(r);
        }
        if (model.scenes.size() > 1)
            warnings.push_back(std::to_string(model.scenes.size() - 1) + " other scenes: only scene " + std::to_string(chosen) +
                               " is imported");
    } else {
        for (int n = 0; n < count; ++n) {
            if (scene.parent[static_cast<std::size_t>(n)] < 0) roots.push_back(n);
        }
    }
    // Parents before children, breadth first. A cycle has no root, so its nodes are never
    // reached: each node in a cycle has a parent, so the cycle is named.
    for (int r : roots) {
        scene.in_scene[static_cast<std::size_t>(r)] = true;
        scene.order.push_back(r);
    }
    for (std::size_t i = 0; i < scene.order.size(); ++i) {
        for (int child : model.nodes[static_cast<std::size_t>(scene.order[i])].children) {
            if (scene.in_scene[static_cast<std::size_t>(child)]) continue;
            scene.in_scene[static_cast<std::size_t>(child)] = true;
            scene.order.push_back(child);
        }
    }
    if (chosen >= static_cast<int>(model.scenes.size())) {
        for (int n = 0; n < count; ++n) {
            if (!scene.in_scene[static_cast<std::size_t>(n)]) return Error{node_place(n) + ": it is in a cycle of parents"};
        }
    }
    // The file's own order when it lists parents before children (as Marionette's export and
    // most exporters do), so bones keep their order through a round trip; else breadth first.
    std::vector<int> by_index;
    for (int n = 0; n < count; ++n) {
        if (scene.in_scene[static_cast<std::size_t>(n)]) by_index.push_back(n);
    }
    const bool parents_first =
        std::all_of(by_index.begin(), by_index.end(), [&](int n) { return scene.parent[static_cast<std::size_t>(n)] < n; });
    if (parents_first) scene.order = std::move(by_index);
    return scene;
}

std::vector<glm::mat4> world_matrices(const Scene& scene, const std::vector<NodeTrs>& locals) {
    std::vector<glm::mat4> world(locals.size(), glm::mat4(1.0f));
    for (int n : scene.order) {
        const auto i = static_cast<std::size_t>(n);
        const int p = scene.parent[i];
        world[i] = p < 0 ? locals[i].matrix() : world[static_cast<std::size_t>(p)] * locals[i].matrix();
    }
    return world;
}

Transform rigid_part(const glm::mat4& m) {
    glm::vec3 x(m[0]), y(m[1]), z(m[2]);
    // Orthonormalised as a frame (x kept, y made square to it): a matrix without shear keeps
    // its rotation exactly; a mirror (negative determinant) turns z back.
    const float lx = glm::length(x);
    x = lx > 0.0f ? x / lx : glm::vec3{1.0f, 0.0f, 0.0f};
    y -= x * glm::dot(x, y);
    const float ly = glm::length(y);
    y = ly > 1e-20f ? y / ly : glm::normalize(glm::cross(x, std::fabs(x.z) < 0.9f ? glm::vec3{0, 0, 1} : glm::vec3{0, 1, 0}));
    z = glm::cross(x, y);
    return {glm::vec3(m[3]), normalized(glm::quat_cast(glm::mat3(x, y, z)))};
}

}  // namespace marionette::gltf
