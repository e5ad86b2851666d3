#include "editor/viewport_controller.hpp"

#include <algorithm>
#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/pins.hpp"
#include "editor/bounding_box.hpp"
#include "editor/edits.hpp"
#include "editor/picking.hpp"
#include "editor/slot_picking.hpp"

namespace marionette {


namespace {
constexpr float kPickTolerance = 8.0f;     // pixels
constexpr float kHandleTolerance = 10.0f;  // pixels, about a handle's size
constexpr float kWheelZoom = 1.15f;
// A press let go within this many pixels of where it began is a click, not a drag.
constexpr float kClickSlop = 3.0f;
}  // namespace

ViewportController::ViewportController(Document& document, History& history)
    : document_(document), history_(history), camera_(document.rig().is_2d() ? ViewCamera::for_2d() : ViewCamera::for_3d()) {
    // The camera the file was saved with (Document::set_view_data); none, or one that does not
    // read, and the editor frames the rig instead.
    const Rig& rig = document.rig();
    if (const auto saved = rig.editor.find("camera"); saved != rig.editor.end()) {
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

int ViewportController::picture_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) const {
    const Rig& rig = document_.rig();
    if (!rig.is_2d() || rig.slots.empty()) return -1;
    const auto point = on_view_plane(pixel, viewport, glm::vec3(0.0f));
    if (!point) return -1;
    return shown_slots_ ? slot_under(rig, pose, world, *shown_slots_, glm::vec2(*point)) : slot_under(rig, pose, world, glm::vec2(*point));
}

void ViewportController::start_picture_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    const int slot = picture_under(pixel, viewport, pose, world);
    select_slot(slot);
    if (slot < 0) {
        selection_.clear();  // a click on empty space deselects
        return;
    }
    const auto grab = on_view_plane(pixel, viewport, glm::vec3(0.0f));
    const Rig& rig = document_.rig();
    const auto bone = static_cast<std::size_t>(rig.slots[static_cast<std::size_t>(slot)].bone);
    if (!grab || bone >= world.size() || !pose.fits(world.size())) return;
    // The drawing shown: a state's at the playhead, or the slot's own.
    const int drawing = shown_slots_ && shown_slots_->fits(rig.slots.size()) ? shown_slots_->shown[static_cast<std::size_t>(slot)]
                                                                               : rig.slots[static_cast<std::size_t>(slot)].shown;
    Result<PictureDrag> d = PictureDrag::start(rig, slot, drawing, *picture_tool_, world[bone], pose.scales[bone], *grab);
    if (!d) {
        message_ = d.message();
        return;
    }
    rig_before_drag_ = rig;
    drag_ = std::move(d).value();
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
        case ViewportInput::Kind::Release:
            release(viewport, pose, world);
            break;
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
    }
}

bool ViewportController::press_poses(const ViewportInput& in, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) const {
    if (in.kind != ViewportInput::Kind::Press || in.button != MouseButton::Left || dragging() || space_held_) return false;
    // Alt cycles the selection (and orbits in 3D); Ctrl and Shift add to it: none of them poses.
    if (in.mods.alt || in.mods.ctrl || in.mods.shift) return false;
    if (!viewport.contains(in.pixel) || picture_tool_) return false;
    std::vector<ChainHandle> shown;
    handles(pose, world, shown);
    if (pick_handle(shown, camera_, viewport, in.pixel, kHandleTolerance)) return true;
    if (pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, in.pixel, kPickTolerance)) return true;
    if (const auto rings = gizmo(world, viewport); rings && pick_ring(*rings, camera_, viewport, in.pixel, kGizmoPickPixels)) return true;
    return picture_under(in.pixel, viewport, pose, world) >= 0;
}

