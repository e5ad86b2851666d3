#include "app/viewport_controller.hpp"

#include <SDL.h>

#include <algorithm>
#include <cmath>

#include "core/forward_kinematics.hpp"
#include "core/pins.hpp"
#include "editor/edits.hpp"
#include "editor/picking.hpp"

namespace marionette {

namespace {
constexpr float kPickTolerance = 8.0f;     // pixels
constexpr float kHandleTolerance = 10.0f;  // pixels, about a handle's size
constexpr float kWheelZoom = 1.15f;
}  // namespace

ViewportController::ViewportController(Document& document, History& history)
    : document_(document), history_(history), camera_(document.rig().is_2d() ? ViewCamera::for_2d() : ViewCamera::for_3d()) {}

void ViewportController::frame_all(const Viewport& viewport) {
    camera_ = document_.rig().is_2d() ? ViewCamera::for_2d() : ViewCamera::for_3d();
    Result<std::vector<Transform>> world = compute_world(document_.rig().skeleton, document_.rig().pose);
    if (!world) return;
    std::vector<glm::vec3> points;
    for (std::size_t i = 0; i < world.value().size(); ++i) {
        points.push_back(world.value()[i].translation);
        points.push_back(bone_tip(world.value()[i], document_.rig().skeleton[i].length));
    }
    if (auto box = bounding_box_of(points)) camera_.frame(*box, viewport);
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

void ViewportController::handles(std::span<const Transform> world, std::vector<ChainHandle>& out) const {
    chain_handles(document_.rig(), world, mode_ == PoseMode::Ik, dragged_target(), out);
}

std::optional<glm::vec3> ViewportController::on_view_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& through) const {
    return camera_.point_on_plane(pixel, viewport, through, camera_.view_direction());
}

void ViewportController::handle(const SDL_Event& e, const Viewport& viewport, const std::vector<Transform>& world) {
    const SDL_Keymod mods = SDL_GetModState();
    switch (e.type) {
        case SDL_MOUSEBUTTONDOWN:
            mouse_ = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
            press({static_cast<float>(e.button.x), static_cast<float>(e.button.y)}, e.button.button, (mods & KMOD_SHIFT) != 0,
                  (mods & KMOD_ALT) != 0, viewport, world);
            break;
        case SDL_MOUSEMOTION:
            mouse_ = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
            motion({static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)},
                   {static_cast<float>(e.motion.xrel), static_cast<float>(e.motion.yrel)}, viewport, world);
            break;
        case SDL_MOUSEBUTTONUP:
            release();
            break;
        case SDL_MOUSEWHEEL: {
            if (const auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->chain().name == kAutoChainName) {
                change_auto_chain_length(e.wheel.y > 0 ? 1 : -1);
                break;
            }
            // Zoom about where the last mouse event put the pointer (the wheel event has no position).
            if (e.wheel.y == 0) break;  // a sideways scroll
            camera_.zoom_at(mouse_, std::pow(kWheelZoom, static_cast<float>(e.wheel.y)), viewport);
            break;
        }
        case SDL_KEYDOWN:
            if (e.key.keysym.sym == SDLK_SPACE) space_held_ = true;
            key(e.key.keysym.sym, (mods & KMOD_CTRL) != 0, (mods & KMOD_SHIFT) != 0, viewport, world);
            break;
        case SDL_KEYUP:
            if (e.key.keysym.sym == SDLK_SPACE) space_held_ = false;
            break;
        default:
            break;
    }
}

