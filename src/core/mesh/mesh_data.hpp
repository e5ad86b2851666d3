#pragma once
// The rig file's mesh data (docs/rig-format.md, "Meshes"): the numbers of every mesh and the
// bytes of every image as one little-endian block. A saved rig keeps it in a file beside its
// JSON, named after the rig and the block's hash (so a save never changes a block an older
// JSON names); a rig written without a folder (a recovery copy) embeds it as base64.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/mesh/mesh.hpp"

namespace marionette {

// The largest block: 16 million skinned vertices with normals and uvs, and more.
inline constexpr std::uintmax_t kMaxMeshDataBytes = 1ull << 30;

// Where each mesh's and image's bytes start in the block (4-byte aligned).
struct MeshDataLayout {
    std::vector<std::size_t> mesh_offsets;
    std::vector<std::size_t> image_offsets;
};

// The bytes one mesh's block takes: positions, then normals, uvs, joint numbers and weights
// when it has them, then its triangles' indices.
std::size_t mesh_block_bytes(std::size_t vertices, std::size_t triangles, bool normals, bool uvs, bool weights);

std::string pack_mesh_data(const MeshSet& set, MeshDataLayout& layout);

// Fills `mesh`'s arrays, already sized (positions, and normals, uvs, influences when it has
// them, indices), from its block at `bytes`, which holds mesh_block_bytes of them.
void unpack_mesh_block(const char* bytes, Mesh& mesh);

std::uint64_t fnv1a64(std::string_view bytes);
std::string hex16(std::uint64_t value);

std::string base64_encode(std::string_view bytes);
std::optional<std::string> base64_decode(std::string_view text);

// "hero.0123456789abcdef.mesh.bin" for the rig "hero.json" and that hash of its block.
std::string mesh_data_file_name(const std::filesystem::path& rig_path, std::uint64_t hash);
// Whether `name` is such a file of the rig at `rig_path` (any hash).
bool is_mesh_data_file_of(const std::filesystem::path& rig_path, const std::string& name);

}  // namespace marionette
