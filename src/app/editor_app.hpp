#pragma once
// The editor's main object: it owns the window, the renderers, the open document, its undo
// history and the viewport controller, and runs the frame loop. Everything mutable in the editor
// lives here.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/actions/file_actions.hpp"
#include "app/actions/picture_actions.hpp"
#include "app/actions/recovery_actions.hpp"
#include "app/panels/panel_edits.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/toolbar.hpp"
#include "app/render/gl_window.hpp"
#include "app/render/viewport_renderer.hpp"
#include "app/script_player.hpp"
#include "app/ui/help_window.hpp"
#include "app/ui/panel_edges.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/document.hpp"
#include "editor/edits/edit_session.hpp"
#include "editor/edits/history.hpp"
#include "editor/timeline/state_player.hpp"
#include "editor/ui/status_line.hpp"
#include "editor/ui/user_settings.hpp"
#include "editor/viewport/viewport_controller.hpp"

struct SDL_KeyboardEvent;

namespace marionette {

struct EditorOptions {
    std::filesystem::path data_dir;    // holds shaders/
    int quit_after_frames = 0;         // 0: until the user quits
    std::filesystem::path screenshot;  // written after the last frame when set
    bool overwrite = false;            // --overwrite: the screenshot may replace a read-only file
    int window_width = 1280;
    int window_height = 800;
    bool window_size_given = false;     // --window: the remembered size is not used
    std::optional<float> ui_scale;      // --ui-scale: over the settings' for this run
    std::optional<UiTheme> theme;       // --theme: likewise
    bool remember_file = false;         // the document was named on the command line: a recent file
    std::optional<InputScript> script;  // replayed, then the editor quits (exit 1 on a failed step)
};

class EditorApp : private ScriptHost {
public:
    static Result<std::unique_ptr<EditorApp>> create(Document document, EditorOptions options);
    // Returns the process exit code.
    int run();

private:
    EditorApp() = default;
    // Handles the window's pending events; returns how many there were.
    int handle_events();
    // The joint frames as drawn: the rig's pose, or the pose the state preview shows.
    void pose_world();
    // The onion skin's ghosts around the timeline's playhead, when it is on (onion_skin.hpp).
    void pose_ghosts();
    // Moves the state preview's clock on by the frame's time (a fixed 1/60 s in scripted runs,
    // so they replay the same way every time).
    void tick_states();
    // A press that starts posing while a state is shown: the preview stops on the pose shown,
    // which becomes the rig's own pose (one undo step), so the drag starts from what is seen.
    void take_shown_pose();
    // The timeline's state when the viewport shows it, arrived (no blend), with the state panel
    // open; -1 otherwise. Auto-key and the onion skin work on it.
    int shown_timeline_state() const;
    // Where a drag keys when the timeline's auto-key is on and its state shows.
    std::optional<AutoKey> auto_key_target() const;
    // Frames what the viewport shows (shown_extent.hpp).
    void frame_shown();
    // Puts a message in the status bar, until the document changes (status_line.hpp).
    void say(std::string message) { status_.say(std::move(message), document_.revision()); }
    void apply_state_actions(const StatePanelActions& actions);
    void draw_viewport(int frame_width, int frame_height, float pixels_per_point);
    void draw_frame(int frame_width, int frame_height);
    void draw_panels(float window_width, float window_height);
    // The panels' inner edges: a drag resizes the panel (remembered in the settings), a
    // double-click gives it its default size back (panel_edges.hpp).
    void drag_panel_edges(const PanelLayout& layout);
    // An edge with the size it sets: the rule, and the panel's size as laid out now.
    struct SizedEdge {
        PanelEdge edge;
        PanelSizeRule rule;
        float shown = 0.0f;
    };
    std::vector<SizedEdge> panel_edges(const PanelLayout& layout) const;
    void apply_panel_edits(PanelEdits& edits);
    // The document was replaced (new, open): selection, drags, camera and edit state start over.
    void start_over();
    // Window size, layout and recent files, in the user's config folder (user_settings.hpp).
    void load_settings();
    void save_settings();
    // A key the shortcut table (editor/ui/shortcuts.hpp) gives the window: the File menu's, F1,
    // the X-ray and meshes (Alt+Z, Alt+H), and with the pointer over the viewport the pose
    // clipboard's (Ctrl+C, Ctrl+V, Ctrl+Shift+V). True when it was one.
    bool window_key(const SDL_KeyboardEvent& key);
    void run_file_choice(const FileMenuChoice& choice);
    // The selected bones' pose (every bone's with none selected) to the system clipboard, as
    // text another editor can paste (pose_clipboard_actions.cpp).
    void copy_pose();
    // The clipboard's pose onto this rig, as copied or mirrored onto the twins: one undo step.
    void paste_pose(bool flipped);
    // F12: the viewport alone (no panels) as "<document>-NNN.png" beside the document.
    void save_viewport_screenshot(int frame_height, float pixels_per_point);
    Viewport viewport() const;
    // Where the panels and the viewport go in the window now (panel_sizes.hpp).
    PanelLayout panels() const;
    // The appearance shown: the settings' (View menu), with --ui-scale and --theme over them.
    UiAppearance appearance() const;
    // Fonts and style for appearance() and the display's DPI; between frames. Says why when
    // the UI font could not be loaded.
    void apply_appearance();
    std::string window_title() const;
    Status save_to(const std::filesystem::path& path);
    bool interactive() const { return !options_.script && options_.quit_after_frames <= 0; }
    // Seconds for the recovery copy's schedule: real time, or 1/60 s a frame in scripted and
    // timed runs, so those replay the same way every time.
    double recovery_clock(int frame) const;

