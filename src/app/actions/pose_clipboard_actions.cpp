// Copying and pasting a pose through the system clipboard (SDL's): the text survives between
// two editors, and another program can read or write it (core/rig/stored_pose_json.hpp).

#include <SDL.h>

#include <string>

#include "app/editor_app.hpp"
#include "core/base/counted.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "core/rig/stored_pose_json.hpp"
#include "editor/edits/pose_library_edits.hpp"

namespace marionette {

void EditorApp::copy_pose() {
    const Rig& rig = document_.rig();
    const std::vector<int>& bones = controller_->selection().bones();
    const std::string text = pose_clipboard_text(rig, bones);
    if (SDL_SetClipboardText(text.c_str()) != 0) {
        say(std::string("Could not copy the pose: ") + SDL_GetError());
        return;
    }
    const std::size_t count = bones.empty() ? rig.skeleton.size() : bones.size();
    say("Copied the pose of " + counted(count, "bone"));
}

void EditorApp::paste_pose(bool flipped) {
    char* clipboard = SDL_GetClipboardText();  // "" when empty or on error; never null in SDL 2
    const std::string text = clipboard ? clipboard : "";
    SDL_free(clipboard);
    const Result<CopiedPose> copied = parse_pose_clipboard(text);
    if (!copied) {
        say(copied.message());
        return;
    }
    const Rig& rig = document_.rig();
    const glm::vec3 axis = mirror_axis(rig);
    Result<PastedPose> pasted = marionette::paste_pose(rig, copied.value(), flipped, axis);
    if (!pasted) {
        say(pasted.message());
        return;
    }
    const std::vector<std::string> missing = std::move(pasted.value().missing);
    const std::size_t count = copied.value().bones.size() - missing.size();
    const std::string label = std::string(flipped ? "paste pose flipped" : "paste pose") + " (" + counted(count, "bone") + ")";
    if (Status s = session_->apply(label, std::move(pasted.value().rig)); !s) {
        say(s.message());
        return;
    }
    std::string note = "Pasted the pose of " + counted(count, "bone") + (flipped ? ", flipped" : "");
    if (!missing.empty()) {
        note += "; not in this rig: ";
        for (std::size_t i = 0; i < missing.size() && i < 5; ++i) note += (i ? ", " : "") + missing[i];
        if (missing.size() > 5) note += ", ... (" + std::to_string(missing.size()) + " in all)";
    }
    say(note);
}

}  // namespace marionette