bool ViewportController::press_poses(const SDL_Event& e, const Viewport& viewport, const std::vector<Transform>& world) const {
    if (e.type != SDL_MOUSEBUTTONDOWN || e.button.button != SDL_BUTTON_LEFT || dragging() || space_held_) return false;
    const bool is_2d = document_.rig().is_2d();
    if ((SDL_GetModState() & KMOD_ALT) != 0 && !is_2d) return false;
    const glm::vec2 pixel{static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
    if (!viewport.contains(pixel)) return false;
    std::vector<ChainHandle> shown;
    handles(world, shown);
    if (pick_handle(shown, camera_, viewport, pixel, kHandleTolerance)) return true;
    return pick_bone(document_.rig().skeleton, world, camera_, viewport, pixel, kPickTolerance).has_value();
}

void ViewportController::press(glm::vec2 pixel, int button, bool shift, bool alt, const Viewport& viewport,
                               const std::vector<Transform>& world) {
    if (!viewport.contains(pixel) || dragging()) return;
    const bool is_2d = document_.rig().is_2d();
    if (button == SDL_BUTTON_MIDDLE) {
        drag_ = CameraDrag{!is_2d && !shift};
        return;
    }
    if (button != SDL_BUTTON_LEFT) return;
    if (space_held_ || (alt && !is_2d)) {
        drag_ = CameraDrag{alt && !is_2d};
        return;
    }
    if (start_handle_drag(pixel, viewport, world)) return;
    const auto hit = pick_bone(document_.rig().skeleton, world, camera_, viewport, pixel, kPickTolerance);
    selected_ = hit ? hit->bone : -1;  // a click on empty space deselects
    if (hit) start_bone_drag(hit->bone, pixel, viewport, world);
}

bool ViewportController::start_handle_drag(glm::vec2 pixel, const Viewport& viewport, const std::vector<Transform>& world) {
    std::vector<ChainHandle> shown;
    handles(world, shown);
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
    Result<IkDrag> d = IkDrag::start(document_.rig(), document_.rig().pose, std::move(chain), grab);
    if (d) {
        drag_ = std::move(d).value();
    } else {
        message_ = d.message();
    }
}

void ViewportController::start_bone_drag(int bone, glm::vec2 pixel, const Viewport& viewport, const std::vector<Transform>& world) {
    const Rig& rig = document_.rig();
    const auto b = static_cast<std::size_t>(bone);
    rig_before_drag_ = rig;
    if (mode_ == PoseMode::Fk) {
        const auto grab = on_view_plane(pixel, viewport, world[b].translation);
        if (!grab) return;
        if (auto d = FkDrag::start(rig, rig.pose, bone, *grab)) drag_ = std::move(d).value();
        return;
    }
    if (moves_whole_rig(bone)) {
        // IK on a root bone: the whole puppet moves, and pinned effectors hold.
        const auto grab = on_view_plane(pixel, viewport, world[b].translation);
        if (!grab) return;
        if (auto d = RootDrag::start(rig, bone, *grab)) drag_ = std::move(d).value();
        return;
    }
    const glm::vec3 tip = bone_tip(world[b], rig.skeleton[b].length);
    const auto grab = on_view_plane(pixel, viewport, tip);
    if (!grab) return;
    start_ik_drag(drag_chain_for(rig, bone, auto_chain_length_), *grab);
}

void ViewportController::motion(glm::vec2 pixel, glm::vec2 delta, const Viewport& viewport, const std::vector<Transform>& world) {
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
    if (const auto* root = std::get_if<RootDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, world[static_cast<std::size_t>(root->bone())].translation);
        if (cursor) document_.edit([&](Rig& rig) { root->drag(rig, *cursor); });
        return;
    }
    if (const auto* pole = std::get_if<PoleDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, pole->pole_at_start());
        if (!cursor) return;
        document_.edit([&](Rig& rig) {
            Result<IkResult> r = pole->drag(rig, *cursor);
            if (r) {
                last_solve_ = r.value();
            } else {
                message_ = r.message();
            }
        });
        return;
    }
    if (auto* ik = std::get_if<IkDrag>(&drag_)) {
        const auto cursor = on_view_plane(pixel, viewport, ik->target());
        if (!cursor) return;
        document_.edit([&](Rig& rig) {
            // A quarter pixel: the hand stays under the cursor whatever the chain's tolerance.
            const float precision = 0.25f * camera_.world_per_pixel_at(ik->target(), viewport);
            Result<IkResult> r = ik->drag(rig, *cursor, precision);
            if (r) {
                last_solve_ = r.value();
            } else {
                message_ = r.message();
            }
        });
        return;
    }
    if (viewport.contains(pixel)) {
        const auto hit = pick_bone(document_.rig().skeleton, world, camera_, viewport, pixel, kPickTolerance);
        hovered_ = hit ? hit->bone : -1;
    }
}

