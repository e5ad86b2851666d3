#pragma once
// The bones selected in the editor, as Blender's pose mode and Spine keep them: any number of
// bones, one of them active (the last one clicked: the inspector shows it, a chain or a pin
// takes it). Indices into the rig's skeleton; the bone tree's edits renumber bones, so the
// editor sets the selection again after one, and `keep_within` drops what an undo took away.

#include <cstddef>
#include <span>
#include <vector>

#include "core/rig/skeleton.hpp"

namespace marionette {

// The Select menu's commands and their keys (A, Alt+A, ], Ctrl+Shift+M).
enum class SelectCommand { All, None, Children, Mirror };

class BoneSelection {
public:
    // The active bone, or -1 when nothing is selected.
    int active() const { return active_; }
    // Every selected bone, in skeleton order (parents before children).
    const std::vector<int>& bones() const { return bones_; }
    bool contains(int bone) const;
    bool empty() const { return bones_.empty(); }
    std::size_t size() const { return bones_.size(); }

    // Only `bone` (nothing for -1).
    void set(int bone);
    // These bones (repeats and negatives ignored), `active` the active one when it is among
    // them, else the first.
    void set(std::span<const int> bones, int active = -1);
    // Ctrl- or Shift-click: a bone not selected joins and becomes active; a selected one leaves
    // (the active one then passes to the last bone that joined before it).
    void toggle(int bone);
    // Adds bones (a box drawn with Ctrl or Shift held); the active one stays.
    void add(std::span<const int> bones);
    void clear();
    // Drops bones at or past `bone_count` (an undo removed them).
    void keep_within(std::size_t bone_count);

    // Every bone of the skeleton; the active one stays.
    void select_all(const Skeleton& skeleton);
    // Adds every bone under a selected one (Blender's "select children", recursively).
    void add_children(const Skeleton& skeleton);
    // Each selected bone's twin on the other side takes its place (`twins`: mirror_twins);
    // bones without one (the spine) stay. The active bone's twin becomes active.
    void select_mirror(std::span<const int> twins);
    // One of the menu's commands.
    void apply(SelectCommand command, const Skeleton& skeleton);

private:
    std::vector<int> bones_;  // sorted, unique
    std::vector<int> order_;  // the order bones joined in, for passing on "active"
    int active_ = -1;
};

}  // namespace marionette
