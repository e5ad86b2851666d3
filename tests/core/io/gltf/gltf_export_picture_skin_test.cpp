// A weighted picture mesh in glTF, read back by tinygltf (a reader no one here wrote): a skinned
// mesh whose skin's joints are the nodes of the bones it follows, bound at rest, its weights
// summing to 1, and its vertices skinned by the file's nodes landing where Marionette places
// them (attachment_world_vertices) at posed frames; a rigid mesh's triangles on its bone's node;
// deform keys as morph targets whose weights give the keys' shapes. Also the answer file three.js
// is held to (tests/tools/compare_three_skin.mjs): Marionette's own vertices of the test rig.

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <tiny_gltf.h>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "core/anim/deform_track.hpp"
#include "core/anim/slot_track.hpp"
#include "core/anim/state.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;

namespace picture_skin_test {

const std::filesystem::path kData = std::filesystem::path(MARIONETTE_TEST_DATA) / "gltf";
// The rig's size, which the misses are measured against: its arm is some 25 units long.
constexpr float kRigSize = 25.0f;

Rig bent_arm() { return load_rig_file(kData / "bent_arm.json").value(); }

tinygltf::Model exported(const Rig& rig, std::vector<std::string>* warnings = nullptr) {
    GltfExportOptions options;
    options.pictures_folder = kData;
    Result<GltfExport> out = export_gltf(rig, options);
    EXPECT_TRUE(out.ok()) << out.message();
    if (warnings) *warnings = out.value().warnings;
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string error, warning;
    const std::string& bytes = out.value().bytes;
    EXPECT_TRUE(loader.LoadBinaryFromMemory(&model, &error, &warning, reinterpret_cast<const unsigned char*>(bytes.data()),
                                            static_cast<unsigned int>(bytes.size())))
        << error;
    return model;
}

glm::mat4 local_matrix(const tinygltf::Node& n) {
    glm::mat4 m(1.0f);
    if (n.translation.size() == 3) m = glm::translate(m, glm::vec3(n.translation[0], n.translation[1], n.translation[2]));
    if (n.rotation.size() == 4)
        m *= glm::mat4_cast(glm::quat(static_cast<float>(n.rotation[3]), static_cast<float>(n.rotation[0]),
                                      static_cast<float>(n.rotation[1]), static_cast<float>(n.rotation[2])));
    if (n.scale.size() == 3) m = glm::scale(m, glm::vec3(n.scale[0], n.scale[1], n.scale[2]));
    if (n.matrix.size() == 16) {
        for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = static_cast<float>(n.matrix[static_cast<std::size_t>(i)]);
    }
    return m;
}

glm::mat4 world_matrix(const tinygltf::Model& model, int node) {
    for (std::size_t p = 0; p < model.nodes.size(); ++p) {
        const std::vector<int>& c = model.nodes[p].children;
        if (std::find(c.begin(), c.end(), node) != c.end())
            return world_matrix(model, static_cast<int>(p)) * local_matrix(model.nodes[static_cast<std::size_t>(node)]);
    }
    return local_matrix(model.nodes[static_cast<std::size_t>(node)]);
}

// An accessor's values as floats (tightly packed, as the exporter writes them): floats, or
// unsigned shorts.
std::vector<float> values(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
    const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
    const unsigned char* at = model.buffers[static_cast<std::size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
    const std::size_t count = a.count * static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type)));
    std::vector<float> out(count);
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) {
        std::memcpy(out.data(), at, count * sizeof(float));
    } else {
        std::vector<std::uint16_t> shorts(count);
        std::memcpy(shorts.data(), at, count * sizeof(std::uint16_t));
        for (std::size_t i = 0; i < count; ++i) out[i] = shorts[i];
    }
    return out;
}

int node_named(const tinygltf::Model& model, const std::string& name) {
    for (std::size_t n = 0; n < model.nodes.size(); ++n) {
        if (model.nodes[n].name == name) return static_cast<int>(n);
    }
    return -1;
}

