#include "app/dialogs/recovery_dialog.hpp"

#include <imgui.h>

#include "app/ui/ui_marks.hpp"

namespace marionette {

namespace {
constexpr const char* recovery_popup_id = "Recover unsaved changes###marionette_recovery";
}  // namespace

void RecoveryDialog::ask(std::string document_name, std::string when, std::string detail) {
    document_name_ = std::move(document_name);
    when_ = std::move(when);
    detail_ = std::move(detail);
    open_ = true;
    popup_requested_ = true;
    keys_.arm();
}

std::optional<RecoveryDialog::Choice> RecoveryDialog::draw(UiMarks* marks) {
    if (!open_) return std::nullopt;
    if (popup_requested_) {
        ImGui::OpenPopup(recovery_popup_id);
        popup_requested_ = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;
    if (!ImGui::BeginPopupModal(recovery_popup_id, nullptr, flags)) {
        open_ = false;  // closed from outside: the copy stays for later
        return Choice::Later;
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(("Recover unsaved changes to " + document_name_ + " from " + when_ + "?").c_str());
    ImGui::TextDisabled("%s", detail_.c_str());
    ImGui::Spacing();
    ImGui::TextDisabled(
        "Recover opens them as unsaved changes: Save writes the file. Discard deletes the copy. Later keeps it for the next start.");
    ImGui::PopTextWrapPos();
    ImGui::Spacing();

    const ImVec2 button(ImGui::GetFontSize() * 6.0f, 0.0f);
    std::optional<Choice> choice;
    const auto named = [&](const char* label, const char* name, Choice c) {
        if (ImGui::Button(label, button)) choice = c;
        if (marks) marks->mark_last_item(name);
    };
    named("Recover", "recovery/recover", Choice::Recover);
    ImGui::SameLine();
    named("Discard", "recovery/discard", Choice::Discard);
    ImGui::SameLine();
    named("Later", "recovery/later", Choice::Later);
    if (keys_.return_pressed()) choice = Choice::Recover;
    if (keys_.escape_pressed()) choice = Choice::Later;

    if (choice) {
        ImGui::CloseCurrentPopup();
        open_ = false;
    }
    ImGui::EndPopup();
    return choice;
}

}  // namespace marionette
