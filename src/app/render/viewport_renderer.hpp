#pragma once
// Draws the viewport: the ground grid and axes, the bones (painted by selection, hover and the
// chain a drag would pose, instanced: bone_renderer.hpp), and over them the selected bone's joint-limit arcs, pole lines and
// the chain handles. It owns the GL renderers and the per-frame vertex buffers (kept to avoid
// allocating every frame); what to draw comes from the rig and the viewport controller.

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "app/render/bone_renderer.hpp"
#include "app/render/grid_renderer.hpp"
#include "app/render/line_renderer.hpp"
#include "app/render/mesh_renderer.hpp"
#include "app/render/shape_renderer.hpp"
#include "app/render/slot_renderer.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"
#include "editor/ui/view_layers.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

// A pose drawn as a tinted, see-through ghost under the rig (the onion skin, onion_skin.hpp).
struct GhostPose {
    Pose pose;
    std::vector<Transform> world;  // forward kinematics of `pose`
    glm::vec4 tint{1.0f};          // colour and opacity
};

class ViewportRenderer {
public:
    static Result<std::unique_ptr<ViewportRenderer>> create(const std::filesystem::path& shader_dir);

    // Draws into `view` (window points) of a frame of `frame_width` x `frame_height` pixels;
    // `world` holds the joint frames forward kinematics made of `pose` for this frame; `ghosts`
    // are drawn under it.
    void draw(const Rig& rig, const Pose& pose, std::span<const Transform> world, const ViewportController& controller,
              const Viewport& view, int frame_width, int frame_height, float pixels_per_point, std::span<const GhostPose> ghosts = {},
              ViewLayers layers = {});

    // The folder the rig's slot pictures are named from (the rig file's).
    void set_picture_folder(std::filesystem::path folder) { picture_folder_ = std::move(folder); }
    // The slots' drawings, colours and order to draw (a state's); none: as the rig sets them up.
    void set_slot_pose(const SlotPose* slots) { slot_pose_ = slots; }
    // Reads the slot pictures again at the next draw (after they changed on disk).
    void forget_pictures() { slots_->forget_pictures(); }

    // Problems the mesh and picture drawing met since the last call (images that do not decode).
    std::vector<std::string> take_problems();

private:
    ViewportRenderer() = default;
    void draw_overlays(const Rig& rig, const Pose& pose, std::span<const Transform> world, const ViewportController& controller,
                       const Viewport& view, const glm::mat4& view_projection, float pixels_per_point, const glm::vec3& light);

    std::unique_ptr<GridRenderer> grid_;
    std::unique_ptr<BoneRenderer> bones_;
    std::unique_ptr<LineRenderer> lines_;
    std::unique_ptr<ShapeRenderer> shapes_;
    std::unique_ptr<MeshRenderer> meshes_;
    std::unique_ptr<SlotRenderer> slots_;
    std::filesystem::path picture_folder_;
    const SlotPose* slot_pose_ = nullptr;
    SlotTriangles slot_triangles_;
    std::vector<BoneInstance> instances_;
    std::vector<BoneInstance> ghost_instances_;
    std::vector<BoneInstance> selected_instances_;
    std::vector<ShapeVertex> shape_vertices_;  // the handles
    std::vector<ShapeVertex> mesh_fills_;      // mesh mode's weight colours
    std::vector<BoneLook> looks_;
    LineDrawData overlay_;
    std::vector<glm::vec3> arc_points_;
    std::vector<glm::vec3> placed_;  // the selected picture's world vertices
    std::vector<ChainHandle> handles_;
};

}  // namespace marionette
