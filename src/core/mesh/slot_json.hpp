#pragma once
// A rig file's slots (docs/rig-format.md, "Slots"): the "slots" list, read and written.

#include <vector>

#include "core/io/json/json_field.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The skins `field` (the "skins" list of names) holds. Fails at the place.
std::vector<Skin> read_skins_json(const JsonField& field);

// The index of the skin `f` names among `skins`; fails at `f` when none has that name.
int read_skin_name(const JsonField& f, const std::vector<Skin>& skins);

// The index of `slot`'s first attachment of the name `f` holds (what a slot or key asks for,
// skin.hpp); fails at `f` when none has that name.
int read_attachment_name(const JsonField& f, const Slot& slot);

// The slots `field` (the "slots" list) holds over `skeleton` and `skins`. Fails at the place.
std::vector<Slot> read_slots_json(const JsonField& field, const Skeleton& skeleton, const std::vector<Skin>& skins);

// The rig's slots as the "slots" list, defaults left out.
Json slots_json(const Rig& rig);

}  // namespace marionette
