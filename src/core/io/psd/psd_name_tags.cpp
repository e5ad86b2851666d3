#include "core/io/psd/psd_name_tags.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace marionette::psd {

namespace {

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// Tags of Spine's script that mean something there and nothing here: the word before any ':'.
constexpr std::array<std::string_view, 11> kSpineOnlyTags = {"skin", "merge", "folder", "overlay", "trim", "path",
                                                             "name", "scale", "pad",    "origin",  "bones"};

std::string trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return std::string(s);
}

}  // namespace

PsdNameTags read_name_tags(std::string_view layer_name) {
    PsdNameTags tags;
    std::string name;
    std::size_t i = 0;
    while (i < layer_name.size()) {
        const std::size_t open = layer_name.find('[', i);
        const std::size_t close = open == std::string_view::npos ? open : layer_name.find(']', open);
        if (close == std::string_view::npos) {
            name += layer_name.substr(i);
            break;
        }
        name += layer_name.substr(i, open - i);
        const std::string_view written = layer_name.substr(open, close + 1 - open);
        const std::string word = lowercase(written.substr(1, written.size() - 2));
        if (word == "bone") tags.bone = true;
        else if (word == "slot") tags.slot = true;
        else if (word == "mesh") tags.mesh = true;
        else if (word == "ignore") tags.ignore = true;
        else {
            const std::string head = word.substr(0, word.find(':'));
            if (std::find(kSpineOnlyTags.begin(), kSpineOnlyTags.end(), head) != kSpineOnlyTags.end()) tags.unread.emplace_back(written);
            name += written;
        }
        i = close + 1;
    }
    // Two spaces left where a tag stood between words become one.
    std::string squeezed;
    for (char c : name) {
        if (c == ' ' && !squeezed.empty() && squeezed.back() == ' ') continue;
        squeezed += c;
    }
    tags.name = trimmed(squeezed);
    return tags;
}

}  // namespace marionette::psd
