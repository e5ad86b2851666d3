#pragma once
// What the mouse and keys do in the viewport: camera moves, hover and selection, FK and IK drags
// (one undo step per drag), mode toggle, undo and redo. It reads the input the panels did not
// take (viewport_input.hpp: the app translates SDL events) and changes the document only through
// drags and the history.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/ik/ik_result.hpp"
#include "core/rig/document.hpp"
#include "editor/edits/history.hpp"
#include "editor/posing/chain_handles.hpp"
#include "editor/posing/fk_drag.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/modal_transform.hpp"
#include "editor/posing/picture_drag.hpp"
#include "editor/posing/pole_drag.hpp"
#include "editor/posing/root_drag.hpp"
#include "editor/posing/rotation_gizmo.hpp"
#include "editor/timeline/auto_key.hpp"
#include "editor/viewport/bone_selection.hpp"
#include "editor/viewport/mesh_mode.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"
#include "editor/viewport/viewport_input.hpp"

namespace marionette {

enum class PoseMode { Fk, Ik };


class ViewportController {
public:
    ViewportController(Document& document, History& history);

    // Frames the points (what the viewport shows: shown_extent.hpp), keeping a 3D view's
    // direction. Done on open, from the toolbar, and after F or Home, which only ask for it
    // (take_frame_request): the controller does not know what a playing state shows.
    void frame(const Viewport& viewport, std::span<const glm::vec3> points);
    bool take_frame_request();
    // `world` holds the rig's joint frames as drawn this frame (for picking and grabbing).
    void handle(const ViewportInput& input, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);

    // Once a frame: an IK drag's swing in progress turns on (limb_swing.hpp).
    void tick();

    // Auto-key: while set, a drag on a bone or a handle starts from the pose the viewport
    // shows (the state at its playhead, given to handle() as `pose`), and when it is let go
    // the bones it changed are keyed into the state at that time (key_edits.hpp), the rig's
    // own pose is left as it was, and the whole is one undo step. The app sets it each frame;
    // a drag in progress keeps the one it started with.
    void set_auto_key(std::optional<AutoKey> key) { auto_key_ = key; }
    // Whether the drag in progress will key: the viewport then shows the rig's pose, the one
    // being dragged, rather than the state.
    bool keying() const { return keying_.has_value(); }

    // Whether this event is a press that would start posing (on a bone or a handle, not a
    // camera move or a click on empty space).
    bool press_poses(const ViewportInput& input, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) const;

