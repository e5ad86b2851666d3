#include "core/io/gltf/gltf_export_pictures.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/anim/slot_track.hpp"
#include "core/image/image_decode.hpp"
#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/mesh/attachment_skinning.hpp"

namespace marionette::gltf {

namespace {

constexpr int kLinear = 9729;
constexpr int kLinearMipmapLinear = 9987;
constexpr int kClampToEdge = 33071;
constexpr const char* kUnlit = "KHR_materials_unlit";

// How far apart along z consecutive slots stand, so a reader that sorts see-through quads by
// depth draws them in the slots' order: a ten-thousandth of the largest picture, too little
// to see.
float stack_step(const Rig& rig) {
    float largest = 1.0f;
    for (const Slot& s : rig.slots) {
        for (const Attachment& a : s.attachments) largest = std::max({largest, a.size.x, a.size.y});
    }
    return 1e-4f * largest;
}

// The texture of the picture at `path` (relative to `folder`), made once per file; -1 with a
// warning when it cannot be read or is no picture this reads.
int texture_of(Writer& w, const std::filesystem::path& folder, const std::string& path, std::map<std::string, int>& textures,
               std::vector<std::string>& warnings) {
    if (const auto known = textures.find(path); known != textures.end()) return known->second;
    int& texture = textures[path];
    texture = -1;
    Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / path);
    if (!bytes) {
        warnings.push_back("picture \"" + path + "\" left out of the glTF file: " + bytes.message());
        return texture;
    }
    if (Result<glm::ivec2> size = image_size(bytes.value()); !size) {
        warnings.push_back("picture \"" + path + "\" left out of the glTF file: " + size.message());
        return texture;
    }
    if (w.model.samplers.empty()) {
        tinygltf::Sampler s;
        s.magFilter = kLinear;
        s.minFilter = kLinearMipmapLinear;
        s.wrapS = kClampToEdge;
        s.wrapT = kClampToEdge;
        w.model.samplers.push_back(s);
    }
    const std::vector<std::uint8_t>& b = bytes.value();
    const bool png = b.size() >= 4 && b[0] == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G';
    texture = w.texture(path, png ? "image/png" : "image/jpeg", b.data(), b.size(), 0);
    return texture;
}

// A flat, unlit, see-through material: the picture tinted by the attachment and the slot.
int picture_material(Writer& w, const Slot& slot, const Attachment& a, int texture) {
    tinygltf::Material m;
    m.name = slot.name + ":" + a.name;
    const glm::vec4 c = a.tint * slot.color;
    m.pbrMetallicRoughness.baseColorFactor = {c.r, c.g, c.b, c.a};
    m.pbrMetallicRoughness.metallicFactor = 0.0;
    m.pbrMetallicRoughness.roughnessFactor = 1.0;
    if (texture >= 0) m.pbrMetallicRoughness.baseColorTexture.index = texture;
    m.alphaMode = "BLEND";
    m.doubleSided = true;
    m.extensions[kUnlit] = tinygltf::Value(tinygltf::Value::Object{});
    w.model.materials.push_back(m);
    return static_cast<int>(w.model.materials.size()) - 1;
}

// The picture's mesh, a plain picture's quad or its own triangles: its vertices in the bone's
// node frame (a weighted mesh's as at rest), `z` along the stack.
int picture_mesh(Writer& w, const Attachment& a, float z, int material) {
    std::vector<float> positions, normals, uvs;
    const std::array<glm::vec2, 4> corners = attachment_corners(a);
    const glm::vec3 n = bone_to_node(glm::vec3(0.0f, 0.0f, 1.0f));
    for (std::size_t i = 0; i < attachment_vertex_count(a); ++i) {
        const glm::vec3 p = bone_to_node(glm::vec3(a.mesh ? picture_to_bone(a, a.mesh->vertices[i]) : corners[i], z));
        positions.insert(positions.end(), {p.x, p.y, p.z});
        normals.insert(normals.end(), {n.x, n.y, n.z});
        // glTF's texture rows run from the top.
        const glm::vec2 uv = attachment_uv(a, i);
        uvs.insert(uvs.end(), {uv.x, 1.0f - uv.y});
    }
    std::vector<std::uint16_t> indices;
    for (const auto& t : attachment_triangles(a)) indices.insert(indices.end(), t.begin(), t.end());
    tinygltf::Primitive p;
    p.mode = TINYGLTF_MODE_TRIANGLES;
    p.attributes["POSITION"] = w.floats(positions, TINYGLTF_TYPE_VEC3, 3, true, kArrayBuffer);
    p.attributes["NORMAL"] = w.floats(normals, TINYGLTF_TYPE_VEC3, 3, false, kArrayBuffer);
    p.attributes["TEXCOORD_0"] = w.floats(uvs, TINYGLTF_TYPE_VEC2, 2, false, kArrayBuffer);
    p.indices = w.accessor(w.view(indices.data(), indices.size() * sizeof(std::uint16_t), kElementArrayBuffer),
                           TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, indices.size(), TINYGLTF_TYPE_SCALAR);
    p.material = material;
    tinygltf::Mesh mesh;
    mesh.primitives.push_back(p);
    w.model.meshes.push_back(mesh);
    return static_cast<int>(w.model.meshes.size()) - 1;
}

}  // namespace

