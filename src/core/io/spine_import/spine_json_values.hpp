#pragma once
// The values a Spine skeleton's JSON gives everywhere (the skeleton reader's and the animation
// reader's): a member that may be absent, read with its default, and Spine's colours. Each
// throws JsonFieldError naming the place of a value of the wrong kind.

#include <string>

#include <glm/glm.hpp>

#include "core/io/json/json_field.hpp"

namespace marionette {

double spine_number_or(const JsonField& object, const char* key, double fallback);
bool spine_boolean_or(const JsonField& object, const char* key, bool fallback);
// A string, or `fallback` when absent or null.
std::string spine_string_or(const JsonField& object, const char* key, const std::string& fallback);

// Spine's colour "RRGGBBAA", or "RRGGBB" with alpha 1, hexadecimal, each channel 0 to 1.
glm::dvec4 spine_color(const JsonField& f);

}  // namespace marionette
