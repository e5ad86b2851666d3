#pragma once
// What the glTF exporter's parts share: the model being written and its one buffer. Internal to
// gltf_export*.cpp.

#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

namespace marionette::gltf {

// The export's nodes: the armature first (gltf_bone_axis.hpp), then one per bone in the rig's
// order (parents first, so a reader keeps the order), then the meshes'.
inline constexpr int kArmatureNode = 0;
// The GL buffer kinds a buffer view of vertex attributes or of indices names as its target.
inline constexpr int kArrayBuffer = 34962;
inline constexpr int kElementArrayBuffer = 34963;
inline int node_of(int bone) { return bone + 1; }

struct Writer {
    tinygltf::Model model;
    std::vector<unsigned char>& data() { return model.buffers[0].data; }

    // Appends `size` bytes as a buffer view (4-byte aligned; `target` 0 or the GL buffer kind)
    // and returns its index.
    int view(const void* bytes, std::size_t size, int target = 0);
    // An accessor over the whole view `view`.
    int accessor(int view, int component_type, std::size_t count, int type);
    // Appends floats as an accessor of `type` (TINYGLTF_TYPE_*) and returns its index; with
    // bounds, its min and max per component (glTF requires them of times and positions).
    int floats(const std::vector<float>& values, int type, int per_element, bool with_bounds = false, int target = 0);
    // Appends a picture file's own bytes as an image (its MIME type "image/png" or
    // "image/jpeg") and a texture of it through sampler `sampler` (-1: the reader's default),
    // and returns the texture's index.
    int texture(const std::string& name, const std::string& mime_type, const void* bytes, std::size_t size, int sampler = -1);
};

}  // namespace marionette::gltf
