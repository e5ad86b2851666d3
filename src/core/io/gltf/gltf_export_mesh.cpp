#include "core/io/gltf/gltf_export_mesh.hpp"

#include <utility>

namespace marionette::gltf {

namespace {

template <class V>
std::vector<float> flat(const std::vector<V>& values) {
    std::vector<float> out;
    out.reserve(values.size() * static_cast<std::size_t>(V::length()));
    for (const V& v : values) {
        for (int c = 0; c < V::length(); ++c) out.push_back(v[c]);
    }
    return out;
}

std::vector<double> matrix_values(const glm::mat4& m) {
    std::vector<double> out;
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) out.push_back(m[c][r]);
    }
    return out;
}

// A joint's matrix as the node's: bind takes the mesh into the bone's frame, and the bone's
// node frame is that frame turned by kNodeToBone (exactly: the matrix only swaps components).
glm::mat4 node_from_bone_bind(const glm::mat4& bind) { return positive_zeros(bone_in_node_frame() * bind); }

int material(Writer& w, const MeshMaterial& m, std::vector<int>& texture_of_image, const MeshSet& set) {
    tinygltf::Material out;
    out.pbrMetallicRoughness.baseColorFactor = {m.base_color.r, m.base_color.g, m.base_color.b, m.base_color.a};
    // Marionette keeps no metalness: a diffuse surface, as the editor draws it.
    out.pbrMetallicRoughness.metallicFactor = 0.0;
    if (m.image >= 0) {
        int& texture = texture_of_image[static_cast<std::size_t>(m.image)];
        if (texture < 0) {
            const MeshImage& image = set.images[static_cast<std::size_t>(m.image)];
            texture = w.texture(image.name, image.mime_type, image.bytes.data(), image.bytes.size());
        }
        out.pbrMetallicRoughness.baseColorTexture.index = texture;
    }
    w.model.materials.push_back(out);
    return static_cast<int>(w.model.materials.size()) - 1;
}

}  // namespace

void add_skin_attributes(Writer& w, tinygltf::Primitive& p, std::vector<std::uint16_t> joints, const std::vector<float>& weights) {
    for (std::size_t i = 0; i < joints.size() && i < weights.size(); ++i) {
        if (!(weights[i] > 0.0f)) joints[i] = 0;  // glTF: a joint without weight is 0
    }
    const std::size_t vertices = joints.size() / 4;
    const int joint_view = w.view(joints.data(), joints.size() * sizeof(std::uint16_t), kArrayBuffer);
    p.attributes["JOINTS_0"] = w.accessor(joint_view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, vertices, TINYGLTF_TYPE_VEC4);
    p.attributes["WEIGHTS_0"] = w.floats(weights, TINYGLTF_TYPE_VEC4, 4, false, kArrayBuffer);
}

int add_skin(Writer& w, const std::string& name, const std::vector<MeshJoint>& joints) {
    tinygltf::Skin skin;
    skin.name = name;
    std::vector<float> inverse_binds;
    for (const MeshJoint& joint : joints) {
        skin.joints.push_back(node_of(joint.bone));
        for (double v : matrix_values(node_from_bone_bind(joint.bind))) inverse_binds.push_back(static_cast<float>(v));
    }
    skin.inverseBindMatrices = w.floats(inverse_binds, TINYGLTF_TYPE_MAT4, 16);
    w.model.skins.push_back(skin);
    return static_cast<int>(w.model.skins.size()) - 1;
}

void export_meshes(Writer& w, const Rig& rig) {
    const MeshSet& set = rig.meshes.set();
    std::vector<int> texture_of_image(set.images.size(), -1);
    for (const Mesh& mesh : set.meshes) {
        tinygltf::Primitive p;
        p.mode = TINYGLTF_MODE_TRIANGLES;
        p.attributes["POSITION"] = w.floats(flat(mesh.positions), TINYGLTF_TYPE_VEC3, 3, true, kArrayBuffer);
        if (!mesh.normals.empty()) p.attributes["NORMAL"] = w.floats(flat(mesh.normals), TINYGLTF_TYPE_VEC3, 3, false, kArrayBuffer);
        if (!mesh.uvs.empty()) p.attributes["TEXCOORD_0"] = w.floats(flat(mesh.uvs), TINYGLTF_TYPE_VEC2, 2, false, kArrayBuffer);
        if (mesh.is_skinned()) {
            std::vector<std::uint16_t> joints;
            std::vector<float> weights;
            for (const Influence& v : mesh.influences) {
                for (std::size_t k = 0; k < kInfluencesPerVertex; ++k) {
                    joints.push_back(v.joints[k]);
                    weights.push_back(v.weights[static_cast<int>(k)]);
                }
            }
            add_skin_attributes(w, p, std::move(joints), weights);
        }
        const int index_view = w.view(mesh.indices.data(), mesh.indices.size() * sizeof(std::uint32_t), kElementArrayBuffer);
        p.indices = w.accessor(index_view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, mesh.indices.size(), TINYGLTF_TYPE_SCALAR);
        p.material = material(w, mesh.material, texture_of_image, set);
        tinygltf::Mesh out;
        out.name = mesh.name;
        out.primitives.push_back(p);
        w.model.meshes.push_back(out);

        tinygltf::Node node;
        node.name = mesh.name;
        node.mesh = static_cast<int>(w.model.meshes.size()) - 1;
        const int index = static_cast<int>(w.model.nodes.size());
        if (mesh.is_skinned()) {
            // glTF skins a mesh by its own joints; its node stands at the root, where readers
            // ignore its transform.
            node.skin = add_skin(w, mesh.name, mesh.joints);
            w.model.scenes[0].nodes.push_back(index);
        } else if (!mesh.joints.empty()) {
            const glm::mat4 m = node_from_bone_bind(mesh.joints[0].bind);
            if (m != glm::mat4(1.0f)) node.matrix = matrix_values(m);
            w.model.nodes[static_cast<std::size_t>(node_of(mesh.joints[0].bone))].children.push_back(index);
        } else {
            w.model.scenes[0].nodes.push_back(index);
        }
        w.model.nodes.push_back(node);
    }
}

}  // namespace marionette::gltf
