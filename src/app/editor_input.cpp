// The editor's input: SDL's events to ImGui, the window's keys (the shortcut table's), files
// dropped on the window, and the viewport's share, with a state shown taken as the rig's pose
// when a press or R or G starts posing it.

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/editor_app.hpp"
#include "app/ui/imgui_windows.hpp"
#include "app/viewport_events.hpp"
#include "core/anim/state_pose.hpp"
#include "editor/edits/state_edits.hpp"
#include "editor/files/picture_import.hpp"
#include "editor/ui/shortcuts.hpp"

namespace marionette {

namespace {
bool is_mouse_event(Uint32 type) {
    return type == SDL_MOUSEMOTION || type == SDL_MOUSEBUTTONDOWN || type == SDL_MOUSEBUTTONUP || type == SDL_MOUSEWHEEL;
}
bool is_key_event(Uint32 type) { return type == SDL_KEYDOWN || type == SDL_KEYUP || type == SDL_TEXTINPUT; }
}  // namespace

bool EditorApp::window_key(const SDL_KeyboardEvent& key) {
    const ViewKey k = view_key(key.keysym.sym);
    const Modifiers mods = modifiers_of(key.keysym.mod);
    if (const std::optional<Command> command = command_for(ShortcutContext::Window, k, mods)) {
        FileMenuChoice c;
        switch (*command) {
            case Command::NewRig: c.new_rig = Dimensions::Two; break;
            case Command::Open: c.open = true; break;
            case Command::Save: c.save = true; break;
            case Command::SaveAs: c.save_as = true; break;
            case Command::ExportRig: c.export_rig = true; break;
            case Command::ExportGltf: c.export_gltf = true; break;
            case Command::Quit: c.quit = true; break;
            case Command::Screenshot: c.screenshot = true; break;
            case Command::Help: help_.toggle(); return true;
            case Command::ToggleXray: layers_.xray = !layers_.xray; return true;
            case Command::ToggleMeshes: layers_.meshes = !layers_.meshes; return true;
            default: return false;
        }
        run_file_choice(c);
        return true;
    }
    // The clipboard's keys are the viewport's with the pointer over it (over the state panel
    // the timeline copies and pastes keys with them).
    const std::optional<Command> command = command_for(ShortcutContext::Viewport, k, mods);
    if (!command || ImGui::GetIO().WantCaptureMouse) return false;
    if (*command == Command::CopyPose) {
        copy_pose();
    } else if (*command == Command::PastePose || *command == Command::PastePoseFlipped) {
        paste_pose(*command == Command::PastePoseFlipped);
    } else {
        return false;
    }
    return true;
}

int EditorApp::handle_events() {
    const Viewport view = viewport();
    SDL_Event e;
    int count = 0;
    // Keys that went down in this batch: ImGui 1.86 reads a key as down or up at frame time, so
    // a press let go before the frame (a 6 ms Ctrl+Z, a quick Return) would never be seen. Its
    // release, and what comes after it, wait in SDL's queue for the next frame.
    std::vector<SDL_Scancode> pressed;
    SDL_PumpEvents();
    while (SDL_PeepEvents(&e, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1) {
        if (e.type == SDL_KEYUP && std::find(pressed.begin(), pressed.end(), e.key.keysym.scancode) != pressed.end()) break;
        if (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) != 1) break;
        if (e.type == SDL_KEYDOWN) pressed.push_back(e.key.keysym.scancode);
        ++count;
        window_->process_event(e);
        const bool close = e.type == SDL_QUIT || (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE);
        // A quit, a drop or a file from elsewhere ends an R or G transform first: kept, one step.
        if (close || e.type == SDL_DROPFILE) controller_->finish_transform();
        if (close) {
            if (interactive()) {
                files_->quit();  // asks first when there are unsaved changes
            } else {
                quit_ = true;
            }
        }
        // Back from another program, which may have changed the open file.
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_FOCUS_GAINED) files_->window_focused();
        if (e.type == SDL_DROPFILE) {
            const std::filesystem::path dropped = e.drop.file;
            SDL_free(e.drop.file);
            if (is_picture_path(dropped)) {
                pictures_->add({controller_->selected(), -1}, dropped, world_, *session_);  // onto the selected bone
            } else {
                files_->open_path(dropped);
            }
        }
        if (files_->take_replaced()) {
            start_over();
            continue;
        }
        // Input goes to ImGui first; the viewport acts only on what ImGui does not want. A drag
        // that started in the viewport keeps its mouse even over a panel.
        const ImGuiIO& io = ImGui::GetIO();
        // WantCaptureMouse is last frame's answer: a press that arrives with the move taking the
        // pointer off a panel onto the viewport (a quick hand, a tablet, a script) would be
        // swallowed. A press on a window ImGui showed (a panel, a panel's edge strip, the Help
        // window over the viewport) is ImGui's: the viewport sees nothing. Else, with no popup
        // open, a press inside the viewport is the viewport's.
        const bool press = e.type == SDL_MOUSEBUTTONDOWN;
        const float press_x = press ? static_cast<float>(e.button.x) : 0.0f, press_y = press ? static_cast<float>(e.button.y) : 0.0f;
        if (press && imgui_window_at(press_x, press_y)) continue;
        const bool press_in_viewport = press && view.contains({press_x, press_y}) &&
                                       !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
        if (is_mouse_event(e.type) && io.WantCaptureMouse && !controller_->dragging() && !press_in_viewport) continue;
        if (is_key_event(e.type) && io.WantCaptureKeyboard) continue;
        // F and Home over a panel are the panel's (the timeline frames its keys), not the viewport's.
        if (e.type == SDL_KEYDOWN && io.WantCaptureMouse && !controller_->dragging() &&
            command_for(ShortcutContext::Viewport, view_key(e.key.keysym.sym), modifiers_of(e.key.keysym.mod)) == Command::Frame)
            continue;
        // A key (undo, a mode switch) ends a value being dragged in a panel: that drag is a step.
        if (e.type == SDL_KEYDOWN) session_->finish();
        if (e.type == SDL_KEYDOWN && !controller_->transform() && window_key(e.key)) {
            if (files_->take_replaced()) start_over();
            continue;
        }
        for (const ViewportInput& input : viewport_inputs(e)) {
            const std::optional<AutoKey> auto_key = auto_key_target();
            controller_->set_auto_key(auto_key);
            const bool was_keying = controller_->keying();
            if (states_.shows_state() && !auto_key &&
                (controller_->press_poses(input, view, world_pose(), world_) || controller_->starts_transform(input))) {
                take_shown_pose();
            }
            controller_->handle(input, view, world_pose(), world_);
            // An auto-key drag began: the state holds still at the time it keys.
            if (!was_keying && controller_->keying()) states_.seek(document_.rig(), auto_key->state, static_cast<double>(auto_key->time));
            if (auto message = controller_->take_message()) say(std::move(*message));
        }
    }
    return count;
}

