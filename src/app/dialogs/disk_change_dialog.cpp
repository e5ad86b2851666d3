#include "app/dialogs/disk_change_dialog.hpp"

#include <imgui.h>

#include "app/ui/ui_marks.hpp"

namespace marionette {

namespace {
// One popup (the part after ### is its id), titled for its question.
constexpr const char* changed_popup_id = "File changed on disk###marionette_disk_changed";
constexpr const char* read_only_popup_id = "File is read-only###marionette_disk_changed";
}  // namespace

void DiskChangeDialog::ask(Question question, std::string document_name, std::string detail) {
    question_ = question;
    document_name_ = std::move(document_name);
    detail_ = std::move(detail);
    open_ = true;
    popup_requested_ = true;
    keys_.arm();
}

void DiskChangeDialog::ask_before_save(std::string document_name, std::string detail) {
    drops_unsaved_ = false;
    ask(Question::ChangedBeforeSave, std::move(document_name), std::move(detail));
}

void DiskChangeDialog::ask_reload(std::string document_name, std::string detail, bool drops_unsaved) {
    drops_unsaved_ = drops_unsaved;
    ask(Question::Reload, std::move(document_name), std::move(detail));
}

void DiskChangeDialog::ask_before_replacing_read_only(std::string document_name) {
    drops_unsaved_ = false;
    ask(Question::ReadOnly, std::move(document_name), "its permissions allow no writing");
}

std::optional<DiskChangeDialog::Choice> DiskChangeDialog::draw(UiMarks* marks) {
    if (!open_) return std::nullopt;
    if (popup_requested_) {
        ImGui::OpenPopup(changed_popup_id);
        popup_requested_ = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;
    if (!ImGui::BeginPopupModal(question_ == Question::ReadOnly ? read_only_popup_id : changed_popup_id, nullptr, flags)) {
        open_ = false;  // closed from outside: nothing is overwritten or reloaded
        return question_ == Question::Reload ? Choice::Keep : Choice::Cancel;
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    switch (question_) {
        case Question::Reload: ImGui::TextUnformatted((document_name_ + " changed on disk. Reload it?").c_str()); break;
        case Question::ChangedBeforeSave: ImGui::TextUnformatted((document_name_ + " changed on disk since you opened it.").c_str()); break;
        case Question::ReadOnly: ImGui::TextUnformatted((document_name_ + " is read-only.").c_str()); break;
    }
    if (!detail_.empty()) ImGui::TextDisabled("(%s)", detail_.c_str());
    switch (question_) {
        case Question::Reload:
            ImGui::TextDisabled(drops_unsaved_
                                    ? "Reload drops your unsaved changes; Keep mine leaves them, and Save will ask before overwriting."
                                    : "Keep mine leaves the rig as it is here; Save will ask before overwriting.");
            break;
        case Question::ChangedBeforeSave: ImGui::TextDisabled("Overwrite replaces that version with yours; Save As... keeps both."); break;
        case Question::ReadOnly:
            ImGui::TextDisabled(
                "Someone made it read-only, perhaps to keep it as it is. Replace writes your version anyway and the file stays read-only; "
                "Save As writes another file.");
            break;
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
    if (question_ == Question::Reload) {
        named("Reload", "disk changed/reload", Choice::Reload);
        named("Keep mine", "disk changed/keep", Choice::Keep);
        if (!drops_unsaved_ && keys_.return_pressed()) choice = Choice::Reload;
        if (keys_.escape_pressed()) choice = Choice::Keep;
    } else {
        const bool read_only = question_ == Question::ReadOnly;
        named(read_only ? "Replace" : "Overwrite", read_only ? "read only/replace" : "disk changed/overwrite", Choice::Overwrite);
        named("Save As...", read_only ? "read only/save as" : "disk changed/save as", Choice::SaveAs);
        named("Cancel", read_only ? "read only/cancel" : "disk changed/cancel", Choice::Cancel);
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
