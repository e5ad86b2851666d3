#include "app/editor_app.hpp"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/render/screenshot.hpp"
#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"
#include "core/base/terminal_text.hpp"
#include "core/base/utf8.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/files/numbered_path.hpp"
#include "editor/ui/frame_pacing.hpp"
#include "editor/viewport/onion_skin.hpp"
#include "editor/viewport/shown_extent.hpp"

namespace marionette {


Result<std::unique_ptr<EditorApp>> EditorApp::create(Document document, EditorOptions options) {
    std::unique_ptr<EditorApp> app(new EditorApp());
    app->options_ = std::move(options);
    app->document_ = std::move(document);
    app->controller_ = std::make_unique<ViewportController>(app->document_, app->history_);
    app->framed_ = app->controller_->camera_from_file();
    app->layers_ = ViewLayers::from_editor_data(app->document_.rig().editor.json());
    app->session_ = std::make_unique<EditSession>(app->document_, app->history_);
    app->load_settings();
    if (!app->options_.window_size_given) {
        app->options_.window_width = app->settings_.window_width;
        app->options_.window_height = app->settings_.window_height;
    }
    auto window = GlWindow::create(app->window_title(), app->options_.window_width, app->options_.window_height);
    if (!window) return Error{window.message()};
    app->window_ = std::move(window).value();
    app->help_.set_graphics(app->window_->graphics_summary());
    if (app->settings_.maximized && !app->options_.window_size_given) SDL_MaximizeWindow(app->window_->sdl());
    if (!app->settings_.imgui_layout.empty())
        ImGui::LoadIniSettingsFromMemory(app->settings_.imgui_layout.c_str(), app->settings_.imgui_layout.size());
    app->apply_appearance();
    if (app->options_.remember_file && !app->document_.path().empty()) app->settings_.recent.add(app->document_.path());
    app->files_ = std::make_unique<FileActions>(app->document_, app->history_, app->settings_.recent);
    app->pictures_ = std::make_unique<PictureActions>(app->document_);
    app->files_->announce_import();  // `marionette model.glb`: what the import left out, shown
    // Copies of unsaved work live beside the settings, and only when settings are used: scripted
    // runs make none unless a test points MARIONETTE_CONFIG_DIR somewhere on purpose.
    if (!app->settings_file_.empty()) app->recovery_.start(recovery_folder(), app->settings_.recovery_interval);
    if (app->options_.script) {
        auto player = ScriptPlayer::create(std::move(*app->options_.script), SDL_GetWindowID(app->window_->sdl()));
        if (!player) return Error{player.message()};
        app->script_.emplace(std::move(player).value());
    }
    auto renderer = ViewportRenderer::create(app->options_.data_dir / "shaders");
    if (!renderer) return Error{renderer.message()};
    app->renderer_ = std::move(renderer).value();
    return app;
}

std::string EditorApp::window_title() const {
    const std::string name = displayable_utf8(document_.display_name());
    return (document_.modified() ? "*" : "") + name + " - Marionette";
}

Viewport EditorApp::viewport() const {
    const PanelLayout p = panels();
    return {p.viewport_x, p.viewport_y, p.viewport_width, p.viewport_height};
}

PanelLayout EditorApp::panels() const {
    int w = 0;
    int h = 0;
    SDL_GetWindowSize(window_->sdl(), &w, &h);
    return lay_out_panels(settings_.panels, ui_scale_, static_cast<float>(w), static_cast<float>(h), state_panel_open_, toolbar_rows_);
}

UiAppearance EditorApp::appearance() const {
    UiAppearance shown = settings_.appearance;
    if (options_.ui_scale) shown.scale = options_.ui_scale;
    if (options_.theme) shown.theme = *options_.theme;
    return shown;
}

void EditorApp::apply_appearance() {
    const UiAppearance shown = appearance();
    const float dpi = window_->display_dpi();
    display_scale_ = ui_scale_for_dpi(dpi);
    ui_scale_ = ui_scale(shown, dpi);
    if (std::string problem = window_->set_appearance(ui_scale_, shown.theme); !problem.empty()) {
        // On the terminal too: the status bar's message goes with the next edit.
        std::cerr << "marionette: " << terminal_safe(problem) << '\n';
        say(std::move(problem));
    }
    appearance_changed_ = false;
}

void EditorApp::load_settings() {
    // Scripted and timed runs are reproducible: they read and write no settings unless a test
    // points MARIONETTE_CONFIG_DIR somewhere on purpose.
    const char* dir = std::getenv("MARIONETTE_CONFIG_DIR");
    if (!interactive() && !(dir && *dir)) return;
    settings_file_ = user_settings_file();
    if (settings_file_.empty()) return;
    std::string warning;
    Result<UserSettings> loaded = load_user_settings(settings_file_, &warning);
    if (!loaded) {
        settings_unreadable_ = true;
        say(loaded.message() + " (using defaults; the file is left as it is)");
        return;
    }
    settings_ = std::move(loaded).value();
    if (!warning.empty()) {
        // The warning names the file already. On the terminal too: the status bar's message goes
        // with the next edit.
        std::cerr << "marionette: " << terminal_safe(warning) << '\n';
        say(std::move(warning));
    }
}

void EditorApp::save_settings() {
    if (settings_file_.empty() || settings_unreadable_) return;
    const Uint32 flags = SDL_GetWindowFlags(window_->sdl());
    settings_.maximized = (flags & SDL_WINDOW_MAXIMIZED) != 0;
    if (!settings_.maximized) {
        // A maximized window keeps the size it had before, to return to.
        SDL_GetWindowSize(window_->sdl(), &settings_.window_width, &settings_.window_height);
    }
    std::size_t size = 0;
    const char* ini = ImGui::SaveIniSettingsToMemory(&size);
    settings_.imgui_layout.assign(ini, size);
    if (Status s = save_user_settings(settings_, settings_file_); !s) {
        std::cerr << "marionette: " << terminal_safe(s.message()) << '\n';
    }
}

double EditorApp::recovery_clock(int frame) const {
    return interactive() ? static_cast<double>(SDL_GetTicks64()) / 1000.0 : static_cast<double>(frame) / 60.0;
}

void EditorApp::start_over() {
    recovery_.document_replaced();
    controller_ = std::make_unique<ViewportController>(document_, history_);
    session_ = std::make_unique<EditSession>(document_, history_);
    framed_ = controller_->camera_from_file();
    layers_ = ViewLayers::from_editor_data(document_.rig().editor.json());
    states_ = StatePlayer{};
    state_panel_.timeline().start_over();
    world_.clear();
    pose_world();
}

void EditorApp::run_file_choice(const FileMenuChoice& c) {
    // A value being dragged in a panel ends first: it is a step of the document being left.
    if (c.new_rig || c.open || c.open_recent || c.save || c.save_as || c.export_rig || c.export_gltf || c.export_spine || c.quit)
        session_->finish();
    if (c.new_rig) files_->new_rig(*c.new_rig);
    if (c.open) files_->open();
    if (c.open_recent) files_->open_path(*c.open_recent);
    if (c.save) files_->save();
    if (c.save_as) files_->save_as();
    if (c.export_rig) files_->export_rig();
    if (c.export_gltf) files_->export_gltf();
    if (c.export_spine) files_->export_spine();
    if (c.quit) files_->quit();
    if (c.screenshot) viewport_shot_requested_ = true;  // taken once the viewport is drawn, before the panels
}

Status EditorApp::save_to(const std::filesystem::path& path) {
    if (Status s = document_.save_as(path); !s) {
        say(s.message());
        return s;
    }
    history_.mark_saved();
    say("Saved " + document_.path().string());
    return {};
}

ScriptView EditorApp::script_view() const {
    ScriptView v;
    v.rig = &document_.rig();
    v.pose = &world_pose();
    v.world = world_;
    v.camera = &controller_->camera();
    v.viewport = viewport();
    v.mode = controller_->mode() == PoseMode::Fk ? "fk" : "ik";
    v.selected = controller_->selected();
    v.selection = controller_->selection().bones();
    v.modified = document_.modified();
    v.ui = ui_marks_.marks();
    const Rig& rig = document_.rig();
    const auto name = [&](int s) {
        const std::string* n = state_name(rig, s);
        return n ? *n : std::string(kRigPoseName);
    };
    v.state = name(active_state(states_.machine()));
    if (auto from = blending_from(states_.machine())) v.blending_from = name(*from);
    v.blend_weight = blend_weight(states_.machine());
    v.dialog = files_->dialog_name();
    if (v.dialog.empty() && pictures_->dialog_open()) v.dialog = "file chooser";
    if (v.dialog.empty()) v.dialog = recovery_.dialog_name();
    v.status = status_.shown(document_.revision());
    return v;
}

Status EditorApp::save_as(const std::filesystem::path& path) { return save_to(path); }

Status EditorApp::select(const std::vector<std::string>& bones) {
    std::vector<int> found;
    for (const std::string& name : bones) {
        const int b = document_.rig().skeleton.find(name);
        if (b < 0) return Error{"\"" + name + "\" is not a bone of this rig"};
        found.push_back(b);
    }
    controller_->change_selection([&](BoneSelection& s) { s.set(found, found.empty() ? -1 : found.back()); });
    return {};
}

Status EditorApp::screenshot(const std::filesystem::path& path) {
    int w = 0;
    int h = 0;
    window_->drawable_size(w, h);
    return save_framebuffer_png(path, w, h);
}

void EditorApp::save_viewport_screenshot(int frame_height, float pixels_per_point) {
    // In the screenshot folder of the settings (user_settings.hpp), named after the document,
    // never over a file.
    const std::filesystem::path& doc = document_.path();
    const std::filesystem::path folder = settings_.screenshot_folder.empty() ? default_screenshot_folder() : settings_.screenshot_folder;
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
        say("Viewport not saved: cannot create the folder " + folder.string() + ": " + ec.message());
        return;
    }
    Result<std::filesystem::path> file = next_numbered_path(folder, doc.empty() ? "untitled" : doc.stem().string(), ".png");
    if (!file) {
        say(file.message());
        return;
    }
    const Viewport view = viewport();
    const Status s =
        save_framebuffer_png(file.value(), static_cast<int>(view.x * pixels_per_point),
                             static_cast<int>(static_cast<float>(frame_height) - (view.y + view.height) * pixels_per_point),
                             static_cast<int>(view.width * pixels_per_point), static_cast<int>(view.height * pixels_per_point));
    say(s ? "Viewport saved as " + file.value().string() : s.message());
}

