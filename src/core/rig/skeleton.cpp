#include "core/rig/skeleton.hpp"

namespace marionette {

int Skeleton::find(std::string_view name) const {
    for (std::size_t i = 0; i < bones_.size(); ++i) {
        if (bones_[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

bool Skeleton::is_ancestor_or_self(int ancestor, int bone) const {
    // Parents precede children in every rig the loader or an edit makes, which ends the walk at
    // `ancestor`'s index. It is bounded by the bone count and the index range too, so a skeleton
    // built otherwise (a parent cycle below `ancestor`, a parent past the end) answers false
    // rather than looping or reading past the end: solve_chain sizes its scratch with it before
    // the job's checks run.
    std::size_t steps = 0;
    for (int b = bone; b >= 0 && static_cast<std::size_t>(b) < bones_.size() && steps <= bones_.size();
         b = bones_[static_cast<std::size_t>(b)].parent, ++steps) {
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
