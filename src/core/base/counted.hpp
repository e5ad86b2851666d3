#pragma once
// A count with its noun, as messages print it: "1 animation", "3 animations", "0 pictures".

#include <cstddef>
#include <string>
#include <string_view>

namespace marionette {

// `noun`'s plural adds an s: the nouns the messages count (bone, slot, key, animation, picture,
// state) all take one.
inline std::string counted(std::size_t n, std::string_view noun) {
    std::string text = std::to_string(n) + " ";
    text += noun;
    if (n != 1) text += 's';
    return text;
}

}  // namespace marionette