void ViewportController::press(glm::vec2 pixel, MouseButton button, Modifiers mods, const Viewport& viewport, const Pose& pose,
                               const std::vector<Transform>& world) {
    if (!viewport.contains(pixel) || dragging()) return;
    const bool is_2d = document_.rig().is_2d();
    if (button == MouseButton::Middle) {
        drag_ = CameraDrag{!is_2d && !mods.shift, std::nullopt};
        return;
    }
    if (button != MouseButton::Left) return;
    if (space_held_) {
        drag_ = CameraDrag{false, std::nullopt};
        return;
    }
    if (mods.alt) {
        if (is_2d) {
            cycle_under(pixel, viewport, pose, world);
        } else {
            drag_ = CameraDrag{true, pixel};
        }
        return;
    }
    if (mods.ctrl || mods.shift) {
        // Adds the bone (or the picture's bone) to the selection or takes it out; on empty space
        // a box adds what it touches.
        const auto hit = pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
        const int picture = hit ? -1 : picture_under(pixel, viewport, pose, world);
        const int bone = hit ? hit->bone : picture >= 0 ? document_.rig().slots[static_cast<std::size_t>(picture)].bone : -1;
        if (bone >= 0) {
            selection_.toggle(bone);
            selected_slot_ = -1;
        } else {
            drag_ = BoxSelect{pixel, pixel, true};
        }
        return;
    }
    // Auto-key: the drag starts from the shown pose, made the rig's for the drag's length.
    std::optional<Rig> original;
    if (auto_key_ && press_poses(ViewportInput::press(pixel), viewport, pose, world) && pose.fits(document_.rig().skeleton.size())) {
        original = document_.rig();
        document_.edit([&](Rig& rig) { rig.pose = pose; });
    }
    if (picture_tool_) {
        start_picture_drag(pixel, viewport, pose, world);
        return;
    }
    if (!start_handle_drag(pixel, viewport, pose, world)) {
        const auto hit = pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
        // Bones are drawn over the pictures: a picture is picked where no bone is, and picks its bone.
        const int picture = hit ? -1 : picture_under(pixel, viewport, pose, world);
        const int bone = hit ? hit->bone : picture >= 0 ? document_.rig().slots[static_cast<std::size_t>(picture)].bone : -1;
        if (bone < 0) {
            // Empty space: a ring of the gizmo, a box, or a click that deselects.
            if (!start_ring_drag(pixel, viewport, world)) drag_ = BoxSelect{pixel, pixel, false};
        } else if (selection_.contains(bone) && selection_.size() > 1) {
            // One of several selected: they stay selected for the drag; a click keeps only it.
            selection_.set(selection_.bones(), bone);
            click_ = PendingClick{bone, pixel};
            selected_slot_ = -1;
            if (picture >= 0) selected_slot_ = picture;
            start_bone_drag(bone, pixel, viewport, pose, world);
        } else {
            selection_.set(bone);
            selected_slot_ = -1;
            if (picture >= 0) select_slot(picture);
            start_bone_drag(bone, pixel, viewport, pose, world);
        }
    }
    if (!original) return;
    if (dragging()) {
        keying_ = auto_key_;
        keyed_from_ = pose;
        rig_before_drag_ = std::move(*original);
        return;
    }
    // No drag started after all: the rig's pose is as it was, and no step was made.
    Rig before = *original;
    document_.edit([&](Rig& rig) { rig = std::move(*original); });
    history_.record("", std::move(before), document_);
}

bool ViewportController::start_handle_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    std::vector<ChainHandle> shown;
    handles(pose, world, shown);
    const auto hit = pick_handle(shown, camera_, viewport, pixel, kHandleTolerance);
    if (!hit) return false;
    const Rig& rig = document_.rig();
    const IkChain& chain = rig.chains[static_cast<std::size_t>(hit->chain)];
    if (selection_.contains(chain.effector)) {
        selection_.set(selection_.bones(), chain.effector);  // it becomes the active one
    } else {
        selection_.set(chain.effector);
    }
    const auto grab = on_view_plane(pixel, viewport, hit->position);
    if (!grab) return true;
    rig_before_drag_ = rig;
    if (hit->kind == HandleKind::Pole) {
        Result<PoleDrag> d = PoleDrag::start(rig, hit->chain, *grab);
        if (d) {
            drag_ = std::move(d).value();
        } else {
            message_ = d.message();
        }
        return true;
    }
    start_ik_drag(chain, *grab);
    return true;
}

void ViewportController::start_ik_drag(IkChain chain, const glm::vec3& grab) {
    if (chain.name == kAutoChainName) auto_chain_length_ = std::min(auto_chain_length_, longest_auto_chain(chain.effector));
    Result<IkDrag> d = IkDrag::start(document_.rig(), document_.rig().pose, std::move(chain), grab);
    if (d) {
        drag_ = std::move(d).value();
    } else {
        message_ = d.message();
    }
}

