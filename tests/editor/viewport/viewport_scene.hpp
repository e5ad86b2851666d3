#pragma once
// A document, its history and a viewport controller over an 800 x 600 view, driven as a user
// drives them (presses, moves, keys), headless: the controller tests' stage.

#include <string>
#include <vector>

#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/viewport/shown_extent.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette::testing {

class ViewportScene {
public:
    explicit ViewportScene(Rig rig) : document_(std::move(rig), {}), controller_(document_, history_) {
        refresh();
        controller_.frame(view_, extent());
    }

    Document& document() { return document_; }
    History& history() { return history_; }
    ViewportController& controller() { return controller_; }
    const Viewport& view() const { return view_; }

    std::vector<glm::vec3> extent() const { return shown_extent(document_.rig(), player_); }
    glm::vec2 pixel_of(const glm::vec3& p) const { return controller_.camera().project(p, view_).pixel; }
    // A point on the bone, `along` of the way from its joint to its tip.
    glm::vec2 on_bone(const std::string& name, float along) const {
        const auto b = static_cast<std::size_t>(bone_named(document_.rig(), name));
        const glm::vec3 joint = world_[b].translation;
        return pixel_of(joint + along * (bone_tip(world_[b], document_.rig().skeleton[b].length) - joint));
    }

    void send(const ViewportInput& in) {
        controller_.handle(in, view_, document_.rig().pose, world_);
        refresh();
    }
    void click(glm::vec2 at, Modifiers held = {}) {
        send(ViewportInput::press(at, MouseButton::Left, held));
        send(ViewportInput::release(at));
    }
    // Press, `steps` moves in a straight line, release.
    void drag(glm::vec2 from, glm::vec2 to, int steps = 10, Modifiers held = {}) {
        send(ViewportInput::press(from, MouseButton::Left, held));
        glm::vec2 last = from;
        for (int i = 1; i <= steps; ++i) {
            const glm::vec2 at = from + (to - from) * (static_cast<float>(i) / static_cast<float>(steps));
            send(ViewportInput::motion(at, at - last));
            last = at;
        }
        send(ViewportInput::release(to));
    }
    void key(ViewKey k, Modifiers m = {}) {
        send(ViewportInput::key_down(k, m));
        send(ViewportInput::key_up(k));
    }

private:
    void refresh() { world_ = compute_world(document_.rig().skeleton, document_.rig().pose).value(); }

    Document document_;
    History history_;
    ViewportController controller_;
    StatePlayer player_;
    Viewport view_{0.0f, 0.0f, 800.0f, 600.0f};
    std::vector<Transform> world_;
};

}  // namespace marionette::testing
