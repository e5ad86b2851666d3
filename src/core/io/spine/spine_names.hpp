#pragma once
// Names the Spine export makes up (a root bone, IK targets, atlas regions) must not take one a
// rig already uses: Spine finds bones, slots and regions by name.

#include <set>
#include <string>

namespace marionette {

// `base`, else base_1, base_2, ...: the first that `taken` does not hold, which it then holds.
inline std::string take_unique_name(const std::string& base, std::set<std::string>& taken) {
    std::string name = base;
    for (int i = 1; taken.count(name) > 0; ++i) name = base + "_" + std::to_string(i);
    taken.insert(name);
    return name;
}

}  // namespace marionette
