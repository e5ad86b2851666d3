#include "editor/viewport/viewport_controller.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/ik/pins.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/edits.hpp"
#include "editor/viewport/bounding_box.hpp"
#include "editor/viewport/picking.hpp"

namespace marionette {

namespace {
constexpr float kWheelZoom = 1.15f;
}  // namespace

ViewportController::ViewportController(Document& document, History& history)
    : document_(document), history_(history), camera_(document.rig().is_2d() ? ViewCamera::for_2d() : ViewCamera::for_3d()) {
    // The camera the file was saved with (Document::set_view_data); none, or one that does not
    // read, and the editor frames the rig instead.
    const Rig& rig = document.rig();
    const Json& editor = rig.editor.json();
    if (const auto saved = editor.find("camera"); saved != editor.end()) {
        if (Result<ViewCamera> c = ViewCamera::from_json(*saved, rig.is_2d())) {
            camera_ = c.value();
            camera_from_file_ = true;
        }
    }
}

void ViewportController::frame(const Viewport& viewport, std::span<const glm::vec3> points) {
    frame_requested_ = false;
    if (auto box = bounding_box_of(points)) camera_.frame(*box, viewport);
}

void ViewportController::select_slot(int slot) {
    const Rig& rig = document_.rig();
    if (slot < 0 || slot >= static_cast<int>(rig.slots.size())) {
        selected_slot_ = -1;
        return;
    }
    selected_slot_ = slot;
    selection_.set(rig.slots[static_cast<std::size_t>(slot)].bone);
}

std::optional<IkResult> ViewportController::last_solve() const {
    if (document_.revision() != solve_revision_) return std::nullopt;
    return last_solve_;
}

std::optional<std::string> ViewportController::take_message() {
    std::optional<std::string> m = std::move(message_);
    message_.reset();
    return m;
}

bool ViewportController::take_frame_request() {
    const bool requested = frame_requested_;
    frame_requested_ = false;
    return requested;
}

std::optional<IkChain> ViewportController::active_chain() const {
    if (const auto* ik = std::get_if<IkDrag>(&drag_)) return ik->chain();
    const int selected = selection_.active();
    if (mode_ != PoseMode::Ik || selected < 0 || selected >= static_cast<int>(document_.rig().skeleton.size())) return std::nullopt;
    if (moves_whole_rig(selected)) return std::nullopt;
    return drag_chain_for(document_.rig(), selected, auto_chain_length_);
}

bool ViewportController::moves_whole_rig(int bone) const {
    const Rig& rig = document_.rig();
    return rig.skeleton[static_cast<std::size_t>(bone)].parent < 0 && rig.chain_ending_at(bone) < 0;
}

std::optional<std::pair<glm::vec2, glm::vec2>> ViewportController::selection_box() const {
    if (const auto* box = std::get_if<BoxSelect>(&drag_)) return std::pair{box->from, box->to};
    return std::nullopt;
}

std::optional<DraggedTarget> ViewportController::dragged_target() const {
    if (const auto* ik = std::get_if<IkDrag>(&drag_)) return DraggedTarget{ik->chain().effector, ik->target()};
    return std::nullopt;
}

void ViewportController::handles(const Pose& pose, std::span<const Transform> world, std::vector<ChainHandle>& out) const {
    chain_handles(document_.rig(), pose, world, mode_ == PoseMode::Ik, dragged_target(), out);
}

std::optional<glm::vec3> ViewportController::on_view_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& through) const {
    return camera_.point_on_plane(pixel, viewport, through, camera_.view_direction());
}

void ViewportController::handle(const ViewportInput& in, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    selection_.keep_within(document_.rig().skeleton.size());  // an undo may have taken bones away
    if (!dragging()) keep_mesh_mode();
    if (modal_) return transform_input(in);
    if (start_transform(in, viewport)) return;
    switch (in.kind) {
        case ViewportInput::Kind::Press:
            mouse_ = in.pixel;
            press(in.pixel, in.button, in.mods, viewport, pose, world);
            break;
        case ViewportInput::Kind::Motion:
            mouse_ = in.pixel;
            motion(in.pixel, in.delta, viewport, pose, world);
            break;
        case ViewportInput::Kind::Release: release(viewport, pose, world); break;
        case ViewportInput::Kind::Wheel: {
            if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName) {
                if (in.wheel != 0.0f) change_auto_chain_length(in.wheel > 0.0f ? 1 : -1);
                break;
            }
            // Zoom about where the last mouse event put the pointer (the wheel event has no position).
            if (in.wheel == 0.0f) break;  // a sideways scroll
            camera_.zoom_at(mouse_, std::pow(kWheelZoom, in.wheel), viewport);
            break;
        }
        case ViewportInput::Kind::KeyDown:
            if (in.key == ViewKey::Space) space_held_ = true;
            key(in.key, in.mods);
            break;
        case ViewportInput::Kind::KeyUp:
            if (in.key == ViewKey::Space) space_held_ = false;
            break;
        case ViewportInput::Kind::Text: break;  // a number typed only counts within R or G
    }
}