PictureNodes export_pictures(Writer& w, const Rig& rig, const std::filesystem::path& folder, std::vector<std::string>& warnings) {
    PictureNodes out;
    out.nodes.resize(rig.slots.size());
    if (rig.slots.empty()) return out;
    const float step = stack_step(rig);
    std::map<std::string, int> textures;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        out.nodes[s].assign(slot.attachments.size(), -1);
        if (slot.bone < 0 || static_cast<std::size_t>(slot.bone) >= rig.skeleton.size()) continue;
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const Attachment& att = slot.attachments[a];
            const int texture = texture_of(w, folder, att.image, textures, warnings);
            const int mesh = picture_mesh(w, att, step * static_cast<float>(s), picture_material(w, slot, att, texture));
            if (att.mesh && att.mesh->is_weighted()) {
                warnings.push_back("slots[" + std::to_string(s) + "].attachments[" + std::to_string(a) +
                                   "]: a weighted mesh goes to glTF as at rest on its slot's bone: glTF pictures do not bend yet");
            }
            tinygltf::Node node;
            node.name = slot.name + ":" + att.name;
            node.mesh = mesh;
            // Only the drawing the slot sets up shows; glTF has no visibility, so the others
            // stand at scale 0 until a state's key switches them.
            if (static_cast<int>(a) != slot.shown) node.scale = {0.0, 0.0, 0.0};
            tinygltf::Value::Object marionette{{"slot", tinygltf::Value(slot.name)}, {"attachment", tinygltf::Value(att.name)}};
            node.extras = tinygltf::Value(tinygltf::Value::Object{{"marionette", tinygltf::Value(marionette)}});
            const int index = static_cast<int>(w.model.nodes.size());
            w.model.nodes.push_back(node);
            w.model.nodes[static_cast<std::size_t>(node_of(slot.bone))].children.push_back(index);
            out.nodes[s][a] = index;
        }
    }
    if (std::find(w.model.extensionsUsed.begin(), w.model.extensionsUsed.end(), kUnlit) == w.model.extensionsUsed.end()) {
        w.model.extensionsUsed.push_back(kUnlit);
    }
    return out;
}

void add_drawing_switches(Writer& w, tinygltf::Animation& anim, const Rig& rig, const State& state, double seconds,
                          const PictureNodes& pictures, std::vector<std::string>& warnings) {
    const bool colours = std::any_of(state.slot_tracks.begin(), state.slot_tracks.end(),
                                     [](const SlotTrack& t) { return t.property == SlotProperty::Color; });
    if (colours || !state.draw_order.empty()) {
        warnings.push_back("state \"" + state.name + "\": its " + (colours ? "colour" : "") +
                           (colours && !state.draw_order.empty() ? " and " : "") + (state.draw_order.empty() ? "" : "draw-order") +
                           " keys are left out: glTF cannot animate them");
    }
    // A state with channels is sampled over several loops of its keys; a keyed one plays them once.
    const bool loops = !state.channels.empty() && state.loop;
    const double length = static_cast<double>(state_length(state));
    for (const SlotTrack& track : state.slot_tracks) {
        if (track.property != SlotProperty::Attachment || track.slot < 0 || static_cast<std::size_t>(track.slot) >= pictures.nodes.size())
            continue;
        std::set<double> times{0.0};
        for (double start = 0.0; start <= seconds; start += length) {
            times.insert(start);
            for (const SlotKey& k : track.keys) {
                if (start + static_cast<double>(k.time) <= seconds) times.insert(start + static_cast<double>(k.time));
            }
            if (!loops || !(length > 0.0)) break;
        }
        std::vector<float> inputs;
        std::vector<int> shown;
        SlotPose pose = setup_slot_pose(rig.slots);
        const std::vector<SlotTrack> one{track};
        for (double t : times) {
            sample_slot_tracks(one, {}, loops ? keyed_time(state, t) : t, pose);
            inputs.push_back(static_cast<float>(t));
            shown.push_back(pose.shown[static_cast<std::size_t>(track.slot)]);
        }
        const int input = w.floats(inputs, TINYGLTF_TYPE_SCALAR, 1, true);
        const std::vector<int>& nodes = pictures.nodes[static_cast<std::size_t>(track.slot)];
        for (std::size_t a = 0; a < nodes.size(); ++a) {
            if (nodes[a] < 0) continue;
            std::vector<float> scales;
            for (int s : shown) {
                const float v = s == static_cast<int>(a) ? 1.0f : 0.0f;
                scales.insert(scales.end(), {v, v, v});
            }
            tinygltf::AnimationSampler sampler;
            sampler.input = input;
            sampler.output = w.floats(scales, TINYGLTF_TYPE_VEC3, 3);
            sampler.interpolation = "STEP";
            anim.samplers.push_back(sampler);
            tinygltf::AnimationChannel channel;
            channel.sampler = static_cast<int>(anim.samplers.size()) - 1;
            channel.target_node = nodes[a];
            channel.target_path = "scale";
            anim.channels.push_back(channel);
        }
    }
}

}  // namespace marionette::gltf
