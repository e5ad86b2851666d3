#pragma once
// The tags in a layer's name that steer the import, as Spine's Photoshop script reads them:
// "[bone]", "[slot]", "[mesh]", "[ignore]" (docs/psd.md). A tag is taken out of the name
// wherever it stands, in any case; other words in brackets stay in the name ("eye [left]"),
// and Spine's tags this import does not act on ("[skin]", "[merge]", ...) are named so the
// import can warn of them.

#include <string>
#include <string_view>
#include <vector>

namespace marionette::psd {

struct PsdNameTags {
    std::string name;  // without the tags, spaces at its ends trimmed
    bool bone = false;
    bool slot = false;
    bool mesh = false;
    bool ignore = false;
    std::vector<std::string> unread;  // Spine tags left in the name, as written: "[skin]"
};

PsdNameTags read_name_tags(std::string_view layer_name);

}  // namespace marionette::psd