bool ViewportController::press_poses(const ViewportInput& in, const Viewport& viewport, const Pose& pose,
                                     const std::vector<Transform>& world) const {
    if (in.kind != ViewportInput::Kind::Press || in.button != MouseButton::Left || dragging() || space_held_) return false;
    // Alt cycles the selection (and orbits in 3D); Ctrl and Shift add to it: none of them poses.
    if (in.mods.alt || in.mods.ctrl || in.mods.shift) return false;
    if (!viewport.contains(in.pixel) || picture_tool_ || mesh_) return false;
    std::vector<ChainHandle> shown;
    handles(pose, world, shown);
    if (pick_handle(shown, camera_, viewport, in.pixel, kHandleTolerance)) return true;
    if (pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, in.pixel, kPickTolerance)) return true;
    if (const auto rings = gizmo(world, viewport); rings && pick_ring(*rings, camera_, viewport, in.pixel, kGizmoPickPixels)) return true;
    return picture_under(in.pixel, viewport, pose, world) >= 0;
}

void ViewportController::motion(glm::vec2 pixel, glm::vec2 delta, const Viewport& viewport, const Pose& pose,
                                const std::vector<Transform>& world) {
    if (click_ && glm::length(pixel - click_->at) > kClickSlop) click_.reset();
    if (mesh_ && mesh_motion(pixel, viewport, pose, world)) return;
    if (auto* box = std::get_if<BoxSelect>(&drag_)) {
        box->to = pixel;
        return;
    }
    if (auto* cam = std::get_if<CameraDrag>(&drag_)) {
        if (cam->cycle_at && glm::length(pixel - *cam->cycle_at) > kClickSlop) cam->cycle_at.reset();
        if (cam->orbit) {
            camera_.orbit_pixels(delta);
        } else {
            camera_.pan_pixels(delta, viewport);
        }
        return;
    }
    if (auto* ring = std::get_if<RingDrag>(&drag_)) {
        const float per_radian = glm::dot(ring->tangent, ring->tangent);
        if (per_radian > 0.0f) ring->turn.turn_to(glm::dot(pixel - ring->grab, ring->tangent) / per_radian);
        document_.edit([&](Rig& rig) { ring->turn.apply(rig, ring->start); });
        message_ = ring->turn.describe(false);
        return;
    }
    if (auto* fk = std::get_if<FkDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, world[static_cast<std::size_t>(fk->bone())].translation);
        if (!cursor) return;
        document_.edit([&](Rig& rig) {
            fk->move(rig, rig.pose, *cursor);
            hold_pins(rig, rig.pose, fk->bones());
        });
        return;
    }
    if (const auto* picture = std::get_if<PictureDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, glm::vec3(0.0f));
        if (cursor) document_.edit([&](Rig& rig) { picture->drag(rig, *cursor); });
        return;
    }
    if (const auto* root = std::get_if<RootDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, world[static_cast<std::size_t>(root->bone())].translation);
        if (cursor) document_.edit([&](Rig& rig) { root->drag(rig, *cursor); });
        return;
    }
    if (const auto* pole = std::get_if<PoleDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, pole->pole_at_start());
        if (!cursor) return;
        solve_in_document([&](Rig& rig) { return pole->drag(rig, *cursor); });
        last_solve_softened_ = false;
        return;
    }
    if (auto* ik = std::get_if<IkDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, ik->target());
        if (!cursor) return;
        // A quarter pixel: the hand stays under the cursor whatever the chain's tolerance.
        const float precision = 0.25f * camera_.world_per_pixel_at(ik->target(), viewport);
        solve_in_document([&](Rig& rig) { return ik->drag(rig, *cursor, precision); });
        last_solve_softened_ = ik->softened();
        return;
    }
    if (viewport.contains(pixel)) {
        const auto hit = pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
        const int picture = hit ? -1 : picture_under(pixel, viewport, pose, world);
        hovered_ = hit ? hit->bone : picture >= 0 ? document_.rig().slots[static_cast<std::size_t>(picture)].bone : -1;
    }
}

