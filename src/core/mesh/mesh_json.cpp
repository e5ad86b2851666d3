#include "core/mesh/mesh_json.hpp"

#include <unordered_map>

#include "core/base/read_budget.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

constexpr std::size_t kMaxTriangles = 3 * kMaxMeshVertices;

Json numbers(const float* values, int count) {
    Json out = Json::array();
    for (int i = 0; i < count; ++i) out.push_back(json_float(values[i]));
    return out;
}

// A count within [0, max], as an integer of the file.
std::size_t count_of(const JsonField& f, std::size_t max) {
    const int n = f.integer();
    if (n < 0 || static_cast<std::size_t>(n) > max) f.fail("expected a count within [0, " + std::to_string(max) + "]");
    return static_cast<std::size_t>(n);
}

bool flag(const JsonField& f, const char* key) {
    const std::optional<JsonField> v = f.optional_member(key);
    return v && v->boolean();
}

// The block "mesh_data" names or holds, checked against its size and hash.
std::string read_block(const JsonField& f, const std::filesystem::path& folder) {
    f.allow_only({"file", "base64", "bytes", "fnv1a64"});
    const std::optional<JsonField> file = f.optional_member("file");
    const std::optional<JsonField> base64 = f.optional_member("base64");
    if (file.has_value() == base64.has_value()) f.fail("expected either \"file\" or \"base64\"");
    std::string block;
    if (file) {
        const std::string name = file->non_empty_string();
        const std::filesystem::path path(name);
        if (path.has_parent_path() || name == "." || name == "..") file->fail("expected a file name beside the rig, without a folder");
        if (folder.empty()) file->fail("the mesh data file \"" + name + "\" is not read: the rig was given without its folder");
        Result<std::string> read = read_text_file(folder / path, kMaxMeshDataBytes, "mesh data file");
        if (!read) file->fail(read.message());
        block = std::move(read).value();
    } else {
        std::optional<std::string> decoded = base64_decode(base64->string());
        if (!decoded) base64->fail("not base64 text");
        block = std::move(*decoded);
    }
    const JsonField bytes = f.member("bytes");
    if (static_cast<std::size_t>(bytes.integer()) != block.size() || bytes.integer() < 0) {
        bytes.fail("the mesh data holds " + std::to_string(block.size()) + " bytes, not " + bytes.excerpt() +
                   (file ? ": the file is not the one this rig was saved with" : ""));
    }
    const JsonField hash = f.member("fnv1a64");
    if (hash.string() != hex16(fnv1a64(block))) {
        hash.fail(std::string("the mesh data's hash differs") + (file ? ": the file is not the one this rig was saved with" : ""));
    }
    return block;
}

// The block, and how many of its bytes the meshes and images read so far take.
struct Block {
    std::string bytes;
    std::size_t taken = 0;
};

// The `size` bytes at the offset `f` gives, within the block. Each byte belongs to one mesh or
// image, so together they take at most the block: forty meshes all naming the same bytes of a
// large block would otherwise each be copied out of it.
const char* slice(const JsonField& f, Block& block, std::size_t size) {
    const int offset = f.integer();
    const std::size_t total = block.bytes.size();
    if (offset < 0 || offset % 4 != 0) f.fail("expected an offset that is a multiple of 4");
    if (static_cast<std::size_t>(offset) > total || size > total - static_cast<std::size_t>(offset)) {
        f.fail("the " + std::to_string(size) + " bytes at " + std::to_string(offset) + " run past the mesh data's " +
               std::to_string(total));
    }
    if (size > total - block.taken) {
        f.fail("the meshes and images would take " + with_thousands(block.taken + size) + " bytes of a mesh data block of " +
               with_thousands(total) + ": each byte belongs to one of them");
    }
    block.taken += size;
    return block.bytes.data() + offset;
}

Mesh read_mesh(const JsonField& f, const std::unordered_map<std::string, int>& bones, Block& block) {
    f.allow_only({"name", "joints", "vertices", "triangles", "normals", "uvs", "weights", "data", "color", "image"});
    Mesh mesh;
    mesh.name = f.member("name").non_empty_string();
    if (auto joints = f.optional_member("joints")) {
        if (joints->array_size() > kMaxMeshJoints) joints->fail("more than " + std::to_string(kMaxMeshJoints) + " joints");
        for (std::size_t j = 0; j < joints->array_size(); ++j) {
            const JsonField joint = joints->element(j);
            joint.allow_only({"bone", "bind"});
            const JsonField bone = joint.member("bone");
            const auto found = bones.find(bone.non_empty_string());
            if (found == bones.end()) bone.fail("\"" + bone.string() + "\" is not a bone");
            const JsonField bind = joint.member("bind");
            if (bind.array_size() != 16) bind.fail("expected 16 numbers (a column-major 4x4 matrix)");
            MeshJoint out{found->second, glm::mat4(1.0f)};
            for (std::size_t k = 0; k < 16; ++k) out.bind[static_cast<int>(k / 4)][static_cast<int>(k % 4)] = bind.element(k).number();
            mesh.joints.push_back(out);
        }
    }
    const std::size_t vertices = count_of(f.member("vertices"), kMaxMeshVertices);
    const std::size_t triangles = count_of(f.member("triangles"), kMaxTriangles);
    const bool normals = flag(f, "normals"), uvs = flag(f, "uvs"), weights = flag(f, "weights");
    // The bytes are located first: nothing is allocated for counts the block does not hold.
    const char* data = slice(f.member("data"), block, mesh_block_bytes(vertices, triangles, normals, uvs, weights));
    mesh.positions.resize(vertices);
    mesh.normals.resize(normals ? vertices : 0);
    mesh.uvs.resize(uvs ? vertices : 0);
    mesh.influences.resize(weights ? vertices : 0);
    mesh.indices.resize(triangles * 3);
    unpack_mesh_block(data, mesh);
    if (auto color = f.optional_member("color")) {
        if (color->array_size() != 4) color->fail("expected [r, g, b, a]");
        for (std::size_t c = 0; c < 4; ++c) mesh.material.base_color[static_cast<int>(c)] = color->element(c).number();
    }
    if (auto image = f.optional_member("image")) mesh.material.image = image->integer();
    return mesh;
}

