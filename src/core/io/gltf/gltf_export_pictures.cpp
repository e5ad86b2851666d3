#include "core/io/gltf/gltf_export_pictures.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/anim/slot_track.hpp"
#include "core/image/image_decode.hpp"
#include "core/io/gltf/gltf_export_mesh.hpp"
#include "core/io/gltf/gltf_picture_deform.hpp"
#include "core/io/gltf/gltf_picture_mesh.hpp"
#include "core/mesh/weighted_bones.hpp"
#include "core/rig/forward_kinematics.hpp"

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

// Whether a weighted mesh goes out bent, as a skinned mesh. glTF ignores a skinned mesh's node
// transform, so no scale can hide it: only a drawing its slot shows at setup and no state's
// drawing keys switch away from bends; the others go rigid on the slot's bone, at rest, where
// their scales switch them, with a warning.
bool bends(const Rig& rig, std::size_t slot, std::size_t attachment) {
    const Slot& s = rig.slots[slot];
    const Attachment& a = s.attachments[attachment];
    if (!a.mesh || !a.mesh->is_weighted() || drawn_attachment(s, s.shown, rig.skin) != static_cast<int>(attachment)) return false;
    for (const State& state : rig.states) {
        if (std::any_of(state.skin_keys.begin(), state.skin_keys.end(),
                        [&](const SkinKey& k) { return drawn_attachment(s, s.shown, k.skin) != static_cast<int>(attachment); }))
            return false;
        for (const SlotTrack& t : state.slot_tracks) {
            if (t.property != SlotProperty::Attachment || t.slot != static_cast<int>(slot)) continue;
            if (std::any_of(t.keys.begin(), t.keys.end(), [&](const SlotKey& k) { return k.attachment != s.shown; })) return false;
        }
    }
    return true;
}

}  // namespace

PictureNodes export_pictures(Writer& w, const Rig& rig, const std::filesystem::path& folder, std::vector<std::string>& warnings) {
    PictureNodes out;
    out.nodes.resize(rig.slots.size());
    if (rig.slots.empty()) return out;
    const float step = stack_step(rig);
    // A bent mesh's bind space is the world with the skeleton at rest (attachment_skinning.hpp).
    const Result<std::vector<Transform>> at_rest = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size()));
    const std::vector<Transform> rest = at_rest ? at_rest.value() : std::vector<Transform>{};
    std::map<std::string, int> textures;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        out.nodes[s].assign(slot.attachments.size(), -1);
        if (slot.bone < 0 || static_cast<std::size_t>(slot.bone) >= rig.skeleton.size()) continue;
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const Attachment& att = slot.attachments[a];
            const int texture = texture_of(w, folder, att.image, textures, warnings);
            const bool bent = bends(rig, s, a) && rest.size() == rig.skeleton.size();
            if (att.mesh && att.mesh->is_weighted() && !bent) {
                warnings.push_back("slots[" + std::to_string(s) + "].attachments[" + std::to_string(a) +
                                   "]: a weighted mesh goes to glTF as at rest on its slot's bone, unbent: its slot switches it, "
                                   "and glTF cannot hide a skinned mesh");
            }
            const std::vector<int> joints = bent ? weighted_bones(*att.mesh) : std::vector<int>{};
            PicturePlacement place;
            place.z = step * static_cast<float>(s);
            if (bent) {
                place.rest = &rest[static_cast<std::size_t>(slot.bone)];
                place.joints = joints;
            }
            const std::vector<std::vector<glm::vec2>> shapes = deform_shapes(rig, static_cast<int>(s), static_cast<int>(a));
            tinygltf::Node node;
            node.name = slot.name + ":" + att.name + (att.skin < 0 ? "" : "@" + rig.skins[static_cast<std::size_t>(att.skin)].name);
            node.mesh = picture_mesh(w, att, place, shapes, picture_material(w, slot, att, texture));
            tinygltf::Value::Object marionette{{"slot", tinygltf::Value(slot.name)}, {"attachment", tinygltf::Value(att.name)}};
            if (att.skin >= 0) marionette.emplace("skin", tinygltf::Value(rig.skins[static_cast<std::size_t>(att.skin)].name));
            node.extras = tinygltf::Value(tinygltf::Value::Object{{"marionette", tinygltf::Value(marionette)}});
            const int index = static_cast<int>(w.model.nodes.size());
            if (bent) {
                // Bound at rest as Marionette binds it: each joint's bind takes the world at rest
                // into its bone's frame. Its node stands at the root, where readers ignore its
                // transform.
                std::vector<MeshJoint> bound;
                for (const int b : joints) {
                    const Transform& r = rest[static_cast<std::size_t>(b)];
                    const glm::quat back = glm::conjugate(r.rotation);
                    bound.push_back({b, to_matrix(Transform{back * -r.translation, back})});
                }
                node.skin = add_skin(w, node.name, bound);
                w.model.scenes[0].nodes.push_back(index);
                out.skinned.insert(index);
            } else {
                // Only the drawing the slot sets up shows; glTF has no visibility, so the others
                // stand at scale 0 until a state's key switches them.
                if (static_cast<int>(a) != drawn_attachment(slot, slot.shown, rig.skin)) node.scale = {0.0, 0.0, 0.0};
                w.model.nodes[static_cast<std::size_t>(node_of(slot.bone))].children.push_back(index);
            }
            w.model.nodes.push_back(node);
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
    // Every slot a drawing key or a skin key switches: what it draws, sampled at those keys.
    for (std::size_t slot = 0; slot < rig.slots.size() && slot < pictures.nodes.size(); ++slot) {
        std::vector<SlotTrack> one;
        for (const SlotTrack& track : state.slot_tracks) {
            if (track.property == SlotProperty::Attachment && track.slot == static_cast<int>(slot)) one.push_back(track);
        }
        if (one.empty() && state.skin_keys.empty()) continue;
        std::vector<float> key_times;
        for (const SlotTrack& track : one) {
            for (const SlotKey& k : track.keys) key_times.push_back(k.time);
        }
        for (const SkinKey& k : state.skin_keys) key_times.push_back(k.time);
        std::set<double> times{0.0};
        for (double start = 0.0; start <= seconds; start += length) {
            times.insert(start);
            for (const float k : key_times) {
                if (start + static_cast<double>(k) <= seconds) times.insert(start + static_cast<double>(k));
            }
            if (!loops || !(length > 0.0)) break;
        }
        std::vector<float> inputs;
        std::vector<int> shown;
        SlotPose pose = setup_slot_pose(rig.slots, rig.skin);
        for (double t : times) {
            const double at = loops ? keyed_time(state, t) : t;
            sample_skin_keys(state.skin_keys, at, pose);
            sample_slot_tracks(one, {}, at, pose);
            inputs.push_back(static_cast<float>(t));
            shown.push_back(drawn_index(rig.slots, pose, slot));
        }
        const int input = w.floats(inputs, TINYGLTF_TYPE_SCALAR, 1, true);
        const std::vector<int>& nodes = pictures.nodes[slot];
        for (std::size_t a = 0; a < nodes.size(); ++a) {
            if (nodes[a] < 0 || pictures.skinned.count(nodes[a])) continue;
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
