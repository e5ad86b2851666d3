#pragma once
// Draws a 2D puppet's pictures: the quads build_slot_triangles makes (editor/viewport/slot_triangles.hpp), one
// draw per batch, textures premultiplied and filtered linearly with mipmaps so a picture stays
// smooth at every zoom. Each picture file is decoded once and kept while the rig's folder is the
// same; one that is missing or does not decode shows a magenta checker over its quad and is
// reported once.

#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "app/render/shader_program.hpp"
#include "app/render/vertex_stream.hpp"
#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "editor/viewport/slot_triangles.hpp"

namespace marionette {

class SlotRenderer {
public:
    static Result<std::unique_ptr<SlotRenderer>> create(const std::filesystem::path& shader_dir);
    ~SlotRenderer();
    SlotRenderer(const SlotRenderer&) = delete;
    SlotRenderer& operator=(const SlotRenderer&) = delete;

    // Draws `quads`, whose pictures are named relative to `folder`, blended over what is drawn.
    void draw(const SlotTriangles& quads, const std::filesystem::path& folder, const glm::mat4& view_projection);

    // Drops every decoded picture, so the next draw reads the files again (after they changed).
    void forget_pictures();

    // Problems met since the last call (a picture missing or not decoding), one line each.
    std::vector<std::string> take_problems();

private:
    SlotRenderer() = default;
    unsigned texture_of(const std::string& image);

    std::unique_ptr<ShaderProgram> program_;
    std::unique_ptr<VertexStream> stream_;
    int u_view_projection_ = -1, u_picture_ = -1;
    std::filesystem::path folder_;                        // where the kept pictures were read from
    std::unordered_map<std::string, unsigned> textures_;  // by the name the rig gives
    unsigned placeholder_ = 0;
    std::vector<std::string> problems_;
    ReadBudget decoded_;  // the pictures' decoded bytes, within the budget of one file's (read_budget.hpp)
};

}  // namespace marionette
