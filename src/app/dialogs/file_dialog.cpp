#include "app/dialogs/file_dialog.hpp"

#include <algorithm>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/base/utf8.hpp"

namespace marionette {

namespace {

// One popup id whatever the title, so a retitled dialog stays the same ImGui window.
constexpr const char* file_popup_id = "###marionette_file_dialog";
const ImVec4 error_colour(1.0f, 0.42f, 0.42f, 1.0f);

// "Folder" and "Name" in one column, their fields starting at the same x.
void row_label(const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(ImGui::CalcTextSize("Folder").x + ImGui::GetStyle().ItemSpacing.x * 2.0f);
}

}  // namespace

void FileDialog::open(FileDialogMode mode, std::string title, std::filesystem::path directory, std::string file_name,
                      std::span<const std::string_view> extensions) {
    mode_ = mode;
    title_ = std::move(title);
    extensions_.assign(extensions.begin(), extensions.end());
    name_field_ = std::move(file_name);
    error_.clear();
    replace_.reset();
    show_directory(nearest_existing_directory(directory));
    open_ = true;
    popup_requested_ = true;
    focus_name_ = true;
    name_was_active_ = false;
    typed_early_.clear();
    return_early_ = false;
    keys_.arm();
}

void FileDialog::show_directory(const std::filesystem::path& directory) {
    directory_ = clean_directory(directory);
    folder_field_ = directory_.string();
    clicked_name_.clear();
    Result<std::vector<FileListEntry>> listing = !extensions_.empty()            ? list_directory(directory_, extensions_)
                                                 : mode_ == FileDialogMode::Open ? list_directory(directory_, kOpenableExtensions)
                                                                                 : list_directory(directory_);
    if (listing.ok()) {
        entries_ = std::move(listing).value();
        listing_error_.clear();
    } else {
        entries_.clear();
        // Still offer the way up out of a folder that cannot be read.
        if (directory_.has_relative_path()) entries_.push_back({FileListEntry::Kind::Parent, ".."});
        listing_error_ = listing.message();
    }
}

void FileDialog::close() {
    ImGui::CloseCurrentPopup();
    open_ = false;
    replace_.reset();
}

std::optional<std::filesystem::path> FileDialog::submit(const std::string& typed) {
    const FileChoice choice = resolve_typed_name(mode_, directory_, typed);
    error_.clear();
    switch (choice.kind) {
        case FileChoice::Kind::EnterDirectory:
            show_directory(choice.path);
            name_field_.clear();
            replace_.reset();
            focus_name_ = true;
            return std::nullopt;
        case FileChoice::Kind::Refuse:
            error_ = choice.message;
            replace_.reset();
            focus_name_ = true;  // the next keys correct the name
            return std::nullopt;
        case FileChoice::Kind::ConfirmReplace:
            // Confirming the same file again while its question is up answers it.
            if (replace_ == choice.path && replace_keys_.return_pressed()) return choice.path;
            replace_ = choice.path;
            replace_keys_.arm();
            return std::nullopt;
        case FileChoice::Kind::Accept: return choice.path;
    }
    return std::nullopt;
}

void FileDialog::draw_folder_row() {
    row_label("Folder");
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputText("##folder", &folder_field_, ImGuiInputTextFlags_EnterReturnsTrue)) {
        const FileChoice choice = resolve_typed_name(mode_, directory_, folder_field_);
        if (choice.kind == FileChoice::Kind::EnterDirectory) {
            show_directory(choice.path);
            error_.clear();
        } else {
            error_ = folder_field_ + ": not a folder";
            folder_field_ = directory_.string();
        }
    }
}

std::optional<std::filesystem::path> FileDialog::draw_entries() {
    // Leave room below the list for the name row, the message line and the buttons.
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.0f + ImGui::GetTextLineHeightWithSpacing();
    std::optional<std::filesystem::path> enter;
    std::optional<std::filesystem::path> chosen;
    if (ImGui::BeginChild("##entries", ImVec2(0.0f, -footer), true)) {
        if (!listing_error_.empty()) ImGui::TextColored(error_colour, "%s", displayable_utf8(listing_error_).c_str());
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            const FileListEntry& entry = entries_[i];
            const bool is_file = entry.kind == FileListEntry::Kind::File;
            const std::string label = displayable_utf8(entry.kind == FileListEntry::Kind::Directory ? entry.name + "/" : entry.name);
            ImGui::PushID(static_cast<int>(i));
            const ImGuiSelectableFlags flags = ImGuiSelectableFlags_AllowDoubleClick | ImGuiSelectableFlags_DontClosePopups;
            if (ImGui::Selectable(label.c_str(), is_file && entry.name == name_field_, flags)) {
                const bool double_click = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
                if (double_click && clicked_name_ != entry.name) {
                    // The second click of a double-click on a folder, now entered: it lands on
                    // whatever entry took the folder's place, and means nothing there.
                } else if (!is_file) {
                    enter = entry_directory(directory_, entry);  // the list must not change while drawn
                } else if (double_click) {
                    chosen = submit(entry.name);
                } else {
                    name_field_ = entry.name;
                    clicked_name_ = entry.name;
                    error_.clear();
                    replace_.reset();
                }
            }
            ImGui::PopID();
        }
    }
    ImGui::EndChild();
    if (enter) {
        show_directory(*enter);
        error_.clear();
        replace_.reset();
    }
    return chosen;
}

