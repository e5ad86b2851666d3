#include "core/mesh/mesh_data.hpp"

#include <bit>
#include <cstring>

namespace marionette {

static_assert(std::endian::native == std::endian::little, "the mesh data block is little-endian, as this machine is");

namespace {

constexpr std::size_t kInfluenceJointBytes = sizeof(std::uint16_t) * kInfluencesPerVertex;
constexpr std::size_t kInfluenceWeightBytes = sizeof(float) * kInfluencesPerVertex;

std::size_t aligned(std::size_t n) { return (n + 3) / 4 * 4; }

template <class V>
void put(std::string& out, const std::vector<V>& values) {
    for (const V& v : values) {
        for (int c = 0; c < V::length(); ++c) {
            const float f = v[c];
            out.append(reinterpret_cast<const char*>(&f), sizeof f);
        }
    }
}

template <class V>
const char* get(const char* at, std::vector<V>& values) {
    for (V& v : values) {
        for (int c = 0; c < V::length(); ++c) {
            std::memcpy(&v[c], at, sizeof(float));
            at += sizeof(float);
        }
    }
    return at;
}

}  // namespace

std::size_t mesh_block_bytes(std::size_t vertices, std::size_t triangles, bool normals, bool uvs, bool weights) {
    std::size_t per_vertex = 12 + (normals ? 12 : 0) + (uvs ? 8 : 0) + (weights ? kInfluenceJointBytes + kInfluenceWeightBytes : 0);
    return vertices * per_vertex + triangles * 3 * sizeof(std::uint32_t);
}

std::string pack_mesh_data(const MeshSet& set, MeshDataLayout& layout) {
    std::string out;
    layout = {};
    std::size_t total = 0;
    for (const Mesh& m : set.meshes)
        total += mesh_block_bytes(m.positions.size(), m.indices.size() / 3, !m.normals.empty(), !m.uvs.empty(), m.is_skinned());
    for (const MeshImage& image : set.images) total += aligned(image.bytes.size());
    out.reserve(total);
    for (const Mesh& mesh : set.meshes) {
        layout.mesh_offsets.push_back(out.size());
        put(out, mesh.positions);
        put(out, mesh.normals);
        put(out, mesh.uvs);
        for (const Influence& v : mesh.influences) out.append(reinterpret_cast<const char*>(v.joints.data()), kInfluenceJointBytes);
        for (const Influence& v : mesh.influences) {
            for (int k = 0; k < static_cast<int>(kInfluencesPerVertex); ++k) {
                const float w = v.weights[k];
                out.append(reinterpret_cast<const char*>(&w), sizeof w);
            }
        }
        out.append(reinterpret_cast<const char*>(mesh.indices.data()), mesh.indices.size() * sizeof(std::uint32_t));
    }
    for (const MeshImage& image : set.images) {
        layout.image_offsets.push_back(out.size());
        out.append(reinterpret_cast<const char*>(image.bytes.data()), image.bytes.size());
        out.resize(aligned(out.size()), '\0');
    }
    return out;
}

void unpack_mesh_block(const char* at, Mesh& mesh) {
    at = get(at, mesh.positions);
    at = get(at, mesh.normals);
    at = get(at, mesh.uvs);
    for (Influence& v : mesh.influences) {
        std::memcpy(v.joints.data(), at, kInfluenceJointBytes);
        at += kInfluenceJointBytes;
    }
    for (Influence& v : mesh.influences) {
        for (int k = 0; k < static_cast<int>(kInfluencesPerVertex); ++k) {
            std::memcpy(&v.weights[k], at, sizeof(float));
            at += sizeof(float);
        }
    }
    // A mesh of no triangles has no index storage: memcpy may not be given its null pointer.
    if (!mesh.indices.empty()) std::memcpy(mesh.indices.data(), at, mesh.indices.size() * sizeof(std::uint32_t));
}

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string hex16(std::uint64_t value) {
    static const char digits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = digits[value & 15];
    return out;
}

namespace {
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

std::string base64_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 3; ++k) group = group << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kBase64[(group >> (18 - 6 * k)) & 63] : '=';
    }
    return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
    if (text.size() % 4 != 0) return std::nullopt;
    int value_of[256];
    std::fill(std::begin(value_of), std::end(value_of), -1);
    for (int i = 0; i < 64; ++i) value_of[static_cast<unsigned char>(kBase64[i])] = i;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        const std::size_t pad = last ? (text[i + 3] == '=' ? (text[i + 2] == '=' ? 2 : 1) : 0) : 0;
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const int v = k >= 4 - pad ? 0 : value_of[static_cast<unsigned char>(text[i + k])];
            if (v < 0) return std::nullopt;
            group = group << 6 | static_cast<std::uint32_t>(v);
        }
        for (std::size_t k = 0; k < 3 - pad; ++k) out += static_cast<char>((group >> (16 - 8 * k)) & 255);
    }
    return out;
}

std::string mesh_data_file_name(const std::filesystem::path& rig_path, std::uint64_t hash) {
    return rig_path.stem().string() + "." + hex16(hash) + ".mesh.bin";
}

bool is_mesh_data_file_of(const std::filesystem::path& rig_path, const std::string& name) {
    const std::string stem = rig_path.stem().string() + ".";
    const std::string tail = ".mesh.bin";
    if (name.size() != stem.size() + 16 + tail.size()) return false;
    if (name.compare(0, stem.size(), stem) != 0 || name.compare(name.size() - tail.size(), tail.size(), tail) != 0) return false;
    return name.find_first_not_of("0123456789abcdef", stem.size()) == stem.size() + 16;
}

}  // namespace marionette
