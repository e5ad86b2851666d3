// A press in the viewport and what it starts: a pick of a handle, a bone, a picture or a gizmo
// ring, and the drag that follows (FK, IK, a root, a pole, a picture), or a box select, a camera
// drag, or the Alt-click cycle through the bones under the pointer.

#include <algorithm>

#include "core/rig/forward_kinematics.hpp"
#include "editor/viewport/picking.hpp"
#include "editor/viewport/slot_picking.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

int ViewportController::picture_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose,
                                      const std::vector<Transform>& world) const {
    const Rig& rig = document_.rig();
    if (!rig.is_2d() || rig.slots.empty()) return -1;
    const auto point = on_view_plane(pixel, viewport, glm::vec3(0.0f));
    if (!point) return -1;
    return shown_slots_ ? slot_under(rig, pose, world, *shown_slots_, glm::vec2(*point)) : slot_under(rig, pose, world, glm::vec2(*point));
}

void ViewportController::start_picture_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose,
                                            const std::vector<Transform>& world) {
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
    const int drawing =
        shown_slots_ && shown_slots_->fits(rig.slots.size())
            ? drawn_index(rig.slots, *shown_slots_, static_cast<std::size_t>(slot))
            : drawn_attachment(rig.slots[static_cast<std::size_t>(slot)], rig.slots[static_cast<std::size_t>(slot)].shown, rig.skin);
    Result<PictureDrag> d = PictureDrag::start(rig, slot, drawing, *picture_tool_, world[bone], pose.scales[bone], *grab);
    if (!d) {
        message_ = d.message();
        return;
    }
    rig_before_drag_ = rig;
    drag_ = std::move(d).value();
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
    if (mesh_) {
        mesh_press(pixel, mods, viewport, pose, world);
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

bool ViewportController::start_handle_drag(glm::vec2 pixel, const Viewport& viewport, const Pose& pose,
                                           const std::vector<Transform>& world) {
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

void ViewportController::start_bone_drag(int bone, glm::vec2 pixel, const Viewport& viewport, const Pose& pose,
                                         const std::vector<Transform>& world) {
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

void ViewportController::cycle_under(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    const std::vector<int> under = bones_under(document_.rig().skeleton, pose, world, camera_, viewport, pixel, kPickTolerance);
    if (under.empty()) return;
    const auto at = std::find(under.begin(), under.end(), selection_.active());
    const int next = at == under.end() || std::next(at) == under.end() ? under.front() : *std::next(at);
    selection_.set(next);
    selected_slot_ = -1;
}

}  // namespace marionette