MeshImage read_image(const JsonField& f, Block& block) {
    f.allow_only({"name", "type", "data", "bytes"});
    MeshImage image;
    image.name = f.member("name").string();
    image.mime_type = f.member("type").string();
    const std::size_t bytes = count_of(f.member("bytes"), kMaxImageBytes);
    const char* at = slice(f.member("data"), block, bytes);
    image.bytes.assign(reinterpret_cast<const std::uint8_t*>(at), reinterpret_cast<const std::uint8_t*>(at) + bytes);
    return image;
}

}  // namespace

PackedMeshes pack_meshes(const MeshSet& set, std::string file) {
    PackedMeshes out;
    out.block = pack_mesh_data(set, out.layout);
    out.file = std::move(file);
    return out;
}

void put_meshes_json(const Rig& rig, const PackedMeshes& packed, Json& top) {
    if (rig.meshes.empty()) return;
    Json meshes = Json::array();
    for (std::size_t m = 0; m < rig.meshes.meshes().size(); ++m) {
        const Mesh& mesh = rig.meshes.meshes()[m];
        Json j{{"name", mesh.name}};
        Json joints = Json::array();
        for (const MeshJoint& joint : mesh.joints) {
            joints.push_back(
                Json{{"bone", rig.skeleton[static_cast<std::size_t>(joint.bone)].name}, {"bind", numbers(&joint.bind[0][0], 16)}});
        }
        j["joints"] = std::move(joints);
        j["vertices"] = mesh.positions.size();
        j["triangles"] = mesh.indices.size() / 3;
        j["normals"] = !mesh.normals.empty();
        j["uvs"] = !mesh.uvs.empty();
        j["weights"] = mesh.is_skinned();
        j["data"] = packed.layout.mesh_offsets[m];
        j["color"] = numbers(&mesh.material.base_color[0], 4);
        if (mesh.material.image >= 0) j["image"] = mesh.material.image;
        meshes.push_back(std::move(j));
    }
    Json images = Json::array();
    for (std::size_t i = 0; i < rig.meshes.images().size(); ++i) {
        const MeshImage& image = rig.meshes.images()[i];
        images.push_back(
            Json{{"name", image.name}, {"type", image.mime_type}, {"data", packed.layout.image_offsets[i]}, {"bytes", image.bytes.size()}});
    }
    top["meshes"] = std::move(meshes);
    if (!images.empty()) top["images"] = std::move(images);
    Json data = packed.file.empty() ? Json{{"base64", base64_encode(packed.block)}} : Json{{"file", packed.file}};
    data["bytes"] = packed.block.size();
    data["fnv1a64"] = hex16(fnv1a64(packed.block));
    top["mesh_data"] = std::move(data);
}

RigMeshes read_meshes_json(const JsonField& top, const Skeleton& skeleton, const std::filesystem::path& folder) {
    const std::optional<JsonField> meshes = top.optional_member("meshes");
    const std::optional<JsonField> images = top.optional_member("images");
    const std::optional<JsonField> data = top.optional_member("mesh_data");
    if (!meshes && !images && !data) return {};
    if (!data) top.fail("\"meshes\" and \"images\" need \"mesh_data\", which holds their numbers");
    Block block{read_block(*data, folder)};
    std::unordered_map<std::string, int> bones;
    bones.reserve(skeleton.size());
    for (std::size_t b = 0; b < skeleton.size(); ++b) bones.emplace(skeleton[b].name, static_cast<int>(b));
    MeshSet set;
    if (images) {
        for (std::size_t i = 0; i < images->array_size(); ++i) set.images.push_back(read_image(images->element(i), block));
    }
    if (meshes) {
        for (std::size_t m = 0; m < meshes->array_size(); ++m) set.meshes.push_back(read_mesh(meshes->element(m), bones, block));
    }
    // The numbers in the block are held to the same rules as an import's, named by where the
    // JSON describes them ("meshes[0].indices[7]: ...").
    if (std::optional<std::string> problem = mesh_set_problem(set, skeleton.size())) top.fail(*problem);
    return RigMeshes(std::move(set));
}

}  // namespace marionette
