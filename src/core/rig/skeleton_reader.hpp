#pragma once
// The "bones" array of a rig file -> a Skeleton in parent-before-child order. Unknown parents,
// cycles, duplicate names and bad values fail with the place named (throws JsonFieldError,
// which the rig reader turns into an Error).

#include "core/io/json/json_field.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

Skeleton read_skeleton(const JsonField& bones, int dims);

}  // namespace marionette
