// A puppet's pictures in glTF, read back by tinygltf (a reader no one here wrote): each drawing
// a textured quad on its bone's node whose corners stand where the editor draws them, slots
// stacked along z in their draw order, the drawings a slot does not set up at scale 0, the
// states' drawing keys switching them by STEP scales, and what glTF cannot hold named.

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <tiny_gltf.h>
#include <glm/gtc/quaternion.hpp>

#include "core/io/gltf/gltf_export.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

const std::filesystem::path kRigs = MARIONETTE_ASSETS;

tinygltf::Model read_glb(const std::string& bytes) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string error, warning;
    const bool ok = loader.LoadBinaryFromMemory(&model, &error, &warning, reinterpret_cast<const unsigned char*>(bytes.data()),
                                                static_cast<unsigned int>(bytes.size()));
    EXPECT_TRUE(ok) << error;
    return model;
}

glm::mat4 local_matrix(const tinygltf::Node& n) {
    if (n.matrix.size() == 16) {
        glm::mat4 m;
        for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = static_cast<float>(n.matrix[static_cast<std::size_t>(i)]);
        return m;
    }
    glm::mat4 m(1.0f);
    if (n.translation.size() == 3) m = glm::translate(m, glm::vec3(n.translation[0], n.translation[1], n.translation[2]));
    if (n.rotation.size() == 4)
        m *= glm::mat4_cast(glm::quat(static_cast<float>(n.rotation[3]), static_cast<float>(n.rotation[0]),
                                      static_cast<float>(n.rotation[1]), static_cast<float>(n.rotation[2])));
    if (n.scale.size() == 3) m = glm::scale(m, glm::vec3(n.scale[0], n.scale[1], n.scale[2]));
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

// An accessor's float values (tightly packed, as the exporter writes them).
std::vector<float> floats(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
    const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
    const unsigned char* at = model.buffers[static_cast<std::size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
    const std::size_t count = a.count * static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type)));
    std::vector<float> out(count);
    std::memcpy(out.data(), at, count * sizeof(float));
    return out;
}

// The node written for a slot's drawing, by the names its extras keep.
int picture_node(const tinygltf::Model& model, const std::string& slot, const std::string& attachment) {
    for (std::size_t n = 0; n < model.nodes.size(); ++n) {
        const tinygltf::Value& m = model.nodes[n].extras.Get("marionette");
        if (m.IsObject() && m.Get("slot").IsString() && m.Get("slot").Get<std::string>() == slot &&
            m.Get("attachment").Get<std::string>() == attachment) {
            return static_cast<int>(n);
        }
    }
    return -1;
}

std::string exported_with_pictures(const Rig& rig, std::optional<std::filesystem::path> folder,
                                   std::vector<std::string>* warnings = nullptr) {
    GltfExportOptions options;
    options.pictures_folder = std::move(folder);
    Result<GltfExport> out = export_gltf(rig, options);
    EXPECT_TRUE(out.ok()) << out.message();
    if (warnings) *warnings = out.value().warnings;
    return out.value().bytes;
}

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST(GltfExportPictures, EachDrawingIsATexturedQuadOnItsBoneWhereTheEditorDrawsIt) {
    const Rig rig = load_rig_file(kRigs / "io.json").value();
    const tinygltf::Model model = read_glb(exported_with_pictures(rig, kRigs));
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    float previous_z = -1.0f;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const Attachment& att = slot.attachments[a];
            const int node = picture_node(model, slot.name, att.name);
            ASSERT_GE(node, 0) << slot.name << ":" << att.name;
            const tinygltf::Node& n = model.nodes[static_cast<std::size_t>(node)];
            if (static_cast<int>(a) != slot.shown) {
                EXPECT_EQ(n.scale, (std::vector<double>{0, 0, 0})) << slot.name << ":" << att.name << " is not set up: hidden";
                continue;
            }
            const tinygltf::Primitive& p = model.meshes[static_cast<std::size_t>(n.mesh)].primitives.at(0);
            const std::vector<float> positions = floats(model, p.attributes.at("POSITION"));
            ASSERT_EQ(positions.size(), 12u);
            const glm::mat4 m = world_matrix(model, node);
            const std::array<glm::vec3, 4> expected = attachment_world_corners(att, world[static_cast<std::size_t>(slot.bone)],
                                                                               rig.pose.scales[static_cast<std::size_t>(slot.bone)]);
            for (std::size_t c = 0; c < 4; ++c) {
                const glm::vec4 got = m * glm::vec4(positions[3 * c], positions[3 * c + 1], positions[3 * c + 2], 1.0f);
                EXPECT_NEAR(got.x, expected[c].x, 1e-3f) << slot.name << " corner " << c;
                EXPECT_NEAR(got.y, expected[c].y, 1e-3f) << slot.name << " corner " << c;
                if (c == 0) {
                    EXPECT_GT(got.z, previous_z) << slot.name << " stands above the slots drawn before it";
                    EXPECT_LT(got.z, 0.1f) << "by too little to see";
                    previous_z = got.z;
                }
            }
            // Its picture, as the file holds it, seen through and unlit.
            const tinygltf::Material& material = model.materials[static_cast<std::size_t>(p.material)];
            EXPECT_EQ(material.alphaMode, "BLEND");
            EXPECT_TRUE(material.extensions.count("KHR_materials_unlit"));
            const int texture = material.pbrMetallicRoughness.baseColorTexture.index;
            ASSERT_GE(texture, 0) << slot.name;
            const tinygltf::Image& image = model.images[static_cast<std::size_t>(model.textures[static_cast<std::size_t>(texture)].source)];
            EXPECT_EQ(image.name, att.image);
            EXPECT_GT(image.width, 0) << "tinygltf decoded it";
        }
    }
    EXPECT_EQ(std::count(model.extensionsUsed.begin(), model.extensionsUsed.end(), "KHR_materials_unlit"), 1);
}

