// The viewport's keys (the shortcut table's, editor/ui/shortcuts.hpp) and what only they do: the
// automatic IK chain's length, pinning and the FK/IK snaps.

#include <algorithm>

#include "core/rig/forward_kinematics.hpp"
#include "editor/edits/edits.hpp"
#include "editor/posing/chain_snap.hpp"
#include "editor/ui/shortcuts.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

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
    const int bone = auto_drag ? ik->chain().effector : selection_.active();
    auto_chain_length_ = std::clamp(auto_chain_length_ + by, 1, longest_auto_chain(bone));
    if (!auto_drag) return;
    // The drag goes on with the longer or shorter chain, solved at once.
    const int effector = ik->chain().effector;
    Result<IkDrag> longer =
        ik->with_chain(document_.rig(), document_.rig().pose, drag_chain_for(document_.rig(), effector, auto_chain_length_));
    if (!longer) return;
    *ik = std::move(longer).value();
    bool solved = false;
    document_.edit([&](Rig& rig) {
        if (Result<IkResult> r = ik->drag(rig, ik->cursor()); r) {
            last_solve_ = r.value();
            last_solve_softened_ = ik->softened();
            solved = true;
        }
    });
    if (solved) solve_revision_ = document_.revision();
}

void ViewportController::key(ViewKey sym, Modifiers mods) {
    // The keys are the shortcut table's (shortcuts.hpp); placing pictures, G, R and S choose the
    // tool; in mesh mode its own keys come first.
    if (mesh_ && !dragging() && mesh_key(sym, mods)) return;
    std::optional<Command> command = picture_tool_ ? command_for(ShortcutContext::Placing, sym, mods) : std::nullopt;
    if (!command) command = command_for(ShortcutContext::Viewport, sym, mods);
    if (!command) return;
    if (*command == Command::LongerChain || *command == Command::ShorterChain) {
        change_auto_chain_length(*command == Command::LongerChain ? 1 : -1);  // also while dragging
        return;
    }
    if (dragging()) return;
    const Rig& rig = document_.rig();
    switch (*command) {
        case Command::ToggleMode:
            if (mesh_) {
                mesh_.reset();  // back to posing
            } else if (picture_tool_) {
                picture_tool_.reset();  // back to posing, in the mode it had
            } else {
                toggle_mode();
            }
            break;
        case Command::EditMesh:
            if (mesh_) {
                mesh_.reset();
            } else {
                enter_mesh_mode(selected_slot_);
            }
            break;
        case Command::PlacePictures:
            mesh_.reset();
            if (picture_tool_) {
                picture_tool_.reset();
            } else if (rig.is_2d() && !rig.slots.empty()) {
                picture_tool_ = PictureTool::Move;
            } else {
                message_ = "E places pictures: this rig has none (add one to a bone in the inspector)";
            }
            break;
        case Command::PictureMove: picture_tool_ = PictureTool::Move; break;
        case Command::PictureTurn: picture_tool_ = PictureTool::Rotate; break;
        case Command::PictureScale: picture_tool_ = PictureTool::Scale; break;
        case Command::SelectAll: change_selection([&](BoneSelection& s) { s.apply(SelectCommand::All, rig.skeleton); }); break;
        case Command::SelectNone: change_selection([&](BoneSelection& s) { s.apply(SelectCommand::None, rig.skeleton); }); break;
        case Command::SelectChildren: change_selection([&](BoneSelection& s) { s.apply(SelectCommand::Children, rig.skeleton); }); break;
        case Command::SelectMirror: change_selection([&](BoneSelection& s) { s.apply(SelectCommand::Mirror, rig.skeleton); }); break;
        case Command::TogglePin: toggle_pin(); break;
        case Command::SnapFkToIk: snap_chain(true); break;
        case Command::SnapIkToFk: snap_chain(false); break;
        case Command::Frame: frame_requested_ = true; break;
        case Command::Undo: history_.undo(document_); break;
        case Command::Redo: history_.redo(document_); break;
        case Command::FrontView:
        case Command::SideView:
        case Command::TopView:
            if (!rig.is_2d()) {
                camera_.set_view(*command == Command::FrontView  ? ViewCamera::View::Front
                                 : *command == Command::SideView ? ViewCamera::View::Side
                                                                 : ViewCamera::View::Top);
            }
            break;
        default: break;  // the app's (the clipboard's): not the controller's
    }
}

void ViewportController::toggle_pin() {
    const Rig& rig = document_.rig();
    const int selected = selection_.active();
    if (selected < 0 || selected >= static_cast<int>(rig.skeleton.size())) {
        message_ = "P pins the selected bone's IK chain: select a chain's end bone first";
        return;
    }
    const int chain = rig.chain_ending_at(selected);
    const std::string& bone = rig.skeleton[static_cast<std::size_t>(selected)].name;
    if (chain < 0) {
        message_ = "\"" + bone + "\" ends no IK chain: only a chain's effector can be pinned";
        return;
    }
    const bool pin = !rig.chains[static_cast<std::size_t>(chain)].pin;
    const std::string done = (pin ? "Pinned " : "Unpinned ") + bone;
    const Status s = apply_edit(document_, history_, (pin ? "Pin " : "Unpin ") + bone, set_chain_pinned(rig, chain, pin));
    message_ = s ? done : s.message();
}

void ViewportController::snap_chain(bool target_to_fk) {
    const Rig& rig = document_.rig();
    const int selected = selection_.active();
    const char* what = target_to_fk ? "FK to IK" : "IK to FK";
    if (selected < 0 || selected >= static_cast<int>(rig.skeleton.size())) {
        message_ = std::string(what) + " snaps the selected bone's IK chain: select a bone of a chain first";
        return;
    }
    const int chain = chain_through(rig, selected);
    if (chain < 0) {
        message_ = "\"" + rig.skeleton[static_cast<std::size_t>(selected)].name + "\" is in no IK chain: " + what + " snaps a chain";
        return;
    }
    const std::string& name = rig.chains[static_cast<std::size_t>(chain)].name;
    const std::string step = std::string(what) + " on chain " + name;
    const Status s = apply_edit(document_, history_, step, target_to_fk ? pin_chain_at_fk(rig, chain) : pose_chain_by_ik(rig, chain));
    message_ = s ? step : s.message();
}

}  // namespace marionette