void ViewportController::tick() {
    auto* ik = std::get_if<IkDrag>(&drag_);
    if (!ik || !ik->swinging()) return;
    document_.edit([&](Rig& rig) { ik->settle(rig); });
}

void ViewportController::release() {
    if (auto* ik = std::get_if<IkDrag>(&drag_); ik && ik->swinging()) {
        document_.edit([&](Rig& rig) { ik->finish(rig); });
    }
    if (const auto* pole = std::get_if<PoleDrag>(&drag_)) {
        history_.record("Move pole of " + document_.rig().chains[static_cast<std::size_t>(pole->chain())].name, std::move(rig_before_drag_));
    }
    if (const auto* root = std::get_if<RootDrag>(&drag_)) {
        history_.record("Move " + document_.rig().skeleton[static_cast<std::size_t>(root->bone())].name, std::move(rig_before_drag_));
    }
    const bool posed = std::holds_alternative<FkDrag>(drag_) || std::holds_alternative<IkDrag>(drag_);
    if (posed) {
        const std::string what = std::holds_alternative<FkDrag>(drag_) ? "Rotate " : "Drag ";
        const int bone = std::holds_alternative<FkDrag>(drag_) ? std::get<FkDrag>(drag_).bone() : std::get<IkDrag>(drag_).chain().effector;
        history_.record(what + document_.rig().skeleton[static_cast<std::size_t>(bone)].name, std::move(rig_before_drag_));
    }
    drag_ = std::monostate{};
}

void ViewportController::change_auto_chain_length(int by) {
    auto_chain_length_ = std::max(1, auto_chain_length_ + by);
    auto* ik = std::get_if<IkDrag>(&drag_);
    if (!ik || ik->chain().name != kAutoChainName) return;
    // The drag goes on with the longer or shorter chain, solved at once.
    const int effector = ik->chain().effector;
    Result<IkDrag> longer = ik->with_chain(document_.rig(), document_.rig().pose, drag_chain_for(document_.rig(), effector, auto_chain_length_));
    if (!longer) return;
    *ik = std::move(longer).value();
    document_.edit([&](Rig& rig) {
        if (Result<IkResult> r = ik->drag(rig, ik->cursor()); r) last_solve_ = r.value();
    });
}

void ViewportController::key(int sym, bool ctrl, bool shift, const Viewport& viewport, const std::vector<Transform>& world) {
    (void)world;
    if (sym == SDLK_PAGEUP || sym == SDLK_PAGEDOWN) {
        change_auto_chain_length(sym == SDLK_PAGEUP ? 1 : -1);
        return;
    }
    if (dragging()) return;
    if (sym == SDLK_TAB) {
        toggle_mode();
    } else if (sym == SDLK_ESCAPE) {
        selected_ = -1;
    } else if (sym == SDLK_p && !ctrl) {
        toggle_pin();
    } else if (sym == SDLK_f || sym == SDLK_HOME) {
        frame_all(viewport);
    } else if (ctrl && sym == SDLK_z) {
        if (shift) {
            history_.redo(document_);
        } else {
            history_.undo(document_);
        }
    } else if (ctrl && sym == SDLK_y) {
        history_.redo(document_);
    } else if (!document_.rig().is_2d() && !ctrl) {
        if (sym == SDLK_1 || sym == SDLK_KP_1) camera_.set_view(ViewCamera::View::Front);
        if (sym == SDLK_3 || sym == SDLK_KP_3) camera_.set_view(ViewCamera::View::Side);
        if (sym == SDLK_7 || sym == SDLK_KP_7) camera_.set_view(ViewCamera::View::Top);
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
