#pragma once
// What the mouse and keys do in the viewport: camera moves, hover and selection, FK and IK drags
// (one undo step per drag), mode toggle, undo and redo. It reads SDL events the panels did not
// take and changes the document only through drags and the history.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/document.hpp"
#include "core/ik_result.hpp"
#include "editor/chain_handles.hpp"
#include "editor/fk_drag.hpp"
#include "editor/history.hpp"
#include "editor/ik_drag.hpp"
#include "editor/pole_drag.hpp"
#include "editor/root_drag.hpp"
#include "editor/view_camera.hpp"
#include "editor/viewport.hpp"

union SDL_Event;

namespace marionette {

enum class PoseMode { Fk, Ik };

class ViewportController {
public:
    ViewportController(Document& document, History& history);

    // Frames the whole rig (on open, and with F or Home).
    void frame_all(const Viewport& viewport);
    // `world` holds the rig's joint frames as drawn this frame (for picking and grabbing).
    void handle(const SDL_Event& event, const Viewport& viewport, const std::vector<Transform>& world);

    // Once a frame: an IK drag's swing in progress turns on (limb_swing.hpp).
    void tick();

    // Whether this event is a press that would start posing (on a bone or a handle, not a
    // camera move or a click on empty space).
    bool press_poses(const SDL_Event& event, const Viewport& viewport, const std::vector<Transform>& world) const;

    const ViewCamera& camera() const { return camera_; }
    void set_view(ViewCamera::View view) { camera_.set_view(view); }
    PoseMode mode() const { return mode_; }
    void toggle_mode() { mode_ = mode_ == PoseMode::Fk ? PoseMode::Ik : PoseMode::Fk; }
    void set_mode(PoseMode mode) { mode_ = mode; }
    int selected() const { return selected_; }
    int hovered() const { return hovered_; }
    void select(int bone) { selected_ = bone; }
    // The chain of the drag in progress, or the selected bone's chain, for highlighting.
    std::optional<IkChain> active_chain() const;
    const std::optional<IkResult>& last_solve() const { return last_solve_; }
    const std::string& message() const { return message_; }
    int auto_chain_length() const { return auto_chain_length_; }
    bool dragging() const { return !std::holds_alternative<std::monostate>(drag_); }
    // The target of the IK drag in progress (its handle follows it rather than the tip).
    std::optional<DraggedTarget> dragged_target() const;
    // The handles the viewport shows and the mouse can grab (appended to `out`).
    void handles(std::span<const Transform> world, std::vector<ChainHandle>& out) const;

private:
    struct CameraDrag {
        bool orbit;  // else pan
    };
    using Drag = std::variant<std::monostate, FkDrag, IkDrag, PoleDrag, RootDrag, CameraDrag>;

    void press(glm::vec2 pixel, int button, bool shift, bool alt, const Viewport& viewport, const std::vector<Transform>& world);
    void motion(glm::vec2 pixel, glm::vec2 delta, const Viewport& viewport, const std::vector<Transform>& world);
    void release();
    void key(int sym, bool ctrl, bool shift, const Viewport& viewport, const std::vector<Transform>& world);
    // The automatic IK chain reaches one bone further up (by > 0) or less far; a drag on an
    // automatic chain continues on the new one.
    void change_auto_chain_length(int by);
    void start_bone_drag(int bone, glm::vec2 pixel, const Viewport& viewport, const std::vector<Transform>& world);
    // In IK mode, dragging a root bone that ends no chain moves the whole puppet.
    bool moves_whole_rig(int bone) const;
    // A press on a handle starts its drag; false when no handle is under the pointer.
    bool start_handle_drag(glm::vec2 pixel, const Viewport& viewport, const std::vector<Transform>& world);
    void start_ik_drag(IkChain chain, const glm::vec3& grab);
    // P: pins the selected bone's chain where its effector is, or lets it go.
    void toggle_pin();
    std::optional<glm::vec3> on_view_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& through) const;

    Document& document_;
    History& history_;
    ViewCamera camera_;
    PoseMode mode_ = PoseMode::Ik;
    int selected_ = -1;
    int hovered_ = -1;
    Drag drag_;
    Rig rig_before_drag_;
    bool space_held_ = false;
    glm::vec2 mouse_{0.0f};  // the pointer, as of the last mouse event
    int auto_chain_length_ = kDefaultAutoChainLength;
    std::optional<IkResult> last_solve_;
    std::string message_;
};

}  // namespace marionette
