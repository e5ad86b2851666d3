#pragma once
// Edits coming from panels. A typed value or a button is one undo step. A dragged number
// changes the rig on every frame of the drag (the viewport shows it live) and becomes one undo
// step when the widget is let go, like a drag in the viewport.

#include <optional>
#include <string>

#include "core/rig/document.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/history.hpp"

namespace marionette {

class EditSession {
public:
    EditSession(Document& document, History& history) : document_(document), history_(history) {}

    // One step. An error changes nothing and is returned for the panel to show.
    Status apply(std::string label, Result<Rig> edited);
    // A bone-tree edit: one step. Returns the added or moved bone's index (-1 after a delete);
    // the message names the chains it removed, if any.
    Result<int> apply_tree(std::string label, Result<TreeEdit> edited, std::string& message);

    // A value being dragged: the rig changes now; the step is recorded by finish(). An error
    // changes nothing (the last good value stays) and is returned.
    Status preview(std::string label, Result<Rig> edited);
    // The widget was let go: records one step from the rig before the first preview. Harmless
    // when nothing is being previewed.
    void finish();
    bool previewing() const { return before_.has_value(); }

private:
    Document& document_;
    History& history_;
    std::optional<Rig> before_;  // the rig as it was when the drag began
    std::string label_;
};

}  // namespace marionette
