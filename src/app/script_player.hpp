#pragma once
// Replays an input script (editor/script/input_script.hpp) through SDL's event queue: each input step
// becomes the events a real mouse or keyboard would send, pushed before the frame's event
// loop, so they go through the same code as a person's input (ImGui first, then the viewport).
// Checks, saves and screenshots happen between frames. One step (or one part of a drag) per
// frame, so every motion is drawn and handled before the next.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "editor/script/input_script.hpp"
#include "editor/script/script_checks.hpp"

namespace marionette {

// What the player needs from the editor.
class ScriptHost {
public:
    virtual ScriptView script_view() const = 0;
    virtual Status save_as(const std::filesystem::path& path) = 0;
    // Called after the frame is drawn and before it is shown.
    virtual Status screenshot(const std::filesystem::path& path) = 0;
    // Selects these bones by name, the last one active; an unknown name is an error.
    virtual Status select(const std::vector<std::string>& bones) = 0;

protected:
    ~ScriptHost() = default;
};

class ScriptPlayer {
public:
    // Checks every key name; an unknown one is an error naming its step.
    static Result<ScriptPlayer> create(InputScript script, unsigned window_id);

    // Before the frame's events are handled: pushes this frame's events, runs checks and saves.
    void before_events(ScriptHost& host);
    // After the frame is drawn: takes a pending screenshot.
    void after_draw(ScriptHost& host);

    bool finished() const { return finished_; }
    bool failed() const { return !failure_.empty(); }
    const std::string& failure() const { return failure_; }  // "step 4 (drag): ..."
    std::size_t steps_done() const { return index_; }

private:
    ScriptPlayer(InputScript script, unsigned window_id) : script_(std::move(script)), window_id_(window_id) {}
    // Runs the current step's part for this frame; true when the frame is used up.
    bool run_step(ScriptHost& host);
    void next_step();
    void fail(const std::string& message);
    bool resolve(const ScriptView& view, const ScriptPoint& point, glm::vec2& pixel);

    void push_motion(glm::vec2 pixel);
    // A press holds `with`'s modifier keys (SDL's keyboard state) until its release.
    void push_button(MouseButton button, bool down, Modifiers with = {});
    void push_modifier_keys(Modifiers with, bool down);
    // `up_mods`: the modifiers a release carries (a quick press's still held with it).
    void push_key(const KeyStep& key, bool down, std::uint16_t up_mods = 0);
    void push_wheel(int clicks);
    void push_text(const std::string& text);
    void push_drop(const std::filesystem::path& file);

    InputScript script_;
    unsigned window_id_ = 0;
    std::size_t index_ = 0;
    int phase_ = 0;         // progress within a step that spans frames (click, key tap, drag, wait)
    glm::vec2 from_{0.0f};  // a drag's ends, fixed when it starts
    glm::vec2 to_{0.0f};
    glm::vec2 mouse_{-1.0f};                               // where the script's mouse is
    unsigned buttons_ = 0;                                 // SDL button mask the script holds down
    std::optional<Modifiers> holding_;                     // modifier keys held for a press, let go after its release
    std::chrono::steady_clock::time_point waiting_since_;  // a wait_for_file step's start
    bool screenshot_pending_ = false;
    // Steps start once a frame is on screen: before it, no bone has a place to be pointed at.
    bool frame_drawn_ = false;
    bool finished_ = false;
    std::string failure_;
};

}  // namespace marionette
