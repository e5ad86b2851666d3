#pragma once
// How the Spine import's warnings list what they name: up to five names, quoted, then "...".

#include <string>

namespace marionette {

template <class Names>
std::string spine_name_list(const Names& names) {
    std::string list;
    std::size_t n = 0;
    for (const std::string& name : names) {
        if (n == 5) {
            list.append(", ...");
            break;
        }
        if (n++ > 0) list.append(", ");
        list.append(1, '"').append(name).append(1, '"');
    }
    return list;
}

}  // namespace marionette
