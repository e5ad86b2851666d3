// R and G in the viewport: the controller's side of a modal transform (modal_transform.hpp).
// From the key to a confirm or a cancel, every input goes to the transform; a confirm is one
// undo step, a cancel none.

#include "editor/ui/shortcuts.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

namespace {

std::optional<ModalKind> transform_of(const ViewportInput& in) {
    if (in.kind != ViewportInput::Kind::KeyDown) return std::nullopt;
    const std::optional<Command> command = command_for(ShortcutContext::Viewport, in.key, in.mods);
    if (command == Command::RotateBones) return ModalKind::Rotate;
    if (command == Command::GrabBone) return ModalKind::Grab;
    return std::nullopt;
}

}  // namespace

bool ViewportController::starts_transform(const ViewportInput& in) const {
    return !picture_tool_ && !dragging() && !auto_key_ && transform_of(in) && selection_.active() >= 0;
}

bool ViewportController::start_transform(const ViewportInput& in, const Viewport& viewport) {
    const std::optional<ModalKind> kind = transform_of(in);
    if (!kind || picture_tool_ || dragging()) return false;
    if (auto_key_) {
        message_ = "R and G pose the rig's own pose and do not key: drag the bone to key it, or turn auto-key off";
        return true;
    }
    const Rig& rig = document_.rig();
    Result<ModalTransform> m =
        ModalTransform::start(*kind, rig, selection_.bones(), selection_.active(), mouse_, camera_, viewport, auto_chain_length_);
    if (!m) {
        message_ = m.message();
        return true;
    }
    rig_before_drag_ = rig;
    modal_ = std::move(m).value();
    message_ = modal_->describe();
    return true;
}

void ViewportController::transform_input(const ViewportInput& in) {
    switch (in.kind) {
        case ViewportInput::Kind::Motion:
            mouse_ = in.pixel;
            modal_->pointer(in.pixel);
            break;
        case ViewportInput::Kind::Press:
            mouse_ = in.pixel;
            if (in.button == MouseButton::Left) return end_transform(true);
            if (in.button == MouseButton::Right) return end_transform(false);
            return;
        case ViewportInput::Kind::KeyDown:
            if (in.key == ViewKey::Enter) return end_transform(true);
            if (in.key == ViewKey::Escape) return end_transform(false);
            if (in.key == ViewKey::Backspace) {
                modal_->erase();
            } else if (in.key == ViewKey::X || in.key == ViewKey::Y || in.key == ViewKey::Z) {
                if (in.mods.ctrl || in.mods.alt) return;
                const int axis = in.key == ViewKey::X ? 0 : in.key == ViewKey::Y ? 1 : 2;
                if (!modal_->lock(axis)) {
                    message_ = "A 2D rig turns about Z and moves along X and Y only";
                    return;
                }
            } else {
                return;  // a digit key's view, another shortcut: not while transforming
            }
            break;
        case ViewportInput::Kind::Text:
            if (in.typed == 0 || !modal_->type(in.typed)) return;
            break;
        default: return;  // releases, the wheel, key-ups
    }
    const Rig& start = rig_before_drag_;
    document_.edit([&](Rig& rig) { modal_->apply(rig, start); });
    message_ = modal_->describe();
}

void ViewportController::end_transform(bool confirm) {
    if (confirm) {
        const std::string label = modal_->label(document_.rig());
        history_.record(label, std::move(rig_before_drag_), document_);
        message_ = label;
    } else {
        // What a transform changes, the pose and the pins, goes back as it was.
        const Rig& before = rig_before_drag_;
        document_.edit([&](Rig& rig) {
            rig.pose = before.pose;
            for (std::size_t c = 0; c < rig.chains.size() && c < before.chains.size(); ++c) rig.chains[c].pin = before.chains[c].pin;
        });
        history_.record("", std::move(rig_before_drag_), document_);  // back as it was: no step
        message_ = "Cancelled";
    }
    modal_.reset();
}

void ViewportController::finish_transform() {
    if (modal_) end_transform(true);
}

}  // namespace marionette
