#pragma once
// A binary glTF's container (glTF 2.0, "GLB File Format Specification"): a 12-byte header
// ("glTF", version 2, the length) and chunks of 8-byte header and 4-byte aligned data, the first
// JSON, then an optional BIN. Checked here, every length against the bytes there are, before
// tinygltf sees them: tinygltf 2.7 checks the BIN chunk's data without its header. Internal to
// gltf_*.cpp.

#include <string_view>

#include "core/base/result.hpp"

namespace marionette::gltf {

struct GlbChunks {
    std::string_view whole;  // the header's length of the bytes given (the rest is not the file's)
    std::string_view json;
    bool has_bin = false;
    std::string_view bin;
};

// The chunks, or why the bytes are not a GLB this reads: "the GLB header gives version 1; only
// version 2 is read", "the BIN chunk's 4,104 bytes run 8 past the file's end".
Result<GlbChunks> read_glb_chunks(std::string_view bytes);

}  // namespace marionette::gltf