std::optional<std::filesystem::path> FileDialog::draw_name_row() {
    row_label("Name");
    ImGui::SetNextItemWidth(-FLT_MIN);
    // Focus asked for lands on the next frame, and a field takes no characters on the frame it
    // becomes active: what is typed meanwhile (a script typing a path right after Ctrl+O) is
    // held back here and handed to the field once it reads input. A Return pressed meanwhile
    // is kept too, and confirms once the held-back text is in.
    ImVector<ImWchar>& typed = ImGui::GetIO().InputQueueCharacters;
    bool confirm_early = false;
    if (name_was_active_ && (!typed_early_.empty() || return_early_)) {
        for (std::size_t i = 0; i < typed_early_.size(); ++i) typed.insert(typed.begin() + static_cast<int>(i), typed_early_[i]);
        typed_early_.clear();
        confirm_early = return_early_;
        return_early_ = false;
    } else if (focus_name_ && !name_was_active_) {
        typed_early_.insert(typed_early_.end(), typed.begin(), typed.end());
        typed.resize(0);
        if (keys_.return_pressed()) return_early_ = true;
    }
    if (focus_name_) ImGui::SetKeyboardFocusHere();
    const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll;
    const bool entered = ImGui::InputText("##name", &name_field_, flags) || confirm_early;
    name_was_active_ = ImGui::IsItemActive();
    // Asked for until it is there: a request made on a window's first frame can be dropped.
    if (name_was_active_) focus_name_ = false;
    if (ImGui::IsItemEdited()) {
        error_.clear();
        replace_.reset();
    }
    std::optional<std::filesystem::path> chosen;
    if (entered) chosen = submit(name_field_);
    if (error_.empty()) {
        ImGui::TextUnformatted("");  // the line stays, so the buttons do not jump
    } else {
        ImGui::TextColored(error_colour, "%s", displayable_utf8(error_).c_str());
    }
    return chosen;
}

std::optional<std::filesystem::path> FileDialog::draw_buttons() {
    const float button_width = ImGui::GetFontSize() * 6.0f;
    if (replace_) {
        const std::string question = displayable_utf8(replace_->filename().string()) + " exists. Replace it?";
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(question.c_str());
        ImGui::SameLine();
        if (ImGui::Button("Replace", ImVec2(button_width, 0.0f)) || replace_keys_.return_pressed()) return replace_;
        ImGui::SameLine();
        if (ImGui::Button("Cancel##replace", ImVec2(button_width, 0.0f)) || replace_keys_.escape_pressed()) {
            replace_.reset();
            focus_name_ = true;
        }
        return std::nullopt;
    }
    const float right = ImGui::GetContentRegionAvail().x - 2.0f * button_width - ImGui::GetStyle().ItemSpacing.x;
    ImGui::Dummy(ImVec2(std::max(right, 0.0f), 0.0f));
    ImGui::SameLine();
    const char* ok_label = mode_ == FileDialogMode::Save ? "Save" : "Open";
    if (ImGui::Button(ok_label, ImVec2(button_width, 0.0f))) return submit(name_field_);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(button_width, 0.0f)) || keys_.escape_pressed()) close();
    return std::nullopt;
}

std::optional<std::filesystem::path> FileDialog::draw() {
    if (!open_) return std::nullopt;
    const std::string label = title_ + file_popup_id;
    if (popup_requested_) {
        ImGui::OpenPopup(label.c_str());
        popup_requested_ = false;
    }
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 size(std::min(640.0f, viewport->WorkSize.x - 40.0f), std::min(460.0f, viewport->WorkSize.y - 40.0f));
    ImGui::SetNextWindowPos(viewport->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
    bool keep_open = true;
    // Not collapsible: a double-click on the title bar would fold it away, and the folded state
    // would outlive the dialog.
    if (!ImGui::BeginPopupModal(label.c_str(), &keep_open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
        open_ = false;  // closed with its title bar's button
        return std::nullopt;
    }
    std::optional<std::filesystem::path> chosen;
    draw_folder_row();
    if (auto picked = draw_entries()) chosen = picked;
    if (auto typed = draw_name_row()) chosen = typed;
    // The buttons' row is also where the replace question appears; a choice made above ends the frame.
    if (!chosen && open_) {
        if (auto confirmed = draw_buttons()) chosen = confirmed;
    }
    if (chosen) close();
    ImGui::EndPopup();
    return chosen;
}

}  // namespace marionette
