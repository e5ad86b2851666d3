#pragma once
// Where named panel widgets were drawn this frame, so a replayed script can click a button by
// name ({"ui": "states/play"}) wherever the layout puts it.

#include <span>
#include <string>
#include <vector>

#include "editor/script/script_checks.hpp"

namespace marionette {

class UiMarks {
public:
    void clear() { marks_.clear(); }
    // Names the ImGui item drawn last.
    void mark_last_item(std::string name);
    // Names a rectangle, screen pixels (a widget whose last item is not itself, as an open combo).
    void mark(std::string name, float min_x, float min_y, float max_x, float max_y) {
        marks_.push_back(UiMark{std::move(name), {min_x, min_y}, {max_x, max_y}});
    }
    std::span<const UiMark> marks() const { return marks_; }

private:
    std::vector<UiMark> marks_;
};

// Names the ImGui item drawn last when the panel is given marks (a script runs), else nothing.
inline void mark_last_item(UiMarks* marks, const std::string& name) {
    if (marks) marks->mark_last_item(name);
}

}  // namespace marionette