int EditorApp::shown_timeline_state() const {
    const int state = state_panel_.timeline().state(document_.rig());
    const bool shown = state_panel_open_ && state >= 0 && active_state(states_.machine()) == state && !in_transition(states_.machine());
    return shown ? state : -1;
}

std::optional<AutoKey> EditorApp::auto_key_target() const {
    const int state = shown_timeline_state();
    if (state < 0 || !state_panel_.timeline().auto_key()) return std::nullopt;
    return AutoKey{state, static_cast<float>(state_panel_.timeline().key_time(document_.rig()))};
}

void EditorApp::take_shown_pose() {
    const Rig& rig = document_.rig();
    const int shown = active_state(states_.machine());
    const std::string* shown_name = state_name(rig, shown);
    const std::string what = shown_name ? *shown_name : "the blend";  // blending back to the rig's pose
    char at[32];
    std::snprintf(at, sizeof at, "%.2f s", states_.machine().clock);
    Pose pose;
    states_.sample(document_, pose);
    states_.stop();
    session_->finish();
    if (pose == rig.pose) {
        pose_world();  // a still state showing the rig's own pose: nothing to take, no undo step
        return;
    }
    if (Status s = session_->apply("pose of " + what + " at " + at, take_pose(rig, pose)); !s) {
        say(s.message());
    } else {
        say("Stopped " + what + " at " + at + ": its pose is now the rig's own (Ctrl+Z gives the previous one back)");
    }
    pose_world();
}

}  // namespace marionette
