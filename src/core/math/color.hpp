#pragma once
// Colours a rig file holds (a bone's, a slot's, a picture's tint, a material's): each component
// within [0, 1]. The one rule, for the loader, the edits and their messages.

#include <glm/glm.hpp>

namespace marionette {

inline constexpr const char* kColorRange = "between 0 and 1";               // for messages
inline bool is_color_component(float c) { return c >= 0.0f && c <= 1.0f; }  // false for NaN

template <int N>
bool is_color(const glm::vec<N, float>& c) {
    for (int i = 0; i < N; ++i) {
        if (!is_color_component(c[i])) return false;
    }
    return true;
}

}  // namespace marionette