// Where the file puts the vertices of the picture node `name` with its nodes as they stand and
// its morph targets at `weights` (none: the base shape): skinned by the file's joints and
// inverse binds (glTF's rule), or carried by the node's world frame.
std::vector<glm::vec3> file_vertices(const tinygltf::Model& model, const std::string& name, const std::vector<float>& weights = {}) {
    const int node = node_named(model, name);
    EXPECT_GE(node, 0) << name;
    if (node < 0) return {};
    const tinygltf::Node& n = model.nodes[static_cast<std::size_t>(node)];
    const tinygltf::Primitive& p = model.meshes[static_cast<std::size_t>(n.mesh)].primitives.at(0);
    std::vector<float> positions = values(model, p.attributes.at("POSITION"));
    for (std::size_t t = 0; t < weights.size(); ++t) {
        const std::vector<float> moves = values(model, p.targets.at(t).at("POSITION"));
        for (std::size_t i = 0; i < positions.size(); ++i) positions[i] += weights[t] * moves[i];
    }
    std::vector<glm::vec3> out;
    if (n.skin < 0) {
        const glm::mat4 m = world_matrix(model, node);
        for (std::size_t i = 0; i < positions.size(); i += 3)
            out.emplace_back(m * glm::vec4(positions[i], positions[i + 1], positions[i + 2], 1.0f));
        return out;
    }
    const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(n.skin)];
    const std::vector<float> inverse_binds = values(model, skin.inverseBindMatrices);
    std::vector<glm::mat4> joints;
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        glm::mat4 inverse_bind;
        std::memcpy(&inverse_bind[0][0], &inverse_binds[16 * j], 16 * sizeof(float));
        joints.push_back(world_matrix(model, skin.joints[j]) * inverse_bind);
    }
    const std::vector<float> numbers = values(model, p.attributes.at("JOINTS_0"));
    const std::vector<float> weights_0 = values(model, p.attributes.at("WEIGHTS_0"));
    for (std::size_t v = 0; v < positions.size() / 3; ++v) {
        glm::vec4 at(0.0f);
        for (std::size_t k = 0; k < 4; ++k) {
            at += weights_0[4 * v + k] * (joints.at(static_cast<std::size_t>(numbers[4 * v + k])) *
                                          glm::vec4(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2], 1.0f));
        }
        out.emplace_back(at);
    }
    return out;
}

// Where Marionette places the drawing `attachment` of slot `slot` in `pose`, with `deform`.
std::vector<glm::vec3> marionette_vertices(const Rig& rig, std::size_t slot, std::size_t attachment, const Pose& pose,
                                           std::span<const glm::vec2> deform = {}) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
    std::vector<glm::vec3> out;
    attachment_world_vertices(rig.slots[slot].attachments[attachment], rig.slots[slot].bone, world, pose, skinning, out, deform);
    return out;
}

void expect_near(const std::vector<glm::vec3>& got, const std::vector<glm::vec3>& expected, float z, const std::string& what) {
    ASSERT_EQ(got.size(), expected.size()) << what;
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i].x, expected[i].x, 1e-4f * kRigSize) << what << " vertex " << i;
        EXPECT_NEAR(got[i].y, expected[i].y, 1e-4f * kRigSize) << what << " vertex " << i;
        EXPECT_NEAR(got[i].z, z, 1e-4f * kRigSize) << what << " vertex " << i << " stands on its slot's step of the stack";
    }
}

// `rig` in the pose its state `state` shows at `time`.
Rig posed(Rig rig, const std::string& state, double time) {
    const State& s = *std::find_if(rig.states.begin(), rig.states.end(), [&](const State& x) { return x.name == state; });
    Pose pose = rig.pose;
    sample_state(rig, s, time, rig.pose, pose);
    rig.pose = pose;
    return rig;
}


