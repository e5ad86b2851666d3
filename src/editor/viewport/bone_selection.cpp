#include "editor/viewport/bone_selection.hpp"

#include <algorithm>

#include "core/rig/mirror_pairs.hpp"

namespace marionette {

bool BoneSelection::contains(int bone) const { return std::binary_search(bones_.begin(), bones_.end(), bone); }

void BoneSelection::set(int bone) {
    clear();
    if (bone < 0) return;
    bones_ = {bone};
    order_ = {bone};
    active_ = bone;
}

void BoneSelection::set(std::span<const int> bones, int active) {
    clear();
    add(bones);
    if (bones_.empty()) return;
    active_ = contains(active) ? active : order_.front();
    if (active_ != order_.back()) {
        std::erase(order_, active_);
        order_.push_back(active_);
    }
}

void BoneSelection::toggle(int bone) {
    if (bone < 0) return;
    if (contains(bone)) {
        std::erase(bones_, bone);
        std::erase(order_, bone);
        if (active_ == bone) active_ = order_.empty() ? -1 : order_.back();
        return;
    }
    bones_.insert(std::lower_bound(bones_.begin(), bones_.end(), bone), bone);
    order_.push_back(bone);
    active_ = bone;
}

void BoneSelection::add(std::span<const int> bones) {
    for (const int bone : bones) {
        if (bone < 0 || contains(bone)) continue;
        bones_.insert(std::lower_bound(bones_.begin(), bones_.end(), bone), bone);
        order_.push_back(bone);
    }
    // The active bone stays the last to have joined: adding does not change it.
    if (active_ >= 0) {
        std::erase(order_, active_);
        order_.push_back(active_);
    } else if (!order_.empty()) {
        active_ = order_.front();
    }
}

void BoneSelection::clear() {
    bones_.clear();
    order_.clear();
    active_ = -1;
}

void BoneSelection::keep_within(std::size_t bone_count) {
    const auto beyond = [&](int b) { return static_cast<std::size_t>(b) >= bone_count; };
    if (bones_.empty() || !beyond(bones_.back())) return;
    std::erase_if(bones_, beyond);
    std::erase_if(order_, beyond);
    if (beyond(active_)) active_ = order_.empty() ? -1 : order_.back();
}

void BoneSelection::select_all(const Skeleton& skeleton) {
    std::vector<int> all(skeleton.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    add(all);
}

void BoneSelection::add_children(const Skeleton& skeleton) {
    // Parents come before children: one pass down the array takes whole subtrees.
    std::vector<bool> chosen(skeleton.size(), false);
    for (const int b : bones_) {
        if (static_cast<std::size_t>(b) < chosen.size()) chosen[static_cast<std::size_t>(b)] = true;
    }
    std::vector<int> under;
    for (std::size_t i = 0; i < skeleton.size(); ++i) {
        const int parent = skeleton[i].parent;
        if (!chosen[i] && parent >= 0 && chosen[static_cast<std::size_t>(parent)]) {
            chosen[i] = true;
            under.push_back(static_cast<int>(i));
        }
    }
    add(under);
}

void BoneSelection::select_mirror(std::span<const int> twins) {
    const auto twin_of = [&](int b) {
        const int t = static_cast<std::size_t>(b) < twins.size() ? twins[static_cast<std::size_t>(b)] : -1;
        return t >= 0 ? t : b;
    };
    std::vector<int> mirrored;
    for (const int b : order_) mirrored.push_back(twin_of(b));
    const int active = active_ >= 0 ? twin_of(active_) : -1;
    set(mirrored, active);
}

void BoneSelection::apply(SelectCommand command, const Skeleton& skeleton) {
    switch (command) {
        case SelectCommand::All: select_all(skeleton); break;
        case SelectCommand::None: clear(); break;
        case SelectCommand::Children: add_children(skeleton); break;
        case SelectCommand::Mirror: select_mirror(mirror_twins(skeleton)); break;
    }
}

}  // namespace marionette