bool ViewportController::settling() const {
    const auto* ik = std::get_if<IkDrag>(&drag_);
    return ik && ik->swinging();
}

void ViewportController::tick() {
    auto* ik = std::get_if<IkDrag>(&drag_);
    if (!ik || !ik->swinging()) return;
    // The swing turns the shown limb toward the solve last_solve_ describes: still its answer.
    const bool current = document_.revision() == solve_revision_;
    document_.edit([&](Rig& rig) { ik->settle(rig); });
    if (current) solve_revision_ = document_.revision();
}

void ViewportController::release(const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    if (mesh_ && mesh_release(viewport, pose, world)) return;
    if (const auto* box = std::get_if<BoxSelect>(&drag_)) {
        if (glm::length(box->to - box->from) <= kClickSlop) {
            if (!box->add) selection_.clear();  // a click on empty space deselects
        } else {
            const std::vector<int> inside = bones_in_box(document_.rig().skeleton, pose, world, camera_, viewport, box->from, box->to);
            if (box->add) {
                selection_.add(inside);
            } else {
                selection_.set(inside);
            }
        }
        selected_slot_ = -1;
        drag_ = std::monostate{};
        return;
    }
    if (const auto* cam = std::get_if<CameraDrag>(&drag_); cam && cam->cycle_at) {
        const glm::vec2 at = *cam->cycle_at;
        drag_ = std::monostate{};
        cycle_under(at, viewport, pose, world);
        return;
    }
    if (click_) {
        selection_.set(click_->bone);  // a click on one of several selected keeps only it
        click_.reset();
    }
    if (auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->swinging()) {
        const bool current = document_.revision() == solve_revision_;
        document_.edit([&](Rig& rig) { ik->finish(rig); });
        if (current) solve_revision_ = document_.revision();
    }
    if (keying_) {
        if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName)
            auto_chain_length_ = kDefaultAutoChainLength;
        if (!std::holds_alternative<CameraDrag>(drag_)) finish_keying();
        keying_.reset();
        drag_ = std::monostate{};
        return;
    }
    if (const auto* ring = std::get_if<RingDrag>(&drag_))
        history_.record(ring->turn.label(document_.rig()), std::move(rig_before_drag_), document_);
    if (const auto* pole = std::get_if<PoleDrag>(&drag_)) {
        history_.record("Move pole of " + document_.rig().chains[static_cast<std::size_t>(pole->chain())].name, std::move(rig_before_drag_),
                        document_);
    }
    if (const auto* root = std::get_if<RootDrag>(&drag_)) {
        history_.record("Move " + document_.rig().skeleton[static_cast<std::size_t>(root->bone())].name, std::move(rig_before_drag_),
                        document_);
    }
    if (const auto* picture = std::get_if<PictureDrag>(&drag_)) {
        constexpr const char* kVerb[] = {"Move picture ", "Turn picture ", "Scale picture "};
        const std::string& slot = rig_before_drag_.slots[static_cast<std::size_t>(picture->slot())].name;
        history_.record(kVerb[static_cast<int>(picture->tool())] + slot, std::move(rig_before_drag_), document_);
    }
    // A length chosen for one drag is not the next one's (a different bone, a different reach).
    if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName)
        auto_chain_length_ = kDefaultAutoChainLength;
    const bool posed = std::holds_alternative<FkDrag>(drag_) || std::holds_alternative<IkDrag>(drag_);
    if (posed) {
        const auto* fk = std::get_if<FkDrag>(&drag_);
        const std::string what =
            fk ? rotate_label(document_.rig(), fk->bones())
               : "Drag " + document_.rig().skeleton[static_cast<std::size_t>(std::get<IkDrag>(drag_).chain().effector)].name;
        history_.record(what, std::move(rig_before_drag_), document_);
    }
    drag_ = std::monostate{};
}

void ViewportController::finish_keying() {
    Rig original = std::move(rig_before_drag_);
    Result<KeyedDrag> keyed = key_drag(original, document_.rig(), keyed_from_, *keying_);
    if (!keyed) {
        message_ = keyed.message();
        Rig before = original;
        document_.edit([&](Rig& rig) { rig = std::move(original); });
        history_.record("", std::move(before), document_);  // back as it was: no step
        return;
    }
    document_.edit([&](Rig& rig) { rig = std::move(keyed.value().rig); });
    history_.record(std::move(keyed.value().label), std::move(original), document_);
}

}  // namespace marionette