TEST(GltfExportPictureSkin, AWeightedMeshIsSkinnedByTheNodesOfItsBonesBoundAtRest) {
    const Rig rig = bent_arm();
    std::vector<std::string> warnings;
    const tinygltf::Model model = exported(rig, &warnings);
    for (const std::string& w : warnings) EXPECT_EQ(w.find("weighted"), std::string::npos) << w;
    const int node = node_named(model, "sleeve:sleeve");
    ASSERT_GE(node, 0);
    const tinygltf::Node& n = model.nodes[static_cast<std::size_t>(node)];
    ASSERT_GE(n.skin, 0) << "a skinned mesh";
    const tinygltf::Model& m = model;
    EXPECT_NE(std::find(m.scenes[0].nodes.begin(), m.scenes[0].nodes.end(), node), m.scenes[0].nodes.end())
        << "at the root, where readers ignore a skinned mesh's transform";
    EXPECT_TRUE(n.scale.empty() && n.translation.empty() && n.rotation.empty() && n.matrix.empty());
    // Its joints: the nodes of the bones its weights name (upper_arm and forearm, not shoulder).
    const tinygltf::Skin& skin = m.skins[static_cast<std::size_t>(n.skin)];
    ASSERT_EQ(skin.joints.size(), 2u);
    EXPECT_EQ(m.nodes[static_cast<std::size_t>(skin.joints[0])].name, "upper_arm");
    EXPECT_EQ(m.nodes[static_cast<std::size_t>(skin.joints[1])].name, "forearm");
    // Bound at rest: each joint's node at rest times its inverse bind is the identity.
    const tinygltf::Model at_rest = [&] {
        Rig r = rig;
        r.pose = Pose::rest(r.skeleton.size());
        return exported(r);
    }();
    const std::vector<float> inverse_binds = values(m, skin.inverseBindMatrices);
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        glm::mat4 inverse_bind;
        std::memcpy(&inverse_bind[0][0], &inverse_binds[16 * j], 16 * sizeof(float));
        const glm::mat4 product = world_matrix(at_rest, skin.joints[j]) * inverse_bind;
        for (int c = 0; c < 4; ++c) {
            for (int r = 0; r < 4; ++r) EXPECT_NEAR(product[c][r], c == r ? 1.0f : 0.0f, 1e-5f) << "joint " << j;
        }
    }
    // Four joints and weights a vertex, the weights summing to 1, as the rig holds them.
    const tinygltf::Primitive& p = m.meshes[static_cast<std::size_t>(n.mesh)].primitives.at(0);
    const std::vector<float> joints = values(m, p.attributes.at("JOINTS_0"));
    const std::vector<float> weights = values(m, p.attributes.at("WEIGHTS_0"));
    const AttachmentMesh& mesh = *rig.slots[0].attachments[0].mesh;
    ASSERT_EQ(weights.size(), 4 * mesh.vertices.size());
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        EXPECT_NEAR(weights[4 * v] + weights[4 * v + 1] + weights[4 * v + 2] + weights[4 * v + 3], 1.0f, 1e-6f) << "vertex " << v;
        for (std::size_t k = 0; k < mesh.weights[v].count; ++k) {
            EXPECT_EQ(skin.joints.at(static_cast<std::size_t>(joints[4 * v + k])), static_cast<int>(mesh.weights[v].bones[k]) + 1)
                << "vertex " << v << ": the joint is its bone's node";
            EXPECT_EQ(weights[4 * v + k], mesh.weights[v].weights[static_cast<int>(k)]);
        }
    }
    // The picture's texture, UVs and see-through material, as a plain picture's.
    EXPECT_EQ(values(m, p.attributes.at("TEXCOORD_0")).size(), 2 * mesh.vertices.size());
    const tinygltf::Material& material = m.materials[static_cast<std::size_t>(p.material)];
    EXPECT_EQ(material.alphaMode, "BLEND");
    EXPECT_TRUE(material.extensions.count("KHR_materials_unlit"));
    EXPECT_NEAR(material.pbrMetallicRoughness.baseColorFactor[1], 0.9, 1e-6) << "the drawing's tint";
    const int texture = material.pbrMetallicRoughness.baseColorTexture.index;
    ASSERT_GE(texture, 0);
    EXPECT_EQ(m.images[static_cast<std::size_t>(m.textures[static_cast<std::size_t>(texture)].source)].name, "bent_arm/sleeve.png");
}

TEST(GltfExportPictureSkin, SkinnedAndRigidMeshesLandWhereMarionettePlacesThemWhilePosed) {
    for (const double t : {0.0, 0.3, 0.5, 0.8, 1.0}) {
        const Rig rig = posed(bent_arm(), "bend", t);
        const tinygltf::Model model = exported(rig);
        const std::string at = " at " + std::to_string(t) + " s";
        expect_near(file_vertices(model, "sleeve:sleeve"), marionette_vertices(rig, 0, 0, rig.pose), 0.0f, "sleeve" + at);
        // The rigid hand, a mesh of five vertices (one inside), on the second step of the stack.
        const std::vector<glm::vec3> hand = file_vertices(model, "hand:open");
        ASSERT_EQ(hand.size(), 5u);
        expect_near(hand, marionette_vertices(rig, 1, 0, rig.pose), hand[0].z, "hand" + at);
        EXPECT_GT(hand[0].z, 0.0f) << "the hand stands above the sleeve";
        EXPECT_LT(hand[0].z, 0.01f) << "by too little to see";
    }
}

