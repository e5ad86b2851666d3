// A rig's meshes on disk: saved and opened losslessly with their numbers in a hash-named file
// beside the rig (or embedded as base64 where there is no folder), never half-written, and
// every broken or mismatched mesh data refused with its place named.

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/gltf/gltf_import.hpp"
#include "core/io/json/json_fwd.hpp"
#include "core/mesh/mesh_data.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "core/test_pictures.hpp"

using namespace marionette;
namespace mt = marionette::testing;

namespace {

const std::filesystem::path kCharacter = std::filesystem::path(MARIONETTE_TEST_DATA) / "gltf" / "three_character.glb";

Rig character() {
    Result<GltfImport> imported = import_gltf_file(kCharacter);
    EXPECT_TRUE(imported.ok()) << imported.message();
    return imported.ok() ? imported.value().rig : Rig{};
}

// A rig of two bones with one small skinned, textured mesh, every field set.
Rig small_rig() {
    Rig rig;
    rig.dimensions = Dimensions::Three;
    Bone a{"a", -1, {}, 1.0f, std::nullopt, std::nullopt};
    Bone b{"b", 0, {{1.0f, 0.0f, 0.0f}, {}}, 1.0f, std::nullopt, std::nullopt};
    rig.skeleton = Skeleton({a, b});
    rig.pose = Pose::rest(2);
    MeshSet set;
    set.images.push_back({"skin", "image/png", mt::kOnePixelPng});
    Mesh m;
    m.name = "strip";
    m.joints = {{0, glm::mat4(1.0f)}, {1, glm::translate(glm::mat4(1.0f), glm::vec3(-1.0f, 0.0f, 0.0f))}};
    m.positions = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}};
    m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    m.uvs = {{0, 0}, {0.5f, 0}, {1, 0}, {0.5f, 1}};
    m.influences = {{{0, 0, 0, 0}, {1, 0, 0, 0}},
                    {{0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}},
                    {{1, 0, 0, 0}, {1, 0, 0, 0}},
                    {{0, 1, 0, 0}, {0.25f, 0.75f, 0, 0}}};
    m.indices = {0, 1, 3, 1, 2, 3};
    m.material = {{0.5f, 0.25f, 1.0f, 0.75f}, 0};
    set.meshes.push_back(m);
    rig.meshes = RigMeshes(std::move(set));
    return rig;
}

std::vector<std::string> mesh_data_files(const std::filesystem::path& folder) {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().string().ends_with(".mesh.bin")) out.push_back(entry.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The message of loading `text` (embedded mesh data) with `from` replaced by `to` once.
std::string load_edited(const std::string& text, const std::string& from, const std::string& to) {
    std::string edited = text;
    const std::size_t at = edited.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) edited.replace(at, from.size(), to);
    Result<Rig> rig = parse_rig(edited);
    return rig.ok() ? "loaded" : rig.message();
}

}  // namespace

TEST(MeshFile, ASavedCharacterOpensWithTheSameMeshesAndItsDataBesideIt) {
    mt::ScratchDir dir;
    const Rig rig = character();
    ASSERT_EQ(rig.meshes.meshes().size(), 3u);
    ASSERT_TRUE(save_rig_file(rig, dir / "hero.json").ok());
    const std::vector<std::string> files = mesh_data_files(dir.path());
    ASSERT_EQ(files.size(), 1u);
    EXPECT_TRUE(is_mesh_data_file_of(dir / "hero.json", files[0])) << files[0];
    EXPECT_NE(mt::read_file(dir / "hero.json").find("\"file\": \"" + files[0] + "\""), std::string::npos);
    Result<Rig> loaded = load_rig_file(dir / "hero.json");
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_TRUE(loaded.value().meshes.set() == rig.meshes.set());
    EXPECT_TRUE(loaded.value() == rig);
}

