#include "editor/ui/shortcuts.hpp"

namespace marionette {

namespace {

using C = Command;
using X = ShortcutContext;
using K = ViewKey;
constexpr Modifiers kNone{};
constexpr Modifiers kCtrl{.ctrl = true};
constexpr Modifiers kShift{.shift = true};
constexpr Modifiers kAlt{.alt = true};
constexpr Modifiers kCtrlShift{.ctrl = true, .shift = true};

constexpr Shortcut kShortcuts[] = {
    {C::NewRig, X::Window, K::N, kCtrl, "File", "new 2D rig"},
    {C::Open, X::Window, K::O, kCtrl, "File", "open a rig or a glTF file"},
    {C::Save, X::Window, K::S, kCtrl, "File", "save"},
    {C::SaveAs, X::Window, K::S, kCtrlShift, "File", "save as"},
    {C::ExportRig, X::Window, K::E, kCtrl, "File", "export the rig JSON"},
    {C::ExportGltf, X::Window, K::E, kCtrlShift, "File", "export glTF"},
    {C::Quit, X::Window, K::Q, kCtrl, "File", "quit (asks when there are unsaved changes)"},
    {C::Screenshot, X::Window, K::F12, kNone, "File", "save the viewport as a PNG in the screenshot folder"},
    {C::Help, X::Window, K::F1, kNone, "File", "this help"},

    {C::Undo, X::Viewport, K::Z, kCtrl, "Edit", "undo"},
    {C::Redo, X::Viewport, K::Z, kCtrlShift, "Edit", "redo"},
    {C::Redo, X::Viewport, K::Y, kCtrl, "Edit", "redo"},

    {C::SelectAll, X::Viewport, K::A, kNone, "Select", "select every bone"},
    {C::SelectNone, X::Viewport, K::A, kAlt, "Select", "select nothing"},
    {C::SelectNone, X::Viewport, K::Escape, kNone, "Select", "select nothing"},
    {C::SelectChildren, X::Viewport, K::BracketRight, kNone, "Select", "add the bones under the selected ones"},
    {C::SelectMirror, X::Viewport, K::M, kCtrlShift, "Select", "the selection's twins on the other side instead"},

    {C::ToggleMode, X::Viewport, K::Tab, kNone, "Pose", "FK / IK (in Place mode: back to posing)"},
    {C::TogglePin, X::Viewport, K::P, kNone, "Pose", "pin the selected bone's chain where its end is, or unpin it"},
    {C::RotateBones, X::Viewport, K::R, kNone, "Pose",
     "rotate the selected bones; then X, Y or Z locks an axis (again: the bone's own), a number sets the degrees"},
    {C::GrabBone, X::Viewport, K::G, kNone, "Pose",
     "move the selected bone: a root moves the puppet, another bone's end its chain's target"},
    {C::LongerChain, X::Viewport, K::PageUp, kNone, "Pose", "an automatic IK chain one bone longer (also while dragging)"},
    {C::ShorterChain, X::Viewport, K::PageDown, kNone, "Pose", "an automatic IK chain one bone shorter"},
    {C::CopyPose, X::Viewport, K::C, kCtrl, "Pose", "copy the selected bones' pose (every bone's with none selected)"},
    {C::PastePose, X::Viewport, K::V, kCtrl, "Pose", "paste a copied pose on the bones of its names"},
    {C::PastePoseFlipped, X::Viewport, K::V, kCtrlShift, "Pose", "paste a copied pose mirrored onto the other side"},
    {C::SnapFkToIk, X::Viewport, K::I, kNone, "Pose", "FK to IK: the selected bone's chain's pin (and pole) jump to where the limb is"},
    {C::SnapIkToFk, X::Viewport, K::I, kShift, "Pose", "IK to FK: the selected bone's chain takes IK's whole answer toward its pin"},

    {C::PlacePictures, X::Viewport, K::E, kNone, "Pictures",
     "Place mode: drags move, turn or scale pictures on their bones (E again: back)"},
    {C::PictureMove, X::Placing, K::G, kNone, "Pictures", "in Place mode: move pictures"},
    {C::PictureTurn, X::Placing, K::R, kNone, "Pictures", "in Place mode: turn pictures"},
    {C::PictureScale, X::Placing, K::S, kNone, "Pictures", "in Place mode: scale pictures"},

    {C::EditMesh, X::Viewport, K::M, kNone, "Meshes", "mesh mode: edit the selected picture's mesh (M or Tab again: back)"},
    {C::MeshVertices, X::Meshing, K::V, kNone, "Meshes", "in mesh mode: select, move, add (Ctrl+click) and delete vertices"},
    {C::MeshWeights, X::Meshing, K::W, kNone, "Meshes", "in mesh mode: paint the active bone's weights (Ctrl: take away)"},
    {C::SelectAllVertices, X::Meshing, K::A, kNone, "Meshes", "in mesh mode: select every vertex"},
    {C::SelectNoVertices, X::Meshing, K::A, kAlt, "Meshes", "in mesh mode: select no vertex"},
    {C::SelectNoVertices, X::Meshing, K::Escape, kNone, "Meshes", "in mesh mode: select no vertex"},
    {C::DeleteVertices, X::Meshing, K::X, kNone, "Meshes", "in mesh mode: delete the selected vertices"},
    {C::DeleteVertices, X::Meshing, K::Delete, kNone, "Meshes", "in mesh mode: delete the selected vertices"},

    {C::Frame, X::Viewport, K::F, kNone, "View", "frame what is shown"},
    {C::Frame, X::Viewport, K::Home, kNone, "View", "frame what is shown"},
    {C::FrontView, X::Viewport, K::Front, kNone, "View", "3D: front view"},
    {C::SideView, X::Viewport, K::Side, kNone, "View", "3D: side view"},
    {C::TopView, X::Viewport, K::Top, kNone, "View", "3D: top view"},
    {C::ToggleXray, X::Window, K::Z, kAlt, "View", "X-ray: the bones in front of meshes and pictures"},
    {C::ToggleMeshes, X::Window, K::H, kAlt, "View", "show or hide meshes and pictures"},

    {C::KeySelectedBone, X::Timeline, K::K, kNone, "Timeline", "key the selected bone at the playhead (every bone with none selected)"},
    {C::KeyEveryBone, X::Timeline, K::K, kShift, "Timeline", "key every bone at the playhead"},
    {C::DeleteKeys, X::Timeline, K::Delete, kNone, "Timeline", "delete the selected keys"},
    {C::DeleteKeys, X::Timeline, K::Backspace, kNone, "Timeline", "delete the selected keys"},
    {C::SelectAllKeys, X::Timeline, K::A, kCtrl, "Timeline", "select every key of the state"},
    {C::CopyKeys, X::Timeline, K::C, kCtrl, "Timeline", "copy the selected keys"},
    {C::PasteKeys, X::Timeline, K::V, kCtrl, "Timeline", "paste keys, the earliest at the playhead"},
    {C::FrameKeys, X::Timeline, K::F, kNone, "Timeline",
     "frame the selected keys (every key with none selected); in the curve view, their values too"},
};

constexpr Gesture kGestures[] = {
    {"Select", "click a bone; click empty space", "select it; select nothing"},
    {"Select", "Ctrl+click or Shift+click a bone", "add it to the selection, or take it out"},
    {"Select", "drag on empty space (Ctrl or Shift: add)", "select the bones the box touches"},
    {"Select", "Alt+click", "the next bone under the pointer, front to back"},
    {"Pose", "drag a bone, IK mode", "the end of its chain follows the pointer; a root that ends no chain moves the puppet"},
    {"Pose", "drag a bone, FK mode", "it turns about its joint, and so does every selected bone"},
    {"Pose", "drag a handle", "a target, pin or pole follows the pointer"},
    {"Pose", "after R or G: move the pointer; Enter or click; Escape or right-click",
     "rotate or move; confirm; cancel (the pose as it was)"},
    {"Pose", "wheel while dragging", "an automatic IK chain one bone longer or shorter"},
    {"Meshes", "mesh mode: click, Shift+click, drag on empty space", "select a vertex; add it or take it out; select those in the box"},
    {"Meshes", "mesh mode: drag a vertex; Ctrl+click", "move the selected vertices (auto-key: key the state's shape); add a vertex"},
    {"Meshes", "mesh mode, Weights: drag", "paint the active bone's weight (Ctrl: take it away)"},
    {"View", "wheel", "zoom to the pointer"},
    {"View", "middle-drag, or Space + drag", "2D: pan; 3D: orbit"},
    {"View", "Shift + middle-drag; Alt + drag (3D)", "pan; orbit"},
    {"Curves", "drag a key; drag a handle", "move the selected keys in time and value; reshape the key's Bezier"},
    {"Curves", "Ctrl+wheel; middle-drag up and down", "zoom the active track's values; move them"},
    {"Curves", "click a track's name", "make it the active track"},
};

bool same(Modifiers a, Modifiers b) { return a.ctrl == b.ctrl && a.shift == b.shift && a.alt == b.alt; }

}  // namespace

std::span<const Shortcut> shortcuts() { return kShortcuts; }
std::span<const Gesture> mouse_gestures() { return kGestures; }

std::optional<Command> command_for(ShortcutContext context, ViewKey key, Modifiers mods) {
    if (key == ViewKey::Other) return std::nullopt;
    for (const Shortcut& s : kShortcuts) {
        if (s.context == context && s.key == key && same(s.mods, mods)) return s.command;
    }
    return std::nullopt;
}

std::string chord_text(ViewKey key, Modifiers mods) {
    static constexpr const char* kNames[] = {"?",       "Space",     "Tab", "Escape", "P",     "F",      "Home",      "Z",  "Y",
                                             "Page Up", "Page Down", "1",   "3",      "7",     "E",      "G",         "R",  "S",
                                             "A",       "M",         "]",   "N",      "O",     "Q",      "H",         "C",  "V",
                                             "K",       "I",         "X",   "W",      "Enter", "Delete", "Backspace", "F1", "F12"};
    static_assert(std::size(kNames) == static_cast<std::size_t>(ViewKey::F12) + 1);
    std::string text;
    if (mods.ctrl) text += "Ctrl+";
    if (mods.shift) text += "Shift+";
    if (mods.alt) text += "Alt+";
    return text + kNames[static_cast<std::size_t>(key)];
}

std::string chords_of(Command command) {
    std::string text;
    for (const Shortcut& s : kShortcuts) {
        if (s.command == command) text += (text.empty() ? "" : " or ") + chord_text(s.key, s.mods);
    }
    return text;
}

}  // namespace marionette
