#pragma once
// Draws a rig's meshes, skinned on the GPU: each mesh's vertices and triangles uploaded once
// (while the rig holds the same mesh set), its joint matrices (mesh_skinning.hpp) uploaded each
// frame as a float texture the vertex shader blends, lit, with its base colour texture.
// Textures are decoded with stb_image; one that does not decode shows a magenta checker and is
// reported once.

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/render/shader_program.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class MeshRenderer {
public:
    static Result<std::unique_ptr<MeshRenderer>> create(const std::filesystem::path& shader_dir);
    ~MeshRenderer();
    MeshRenderer(const MeshRenderer&) = delete;
    MeshRenderer& operator=(const MeshRenderer&) = delete;

    // Draws `rig`'s meshes under `pose`, whose bones' world frames are `world`. Needs depth
    // testing set up by the caller.
    void draw(const Rig& rig, const Pose& pose, std::span<const Transform> world, const glm::mat4& view_projection,
              const glm::vec3& light_direction);

    // Problems met since the last call (an image that does not decode), one line each.
    std::vector<std::string> take_problems();

private:
    struct GpuMesh;
    MeshRenderer() = default;
    void upload(const std::shared_ptr<const MeshSet>& set);
    void release();
    unsigned texture_of(const MeshImage& image);

    std::unique_ptr<ShaderProgram> program_;
    int u_view_projection_ = -1, u_palette_ = -1, u_base_color_ = -1, u_color_ = -1, u_light_direction_ = -1, u_ambient_ = -1;
    std::shared_ptr<const MeshSet> uploaded_;  // the set the GL objects hold (kept alive so its address means it)
    std::vector<GpuMesh> meshes_;
    std::vector<unsigned> textures_;  // per image of the set
    unsigned white_ = 0;
    unsigned palette_ = 0;
    int palette_rows_ = 0;  // joints the palette texture has room for
    std::vector<glm::mat4> matrices_;
    std::vector<std::string> problems_;
};

}  // namespace marionette
