#include "core/skeleton.hpp"

namespace marionette {

int Skeleton::find(std::string_view name) const {
    for (std::size_t i = 0; i < bones_.size(); ++i) {
        if (bones_[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

bool Skeleton::is_ancestor_or_self(int ancestor, int bone) const {
    // Parents precede children, so the walk up is bounded by the index and cannot loop.
    for (int b = bone; b >= 0; b = bones_[static_cast<std::size_t>(b)].parent) {
        if (b == ancestor) return true;
        if (b < ancestor) return false;
    }
    return false;
}

bool Skeleton::is_path_parent_before_child(int bone, int top) const {
    if (bone < 0 || static_cast<std::size_t>(bone) >= bones_.size()) return false;
    for (int b = bone; b >= 0;) {
        const int p = bones_[static_cast<std::size_t>(b)].parent;
        if (p < -1 || p >= b) return false;
        if (b == top) break;
        b = p;
    }
    return true;
}

bool Skeleton::is_parent_before_child() const {
    for (std::size_t i = 0; i < bones_.size(); ++i) {
        const int p = bones_[i].parent;
        if (p < -1 || p >= static_cast<int>(i)) return false;
    }
    return true;
}

}  // namespace marionette