namespace {

// `rig`'s meshes read back the same from a rig file saved at `path` and from the JSON alone (a
// recovery copy's form, the numbers inside it), whose text goes to `text`.
void expect_meshes_survive_both_forms(const Rig& rig, const std::filesystem::path& path, std::string& text) {
    ASSERT_FALSE(mesh_set_problem(rig.meshes.set(), 2).has_value());
    ASSERT_TRUE(save_rig_file(rig, path).ok());
    Result<Rig> from_file = load_rig_file(path);
    ASSERT_TRUE(from_file.ok()) << from_file.message();
    EXPECT_TRUE(from_file.value().meshes.set() == rig.meshes.set());
    Result<std::string> serialized = serialize_rig(rig);
    ASSERT_TRUE(serialized.ok()) << serialized.message();
    text = serialized.value();
    Result<Rig> embedded = parse_rig(text);
    ASSERT_TRUE(embedded.ok()) << embedded.message();
    EXPECT_TRUE(embedded.value().meshes.set() == rig.meshes.set());
}

}  // namespace

TEST(MeshFile, EveryFieldSurvivesBothTheFileAndTheEmbeddedForm) {
    mt::ScratchDir dir;
    std::string text;
    expect_meshes_survive_both_forms(small_rig(), dir / "small.json", text);
    // Without a folder (a recovery copy) the numbers travel inside the JSON.
    EXPECT_NE(text.find("\"base64\""), std::string::npos);
}

TEST(MeshFile, AMeshOfPointsWithoutTrianglesSurvivesTheFileAndTheEmbeddedForm) {
    // glTF allows a primitive whose vertices make no triangle (found by fuzzing: one POSITION, no
    // indices); its empty index list must read back without memcpy being handed a null pointer
    // (the sanitized build's UBSan fails this test if it is).
    mt::ScratchDir dir;
    Rig rig = small_rig();
    MeshSet set = rig.meshes.set();
    set.meshes[0].indices.clear();
    rig.meshes = RigMeshes(std::move(set));
    std::string text;
    expect_meshes_survive_both_forms(rig, dir / "points.json", text);
}

TEST(MeshFile, SavingAgainKeepsTheDataFileAndNewMeshesReplaceOnlyThisRigsOldOne) {
    mt::ScratchDir dir;
    const Rig rig = small_rig();
    ASSERT_TRUE(save_rig_file(rig, dir / "small.json").ok());
    ASSERT_TRUE(save_rig_file(rig, dir / "small_v2.json").ok());
    const std::vector<std::string> first = mesh_data_files(dir.path());
    ASSERT_EQ(first.size(), 2u);
    const auto written = std::filesystem::last_write_time(dir / first[0]);
    Rig renamed = rig;
    renamed.skeleton[0].name = "root";  // the names live in the JSON: the data file stays
    ASSERT_TRUE(save_rig_file(renamed, dir / "small.json").ok());
    EXPECT_EQ(mesh_data_files(dir.path()), first);
    EXPECT_EQ(std::filesystem::last_write_time(dir / first[0]), written);

    MeshSet other = rig.meshes.set();
    other.meshes[0].positions[3].y = 2.0f;
    renamed.meshes = RigMeshes(std::move(other));
    ASSERT_TRUE(save_rig_file(renamed, dir / "small.json").ok());
    const std::vector<std::string> now = mesh_data_files(dir.path());
    ASSERT_EQ(now.size(), 2u);  // small's new file; small_v2's untouched
    EXPECT_TRUE(std::find(now.begin(), now.end(), first[0]) == now.end() || std::find(now.begin(), now.end(), first[1]) == now.end());
    Result<Rig> v2 = load_rig_file(dir / "small_v2.json");
    ASSERT_TRUE(v2.ok()) << v2.message();
    Result<Rig> small = load_rig_file(dir / "small.json");
    ASSERT_TRUE(small.ok()) << small.message();
    EXPECT_EQ(small.value().meshes.meshes()[0].positions[3].y, 2.0f);
}

