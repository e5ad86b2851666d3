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
    selected_ = rig.slots[static_cast<std::size_t>(slot)].bone;
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
        selected_ = -1;  // a click on empty space deselects
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
    if (mode_ != PoseMode::Ik || selected_ < 0 || selected_ >= static_cast<int>(document_.rig().skeleton.size())) return std::nullopt;
    if (moves_whole_rig(selected_)) return std::nullopt;
    return drag_chain_for(document_.rig(), selected_, auto_chain_length_);
}

bool ViewportController::moves_whole_rig(int bone) const {
    const Rig& rig = document_.rig();
    return rig.skeleton[static_cast<std::size_t>(bone)].parent < 0 && rig.chain_ending_at(bone) < 0;
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
    switch (in.kind) {
        case ViewportInput::Kind::Press:
            mouse_ = in.pixel;
            press(in.pixel, in.button, in.mods.shift, in.mods.alt, viewport, pose, world);
            break;
        case ViewportInput::Kind::Motion:
            mouse_ = in.pixel;
            motion(in.pixel, in.delta, viewport, pose, world);
            break;
        case ViewportInput::Kind::Release:
            release();
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
            key(in.key, in.mods.ctrl, in.mods.shift);
            break;
        case ViewportInput::Kind::KeyUp:
            if (in.key == ViewKey::Space) space_held_ = false;
            break;
    }
}

bool ViewportController::press_poses(const ViewportInput& in, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) const {
    if (in.kind != ViewportInput::Kind::Press || in.button != MouseButton::Left || dragging() || space_held_) return false;
    const bool is_2d = document_.rig().is_2d();
    if (in.mods.alt && !is_2d) return false;
    if (!viewport.contains(in.pixel) || picture_tool_) return false;
    std::vector<ChainHandle> shown;
    handles(pose, world, shown);
    if (pick_handle(shown, camera_, viewport, in.pixel, kHandleTolerance)) return true;
    if (pick_bone(document_.rig().skeleton, pose, world, camera_, viewport, in.pixel, kPickTolerance)) return true;
    return picture_under(in.pixel, viewport, pose, world) >= 0;
}

