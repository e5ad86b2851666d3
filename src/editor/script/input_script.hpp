#pragma once
// A replayable input script (`marionette --script FILE.json [RIG]`): mouse, keys, waits,
// screenshots, saves and checks, replayed through the editor's real event path. This is the
// script as data, read and checked without a window; src/app/script_player turns it into SDL
// events, one step after another, and evaluates the checks (script_checks.hpp).
//
// Format (docs/user-guide.md has the full list):
//   { "steps": [ {"click": {"bone": "forearm", "at": "middle"}},
//                {"drag": {"from": {"bone": "forearm", "at": "tip"}, "to": [900, 500], "moves": 12}},
//                {"key": "ctrl+z"}, {"wait": 2}, {"save": "out.json"}, {"screenshot": "out.png"},
//                {"expect": {"bone": "forearm", "at": "tip", "pixel": [900, 500], "within": 1}} ] }
// A point is window pixels [x, y] (origin top-left, y down), a bone's joint, middle or tip, a
// chain's handle, a slot's picture ({"slot": "eyes"}, its centre) or a named panel widget
// ({"ui": "states/play"}), as currently drawn, so scripts survive layout and camera changes.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/state_machine.hpp"
#include "core/base/result.hpp"
#include "editor/viewport/viewport_input.hpp"