TEST(GltfExportPictures, DrawingKeysSwitchTheQuadsByStepScales) {
    Rig rig = load_rig_file(kRigs / "io.json").value();
    Result<Rig> blinking = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "head", "length": 10 } ],
      "slots": [ { "name": "eyes", "bone": "head", "attachment": "open", "attachments": [
        { "name": "open", "image": "io/pupils.png", "size": [6, 2] }, { "name": "closed", "image": "io/pupils-closed.png", "size": [6, 1] } ] } ],
      "states": [ { "name": "blink", "slot_tracks": [
        { "slot": "eyes", "keys": [ { "time": 0, "value": "open" }, { "time": 0.8, "value": "closed" }, { "time": 0.95, "value": null } ] },
        { "slot": "eyes", "property": "color", "keys": [ { "time": 0, "value": [1, 1, 1, 0.5] } ] } ] } ] })");
    ASSERT_TRUE(blinking.ok()) << blinking.message();
    std::vector<std::string> warnings;
    const tinygltf::Model model = read_glb(exported_with_pictures(blinking.value(), kRigs, &warnings));
    ASSERT_EQ(model.animations.size(), 1u) << "a state of drawing keys alone is an animation";
    const tinygltf::Animation& anim = model.animations[0];
    EXPECT_EQ(anim.name, "blink");
    const int open = picture_node(model, "eyes", "open");
    const int closed = picture_node(model, "eyes", "closed");
    std::map<int, std::vector<float>> scale_x;  // node -> its x scale at each key
    for (const tinygltf::AnimationChannel& c : anim.channels) {
        const tinygltf::AnimationSampler& s = anim.samplers[static_cast<std::size_t>(c.sampler)];
        EXPECT_EQ(c.target_path, "scale");
        EXPECT_EQ(s.interpolation, "STEP");
        EXPECT_EQ(floats(model, s.input), (std::vector<float>{0.0f, 0.8f, 0.95f}));
        const std::vector<float> v = floats(model, s.output);
        for (std::size_t i = 0; i < v.size(); i += 3) scale_x[c.target_node].push_back(v[i]);
    }
    EXPECT_EQ(scale_x[open], (std::vector<float>{1, 0, 0}));
    EXPECT_EQ(scale_x[closed], (std::vector<float>{0, 1, 0})) << "and none at 0.95 s";
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("state \"blink\": its colour keys are left out"), std::string::npos) << warnings[0];
    (void)rig;
}

TEST(GltfExportPictures, AMissingPictureIsAWarningAndAnUntexturedQuad) {
    const Rig rig = load_rig_file(kRigs / "io.json").value();
    std::vector<std::string> warnings;
    const tinygltf::Model model =
        read_glb(exported_with_pictures(rig, std::filesystem::path(MARIONETTE_TEST_DATA) / "no_such_folder", &warnings));
    EXPECT_TRUE(model.images.empty());
    EXPECT_GE(picture_node(model, "head", "head"), 0) << "the quad is still written";
    std::size_t missing = 0;
    for (const std::string& w : warnings) missing += w.find("left out of the glTF file") != std::string::npos;
    EXPECT_EQ(missing, 7u) << "each of the seven files Io's slots name, once";
    // Without a folder, no pictures at all (a skeleton export).
    EXPECT_EQ(picture_node(read_glb(exported_with_pictures(rig, std::nullopt)), "head", "head"), -1);
}

TEST(GltfExportPictures, TheWrittenPicturesAreTheFilesBytes) {
    const Rig rig = load_rig_file(kRigs / "io.json").value();
    const tinygltf::Model model = read_glb(exported_with_pictures(rig, kRigs));
    ASSERT_FALSE(model.images.empty());
    for (const tinygltf::Image& image : model.images) {
        const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(image.bufferView)];
        const std::string in_file(reinterpret_cast<const char*>(model.buffers[0].data.data() + v.byteOffset), v.byteLength);
        EXPECT_EQ(in_file, file_bytes(kRigs / image.name)) << image.name;
        EXPECT_EQ(image.mimeType, "image/png");
    }
}
