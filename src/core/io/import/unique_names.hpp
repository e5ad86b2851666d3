#pragma once
// Names an import gives (a PSD's layers, a Spine atlas's regions): bones, slots and attachments
// take the source's names, made unique where two share one ("arm", "arm 2"); pictures take a
// file name made of the name's letters and digits, unique within the pictures' folder whatever
// the file system's case rule.

#include <set>
#include <string>
#include <string_view>

namespace marionette {

class UniqueNames {
public:
    // Case-blind: two names differing only in case count as one (file names).
    explicit UniqueNames(bool case_blind = false) : case_blind_(case_blind) {}
    // `wanted`, or "wanted 2", "wanted 3", ... (with `separator` before the number), the first
    // not yet taken; it is taken.
    std::string take(const std::string& wanted, std::string_view separator = " ");

private:
    std::string key(const std::string& name) const;
    bool case_blind_ = false;
    std::set<std::string> taken_;
};

// A file name's stem for a picture named `name`: ASCII letters, digits, '-' and '_' kept, any
// run of other bytes one '_', at most 64 bytes, "layer" when nothing is left.
std::string picture_file_stem(std::string_view name);

}  // namespace marionette