TEST(GltfExportPictureSkin, DeformKeysAreMorphTargetsWeightedAsTheKeysMix) {
    // Posed with the forearm turned, so the shapes are skinned as well as added.
    const Rig rig = posed(bent_arm(), "squash", 0.45);
    const tinygltf::Model model = exported(rig);
    const State& squash = *std::find_if(rig.states.begin(), rig.states.end(), [](const State& s) { return s.name == "squash"; });
    const auto animation =
        std::find_if(model.animations.begin(), model.animations.end(), [](const tinygltf::Animation& a) { return a.name == "squash"; });
    ASSERT_NE(animation, model.animations.end());
    for (std::size_t slot = 0; slot < 2; ++slot) {
        const std::string name = slot == 0 ? "sleeve:sleeve" : "hand:open";
        const int node = node_named(model, name);
        const tinygltf::Mesh& mesh = model.meshes[static_cast<std::size_t>(model.nodes[static_cast<std::size_t>(node)].mesh)];
        const int track = track_of_deform(squash.deform, static_cast<int>(slot), 0);
        ASSERT_GE(track, 0);
        const DeformTrack& keys = squash.deform[static_cast<std::size_t>(track)];
        // One target for each distinct shape other than no offset.
        std::vector<std::vector<glm::vec2>> shapes;
        for (const DeformKey& k : keys.keys) {
            const bool none = std::all_of(k.offsets.begin(), k.offsets.end(), [](const glm::vec2& d) { return d == glm::vec2(0.0f); });
            if (!none && std::find(shapes.begin(), shapes.end(), k.offsets) == shapes.end()) shapes.push_back(k.offsets);
        }
        ASSERT_EQ(mesh.primitives.at(0).targets.size(), shapes.size()) << name;
        EXPECT_EQ(mesh.weights, std::vector<double>(shapes.size(), 0.0)) << name << ": at rest, the undeformed shape";
        const auto channel = std::find_if(animation->channels.begin(), animation->channels.end(),
                                          [&](const tinygltf::AnimationChannel& c) { return c.target_node == node; });
        ASSERT_NE(channel, animation->channels.end()) << name;
        EXPECT_EQ(channel->target_path, "weights");
        const tinygltf::AnimationSampler& sampler = animation->samplers[static_cast<std::size_t>(channel->sampler)];
        const std::vector<float> times = values(model, sampler.input);
        const std::vector<float> weights = values(model, sampler.output);
        ASSERT_EQ(weights.size(), times.size() * shapes.size());
        // At each of the sampler's times, and half-way to the next (glTF's linear weights), the
        // targets give Marionette's shape of that time.
        for (std::size_t i = 0; i < times.size(); ++i) {
            for (const double f : {0.0, 0.5}) {
                if (i + 1 == times.size() && f > 0.0) continue;
                const double t = i + 1 < times.size() ? (1.0 - f) * times[i] + f * times[i + 1] : times[i];
                std::vector<float> w(shapes.size());
                for (std::size_t s = 0; s < shapes.size(); ++s) {
                    const float a = weights[i * shapes.size() + s];
                    const float b = i + 1 < times.size() ? weights[(i + 1) * shapes.size() + s] : a;
                    w[s] = sampler.interpolation == "STEP" ? a : static_cast<float>((1.0 - f) * a + f * b);
                }
                std::vector<glm::vec2> deform;
                sample_deform_track(keys, t, deform);
                const std::vector<glm::vec3> expected = marionette_vertices(rig, slot, 0, rig.pose, deform);
                const std::vector<glm::vec3> got = file_vertices(model, name, w);
                expect_near(got, expected, got.empty() ? 0.0f : got[0].z, name + " at " + std::to_string(t) + " s");
            }
        }
    }
}