void ViewportController::start_bone_drag(int bone, glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    const Rig& rig = document_.rig();
    const auto b = static_cast<std::size_t>(bone);
    rig_before_drag_ = rig;
    // A chain at a mix of 0 is posed by FK, in either mode (its pin's handle still moves the pin).
    const int own_chain = rig.chain_ending_at(bone);
    if (mode_ == PoseMode::Fk || (own_chain >= 0 && rig.chains[static_cast<std::size_t>(own_chain)].mix == 0.0f)) {
        const auto grab = on_view_plane(pixel, viewport, world[b].translation);
        if (!grab) return;
        // Every selected bone turns with the grabbed one.
        if (auto d = FkDrag::start(rig, rig.pose, bone, *grab, camera_.view_direction(), selection_.bones())) drag_ = std::move(d).value();
        return;
    }
    if (moves_whole_rig(bone)) {
        // IK on a root bone: the whole puppet moves, and pinned effectors hold.
        const auto grab = on_view_plane(pixel, viewport, world[b].translation);
        if (!grab) return;
        if (auto d = RootDrag::start(rig, bone, *grab)) drag_ = std::move(d).value();
        return;
    }
    // The bone's tip ends its own chain; its joint ends its parent's, when the parent ends one.
    // The grab takes the end nearer to it on screen, as a hand grabbed by the wrist moves the
    // wrist (the arm's chain) and one grabbed by the fingers moves them (the chain to the hand).
    const glm::vec3 tip = bone_tip(world[b], posed_length(rig.skeleton, pose, b));
    const int parent = rig.skeleton[b].parent;
    const int parent_chain = parent >= 0 ? rig.chain_ending_at(parent) : -1;
    if (parent_chain >= 0 && rig.chains[static_cast<std::size_t>(parent_chain)].mix > 0.0f) {
        const glm::vec3& joint = world[b].translation;
        const float to_joint = glm::length(camera_.project(joint, viewport).pixel - pixel);
        const float to_tip = glm::length(camera_.project(tip, viewport).pixel - pixel);
        if (to_joint < to_tip) {
            const auto grab = on_view_plane(pixel, viewport, joint);
            if (grab) start_ik_drag(rig.chains[static_cast<std::size_t>(parent_chain)], *grab);
            return;
        }
    }
    const auto grab = on_view_plane(pixel, viewport, tip);
    if (!grab) return;
    start_ik_drag(drag_chain_for(rig, bone, auto_chain_length_), *grab);
}

void ViewportController::motion(glm::vec2 pixel, glm::vec2 delta, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    if (click_ && glm::length(pixel - click_->at) > kClickSlop) click_.reset();
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
        return;
    }
    if (auto* ik = std::get_if<IkDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, ik->target());
        if (!cursor) return;
        // A quarter pixel: the hand stays under the cursor whatever the chain's tolerance.
        const float precision = 0.25f * camera_.world_per_pixel_at(ik->target(), viewport);
        solve_in_document([&](Rig& rig) { return ik->drag(rig, *cursor, precision); });
        return;
    }
    if (viewport.contains(pixel)) {
        const auto hit = pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
        const int picture = hit ? -1 : picture_under(pixel, viewport, pose, world);
        hovered_ = hit ? hit->bone : picture >= 0 ? document_.rig().slots[static_cast<std::size_t>(picture)].bone : -1;
    }
}

void ViewportController::tick() {
    auto* ik = std::get_if<IkDrag>(&drag_);
    if (!ik || !ik->swinging()) return;
    // The swing turns the shown limb toward the solve last_solve_ describes: still its answer.
    const bool current = document_.revision() == solve_revision_;
    document_.edit([&](Rig& rig) { ik->settle(rig); });
    if (current) solve_revision_ = document_.revision();
}

void ViewportController::cycle_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    const std::vector<int> under = bones_under(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
    if (under.empty()) return;
    const auto at = std::find(under.begin(), under.end(), selection_.active());
    const int next = at == under.end() || std::next(at) == under.end() ? under.front() : *std::next(at);
    selection_.set(next);
    selected_slot_ = -1;
}

void ViewportController::release(const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
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
        if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName) auto_chain_length_ = kDefaultAutoChainLength;
        if (!std::holds_alternative<CameraDrag>(drag_)) finish_keying();
        keying_.reset();
        drag_ = std::monostate{};
        return;
    }
    if (const auto* ring = std::get_if<RingDrag>(&drag_)) history_.record(ring->turn.label(document_.rig()), std::move(rig_before_drag_), document_);
    if (const auto* pole = std::get_if<PoleDrag>(&drag_)) {
        history_.record("Move pole of " + document_.rig().chains[static_cast<std::size_t>(pole->chain())].name, std::move(rig_before_drag_), document_);
    }
    if (const auto* root = std::get_if<RootDrag>(&drag_)) {
        history_.record("Move " + document_.rig().skeleton[static_cast<std::size_t>(root->bone())].name, std::move(rig_before_drag_), document_);
    }
    if (const auto* picture = std::get_if<PictureDrag>(&drag_)) {
        constexpr const char* kVerb[] = {"Move picture ", "Turn picture ", "Scale picture "};
        const std::string& slot = rig_before_drag_.slots[static_cast<std::size_t>(picture->slot())].name;
        history_.record(kVerb[static_cast<int>(picture->tool())] + slot, std::move(rig_before_drag_), document_);
    }
    // A length chosen for one drag is not the next one's (a different bone, a different reach).
    if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName) auto_chain_length_ = kDefaultAutoChainLength;
    const bool posed = std::holds_alternative<FkDrag>(drag_) || std::holds_alternative<IkDrag>(drag_);
    if (posed) {
        const auto* fk = std::get_if<FkDrag>(&drag_);
        const std::string what = fk ? rotate_label(document_.rig(), fk->bones())
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
