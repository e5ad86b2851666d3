#pragma once
// Every keyboard shortcut of the editor, in one table: the input code looks keys up here (the
// viewport controller, the app's file, layer and clipboard keys, the timeline) and the help
// window lists the same rows, so what the help says is what the keys do. The mouse's gestures,
// which are not keys, are listed beside them for the help window.

#include <optional>
#include <span>
#include <string>

#include "editor/viewport/viewport_input.hpp"

namespace marionette {

// Grouped as the help window lists them, a group a line.
// clang-format off
enum class Command {
    NewRig, Open, Save, SaveAs, ExportRig, ExportGltf, Quit, Screenshot, Help,
    Undo, Redo,
    SelectAll, SelectNone, SelectChildren, SelectMirror,
    ToggleMode, TogglePin, SnapFkToIk, SnapIkToFk, RotateBones, GrabBone, LongerChain, ShorterChain, CopyPose, PastePose, PastePoseFlipped,
    PlacePictures, PictureMove, PictureTurn, PictureScale,
    EditMesh, MeshVertices, MeshWeights, SelectAllVertices, SelectNoVertices, DeleteVertices,
    Frame, FrontView, SideView, TopView, ToggleXray, ToggleMeshes,
    KeySelectedBone, KeyEveryBone, DeleteKeys, SelectAllKeys, CopyKeys, PasteKeys, FrameKeys,
};
// clang-format on

// Where a key counts: anywhere in the window (unless a text field has it), in the viewport
// (the pointer over it for the clipboard keys), while placing pictures or editing a mesh (before
// the viewport's), or with the pointer over the state panel's timeline.
enum class ShortcutContext { Window, Viewport, Placing, Meshing, Timeline };

struct Shortcut {
    Command command;
    ShortcutContext context;
    ViewKey key;
    Modifiers mods;     // held exactly: Ctrl+Z is not Ctrl+Shift+Z
    const char* group;  // the help window's heading: "File", "Edit", "Select", ...
    const char* what;   // what it does, as the help window says it
};

std::span<const Shortcut> shortcuts();

// The command `key` with exactly `mods` held gives in `context`, if any.
std::optional<Command> command_for(ShortcutContext context, ViewKey key, Modifiers mods);

// "Ctrl+Shift+Z", "Page Up", "1", "]".
std::string chord_text(ViewKey key, Modifiers mods);
// Every chord of `command`, as the menus show them: "Ctrl+Shift+Z or Ctrl+Y".
std::string chords_of(Command command);

// The mouse's gestures, for the help window.
struct Gesture {
    const char* group;
    const char* input;
    const char* what;
};
std::span<const Gesture> mouse_gestures();

}  // namespace marionette
