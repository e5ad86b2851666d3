#pragma once
// "Add picture" in the editor: the file chooser listing pictures (PNG, JPEG) in the rig's folder,
// and a picture file dropped on the window, put on a bone as a new slot or as another drawing
// of a slot (editor/files/picture_import.hpp), one undo step each. A file that is no picture is
// refused with a message and changes nothing.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "app/dialogs/file_dialog.hpp"
#include "app/panels/panel_edits.hpp"
#include "core/rig/document.hpp"
#include "editor/edits/edit_session.hpp"

namespace marionette {

class PictureActions {
public:
    explicit PictureActions(Document& document) : document_(document) {}

    // Opens the chooser for a picture to put on `target`.
    void choose(PanelEdits::PictureTarget target);
    // Puts picture `file` on `target` through `session`; `world` holds the bones' frames as
    // shown (a new picture stands upright in the world as shown).
    void add(PanelEdits::PictureTarget target, const std::filesystem::path& file, std::span<const Transform> world, EditSession& session);
    // Draws the chooser when it is open, and adds the picture chosen.
    void draw(std::span<const Transform> world, EditSession& session);

    bool dialog_open() const { return files_.is_open(); }
    // Once after a picture was added: its slot, to select.
    std::optional<int> take_added_slot() { return std::exchange(added_slot_, std::nullopt); }
    // Once after something was done or refused, for the status bar.
    std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }

private:
    Document& document_;
    FileDialog files_;
    PanelEdits::PictureTarget target_;
    std::optional<int> added_slot_;
    std::optional<std::string> message_;
};

}  // namespace marionette
