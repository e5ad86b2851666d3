#pragma once
// A modal file chooser drawn with ImGui: the current folder (an editable path), its ".." entry,
// sub-folders and rig files, a name field and OK / Cancel. The name field has keyboard focus
// when the dialog opens and Return in it confirms, so a person or a script can type a whole
// path and press Return. Listing and name resolution are editor/files/file_listing; this class keeps
// the dialog's state and draws it. It only reports the chosen path, never opens or saves.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "app/ui/dialog_keys.hpp"
#include "editor/files/file_listing.hpp"

namespace marionette {

class FileDialog {
public:
    // Shows the dialog from the next draw(), listing `directory` (or its nearest existing
    // ancestor; the working directory when empty) with `file_name` in the name field. It lists
    // the files whose names end in `extensions`; by default, what the mode opens or saves
    // (file_listing.hpp).
    void open(FileDialogMode mode, std::string title, std::filesystem::path directory, std::string file_name = {},
              std::span<const std::string_view> extensions = {});
    bool is_open() const { return open_; }
    FileDialogMode mode() const { return mode_; }

    // Call once per frame, outside any other popup. Returns the chosen path on the frame the user
    // confirms it, and closes; Cancel, Escape and the close button close it returning nothing,
    // as does another modal opened beside it (ImGui keeps one per level).
    std::optional<std::filesystem::path> draw();

private:
    void show_directory(const std::filesystem::path& directory);
    // Acts on what `typed` means: enters a folder, asks before replacing, refuses or chooses.
    std::optional<std::filesystem::path> submit(const std::string& typed);
    void close();

    void draw_folder_row();
    std::optional<std::filesystem::path> draw_entries();
    std::optional<std::filesystem::path> draw_name_row();
    std::optional<std::filesystem::path> draw_buttons();

    FileDialogMode mode_ = FileDialogMode::Open;
    std::string title_;
    std::vector<std::string_view> extensions_;  // listed; empty: the mode's
    std::filesystem::path directory_;
    std::string folder_field_;
    std::vector<FileListEntry> entries_;
    std::string listing_error_;
    std::string name_field_;
    std::string clicked_name_;                      // the file last clicked in this folder
    std::string error_;                             // the last refusal, in red under the name
    std::optional<std::filesystem::path> replace_;  // Save: an existing file waiting for "Replace it?"
    DialogKeys replace_keys_;                       // Return / Escape answering that question
    DialogKeys keys_;                               // Escape closing, Return before the name field has focus
    bool open_ = false;
    bool popup_requested_ = false;      // OpenPopup on the next draw
    bool focus_name_ = false;           // give the name field keyboard focus until it has it
    bool name_was_active_ = false;      // the name field had keyboard focus at the end of the last frame
    std::vector<ImWchar> typed_early_;  // characters typed before the name field could take them
    bool return_early_ = false;         // Return pressed before then
};

}  // namespace marionette