void EditorApp::tick_states() {
    const std::uint64_t now = SDL_GetPerformanceCounter();
    double seconds = 1.0 / 60.0;
    if (interactive() && last_tick_ != 0) {
        // Real time, but never a leap: a stall (a dialog, a breakpoint) is not played through.
        seconds = std::min(0.1, static_cast<double>(now - last_tick_) / static_cast<double>(SDL_GetPerformanceFrequency()));
    }
    last_tick_ = now;
    states_.tick(document_.rig(), seconds);
}

void EditorApp::pose_world() {
    const Rig& rig = document_.rig();
    world_.resize(rig.skeleton.size());
    const Pose* pose = &rig.pose;
    if (states_.shows_state() && !controller_->keying()) {  // an auto-key drag shows the pose it drags
        states_.sample(document_, shown_pose_);
        pose = &shown_pose_;
    }
    world_pose_ = pose;
    const ForwardKinematicsJob fk{&rig.skeleton, pose, world_};
    if (fk.validate()) fk.run();
    // The slots as the state shows them (drawings, colours, order), or as the rig sets them up.
    if (states_.shows_state()) {
        states_.sample_slots(rig, shown_slots_);
    } else {
        setup_slot_pose(rig.slots, rig.skin, shown_slots_);
    }
    controller_->set_shown_slots(&shown_slots_);
    renderer_->set_slot_pose(&shown_slots_);
    pose_ghosts();
}