    const ViewCamera& camera() const { return camera_; }
    // Whether the camera is the one saved in the rig's editor data (else it still needs framing).
    bool camera_from_file() const { return camera_from_file_; }
    void set_view(ViewCamera::View view) { camera_.set_view(view); }
    // The viewport was resized: the camera keeps what it showed in view (ViewCamera::keep_in_view).
    void resized(const Viewport& before, const Viewport& after) { camera_.keep_in_view(before, after); }
    PoseMode mode() const { return mode_; }
    void toggle_mode() { mode_ = mode_ == PoseMode::Fk ? PoseMode::Ik : PoseMode::Fk; }
    void set_mode(PoseMode mode) { mode_ = mode; }
    // The active bone of the selection (bone_selection.hpp), or -1.
    int selected() const { return selection_.active(); }
    const BoneSelection& selection() const { return selection_; }
    // Changes the selection from outside the viewport (outliner, menus); the slot picked goes.
    template <class Change>
    void change_selection(Change change) {
        change(selection_);
        selected_slot_ = -1;
    }
    int hovered() const { return hovered_; }
    void select(int bone) {
        selection_.set(bone);
        selected_slot_ = -1;
    }
    // The box being drawn on empty space to select bones (window pixels, two corners), if any.
    std::optional<std::pair<glm::vec2, glm::vec2>> selection_box() const;
    // The slot whose picture was last clicked (its bone is the selected one), or -1.
    int selected_slot() const { return selected_slot_; }
    void select_slot(int slot);
    // Placing pictures (2D, Spine's setup tools): while a tool is set, a drag on a picture moves,
    // turns or scales it on its bone rather than posing the bone; E sets the move tool (or back
    // to posing, as Tab), G, R and S choose the tool.
    std::optional<PictureTool> picture_tool() const { return picture_tool_; }
    // The slots as drawn (a state's drawings and order), for picking pictures; none: as the rig
    // sets them up. The app sets it each frame; it must outlive the frame.
    void set_shown_slots(const SlotPose* slots) { shown_slots_ = slots; }
    void set_picture_tool(std::optional<PictureTool> tool) {
        picture_tool_ = tool;
        if (tool) mesh_.reset();
    }
    // Mesh mode (mesh_mode.hpp): M edits the selected picture's mesh, its vertices (moved in the
    // setup, or keyed as the state's shape with auto-key) or its weights (a brush painting the
    // active bone's); M or Tab goes back to posing. None while posing or placing pictures.
    const std::optional<MeshMode>& mesh_mode() const { return mesh_; }
    // Edits the mesh of slot `slot`'s shown drawing; false, saying why, when it shows none.
    bool enter_mesh_mode(int slot);
    void leave_mesh_mode() { mesh_.reset(); }
    void set_mesh_tool(MeshTool tool);
    void set_mesh_brush(const MeshBrush& brush);
    // Deletes the selected vertices (one step), as X and Delete do.
    void delete_mesh_vertices();
    // The pointer, as of the last mouse event (the brush's circle follows it).
    glm::vec2 pointer() const { return mouse_; }
    // The chain of the drag in progress, or the selected bone's chain, for highlighting.
    std::optional<IkChain> active_chain() const;
    // The IK drag's last solve while the pose is still the one it gave (none after any other change).
    std::optional<IkResult> last_solve() const;
    // The last solve's tip is short of its target only by its chain's softness (IkDrag::softened).
    bool last_solve_softened() const { return last_solve_softened_; }
    // A message for the status bar (why a drag could not start, a pin toggled), once.
    std::optional<std::string> take_message();
    int auto_chain_length() const { return auto_chain_length_; }
    // A drag, or an R or G transform, is under way: every mouse event is the controller's.
    bool dragging() const { return !std::holds_alternative<std::monostate>(drag_) || modal_.has_value(); }
    // A drag's limb still turning toward its solve with the mouse at rest (limb_swing.hpp): the
    // one part of a drag that moves without input, so the editor draws on only while it lasts.
    bool settling() const;
    // An R or G transform (modal_transform.hpp) is under way.
    const std::optional<ModalTransform>& transform() const { return modal_; }
    // Confirms an R or G transform under way (one step), before an edit from elsewhere (a
    // dropped picture, a panel) changes the rig under it.
    void finish_transform();
    // Whether `in` starts an R or G transform of the rig's pose (the app first makes a state
    // shown the rig's own pose, as for a press that poses).
    bool starts_transform(const ViewportInput& in) const;
    // The target of the IK drag in progress (its handle follows it rather than the tip).
    std::optional<DraggedTarget> dragged_target() const;
    // The rotation gizmo's rings (3D, a bone selected, posing): none otherwise.
    std::optional<std::array<GizmoRing, 3>> gizmo(std::span<const Transform> world, const Viewport& viewport) const;
    // The axis of the ring being dragged, if one is.
    std::optional<int> dragged_ring() const;
    // The handles the viewport shows and the mouse can grab (appended to `out`).
    void handles(const Pose& pose, std::span<const Transform> world, std::vector<ChainHandle>& out) const;

private:
    static constexpr float kPickTolerance = 8.0f;     // pixels
    static constexpr float kHandleTolerance = 10.0f;  // pixels, about a handle's size
    // A press let go within this many pixels of where it began is a click, not a drag.
    static constexpr float kClickSlop = 3.0f;

    struct CameraDrag {
        bool orbit;  // else pan
        // An Alt-press in 3D orbits when dragged and, let go where it was pressed, cycles the
        // bones under it (as in 2D, where Alt orbits nothing).
        std::optional<glm::vec2> cycle_at;
    };
    // A press on empty space: a box when dragged (adding to the selection with Ctrl or Shift),
    // a click that deselects when not.
    struct BoxSelect {
        glm::vec2 from{0.0f};
        glm::vec2 to{0.0f};
        bool add = false;
        bool vertices = false;  // mesh mode: selects the mesh's vertices
    };
    // Mesh mode: selected vertices follow the pointer, each by the move of its place in the
    // picture's space that takes it there (in the setup), or of its deform offset (keyed).
    struct VertexDrag {
        std::vector<std::uint32_t> vertices;
        std::vector<glm::vec2> start;  // each vertex's place (setup) or offset (keyed) at the press
        std::vector<glm::mat2> moves;  // picture_moves()'s, for each dragged vertex
        std::vector<glm::vec2> shown;  // keyed: every vertex's offset at the press
        glm::vec3 grab{0.0f};
        std::optional<AutoKey> key;  // where the shape is keyed; none: the setup's vertices move
    };
    // Mesh mode: the brush paints `bone`'s weight, a dab at the press and one each time the
    // pointer has moved a quarter of its radius; one step when let go.
    struct WeightStroke {
        int bone = -1;
        WeightBrushMode mode = WeightBrushMode::add;
        glm::vec2 last{0.0f};
    };
    // A press on a bone already selected among others: they all turn (FK) as it is dragged, and
    // let go where it was pressed, it becomes the only one selected (a click).
    struct PendingClick {
        int bone = -1;
        glm::vec2 at{0.0f};
    };
    // A ring of the rotation gizmo dragged: the selection turns about its axis as the pointer
    // moves along the ring where it was grabbed.
    struct RingDrag {
        ModalTransform turn;
        Rig start;  // the rig as shown at the press (with auto-key, not rig_before_drag_)
        int axis = 0;
        glm::vec2 grab{0.0f};
        glm::vec2 tangent{0.0f};  // pixels per radian of turn
    };
    using Drag = std::variant<std::monostate, FkDrag, IkDrag, PoleDrag, RootDrag, PictureDrag, CameraDrag, BoxSelect, RingDrag, VertexDrag,
                              WeightStroke>;

