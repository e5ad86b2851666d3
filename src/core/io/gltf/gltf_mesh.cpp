#include "core/io/gltf/gltf_mesh.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include <tiny_gltf.h>

#include "core/image/image_decode.hpp"
#include "core/io/gltf/gltf_accessor.hpp"
#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/mesh/mesh_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette::gltf {

namespace {

std::string indexed(const char* what, std::size_t i) { return std::string(what) + "[" + std::to_string(i) + "]"; }

// What the primitives left out, counted so the warnings say it once each.
struct LeftOut {
    std::size_t not_triangles = 0;
    std::size_t no_positions = 0;
    std::size_t over_four_influences = 0;
    std::size_t no_weight = 0;
    std::size_t other_uv_sets = 0;
    std::size_t images_not_png_or_jpeg = 0;  // or whose header does not read as one
};

template <class V>
std::vector<V> grouped(const std::vector<float>& flat) {
    constexpr auto n = static_cast<std::size_t>(V::length());
    std::vector<V> out(flat.size() / n);
    for (std::size_t i = 0; i < out.size(); ++i) {
        for (std::size_t c = 0; c < n; ++c) out[i][static_cast<int>(c)] = flat[i * n + c];
    }
    return out;
}

// The primitive's triangles as a list of vertex indices, from a list, strip or fan.
std::vector<std::uint32_t> triangle_list(const std::vector<std::uint32_t>& v, int mode) {
    if (mode == TINYGLTF_MODE_TRIANGLES) return std::vector<std::uint32_t>(v.begin(), v.end() - static_cast<std::ptrdiff_t>(v.size() % 3));
    std::vector<std::uint32_t> out;
    for (std::size_t i = 2; i < v.size(); ++i) {
        if (mode == TINYGLTF_MODE_TRIANGLE_FAN) {
            out.insert(out.end(), {v[0], v[i - 1], v[i]});
        } else if (i % 2 == 0) {
            out.insert(out.end(), {v[i - 2], v[i - 1], v[i]});
        } else {
            out.insert(out.end(), {v[i - 1], v[i - 2], v[i]});  // every other strip triangle flips to keep its winding
        }
    }
    return out;
}

// Every JOINTS_n / WEIGHTS_n pair of sets merged per vertex: the four strongest joints kept,
// their weights renormalized to sum to 1.
Result<std::vector<Influence>> read_influences(const tinygltf::Model& model, const tinygltf::Primitive& p, std::size_t vertices,
                                               std::size_t joint_count, const std::string& place, LeftOut& left_out) {
    std::vector<std::vector<std::pair<std::uint32_t, float>>> per_vertex(vertices);
    for (int set = 0;; ++set) {
        const auto joints_at = p.attributes.find("JOINTS_" + std::to_string(set));
        const auto weights_at = p.attributes.find("WEIGHTS_" + std::to_string(set));
        if (joints_at == p.attributes.end() || weights_at == p.attributes.end()) break;
        Result<std::vector<std::uint32_t>> joints =
            read_unsigned(model, joints_at->second, 4, place + ".attributes." + joints_at->first, vertices);
        if (!joints) return Error{joints.message()};
        Result<std::vector<float>> weights =
            read_floats(model, weights_at->second, 4, place + ".attributes." + weights_at->first, vertices, Numbers::FloatsOrUnitInts);
        if (!weights) return Error{weights.message()};
        if (joints.value().size() != vertices * 4 || weights.value().size() != vertices * 4) {
            return Error{place + ".attributes." + joints_at->first + ": not one per vertex"};
        }
        for (std::size_t i = 0; i < vertices * 4; ++i) {
            const float w = weights.value()[i];
            if (!(w > 0.0f)) continue;  // a zero weight's joint may be anything
            const std::uint32_t j = joints.value()[i];
            if (j >= joint_count) {
                return Error{place + ".attributes." + joints_at->first + "[" + std::to_string(i / 4) + "]: " + std::to_string(j) +
                             " is not a joint of the skin (it has " + std::to_string(joint_count) + ")"};
            }
            auto& list = per_vertex[i / 4];
            auto same = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.first == j; });
            if (same != list.end()) {
                same->second += w;
            } else {
                list.emplace_back(j, w);
            }
        }
    }
    std::vector<Influence> out(vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
        auto& list = per_vertex[v];
        std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        if (list.size() > kInfluencesPerVertex) {
            ++left_out.over_four_influences;
            list.resize(kInfluencesPerVertex);
        }
        float sum = 0.0f;
        for (const auto& e : list) sum += e.second;
        if (!(sum > 0.0f)) {
            ++left_out.no_weight;  // glTF forbids it; the vertex follows the skin's first joint
            list = {{0u, 1.0f}};
            sum = 1.0f;
        }
        for (std::size_t k = 0; k < list.size(); ++k) {
            out[v].joints[k] = static_cast<std::uint16_t>(list[k].first);
            out[v].weights[static_cast<int>(k)] = list[k].second / sum;
        }
    }
    return out;
}