namespace marionette {

enum class BonePoint { Joint, Middle, Tip };

// A chain's handle as drawn: its target (the pin if pinned, else the effector's tip), its pin,
// or its pole.
enum class HandlePoint { Target, Pin, Pole };

struct ScriptPoint {
    std::optional<glm::vec2> pixel;  // window pixels; otherwise the bone's or chain's point
    std::string bone;
    BonePoint at = BonePoint::Tip;
    glm::vec2 offset{0.0f};  // pixels added to the bone's point
    std::string chain;       // when set, the point is this chain's `handle` (and `bone` is empty)
    HandlePoint handle = HandlePoint::Target;
    std::string ui;    // when set, the centre of this named panel widget as drawn ("states/play")
    std::string slot;  // when set, the centre of this slot's shown picture as drawn
};

struct MoveStep {
    ScriptPoint to;
};
// `with`: modifier keys held for the press ("with": "ctrl+shift"), let go with the button.
struct PressStep {
    ScriptPoint at;
    MouseButton button = MouseButton::Left;
    Modifiers with;
};
struct ReleaseStep {
    std::optional<ScriptPoint> at;  // where the mouse is unless given
    MouseButton button = MouseButton::Left;
};
struct ClickStep {
    ScriptPoint at;
    MouseButton button = MouseButton::Left;
    Modifiers with;
};
// Press at `from`, `moves` motion events along the straight line (one frame each), release at `to`.
struct DragStep {
    ScriptPoint from;
    ScriptPoint to;
    MouseButton button = MouseButton::Left;
    int moves = 10;
    Modifiers with;
};
// Tap: down one frame, up the next; Quick: down and up within one frame, the modifiers let go
// in it too (a press shorter than a frame: a 6 ms Ctrl+Z).
struct KeyStep {
    enum class Kind { Tap, Down, Up, Quick };
    Kind kind = Kind::Tap;
    std::string key;  // an SDL key name ("Tab", "Z", "F12", "PageDown"), checked by the player
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
};
struct WheelStep {
    std::optional<ScriptPoint> at;
    int clicks = 1;  // positive: away from the user (zoom in)
};
struct TextStep {
    std::string text;  // typed into the focused text field
};
struct WaitStep {
    int frames = 1;
};
struct ScreenshotStep {
    std::filesystem::path path;
};
struct SaveStep {
    std::filesystem::path path;  // Save As: the document takes this path
};
struct DropStep {
    std::filesystem::path path;  // a file dropped on the window (opened, as a person's drop is)
};
// The window loses or gets back the keyboard focus, as when the user switches to another
// program and back.
struct FocusStep {
    bool gained = true;
};
// Frames pass until the file exists (made by a test or program outside the editor, which can
// thus change files while the editor runs at a known step); fails after `seconds` of real time.
// The selection set to these bones by name, the last one active (none: nothing selected), as
// clicks would set it, without needing to find them on screen.
struct SelectStep {
    std::vector<std::string> bones;
};
// A posing command given as the keys a user would press, one after another: {"rotate": ...},
// {"grab": ...} (R or G, the axis key, once or twice for the bone's own axis, the number,
// Enter) and {"snap": "fk_to_ik" | "ik_to_fk"} (I or Shift+I).
struct KeysStep {
    std::string name;  // "rotate", "grab", "snap": how messages name the step
    std::vector<KeyStep> keys;
};
// A Pose menu item chosen as a user chooses it: {"pose": "flip"} clicks the toolbar's Pose
// button, then the item, frames apart (copy, paste, paste flipped, mirror, flip, mirror editing).
struct MenuStep {
    std::string name;                // "pose": how messages name the step
    std::vector<std::string> marks;  // the panel widgets clicked in turn
};
struct WaitForFileStep {
    std::filesystem::path path;
    double seconds = 60.0;
};

// Checks. A failed check ends the run with exit code 1 and a message naming the step.
struct ExpectBonePoint {
    std::string bone;
    BonePoint at = BonePoint::Tip;
    std::optional<glm::vec2> pixel;  // as drawn, window pixels
    std::optional<glm::vec3> world;  // world units
    float within = 1.0f;             // distance allowed, in the unit of whichever is given
};
struct ExpectMode {
    std::string mode;  // "fk" or "ik"
};
// The active bone (`bone`), or with `bones` every selected bone, in any order.
struct ExpectSelected {
    std::string bone;  // empty: nothing selected
    std::optional<std::vector<std::string>> bones;
};
struct ExpectModified {
    bool modified = false;
};
// The state shown, and optionally the transition in progress: the state it blends from and the
// blend weight's range. The rig's own pose is named kRigPoseName (null in a script's "state").
struct ExpectState {
    std::string state;
    std::optional<std::string> from;  // "": no transition in progress (null in the script)
    std::optional<glm::vec2> weight;  // [lo, hi]
};
// The modal dialog up: one of kScriptDialogNames, or none ("" ; null in the script).
struct ExpectDialog {
    std::string dialog;
};
inline constexpr const char* kScriptDialogNames[] = {"recovery", "disk changed", "read only", "unsaved changes", "error", "file chooser"};
// The status bar's message holds this text (empty: no message shows).
struct ExpectStatus {
    std::string text;
};
using Expectation = std::variant<ExpectBonePoint, ExpectMode, ExpectSelected, ExpectModified, ExpectState, ExpectDialog, ExpectStatus>;
struct ExpectStep {
    Expectation expectation;
};

using ScriptStep = std::variant<MoveStep, PressStep, ReleaseStep, ClickStep, DragStep, KeyStep, WheelStep, TextStep, WaitStep,
                                ScreenshotStep, SaveStep, DropStep, ExpectStep, WaitForFileStep, FocusStep, SelectStep, KeysStep, MenuStep>;

struct InputScript {
    std::vector<ScriptStep> steps;
};

// Parses a script; errors name the place (`steps[3].drag.to: expected [x, y] or a bone point`).
// Relative paths in screenshot, save, drop and wait_for_file steps are taken relative to `base_dir`.
Result<InputScript> parse_input_script(const std::string& text, const std::filesystem::path& base_dir = {});
// A script of a million steps is some 50 MB; scripts are written by hand or by tests.
inline constexpr std::uintmax_t kMaxScriptBytes = 16'000'000;
// The most steps a script has; they, with the frames their waits and drags take, run at most an
// hour at 60 Hz.
inline constexpr std::size_t kMaxScriptSteps = 10'000;

// Pixels a script names (or a point it names lands on) lie within +-kMaxScriptPixel: far enough
// off any window to drag out of it; beyond it a pixel is a typo, and as SDL's int would not fit.
inline constexpr float kMaxScriptPixel = 1e6f;
Result<InputScript> load_input_script(const std::filesystem::path& file);

// "step 4 (drag)": how messages name a step (1-based, as a person counts).
std::string describe_step(const InputScript& script, std::size_t index);

}  // namespace marionette