void EditorApp::pose_ghosts() {
    const Rig& rig = document_.rig();
    const OnionSkin& onion = state_panel_.timeline().onion();
    const int state = shown_timeline_state();
    std::vector<OnionGhost> times;
    // Not under a drag that shows the rig's pose.
    if (onion.on && state >= 0 && !controller_->keying()) {
        times = onion_ghosts(rig.states[static_cast<std::size_t>(state)], static_cast<double>(rig.fps), states_.playhead(rig), onion);
    }
    ghosts_.resize(times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
        GhostPose& g = ghosts_[i];
        const State& st = rig.states[static_cast<std::size_t>(state)];
        sample_state_at(st, rig.is_2d(), times[i].time, times[i].time, rig.pose, g.pose);
        solve_state_chains(rig, st, times[i].time, g.pose);
        g.world.resize(rig.skeleton.size());
        g.tint = onion_tint(times[i]);
        const ForwardKinematicsJob ghost_fk{&rig.skeleton, &g.pose, g.world};
        if (!ghost_fk.validate()) {
            ghosts_.clear();
            return;
        }
        ghost_fk.run();
    }
}

void EditorApp::frame_shown() { controller_->frame(viewport(), shown_extent(document_.rig(), states_)); }

void EditorApp::draw_viewport(int frame_width, int frame_height, float pixels_per_point) {
    const Viewport view = viewport();
    if (view.empty()) return;
    if (!framed_ || controller_->take_frame_request()) {
        frame_shown();
        framed_ = true;
    } else if (drawn_view_.width != view.width || drawn_view_.height != view.height) {
        controller_->resized(drawn_view_, view);  // the window was resized: what showed stays in view
    }
    drawn_view_ = view;
    renderer_->set_picture_folder(document_.folder());
    renderer_->draw(document_.rig(), world_pose(), world_, *controller_, view, frame_width, frame_height, pixels_per_point, ghosts_,
                    layers_);
    for (std::string& problem : renderer_->take_problems()) say(std::move(problem));
}