class MeshReader {
public:
    MeshReader(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints, ReadBudget& budget)
        : model_(model), scene_(scene), joints_(joints), budget_(budget), node_world_(world_matrices(scene, scene.rest)) {
        const std::vector<Transform> bone_world = compute_world(skeleton, Pose::rest(skeleton.size())).value();
        for (const Transform& t : bone_world) inverse_bone_world_.push_back(glm::inverse(to_matrix(t)));
        // Each node's nearest bone at or above it, and the file's own local matrices from just
        // under that bone's node down to it: from the parent's, parents first, so no walk up the
        // tree is made per node (a chain of many nodes would make that quadratic).
        bone_node_above_.assign(model.nodes.size(), -1);
        below_bone_.assign(model.nodes.size(), glm::mat4(1.0f));
        for (int n : scene.order) {
            const auto i = static_cast<std::size_t>(n);
            const int p = scene.parent[i];
            if (joints.bone_of_node[i] >= 0) {
                bone_node_above_[i] = n;
            } else if (p >= 0) {
                bone_node_above_[i] = bone_node_above_[static_cast<std::size_t>(p)];
                below_bone_[i] = below_bone_[static_cast<std::size_t>(p)] * local_matrix(i);
            }
        }
    }

    Status read_node(int node, MeshSet& out) {
        const tinygltf::Node& n = model_.nodes[static_cast<std::size_t>(node)];
        if (n.mesh >= static_cast<int>(model_.meshes.size()))
            return Error{indexed("nodes", static_cast<std::size_t>(node)) + ".mesh: " + std::to_string(n.mesh) + " is not a mesh"};
        if (n.skin >= static_cast<int>(model_.skins.size()))
            return Error{indexed("nodes", static_cast<std::size_t>(node)) + ".skin: " + std::to_string(n.skin) + " is not a skin"};
        const tinygltf::Mesh& mesh = model_.meshes[static_cast<std::size_t>(n.mesh)];
        // The node's name first: the object name the artist gave (Blender's outliner), where the
        // mesh's is often its data block's ("Cube.001").
        const std::string base = !n.name.empty() ? n.name : !mesh.name.empty() ? mesh.name : "mesh " + std::to_string(n.mesh);
        for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
            const std::string place = indexed("meshes", static_cast<std::size_t>(n.mesh)) + "." + indexed("primitives", p);
            Result<std::optional<Mesh>> read = read_primitive(node, mesh.primitives[p], place, out);
            if (!read) return Error{read.message()};
            if (!read.value()) continue;
            Mesh m = std::move(*read.value());
            m.name = mesh.primitives.size() == 1 ? base : base + "." + std::to_string(p);
            out.meshes.push_back(std::move(m));
        }
        return {};
    }

    const LeftOut& left_out() const { return left_out_; }

