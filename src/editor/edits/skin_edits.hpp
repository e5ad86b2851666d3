#pragma once
// The edits of a puppet's skins (core/mesh/skin.hpp), as pure functions in the style of
// edits.hpp: each takes the rig and returns the edited copy, or an error naming the problem and
// leaving nothing changed. Every result keeps the skins' and slots' rules, so it saves and loads
// back as it is. Recording the step for undo is the caller's part (history.hpp).

#include <string_view>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SkinEdit {
    Rig rig;
    int skin = -1;  // the skin made
};

// A new skin with no attachments, named `name` (numbered when taken: "armour.001"), and shown.
Result<SkinEdit> add_skin(const Rig& rig, std::string_view name);

// Skin `skin` named `name`: an error when another skin has it or it is empty.
Result<Rig> rename_skin(const Rig& rig, int skin, std::string_view name);

// Removes skin `skin` with its attachments (what asked for one asks for its twin of the same
// name elsewhere, or nothing, as delete_attachment); the rig and the states' skin keys that
// showed it show no skin, the later skins keep theirs.
Result<Rig> delete_skin(const Rig& rig, int skin);

// The rig shows skin `skin` (-1: none, only the attachments of no skin) where no state keys one.
Result<Rig> show_skin(const Rig& rig, int skin);

// Keys skin `skin` (-1: none) into state `state` at `time` seconds, replacing a skin key at that
// time.
Result<Rig> key_skin(const Rig& rig, int state, float time, int skin);

// Removes state `state`'s skin key at `time` seconds: an error when it has none there.
Result<Rig> unkey_skin(const Rig& rig, int state, float time);

}  // namespace marionette
