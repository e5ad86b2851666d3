#include "core/io/gltf/gltf_glb.hpp"

#include <cstdint>
#include <cstring>
#include <string>

#include "core/base/read_budget.hpp"

namespace marionette::gltf {

namespace {

std::uint32_t word(std::string_view bytes, std::size_t at) {
    unsigned char b[4];
    std::memcpy(b, bytes.data() + at, 4);
    return static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 | static_cast<std::uint32_t>(b[2]) << 16 |
           static_cast<std::uint32_t>(b[3]) << 24;
}

constexpr std::uint32_t kMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kJson = 0x4E4F534A;   // "JSON"
constexpr std::uint32_t kBin = 0x004E4942;    // "BIN\0"

}  // namespace

Result<GlbChunks> read_glb_chunks(std::string_view bytes) {
    if (bytes.size() < 12 || word(bytes, 0) != kMagic) return Error{"not a GLB file: it does not start with a 12-byte \"glTF\" header"};
    const std::uint32_t version = word(bytes, 4);
    if (version != 2) return Error{"the GLB header gives version " + std::to_string(version) + "; only version 2 is read"};
    const std::uint64_t length = word(bytes, 8);
    if (length > bytes.size()) {
        return Error{"the GLB header gives a length of " + with_thousands(length) + " bytes, but the file has " +
                     with_thousands(bytes.size())};
    }
    GlbChunks out;
    out.whole = bytes.substr(0, length);
    // Each chunk: its header must fit, then its data, all within the header's length.
    std::uint64_t at = 12;
    for (int index = 0; at < length; ++index) {
        const std::string name = index == 0 ? "JSON chunk" : index == 1 ? "BIN chunk" : "chunk " + std::to_string(index);
        if (length - at < 8)
            return Error{"the GLB's " + name + " starts " + std::to_string(length - at) +
                         " bytes before the end: no room for its 8-byte header"};
        const std::uint64_t size = word(bytes, at);
        const std::uint32_t type = word(bytes, at + 4);
        if (size > length - at - 8) {
            return Error{"the GLB's " + name + " gives " + with_thousands(size) + " bytes, " + with_thousands(size - (length - at - 8)) +
                         " past the file's end"};
        }
        if (size % 4 != 0) return Error{"the GLB's " + name + " gives " + with_thousands(size) + " bytes, not a multiple of 4"};
        const std::string_view data = out.whole.substr(at + 8, size);
        if (index == 0) {
            if (type != kJson) return Error{"the GLB's first chunk is not JSON"};
            if (size == 0) return Error{"the GLB's JSON chunk is empty"};
            out.json = data;
        } else if (index == 1 && type == kBin) {
            out.has_bin = true;
            out.bin = data;
        }
        at += 8 + size;
    }
    if (out.json.empty()) return Error{"the GLB has no JSON chunk"};
    return out;
}

}  // namespace marionette::gltf
