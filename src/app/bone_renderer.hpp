#pragma once
// Draws the skeleton as lines from joint to tip with a dot at each joint, over a ground grid.

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "app/shader_program.hpp"
#include "core/result.hpp"
#include "core/skeleton.hpp"

namespace marionette {

struct ColoredVertex {
    glm::vec3 position;
    glm::vec4 color;
};

// The draw data for one frame, built on the CPU (and testable without GL).
struct BoneDrawData {
    std::vector<ColoredVertex> lines;   // pairs
    std::vector<ColoredVertex> points;  // joints
};

void build_bone_draw_data(const Skeleton& skeleton, std::span<const Transform> world, BoneDrawData& out);
void build_grid(float spacing, int half_count, bool is_2d, BoneDrawData& out);

class BoneRenderer {
public:
    static Result<std::unique_ptr<BoneRenderer>> create(const std::filesystem::path& shader_dir);
    ~BoneRenderer();
    BoneRenderer(const BoneRenderer&) = delete;
    BoneRenderer& operator=(const BoneRenderer&) = delete;

    void draw(const BoneDrawData& data, const glm::mat4& view_projection, float point_size);

private:
    BoneRenderer() = default;
    void draw_vertices(const std::vector<ColoredVertex>& vertices, unsigned mode);

    std::unique_ptr<ShaderProgram> program_;
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
    int u_view_projection_ = -1;
    int u_point_size_ = -1;
    int u_round_points_ = -1;
};

}  // namespace marionette
