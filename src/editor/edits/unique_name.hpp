#pragma once
// Names the editor makes up for new things (bones, states): Blender's "name.001" pattern.

#include <string>
#include <string_view>
#include <unordered_set>

namespace marionette {

// `base` when it is not taken, else `base.001`, `base.002`, ... (a trailing `.NNN` on `base` is
// replaced, so asking again from "bone.001" gives "bone.002").
std::string unique_name(const std::unordered_set<std::string_view>& taken, std::string_view base);

}  // namespace marionette