    // ScriptHost: what a replayed script sees and does.
    ScriptView script_view() const override;
    Status save_as(const std::filesystem::path& path) override;
    Status screenshot(const std::filesystem::path& path) override;
    Status select(const std::vector<std::string>& bones) override;

    EditorOptions options_;
    Document document_;
    History history_;
    std::unique_ptr<EditSession> session_;  // panel edits, one undo step each
    UserSettings settings_;
    std::filesystem::path settings_file_;  // empty: settings are neither read nor written
    bool settings_unreadable_ = false;     // a broken settings file is not overwritten
    std::unique_ptr<FileActions> files_;
    std::unique_ptr<PictureActions> pictures_;  // Add picture: the chooser and dropped pictures
    RecoveryActions recovery_;                  // the copy of unsaved work, and the offer of copies a crash left
    std::unique_ptr<ViewportController> controller_;
    std::unique_ptr<GlWindow> window_;
    std::unique_ptr<ViewportRenderer> renderer_;
    std::optional<ScriptPlayer> script_;
    std::vector<Transform> world_;
    const Pose* world_pose_ = nullptr;  // what world_ was made of: the rig's pose or shown_pose_
    // *world_pose_, or the rig's pose before the first frame is posed (world_ is empty then).
    const Pose& world_pose() const { return world_pose_ ? *world_pose_ : document_.rig().pose; }
    StatePlayer states_;
    StatePanel state_panel_;
    HelpWindow help_;
    bool state_panel_open_ = false;
    Pose shown_pose_;                  // what the state preview shows this frame
    SlotPose shown_slots_;             // the slots' drawings, colours and order shown this frame
    std::vector<GhostPose> ghosts_;    // the onion skin's ghosts this frame
    bool mirror_editing_ = false;      // Pose > Mirror editing: rest and limits edits go to the twin too
    float ui_scale_ = 1.0f;            // the scale in use (ui_scale())
    float display_scale_ = 1.0f;       // what the display's DPI asks for: View > UI scale > Automatic
    bool appearance_changed_ = false;  // the View menu chose another: applied before the next frame
    int toolbar_rows_ = 1;             // the toolbar's buttons wrap into rows in a narrow window
    ViewLayers layers_;                // meshes shown, bones in front of them
    UiMarks ui_marks_;                 // named widgets of the last frame, for scripts
    glm::vec2 mesh_panel_size_{0.0f};  // mesh mode's panel as last drawn (none yet: 0)
    std::uint64_t last_tick_ = 0;      // SDL performance counter at the last tick_states
    int settle_frames_ = 0;            // frames still to draw after the last input (editor/ui/frame_pacing.hpp)
    StatusLine status_;
    bool framed_ = false;
    Viewport drawn_view_;  // the viewport the last frame drew in
    bool viewport_shot_requested_ = false;
    bool quit_ = false;
};

}  // namespace marionette