TEST(GltfExportPictureSkin, AWeightedMeshItsSlotSwitchesGoesRigidAtRestWithAWarning) {
    Rig rig = bent_arm();
    Attachment other = rig.slots[0].attachments[0];
    other.name = "rolled";
    other.mesh.reset();
    rig.slots[0].attachments.push_back(other);
    State wave;
    wave.name = "roll";
    wave.slot_tracks.push_back(SlotTrack{0, SlotProperty::Attachment, {SlotKey{0.0f, 1}, SlotKey{0.5f, 0}}});
    rig.states.push_back(wave);
    std::vector<std::string> warnings;
    const tinygltf::Model model = exported(rig, &warnings);
    const int node = node_named(model, "sleeve:sleeve");
    ASSERT_GE(node, 0);
    EXPECT_LT(model.nodes[static_cast<std::size_t>(node)].skin, 0) << "glTF cannot hide a skinned mesh: the switch keeps it rigid";
    std::size_t said = 0;
    for (const std::string& w : warnings) said += w.find("slots[0].attachments[0]: a weighted mesh goes to glTF as at rest") == 0;
    EXPECT_EQ(said, 1u);
    // Rigid on its bone, it lies at rest where the picture puts it.
    const Rig at_rest = [&] {
        Rig r = rig;
        r.pose = Pose::rest(r.skeleton.size());
        return r;
    }();
    expect_near(file_vertices(exported(at_rest), "sleeve:sleeve"), marionette_vertices(at_rest, 0, 0, at_rest.pose), 0.0f, "at rest");
}

// The answer compare_three_skin.mjs holds three.js's skinning of the exported test rig to:
// Marionette's own vertices of each drawing each state shows, at the answer's times. With
// MARIONETTE_WRITE_ANSWERS=1 the file is written afresh; else it must hold what Marionette
// gives now.
TEST(GltfExportPictureSkin, TheThreeJsAnswerFileHoldsMarionettesVertices) {
    const Rig rig = bent_arm();
    const std::vector<double> times{0.0, 0.2, 0.45, 0.7, 0.95};
    nlohmann::json answer;
    answer["times"] = times;
    answer["compare"] = "xy";  // a 2D rig's drawings stand apart along z by the draw-order stack
    answer["tolerance"] = 1e-5 * kRigSize;
    for (const State& state : rig.states) {
        nlohmann::json meshes = nlohmann::json::object();
        for (const double t : times) {
            Pose pose = rig.pose;
            sample_state(rig, state, t, rig.pose, pose);
            // The slots' keys loop with the bones' (keyed_time), as three.js loops the clip.
            SlotPose slots = setup_slot_pose(rig.slots, rig.skin);
            sample_slot_tracks(state.slot_tracks, state.draw_order, keyed_time(state, t), slots);
            sample_deform_tracks(rig.slots, state.deform, keyed_time(state, t), slots);
            for (std::size_t s = 0; s < rig.slots.size(); ++s) {
                const Attachment* a = shown_drawing(rig.slots, slots, s, rig.skeleton.size());
                if (!a || !a->mesh) continue;
                const std::size_t index = static_cast<std::size_t>(a - rig.slots[s].attachments.data());
                nlohmann::json flat = nlohmann::json::array();
                for (const glm::vec3& v : marionette_vertices(rig, s, index, pose, shown_deform(slots, s, *a))) {
                    flat.insert(flat.end(), {v.x, v.y, v.z});
                }
                meshes[rig.slots[s].name + ":" + a->name].push_back(flat);
            }
        }
        answer["animations"][state.name] = meshes;
    }
    const std::filesystem::path file = kData / "bent_arm.answer.json";
    if (const char* write = std::getenv("MARIONETTE_WRITE_ANSWERS"); write && std::string(write) == "1") {
        std::ofstream(file) << answer.dump() << "\n";
    }
    std::ifstream in(file);
    ASSERT_TRUE(in) << file << " (MARIONETTE_WRITE_ANSWERS=1 writes it)";
    const nlohmann::json held = nlohmann::json::parse(in);
    ASSERT_EQ(held["times"], answer["times"]);
    for (const auto& [state, meshes] : answer["animations"].items()) {
        for (const auto& [mesh, frames] : meshes.items()) {
            const nlohmann::json& other = held["animations"][state][mesh];
            ASSERT_EQ(other.size(), frames.size()) << state << " " << mesh;
            for (std::size_t f = 0; f < frames.size(); ++f) {
                ASSERT_EQ(other[f].size(), frames[f].size());
                for (std::size_t i = 0; i < frames[f].size(); ++i)
                    EXPECT_NEAR(other[f][i].get<double>(), frames[f][i].get<double>(), 1e-6 * kRigSize) << state << " " << mesh;
            }
        }
    }
}

}  // namespace picture_skin_test
