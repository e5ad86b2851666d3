#pragma once
// A rig file's slots (docs/rig-format.md, "Slots"): the "slots" list, read and written.

#include <vector>

#include "core/io/json/json_field.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The slots `field` (the "slots" list) holds over `skeleton`. Fails at the place.
std::vector<Slot> read_slots_json(const JsonField& field, const Skeleton& skeleton);

// The rig's slots as the "slots" list, defaults left out.
Json slots_json(const Rig& rig);

}  // namespace marionette