TEST(MeshFile, AMissingOrForeignDataFileIsNamedAndNothingLoads) {
    mt::ScratchDir dir;
    ASSERT_TRUE(save_rig_file(small_rig(), dir / "small.json").ok());
    const std::string data = mesh_data_files(dir.path()).at(0);
    std::string bytes = mt::read_file(dir / data);
    bytes[5] ^= 1;
    mt::write_file(dir / data, bytes);
    Result<Rig> changed = load_rig_file(dir / "small.json");
    ASSERT_FALSE(changed.ok());
    EXPECT_NE(changed.message().find("mesh_data.fnv1a64: the mesh data's hash differs: the file is not the one this rig was saved with"),
              std::string::npos)
        << changed.message();
    mt::write_file(dir / data, bytes.substr(0, 8));
    Result<Rig> short_file = load_rig_file(dir / "small.json");
    ASSERT_FALSE(short_file.ok());
    EXPECT_NE(short_file.message().find("mesh_data.bytes: the mesh data holds 8 bytes"), std::string::npos) << short_file.message();
    std::filesystem::remove(dir / data);
    Result<Rig> missing = load_rig_file(dir / "small.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("mesh_data.file: "), std::string::npos) << missing.message();
    EXPECT_NE(missing.message().find(data), std::string::npos) << missing.message();
    // Text given without its folder never reaches for a file.
    Result<Rig> no_folder = parse_rig(mt::read_file(dir / "small.json"));
    ASSERT_FALSE(no_folder.ok());
    EXPECT_NE(no_folder.message().find("is not read: the rig was given without its folder"), std::string::npos) << no_folder.message();
}

TEST(MeshFile, BrokenMeshDescriptionsAreRefusedWithThePlace) {
    const std::string text = serialize_rig(small_rig()).value();
    EXPECT_EQ(load_edited(text, "\"bone\": \"b\"", "\"bone\": \"c\""), "meshes[0].joints[1].bone: \"c\" is not a bone");
    EXPECT_EQ(load_edited(text, "\"triangles\": 2", "\"triangles\": 30"),
              "meshes[0].data: the 584 bytes at 0 run past the mesh data's 320");
    // A third triangle's indices would be the image's bytes, which the image takes.
    EXPECT_EQ(load_edited(text, "\"triangles\": 2", "\"triangles\": 3"),
              "meshes[0].data: the meshes and images would take 330 bytes of a mesh data block of 320: each byte belongs to one of them");
    EXPECT_EQ(load_edited(text, "\"data\": 0", "\"data\": 2"), "meshes[0].data: expected an offset that is a multiple of 4");
    EXPECT_EQ(load_edited(text, "\"vertices\": 4", "\"vertices\": -1"), "meshes[0].vertices: expected a count within [0, 16000000]");
    EXPECT_EQ(load_edited(text, "\"image\": 0", "\"image\": 1"), "meshes[0].material.image: not an image");
    EXPECT_EQ(load_edited(text, "\"type\": \"image/png\"", "\"type\": \"image/ktx2\""),
              "images[0].type: \"image/ktx2\" is not image/png or image/jpeg");
    EXPECT_EQ(load_edited(text, "\"base64\": \"", "\"base64\": \"!"), "mesh_data.base64: not base64 text");
    EXPECT_EQ(load_edited(text, "\"mesh_data\": {", "\"mesh_data\": {\"file\": \"../x.bin\", "),
              "mesh_data: expected either \"file\" or \"base64\"");
}

TEST(MeshFile, NumbersThatBreakTheMeshRulesAreNamed) {
    const Rig rig = small_rig();
    const auto problem = [&](auto change) {
        MeshSet set = rig.meshes.set();
        change(set.meshes[0]);
        return mesh_set_problem(set, 2).value_or("none");
    };
    EXPECT_EQ(problem([](Mesh& m) { m.indices[4] = 9; }), "meshes[0].indices[4]: 9 is not a vertex (the mesh has 4)");
    EXPECT_EQ(problem([](Mesh& m) { m.influences[1].weights[1] = 0.25f; }), "meshes[0].influences[1].weights: they sum to 0.750000, not 1");
    EXPECT_EQ(problem([](Mesh& m) { m.influences[1].joints[1] = 7; }),
              "meshes[0].influences[1].joints: 7 is not a joint of the mesh (it has 2)");
    EXPECT_EQ(problem([](Mesh& m) { m.positions[2].x = std::nanf(""); }), "meshes[0].positions[2]: not a finite position within 1e15");
    EXPECT_EQ(problem([](Mesh& m) { m.joints[0].bone = 2; }), "meshes[0].joints[0].bone: not a bone");
    EXPECT_EQ(problem([](Mesh& m) { m.uvs.pop_back(); }), "meshes[0].uvs: 3 values for 4 vertices");
    EXPECT_EQ(problem([](Mesh& m) { m.influences.clear(); }), "meshes[0]: a mesh without weights hangs on one joint, not 2");
    // A save refuses what the loader would.
    Rig broken = rig;
    MeshSet set = rig.meshes.set();
    set.meshes[0].indices[0] = 100;
    broken.meshes = RigMeshes(std::move(set));
    mt::ScratchDir dir;
    Status saved = save_rig_file(broken, dir / "broken.json");
    ASSERT_FALSE(saved.ok());
    EXPECT_NE(saved.message().find("meshes[0].indices[0]: 100 is not a vertex"), std::string::npos) << saved.message();
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

// Issue 57: the mesh data went first, so a save whose rig file could not be replaced (a pipe,
// a folder) still left a new mesh data file beside it.
TEST(MeshFile, ASaveRefusedByItsTargetLeavesNoMeshData) {
    mt::ScratchDir dir;
    ASSERT_EQ(::mkfifo((dir / "pipe.json").c_str(), 0644), 0);
    std::filesystem::create_directory(dir / "folder.json");
    for (const char* name : {"pipe.json", "folder.json"}) {
        const Status s = save_rig_file(small_rig(), dir / name);
        ASSERT_FALSE(s.ok()) << name;
        EXPECT_NE(s.message().find(name), std::string::npos) << s.message();
    }
    EXPECT_EQ(mesh_data_files(dir.path()), std::vector<std::string>{});
    EXPECT_EQ(mt::count_entries(dir.path()), 2);
}

// Issue 57: a save removed every older mesh data file of its rig's name, also one that a copy
// of the rig (cp hero.json hero-v1.json) still named, which then no longer opened.
TEST(MeshFile, MeshDataAnotherRigFileNamesIsKeptUntilNoneDoes) {
    mt::ScratchDir dir;
    const Rig rig = small_rig();
    ASSERT_TRUE(save_rig_file(rig, dir / "small.json").ok());
    const std::vector<std::string> first = mesh_data_files(dir.path());
    ASSERT_EQ(first.size(), 1u);
    std::filesystem::copy_file(dir / "small.json", dir / "small-v1.json");

    Rig changed = rig;
    MeshSet set = rig.meshes.set();
    set.meshes[0].positions[3].y = 2.0f;
    changed.meshes = RigMeshes(std::move(set));
    ASSERT_TRUE(save_rig_file(changed, dir / "small.json").ok());
    EXPECT_EQ(mesh_data_files(dir.path()).size(), 2u);
    Result<Rig> copy = load_rig_file(dir / "small-v1.json");
    ASSERT_TRUE(copy.ok()) << copy.message();
    EXPECT_TRUE(copy.value().meshes.set() == rig.meshes.set());

    // Once the copy names other data, the next save of the rig removes the old file.
    ASSERT_TRUE(save_rig_file(changed, dir / "small-v1.json").ok());
    ASSERT_TRUE(save_rig_file(changed, dir / "small.json").ok());
    const std::vector<std::string> now = mesh_data_files(dir.path());
    EXPECT_EQ(now.size(), 2u) << "small's and small-v1's, both of the changed meshes";
    EXPECT_TRUE(std::find(now.begin(), now.end(), first[0]) == now.end()) << "the old data is named by no rig";
    EXPECT_TRUE(load_rig_file(dir / "small.json").ok());
    EXPECT_TRUE(load_rig_file(dir / "small-v1.json").ok());
}

// Issue 57: forty meshes naming the same bytes of one large block were each copied out of it.
TEST(MeshFile, MeshesAndImagesTakeEachByteOfTheirBlockOnce) {
    Json j = Json::parse(serialize_rig(small_rig()).value());
    const Json mesh = j["meshes"][0];
    for (int i = 1; i < 40; ++i) {
        Json copy = mesh;
        copy["name"] = "copy " + std::to_string(i);
        j["meshes"].push_back(copy);
    }
    const Result<Rig> loaded = parse_rig(j.dump());
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.message(),
              "meshes[1].data: the meshes and images would take 566 bytes of a mesh data block of 320: each byte belongs to one of them");
}

// Issue 57: a picture's bytes are what its type says and decode within the file's budget, by
// the rule the loader, the import and a save share (mesh_set_problem).
TEST(MeshFile, PicturesAreWhatTheirTypeSaysAndDecodeWithinTheBudget) {
    const Rig rig = small_rig();
    const auto problem = [&](auto change) {
        MeshSet set = rig.meshes.set();
        change(set);
        return mesh_set_problem(set, 2).value_or("none");
    };
    const auto bytes = [](const std::string& s) { return std::vector<std::uint8_t>(s.begin(), s.end()); };
    EXPECT_EQ(problem([](MeshSet&) {}), "none");
    EXPECT_EQ(problem([&](MeshSet& s) { s.images[0].bytes = bytes("just some text"); }),
              "images[0]: its bytes are no PNG or JPEG picture, not the image/png its type says");
    EXPECT_EQ(problem([&](MeshSet& s) { s.images[0].bytes = bytes("\xff\xd8\xff\xe0 a jpeg"); }),
              "images[0]: its bytes are a image/jpeg picture, not the image/png its type says");
    EXPECT_EQ(problem([&](MeshSet& s) { s.images[0].bytes = bytes(mt::png_claiming(9000)); }),
              "images[0]: is larger than 8192 pixels a side (9000 × 9000)");
    EXPECT_EQ(problem([&](MeshSet& s) {
                  s.images.clear();
                  for (int i = 0; i < 5; ++i) s.images.push_back({"big", "image/png", bytes(mt::png_claiming(8192))});
              }),
              "images[4]: the pictures decode to more than 1,073,741,824 bytes together, the limit");
    // Read from a file, the same.
    Rig text_picture = rig;
    MeshSet set = rig.meshes.set();
    set.images[0].bytes = bytes("just some text");
    text_picture.meshes = RigMeshes(std::move(set));
    mt::ScratchDir dir;
    EXPECT_FALSE(save_rig_file(text_picture, dir / "text.json").ok());
}

// Issue 57: a 2D rig's pictures are files the editor decodes to draw; together they count
// against the same budget of decoded bytes, said by --check and the editor alike.
TEST(SlotPictures, PicturesPastTheDecodedBudgetAreNamedAndTheRestShow) {
    mt::ScratchDir dir;
    Rig rig;
    rig.skeleton = Skeleton({Bone{"a", -1, {}, 1.0f, std::nullopt, std::nullopt}});
    rig.pose = Pose::rest(1);
    Slot slot{"s", 0, {}, 0, glm::vec4(1.0f)};
    for (int i = 0; i < 5; ++i) {
        const std::string name = "big" + std::to_string(i) + ".png";
        mt::write_file(dir / name, mt::png_claiming(8192));
        slot.attachments.push_back(Attachment{name, name, {1, 1}});
    }
    slot.attachments.push_back(Attachment{"again", "big0.png", {1, 1}});  // counted once
    rig.slots.push_back(slot);
    const std::vector<std::string> problems = slot_image_problems(rig, dir.path());
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0],
              "slots[0].attachments[4].image: \"big4.png\" is not shown: the rig's pictures: decoding \"big4.png\" would make 268,435,456 "
              "bytes of decoded pictures (1,342,177,280 in the file); the limit is 1,073,741,824");
}

// Issue 57: a rig saved again without its meshes left its earlier mesh data file behind.
TEST(MeshFile, ARigSavedWithoutItsMeshesLeavesNoMeshDataUnlessAnotherRigNamesIt) {
    mt::ScratchDir dir;
    const Rig with = small_rig();
    Rig without = with;
    without.meshes = RigMeshes();
    ASSERT_TRUE(save_rig_file(with, dir / "small.json").ok());
    ASSERT_EQ(mesh_data_files(dir.path()).size(), 1u);
    ASSERT_TRUE(save_rig_file(without, dir / "small.json").ok());
    EXPECT_TRUE(mesh_data_files(dir.path()).empty());
    // A copy of the rig with meshes keeps the data it names.
    ASSERT_TRUE(save_rig_file(with, dir / "small.json").ok());
    std::filesystem::copy_file(dir / "small.json", dir / "small-copy.json");
    ASSERT_TRUE(save_rig_file(without, dir / "small.json").ok());
    EXPECT_EQ(mesh_data_files(dir.path()).size(), 1u);
    EXPECT_TRUE(load_rig_file(dir / "small-copy.json").ok());
}
