#pragma once
// The rig file format (docs/rig-format.md): JSON text <-> Rig. Reading validates everything
// and reports the first problem with its place in the file; it never returns a partial rig.

#include <string>
#include <string_view>

#include "core/json_field.hpp"
#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

inline constexpr const char* kRigFormatName = "marionette-rig";
inline constexpr int kRigFormatVersion = 1;

Result<Rig> parse_rig(std::string_view text);
Result<Rig> rig_from_json(const Json& document);

Json rig_to_json(const Rig& rig);
// Pretty-printed, ending with a newline; fails only for a name that is not valid UTF-8.
Result<std::string> serialize_rig(const Rig& rig);

}  // namespace marionette
