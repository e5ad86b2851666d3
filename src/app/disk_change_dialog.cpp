#include "app/disk_change_dialog.hpp"

#include <imgui.h>

#include "app/ui_marks.hpp"

namespace marionette {

namespace {
constexpr const char* popup_id = "File changed on disk###marionette_disk_changed";
}  // namespace

void DiskChangeDialog::ask(std::string document_name, std::string detail) {
    document_name_ = std::move(document_name);
    detail_ = std::move(detail);
    open_ = true;
    popup_requested_ = true;
    keys_.arm();
}

void DiskChangeDialog::ask_before_save(std::string document_name, std::string detail) {
    reload_ = false;
    drops_unsaved_ = false;
    ask(std::move(document_name), std::move(detail));
}

void DiskChangeDialog::ask_reload(std::string document_name, std::string detail, bool drops_unsaved) {
    reload_ = true;
    drops_unsaved_ = drops_unsaved;
    ask(std::move(document_name), std::move(detail));
}

std::optional<DiskChangeDialog::Choice> DiskChangeDialog::draw(UiMarks* marks) {
    if (!open_) return std::nullopt;
    if (popup_requested_) {
        ImGui::OpenPopup(popup_id);
        popup_requested_ = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;
    if (!ImGui::BeginPopupModal(popup_id, nullptr, flags)) {
        open_ = false;  // closed from outside: nothing is overwritten or reloaded
        return reload_ ? Choice::Keep : Choice::Cancel;
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    if (reload_) {
        ImGui::TextUnformatted((document_name_ + " changed on disk. Reload it?").c_str());
    } else {
        ImGui::TextUnformatted((document_name_ + " changed on disk since you opened it.").c_str());
    }
    if (!detail_.empty()) ImGui::TextDisabled("(%s)", detail_.c_str());
    if (reload_) {
        ImGui::TextDisabled(drops_unsaved_ ? "Reload drops your unsaved changes; Keep mine leaves them, and Save will ask before overwriting."
                                           : "Keep mine leaves the rig as it is here; Save will ask before overwriting.");
    } else {
        ImGui::TextDisabled("Overwrite replaces that version with yours; Save As... keeps both.");
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();

    const ImVec2 button(ImGui::GetFontSize() * 6.0f, 0.0f);
    std::optional<Choice> choice;
    bool first = true;
    const auto named = [&](const char* label, const char* name, Choice c) {
        if (!first) ImGui::SameLine();
        first = false;
        if (ImGui::Button(label, button)) choice = c;
        if (marks) marks->mark_last_item(name);
    };
    if (reload_) {
        named("Reload", "disk changed/reload", Choice::Reload);
        named("Keep mine", "disk changed/keep", Choice::Keep);
        if (!drops_unsaved_ && keys_.return_pressed()) choice = Choice::Reload;
        if (keys_.escape_pressed()) choice = Choice::Keep;
    } else {
        named("Overwrite", "disk changed/overwrite", Choice::Overwrite);
        named("Save As...", "disk changed/save as", Choice::SaveAs);
        named("Cancel", "disk changed/cancel", Choice::Cancel);
        if (keys_.escape_pressed()) choice = Choice::Cancel;
    }

    if (choice) {
        ImGui::CloseCurrentPopup();
        open_ = false;
    }
    ImGui::EndPopup();
    return choice;
}

}  // namespace marionette
