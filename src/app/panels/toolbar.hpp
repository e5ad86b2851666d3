#pragma once
// The strip above the viewport: the File menu, FK / IK mode, undo and redo, reset pose, frame all.

#include "app/panels/inspector_panel.hpp"
#include "app/render/viewport_renderer.hpp"
#include "app/ui/ui_marks.hpp"
#include "editor/files/recent_files.hpp"
#include "editor/ui/ui_appearance.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

struct ToolbarState {
    const RecentFiles* recent = nullptr;  // for File > Open recent
    PoseMode mode = PoseMode::Ik;
    bool can_undo = false;
    bool can_redo = false;
    bool is_3d = false;
    // The chain a drag would pose, when it is one of the rig's (not an automatic one).
    const IkChain* chain = nullptr;
    bool chain_can_be_two_bone = false;
    bool states_open = false;
    bool onion = false;         // the onion skin is on
    bool has_meshes = false;    // the rig has meshes or slot pictures: their toggles show
    bool has_pictures = false;  // a 2D rig with slots: the Place mode shows
    bool placing = false;       // a picture tool is set (Place mode): FK and IK are off
    ViewLayers layers;
    UiMarks* marks = nullptr;     // names the toolbar's buttons for scripts
    bool mirror_editing = false;  // rest and limits edits go to the twin too
    bool can_mirror = false;      // a bone is selected: "copy to the other side" copies it and those under it
    const Rig* rig = nullptr;     // for the Pose menu's side axis (3D), read only while it is open
    UiAppearance appearance{};    // the View menu's marks
    float display_scale = 1.0f;   // what "Automatic" gives on this display
};

// The File menu's items; at most one is chosen in a frame.
struct FileMenuChoice {
    std::optional<Dimensions> new_rig;
    bool open = false;
    std::optional<std::filesystem::path> open_recent;
    bool save = false;
    bool save_as = false;
    bool export_rig = false;
    bool export_gltf = false;
    bool export_spine = false;
    bool screenshot = false;
    bool quit = false;
};

struct ToolbarActions {
    FileMenuChoice file;
    std::optional<PoseMode> set_mode;  // also leaves Place mode
    bool place = false;                // enter Place mode (pictures move, turn, scale)
    bool undo = false;
    bool redo = false;
    bool reset_pose = false;
    std::optional<SelectCommand> select;  // the Select menu
    bool copy_pose = false;               // the selected bones' pose to the clipboard
    bool paste_pose = false;              // the clipboard's pose onto the bones of its names
    bool paste_flipped = false;           // ... mirrored onto their twins
    bool mirror_pose = false;             // the selected bones and those under them copied onto their twins
    bool flip_pose = false;               // the two sides swapped
    bool toggle_mirror_editing = false;
    // The Pose menu's side axis (3D): an axis, or nullopt for the detected one.
    std::optional<std::optional<glm::vec3>> set_side_axis;
    bool frame_all = false;
    bool toggle_states = false;  // the state panel
    bool toggle_help = false;    // the help window (F1)
    bool toggle_onion = false;
    bool toggle_meshes = false;
    bool toggle_xray = false;
    std::optional<SolverKind> set_solver;  // for ToolbarState::chain
    std::optional<ViewCamera::View> view;  // 3D: front, side, top
    // The View menu: a UI scale (nullopt: the display's) and a theme.
    std::optional<std::optional<float>> set_ui_scale;
    std::optional<UiTheme> set_theme;
    int rows = 1;  // the rows the buttons took: a narrow window wraps them
};

ToolbarActions draw_toolbar(const ToolbarState& state, const PanelPlacement& at);

}  // namespace marionette