void ViewportController::press(glm::vec2 pixel, MouseButton button, bool shift, bool alt, const Viewport& viewport,
                               const Pose& pose, const std::vector<Transform>& world) {
    if (!viewport.contains(pixel) || dragging()) return;
    const bool is_2d = document_.rig().is_2d();
    if (button == MouseButton::Middle) {
        drag_ = CameraDrag{!is_2d && !shift};
        return;
    }
    if (button != MouseButton::Left) return;
    if (space_held_ || (alt && !is_2d)) {
        drag_ = CameraDrag{alt && !is_2d};
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
        selected_ = hit ? hit->bone : -1;  // a click on empty space deselects
        selected_slot_ = -1;
        if (picture >= 0) select_slot(picture);
        if (selected_ >= 0) start_bone_drag(selected_, pixel, viewport, pose, world);
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
    selected_ = chain.effector;
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
    if (mode_ == PoseMode::Fk) {
        const auto grab = on_view_plane(pixel, viewport, world[b].translation);
        if (!grab) return;
        if (auto d = FkDrag::start(rig, rig.pose, bone, *grab, camera_.view_direction())) drag_ = std::move(d).value();
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
    if (parent_chain >= 0) {
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
    if (const auto* cam = std::get_if<CameraDrag>(&drag_)) {
        if (cam->orbit) {
            camera_.orbit_pixels(delta);
        } else {
            camera_.pan_pixels(delta, viewport);
        }
        return;
    }
    if (auto* fk = std::get_if<FkDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, world[static_cast<std::size_t>(fk->bone())].translation);
        if (!cursor) return;
        document_.edit([&](Rig& rig) {
            fk->move(rig, rig.pose, *cursor);
            const int turned[] = {fk->bone()};
            hold_pins(rig, rig.pose, turned);
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

void ViewportController::release() {
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
        const std::string what = std::holds_alternative<FkDrag>(drag_) ? "Rotate " : "Drag ";
        const int bone = std::holds_alternative<FkDrag>(drag_) ? std::get<FkDrag>(drag_).bone() : std::get<IkDrag>(drag_).chain().effector;
        history_.record(what + document_.rig().skeleton[static_cast<std::size_t>(bone)].name, std::move(rig_before_drag_), document_);
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

int ViewportController::longest_auto_chain(int bone) const {
    const Skeleton& skeleton = document_.rig().skeleton;
    const auto parents_above = [&](int b) {
        int n = 0;
        for (int p = skeleton[static_cast<std::size_t>(b)].parent; p >= 0; p = skeleton[static_cast<std::size_t>(p)].parent) ++n;
        return n;
    };
    int most = 0;
    if (bone >= 0 && bone < static_cast<int>(skeleton.size())) {
        most = parents_above(bone);
    } else {
        for (int b = 0; b < static_cast<int>(skeleton.size()); ++b) most = std::max(most, parents_above(b));
    }
    return std::max(1, most);
}

void ViewportController::change_auto_chain_length(int by) {
    auto* ik = std::get_if<IkDrag>(&drag_);
    const bool auto_drag = ik && ik->chain().name == kAutoChainName;
    // Never past the bones there are: each step must change the chain the next drag takes.
    const int bone = auto_drag ? ik->chain().effector : selected_;
    auto_chain_length_ = std::clamp(auto_chain_length_ + by, 1, longest_auto_chain(bone));
    if (!auto_drag) return;
    // The drag goes on with the longer or shorter chain, solved at once.
    const int effector = ik->chain().effector;
    Result<IkDrag> longer = ik->with_chain(document_.rig(), document_.rig().pose, drag_chain_for(document_.rig(), effector, auto_chain_length_));
    if (!longer) return;
    *ik = std::move(longer).value();
    bool solved = false;
    document_.edit([&](Rig& rig) {
        if (Result<IkResult> r = ik->drag(rig, ik->cursor()); r) {
            last_solve_ = r.value();
            solved = true;
        }
    });
    if (solved) solve_revision_ = document_.revision();
}

void ViewportController::key(ViewKey sym, bool ctrl, bool shift) {
    if (sym == ViewKey::PageUp || sym == ViewKey::PageDown) {
        change_auto_chain_length(sym == ViewKey::PageUp ? 1 : -1);
        return;
    }
    if (dragging()) return;
    if (sym == ViewKey::Tab) {
        if (picture_tool_) {
            picture_tool_.reset();  // back to posing, in the mode it had
        } else {
            toggle_mode();
        }
    } else if (sym == ViewKey::E && !ctrl) {
        const Rig& rig = document_.rig();
        if (picture_tool_) {
            picture_tool_.reset();
        } else if (rig.is_2d() && !rig.slots.empty()) {
            picture_tool_ = PictureTool::Move;
        } else {
            message_ = "E places pictures: this rig has none (add one to a bone in the inspector)";
        }
    } else if (sym == ViewKey::Escape) {
        selected_ = -1;
        selected_slot_ = -1;
    } else if (picture_tool_ && !ctrl && (sym == ViewKey::G || sym == ViewKey::R || sym == ViewKey::S)) {
        picture_tool_ = sym == ViewKey::G ? PictureTool::Move : sym == ViewKey::R ? PictureTool::Rotate : PictureTool::Scale;
    } else if (sym == ViewKey::P && !ctrl) {
        toggle_pin();
    } else if (sym == ViewKey::F || sym == ViewKey::Home) {
        frame_requested_ = true;
    } else if (ctrl && sym == ViewKey::Z) {
        if (shift) {
            history_.redo(document_);
        } else {
            history_.undo(document_);
        }
    } else if (ctrl && sym == ViewKey::Y) {
        history_.redo(document_);
    } else if (!document_.rig().is_2d() && !ctrl) {
        if (sym == ViewKey::Front) camera_.set_view(ViewCamera::View::Front);
        if (sym == ViewKey::Side) camera_.set_view(ViewCamera::View::Side);
        if (sym == ViewKey::Top) camera_.set_view(ViewCamera::View::Top);
    }
}

void ViewportController::toggle_pin() {
    const Rig& rig = document_.rig();
    if (selected_ < 0 || selected_ >= static_cast<int>(rig.skeleton.size())) {
        message_ = "P pins the selected bone's IK chain: select a chain's end bone first";
        return;
    }
    const int chain = rig.chain_ending_at(selected_);
    const std::string& bone = rig.skeleton[static_cast<std::size_t>(selected_)].name;
    if (chain < 0) {
        message_ = "\"" + bone + "\" ends no IK chain: only a chain's effector can be pinned";
        return;
    }
    const bool pin = !rig.chains[static_cast<std::size_t>(chain)].pin;
    const std::string done = (pin ? "Pinned " : "Unpinned ") + bone;
    const Status s = apply_edit(document_, history_, (pin ? "Pin " : "Unpin ") + bone, set_chain_pinned(rig, chain, pin));
    message_ = s ? done : s.message();
}

}  // namespace marionette