private:
    Result<std::optional<Mesh>> read_primitive(int node, const tinygltf::Primitive& p, const std::string& place, MeshSet& out) {
        if (p.mode != TINYGLTF_MODE_TRIANGLES && p.mode != TINYGLTF_MODE_TRIANGLE_STRIP && p.mode != TINYGLTF_MODE_TRIANGLE_FAN &&
            p.mode != -1) {
            ++left_out_.not_triangles;
            return std::optional<Mesh>{};
        }
        const auto position = p.attributes.find("POSITION");
        if (position == p.attributes.end()) {
            ++left_out_.no_positions;
            return std::optional<Mesh>{};
        }
        Mesh mesh;
        // Counted before a number is read: sixty nodes sharing one mesh make it sixty times.
        const std::string where = place + " (on " + indexed("nodes", static_cast<std::size_t>(node)) + ")";
        Result<std::size_t> vertices = element_count(model_, position->second, place + ".attributes.POSITION");
        if (!vertices) return Error{vertices.message()};
        if (Status s = budget_.take(Budgeted::Vertices, vertices.value(), where, "its POSITION"); !s) return Error{s.message()};
        Result<std::vector<float>> positions = read_floats(model_, position->second, 3, place + ".attributes.POSITION", vertices.value());
        if (!positions) return Error{positions.message()};
        mesh.positions = grouped<glm::vec3>(positions.value());
        const std::size_t count = mesh.positions.size();
        if (count > kMaxMeshVertices) return Error{place + ": more than " + std::to_string(kMaxMeshVertices) + " vertices"};
        if (auto normal = p.attributes.find("NORMAL"); normal != p.attributes.end()) {
            Result<std::vector<float>> normals = read_floats(model_, normal->second, 3, place + ".attributes.NORMAL", count);
            if (!normals) return Error{normals.message()};
            mesh.normals = grouped<glm::vec3>(normals.value());
            for (glm::vec3& v : mesh.normals) v = glm::length(v) > 0.0f ? glm::normalize(v) : glm::vec3(0.0f, 0.0f, 1.0f);
        }
        if (auto uv = p.attributes.find("TEXCOORD_0"); uv != p.attributes.end()) {
            Result<std::vector<float>> uvs =
                read_floats(model_, uv->second, 2, place + ".attributes.TEXCOORD_0", count, Numbers::FloatsOrUnitInts);
            if (!uvs) return Error{uvs.message()};
            mesh.uvs = grouped<glm::vec2>(uvs.value());
        }
        if ((!mesh.normals.empty() && mesh.normals.size() != count) || (!mesh.uvs.empty() && mesh.uvs.size() != count)) {
            return Error{place + ".attributes: NORMAL and TEXCOORD_0 hold one value per POSITION"};
        }
        const int mode = p.mode == -1 ? TINYGLTF_MODE_TRIANGLES : p.mode;
        std::size_t corner_count = count;
        if (p.indices >= 0) {
            Result<std::size_t> n = element_count(model_, p.indices, place + ".indices");
            if (!n) return Error{n.message()};
            corner_count = n.value();
        }
        const std::size_t triangles = mode == TINYGLTF_MODE_TRIANGLES ? corner_count / 3 : corner_count < 3 ? 0 : corner_count - 2;
        if (Status s = budget_.take(Budgeted::Triangles, triangles, where, p.indices >= 0 ? "its indices" : "its vertices as triangles");
            !s) {
            return Error{s.message()};
        }
        std::vector<std::uint32_t> corners(count);
        std::iota(corners.begin(), corners.end(), 0u);
        if (p.indices >= 0) {
            Result<std::vector<std::uint32_t>> indices = read_unsigned(model_, p.indices, 1, place + ".indices", corner_count);
            if (!indices) return Error{indices.message()};
            corners = std::move(indices).value();
            for (std::size_t i = 0; i < corners.size(); ++i) {
                if (corners[i] >= count) {
                    return Error{place + ".indices[" + std::to_string(i) + "]: " + std::to_string(corners[i]) +
                                 " is not a vertex (there are " + std::to_string(count) + ")"};
                }
            }
        }
        mesh.indices = triangle_list(corners, mode);
        if (Status s = hang(node, p, place, mesh); !s) return Error{s.message()};
        if (Status s = read_material(p, place, mesh, out); !s) return Error{s.message()};
        return std::optional<Mesh>{std::move(mesh)};
    }

    // Skinned to the node's skin, or rigid on the nearest bone at or above the node, or baked
    // into the world.
    Status hang(int node, const tinygltf::Primitive& p, const std::string& place, Mesh& mesh) {
        const tinygltf::Node& n = model_.nodes[static_cast<std::size_t>(node)];
        if (n.skin >= 0 && p.attributes.count("JOINTS_0") && p.attributes.count("WEIGHTS_0")) {
            const tinygltf::Skin& skin = model_.skins[static_cast<std::size_t>(n.skin)];
            std::vector<float> inverse_binds;
            if (skin.inverseBindMatrices >= 0) {
                const std::string where = indexed("skins", static_cast<std::size_t>(n.skin)) + ".inverseBindMatrices";
                // glTF allows more matrices than joints; the rest are never used.
                Result<std::vector<float>> read =
                    read_floats(model_, skin.inverseBindMatrices, 16, where, std::max(skin.joints.size(), model_.nodes.size()));
                if (!read) return Error{read.message()};
                if (read.value().size() < skin.joints.size() * 16) return Error{where + ": fewer matrices than joints"};
                inverse_binds = std::move(read).value();
            }
            for (std::size_t j = 0; j < skin.joints.size(); ++j) {
                glm::mat4 inverse_bind(1.0f);
                for (std::size_t k = 0; !inverse_binds.empty() && k < 16; ++k)
                    inverse_bind[static_cast<int>(k / 4)][static_cast<int>(k % 4)] = inverse_binds[j * 16 + k];
                const auto joint_node = static_cast<std::size_t>(skin.joints[j]);
                const int bone = joints_.bone_of_node[joint_node];
                // The joint's node frame in its bone's frame: the bone turns the node (and drops its
                // scale), so skinning by the bone puts that back before the file's inverse bind.
                mesh.joints.push_back({bone, bone_from_node(bone, joint_node) * inverse_bind});
            }
            Result<std::vector<Influence>> influences =
                read_influences(model_, p, mesh.positions.size(), skin.joints.size(), place, left_out_);
            if (!influences) return Error{influences.message()};
            mesh.influences = std::move(influences).value();
            return {};
        }
        const int up = bone_node_above_[static_cast<std::size_t>(node)];
        if (up >= 0) {
            const int bone = joints_.bone_of_node[static_cast<std::size_t>(up)];
            mesh.joints.push_back({bone, bone_from_node(bone, static_cast<std::size_t>(node))});
            return {};
        }
        const glm::mat4& world = node_world_[static_cast<std::size_t>(node)];
        const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
        for (glm::vec3& v : mesh.positions) v = glm::vec3(world * glm::vec4(v, 1.0f));
        for (glm::vec3& v : mesh.normals) {
            const glm::vec3 turned = normal_matrix * v;
            if (glm::length(turned) > 0.0f) v = glm::normalize(turned);
        }
        return {};
    }

    // The node's frame in its bone's frame at rest, `bone` being the nearest at or above the node
    // (bone_node_above_). For a bone of Marionette's own export the node is the bone turned a
    // quarter turn, and what hangs under it is taken from the file's own numbers, so a bind
    // written out comes back to the bit (gltf_bone_axis.hpp).
    glm::mat4 bone_from_node(int bone, std::size_t node) const {
        const auto b = static_cast<std::size_t>(bone);
        if (!joints_.exact[b]) return inverse_bone_world_[b] * node_world_[node];
        return positive_zeros(node_in_bone_frame() * below_bone_[node]);
    }

    // A node's local transform as the file gives it: its matrix as written, or its TRS.
    glm::mat4 local_matrix(std::size_t n) const {
        const std::vector<double>& raw = model_.nodes[n].matrix;
        if (raw.size() != 16) return scene_.rest[n].matrix();
        glm::mat4 m;
        for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = static_cast<float>(raw[static_cast<std::size_t>(i)]);
        return m;
    }

    Status read_material(const tinygltf::Primitive& p, const std::string& place, Mesh& mesh, MeshSet& out) {
        if (p.material < 0) return {};
        if (p.material >= static_cast<int>(model_.materials.size()))
            return Error{place + ".material: " + std::to_string(p.material) + " is not a material"};
        const tinygltf::PbrMetallicRoughness& pbr = model_.materials[static_cast<std::size_t>(p.material)].pbrMetallicRoughness;
        if (pbr.baseColorFactor.size() == 4) {
            for (int c = 0; c < 4; ++c)
                mesh.material.base_color[c] = static_cast<float>(std::clamp(pbr.baseColorFactor[static_cast<std::size_t>(c)], 0.0, 1.0));
        }
        const int texture = pbr.baseColorTexture.index;
        if (texture < 0) return {};
        if (texture >= static_cast<int>(model_.textures.size()))
            return Error{place + ": the material's texture " + std::to_string(texture) + " is not a texture"};
        if (pbr.baseColorTexture.texCoord != 0) ++left_out_.other_uv_sets;
        const int source = model_.textures[static_cast<std::size_t>(texture)].source;
        if (source < 0 || source >= static_cast<int>(model_.images.size())) {
            ++left_out_.images_not_png_or_jpeg;  // a texture whose image only an extension gives (KTX)
            return {};
        }
        if (auto known = image_of_.find(source); known != image_of_.end()) {
            mesh.material.image = known->second;
            return {};
        }
        Result<std::optional<MeshImage>> image = read_image(source);
        if (!image) return Error{image.message()};
        int index = -1;
        if (image.value()) {
            index = static_cast<int>(out.images.size());
            out.images.push_back(std::move(*image.value()));
        } else {
            ++left_out_.images_not_png_or_jpeg;
        }
        image_of_.emplace(source, index);
        mesh.material.image = index;
        return {};
    }

    // The image's encoded bytes, from its buffer view or as tinygltf read its URI; nothing for
    // an image that is not a PNG or JPEG file.
    Result<std::optional<MeshImage>> read_image(int source) {
        const tinygltf::Image& image = model_.images[static_cast<std::size_t>(source)];
        const std::string place = indexed("images", static_cast<std::size_t>(source));
        MeshImage out;
        out.name = image.name.empty() ? "image " + std::to_string(source) : image.name;
        if (image.bufferView >= 0) {
            if (image.bufferView >= static_cast<int>(model_.bufferViews.size())) return Error{place + ".bufferView: not a buffer view"};
            const tinygltf::BufferView& view = model_.bufferViews[static_cast<std::size_t>(image.bufferView)];
            if (view.buffer < 0 || view.buffer >= static_cast<int>(model_.buffers.size()))
                return Error{place + ": its buffer view names no buffer"};
            const std::vector<unsigned char>& data = model_.buffers[static_cast<std::size_t>(view.buffer)].data;
            if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
                return Error{place + ": reads past the end of its buffer"};
            out.bytes.assign(data.begin() + static_cast<std::ptrdiff_t>(view.byteOffset),
                             data.begin() + static_cast<std::ptrdiff_t>(view.byteOffset + view.byteLength));
        } else {
            out.bytes.assign(image.image.begin(), image.image.end());  // kept encoded by the import's image callback
        }
        out.mime_type = image_mime_type(out.bytes);
        if (out.mime_type.empty()) return std::optional<MeshImage>{};
        if (out.bytes.size() > kMaxImageBytes) return Error{place + ": larger than " + std::to_string(kMaxImageBytes >> 20) + " MB"};
        // What it decodes to is counted now, from its header, not when the editor first draws it.
        Result<glm::ivec2> size = image_size(out.bytes);
        if (!size) return std::optional<MeshImage>{};
        if (Status s = budget_.take(Budgeted::DecodedImageBytes, decoded_bytes(size.value()), place, "decoding it"); !s)
            return Error{s.message()};
        return std::optional<MeshImage>{std::move(out)};
    }

    const tinygltf::Model& model_;
    const Scene& scene_;
    const Joints& joints_;
    ReadBudget& budget_;
    std::vector<int> bone_node_above_;   // by node: the node of its nearest bone at or above it, or -1
    std::vector<glm::mat4> below_bone_;  // by node: its local matrices below that bone's node, composed
    std::vector<glm::mat4> node_world_;
    std::vector<glm::mat4> inverse_bone_world_;
    std::map<int, int> image_of_;  // the file's image -> the set's (-1: not kept)
    LeftOut left_out_;
};

