#include "app/dialogs/message_dialogs.hpp"

#include <imgui.h>

#include "core/base/utf8.hpp"

namespace marionette {

namespace {

constexpr const char* error_popup_id = "###marionette_error_dialog";
constexpr const char* discard_popup_id = "###marionette_confirm_discard";

void center_next_window() { ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f)); }

// Not collapsible: a double-click on the title bar would fold the dialog away for good.
constexpr ImGuiWindowFlags dialog_flags =
    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;

}  // namespace

void ErrorDialog::show(std::string title, std::string message) {
    if (queue_.empty()) {
        popup_requested_ = true;
        keys_.arm();
    }
    queue_.push_back({std::move(title), std::move(message)});
}

void ErrorDialog::draw() {
    if (queue_.empty()) return;
    const std::string label = queue_.front().title + error_popup_id;
    if (popup_requested_) {
        ImGui::OpenPopup(label.c_str());
        popup_requested_ = false;
    }
    center_next_window();
    if (!ImGui::BeginPopupModal(label.c_str(), nullptr, dialog_flags)) {
        // Another modal opened beside it closed it; an error is not lost that way: it comes back.
        popup_requested_ = true;
        return;
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(displayable_utf8(queue_.front().message).c_str());
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    if (ImGui::Button("OK", ImVec2(ImGui::GetFontSize() * 6.0f, 0.0f)) || keys_.return_pressed() || keys_.escape_pressed()) {
        ImGui::CloseCurrentPopup();
        queue_.pop_front();
        // The next error opens on the next frame, as a popup of its own (it may have another title).
        popup_requested_ = !queue_.empty();
        keys_.arm();
    }
    ImGui::EndPopup();
}

void ConfirmDiscardDialog::ask(std::string document_name, PendingAction action, std::filesystem::path path) {
    document_name_ = std::move(document_name);
    action_ = action;
    path_ = std::move(path);
    open_ = true;
    keys_.arm();
    popup_requested_ = true;
}

std::string ConfirmDiscardDialog::question() const {
    std::string before;
    switch (action_) {
        case PendingAction::New: before = "starting a new rig"; break;
        case PendingAction::Open: before = "opening another file"; break;
        case PendingAction::OpenPath:
            before = path_.empty() ? std::string("opening another file") : "opening " + path_.filename().string();
            break;
        case PendingAction::Recover:
            before = "recovering " + (path_.empty() ? std::string("an untitled rig") : path_.filename().string());
            break;
        case PendingAction::Quit: before = "quitting"; break;
    }
    return "Save changes to " + document_name_ + " before " + before + "?";
}

std::optional<ConfirmDiscardDialog::Answer> ConfirmDiscardDialog::draw() {
    if (!open_) return std::nullopt;
    const std::string label = std::string("Unsaved changes") + discard_popup_id;
    if (popup_requested_) {
        ImGui::OpenPopup(label.c_str());
        popup_requested_ = false;
    }
    center_next_window();
    if (!ImGui::BeginPopupModal(label.c_str(), nullptr, dialog_flags)) {
        // Closed from outside: nothing was agreed to, so the action does not go ahead.
        open_ = false;
        return Answer{Choice::Cancel, action_, path_};
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(displayable_utf8(question()).c_str());
    ImGui::PopTextWrapPos();
    ImGui::TextDisabled("Your changes are lost if you don't save them.");
    ImGui::Spacing();

    const ImVec2 button(ImGui::GetFontSize() * 6.0f, 0.0f);
    std::optional<Choice> choice;
    if (ImGui::Button("Save", button) || keys_.return_pressed()) choice = Choice::Save;
    ImGui::SameLine();
    if (ImGui::Button("Don't save", button)) choice = Choice::Discard;
    ImGui::SameLine();
    if (ImGui::Button("Cancel", button) || keys_.escape_pressed()) choice = Choice::Cancel;

    std::optional<Answer> answer;
    if (choice) {
        ImGui::CloseCurrentPopup();
        open_ = false;
        answer = Answer{*choice, action_, path_};
    }
    ImGui::EndPopup();
    return answer;
}

}  // namespace marionette
