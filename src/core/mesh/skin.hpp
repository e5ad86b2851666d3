#pragma once
// Skins, as Spine's: named sets of attachments (a character's outfits). Each attachment of a slot
// belongs to the rig's own set (skin -1: shown whatever the skin) or to one skin. What a slot
// shows is asked for by an attachment's name (its setup attachment, an attachment key): under a
// skin, that skin's attachment of the name when the slot has one, else the rig's own, else
// nothing. So switching skins swaps every slot's picture at once, and keys made under one skin
// play under another (docs/rig-format.md, "Skins").

#include <optional>
#include <string>
#include <vector>

namespace marionette {

struct Slot;

struct Skin {
    std::string name;  // unique among the rig's skins

    bool operator==(const Skin&) const = default;
};

// The index of the attachment `slot` draws when attachment `asked` is asked for under skin `skin`
// (-1: none), by the rule above; -1 when it draws nothing (`asked` -1 or out of range, or no
// attachment of that name in the skin or the rig's own set).
int drawn_attachment(const Slot& slot, int asked, int skin);

// The index of the skin named `name`, or -1.
int find_skin(const std::vector<Skin>& skins, const std::string& name);

// Why `skins` and the shown skin `shown` (-1: none) break the format's rules, naming the place
// ("skins[1]: ..."), or nothing: names non-empty and unique, `shown` one of them or -1.
std::optional<std::string> skins_problem(const std::vector<Skin>& skins, int shown);

}  // namespace marionette