void EditorApp::draw_frame(int frame_width, int frame_height) {
    int window_width = 0;
    int window_height = 0;
    SDL_GetWindowSize(window_->sdl(), &window_width, &window_height);
    const float pixels_per_point = window_width > 0 ? static_cast<float>(frame_width) / static_cast<float>(window_width) : 1.0f;

    glViewport(0, 0, frame_width, frame_height);
    glClearColor(0.13f, 0.14f, 0.16f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    tick_states();
    controller_->tick();
    document_.set_view_data(nlohmann::ordered_json{{"camera", controller_->camera().to_json()}, {"layers", layers_.to_json()}});
    pose_world();
    draw_viewport(frame_width, frame_height, pixels_per_point);
    if (viewport_shot_requested_) {
        viewport_shot_requested_ = false;
        save_viewport_screenshot(frame_height, pixels_per_point);
    }

    if (appearance_changed_) {
        apply_appearance();
        framed_ = false;  // the viewport changed size with the panels (at start, a saved camera stays)
    }
    // Scripted and timed runs keep ImGui on the recovery clock's 1/60 s a frame: a script's
    // double-click (two clicks a few frames apart) was missed on a loaded machine.
    window_->begin_frame(interactive() ? 0.0f : 1.0f / 60.0f);
    draw_panels(static_cast<float>(window_width), static_cast<float>(window_height));
    window_->render_ui();
    window_->set_title(window_title());
}

int EditorApp::run() {
    settle_frames_ = kSettleFrames;
    for (int frame = 1; !quit_; ++frame) {
        if (script_) {
            script_->before_events(*this);
            if (script_->finished()) break;
        }
        // Idle, the loop sleeps until input comes (frame_pacing.hpp).
        const Uint32 flags = SDL_GetWindowFlags(window_->sdl());
        const FrameNeeds needs{interactive(),
                               controller_->settling() || (states_.shows_state() && states_.playing() && !states_.scrubbed()) ||
                                   in_transition(states_.machine()),
                               ImGui::GetIO().WantTextInput, (flags & (SDL_WINDOW_MINIMIZED | SDL_WINDOW_HIDDEN)) != 0, settle_frames_};
        const FramePlan plan = plan_frame(needs);
        const bool woke = plan.wait_ms <= 0 || SDL_WaitEventTimeout(nullptr, plan.wait_ms) == 1;
        if (handle_events() > 0) {
            settle_frames_ = kSettleFrames;
        } else if (settle_frames_ > 0) {
            --settle_frames_;
        }
        recovery_.tick(document_, recovery_clock(frame));
        if (auto message = recovery_.take_message()) {
            say(std::move(*message));
            settle_frames_ = kSettleFrames;
        }
        // Nothing came and nothing moves: no frame. Minimized or hidden: nothing to see.
        if ((!woke && !plan.draw) || (needs.interactive && needs.hidden)) continue;
        int w = 0;
        int h = 0;
        window_->drawable_size(w, h);
        draw_frame(w, h);
        if (script_) script_->after_draw(*this);
        const bool last = options_.quit_after_frames > 0 && frame >= options_.quit_after_frames;
        if (last && !options_.screenshot.empty()) {
            if (Status s = save_framebuffer_png(options_.screenshot, w, h, WriteOptions{.replace_read_only = options_.overwrite}); !s) {
                std::cerr << "marionette: " << terminal_safe(s.message()) << '\n';
                recovery_.end();
                return 1;
            }
        }
        window_->present();
        if (last || files_->quit_confirmed()) quit_ = true;
    }
    // A clean end, whatever the document holds: the user said "don't save", or the script or
    // frame count is done. Only a run that never gets here leaves its copy to be offered.
    recovery_.end();
    save_settings();
    if (script_) {
        if (script_->failed()) {
            std::cerr << "marionette: script " << terminal_safe(script_->failure()) << '\n';
            return 1;
        }
        if (!script_->finished()) {
            std::cerr << "marionette: the window closed before the script ended (after " << script_->steps_done() << " steps)\n";
            return 1;
        }
        std::cout << "script passed: " << script_->steps_done() << " steps\n";
    }
    return 0;
}

}  // namespace marionette