void warn(const LeftOut& l, std::vector<std::string>& warnings) {
    const auto say = [&](std::size_t count, const std::string& what) {
        if (count) warnings.push_back(std::to_string(count) + " " + what);
    };
    say(l.not_triangles, "mesh parts are points or lines, not triangles: they are not imported");
    say(l.no_positions, "mesh parts have no POSITION: they are not imported");
    say(l.over_four_influences, "vertices have more than 4 joints: the 4 strongest are kept, their weights renormalized");
    say(l.no_weight, "vertices have no weight on any joint: they follow their skin's first joint");
    say(l.other_uv_sets, "materials take their colour texture from a second UV set: the first is used");
    say(l.images_not_png_or_jpeg,
        "textures are not PNG or JPEG images that can be read (KTX, another kind, or a broken header): those materials show their colour "
        "only");
}

}  // namespace

Result<MeshSet> read_meshes(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints,
                            ReadBudget& budget, std::vector<std::string>& warnings) {
    MeshReader reader(model, scene, skeleton, joints, budget);
    MeshSet out;
    for (int node : scene.order) {
        if (model.nodes[static_cast<std::size_t>(node)].mesh < 0) continue;
        if (Status s = reader.read_node(node, out); !s) return Error{s.message()};
    }
    warn(reader.left_out(), warnings);
    if (auto problem = mesh_set_problem(out, skeleton.size())) return Error{"the imported meshes break a rule: " + *problem};
    return out;
}

}  // namespace marionette::gltf