    void press(glm::vec2 pixel, MouseButton button, Modifiers mods, const Viewport& viewport, const Pose& pose,
               const std::vector<Transform>& world);
    // Alt-click: the next bone under the pointer, behind the active one, becomes the only one
    // selected (the first when the active one is not under it).
    void cycle_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    void motion(glm::vec2 pixel, glm::vec2 delta, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    void release(const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    // Ends an auto-key drag: keys what it changed, puts the rig's pose back, records one step.
    void finish_keying();
    void key(ViewKey key, Modifiers mods);
    // The automatic IK chain reaches one bone further up (by > 0) or less far; a drag on an
    // automatic chain continues on the new one.
    void change_auto_chain_length(int by);
    // Runs a drag's solve as a document edit: its result becomes the last solve (at the revision
    // the edit made), its error the message.
    template <class Solve>
    void solve_in_document(Solve solve) {
        bool solved = false;
        document_.edit([&](Rig& rig) {
            Result<IkResult> r = solve(rig);
            if (r) {
                last_solve_ = r.value();
                solved = true;
            } else {
                message_ = r.message();
            }
        });
        if (solved) solve_revision_ = document_.revision();
    }
    // The most parents an automatic chain can take above `bone` (any bone's most for none), >= 1.
    int longest_auto_chain(int bone) const;
    void start_bone_drag(int bone, glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    // In IK mode, dragging a root bone that ends no chain moves the whole puppet.
    bool moves_whole_rig(int bone) const;
    // A press on a handle starts its drag; false when no handle is under the pointer.
    bool start_handle_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    void start_ik_drag(IkChain chain, const glm::vec3& grab);
    // The slot whose picture is under `pixel` (2D rigs), or -1.
    int picture_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) const;
    // A press in picture mode: selects the picture under it and starts placing it.
    void start_picture_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    // Mesh mode (viewport_mesh.cpp): a press, a move and a release of the left button, and the
    // mode's keys; the mode ends when its mesh is gone (an undo).
    void mesh_press(glm::vec2 pixel, Modifiers mods, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    bool mesh_motion(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    bool mesh_release(const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    bool mesh_key(ViewKey key, Modifiers mods);
    void keep_mesh_mode();
    void add_vertex_at(glm::vec2 pixel, const Viewport& viewport, const ShownMesh& shown);
    void paint_dab(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world);
    // P: pins the selected bone's chain where its effector is, or lets it go.
    void toggle_pin();
    // A press on a ring of the gizmo starts turning the selection about its axis.
    bool start_ring_drag(glm::vec2 pixel, const Viewport& viewport, std::span<const Transform> world);
    // R and G (viewport_modal.cpp): start, follow and end a transform.
    bool start_transform(const ViewportInput& in, const Viewport& viewport);
    void transform_input(const ViewportInput& in);
    void end_transform(bool confirm);
    // I and Shift+I: FK to IK (the pin and pole jump to the limb), IK to FK (the pose takes IK's answer).
    void snap_chain(bool target_to_fk);
    std::optional<glm::vec3> on_view_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& through) const;

    Document& document_;
    History& history_;
    ViewCamera camera_;
    PoseMode mode_ = PoseMode::Ik;
    BoneSelection selection_;
    std::optional<PendingClick> click_;
    int hovered_ = -1;
    int selected_slot_ = -1;
    std::optional<PictureTool> picture_tool_;
    std::optional<MeshMode> mesh_;
    const SlotPose* shown_slots_ = nullptr;
    Drag drag_;
    std::optional<ModalTransform> modal_;  // R or G, between its key and its confirm or cancel
    Rig rig_before_drag_;
    bool space_held_ = false;
    bool frame_requested_ = false;
    bool camera_from_file_ = false;
    glm::vec2 mouse_{0.0f};  // the pointer, as of the last mouse event
    int auto_chain_length_ = kDefaultAutoChainLength;
    std::optional<IkResult> last_solve_;
    bool last_solve_softened_ = false;  // IkDrag::softened of the last solve
    std::uint64_t solve_revision_ = 0;  // the document's revision that last_solve_ describes
    std::optional<std::string> message_;
    std::optional<AutoKey> auto_key_;
    std::optional<AutoKey> keying_;  // the drag in progress keys here
    Pose keyed_from_;                // the shown pose the keying drag started from
};

}  // namespace marionette
