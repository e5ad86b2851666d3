#include "app/actions/picture_actions.hpp"

#include "editor/files/picture_import.hpp"

namespace marionette {

void PictureActions::choose(PanelEdits::PictureTarget target) {
    target_ = target;
    const Rig& rig = document_.rig();
    const bool to_slot = target.slot >= 0 && target.slot < static_cast<int>(rig.slots.size());
    const std::string title = to_slot ? "Add a drawing to " + rig.slots[static_cast<std::size_t>(target.slot)].name
                                      : "Add a picture to " + (target.bone >= 0 && target.bone < static_cast<int>(rig.skeleton.size())
                                                                   ? rig.skeleton[static_cast<std::size_t>(target.bone)].name
                                                                   : std::string("the bone"));
    files_.open(FileDialogMode::Open, title, document_.folder(), {}, kPictureExtensions);
}

void PictureActions::add(PanelEdits::PictureTarget target, const std::filesystem::path& file, std::span<const Transform> world,
                         EditSession& session) {
    const Rig& rig = document_.rig();
    int bone = target.bone;
    if (target.slot >= 0 && target.slot < static_cast<int>(rig.slots.size())) bone = rig.slots[static_cast<std::size_t>(target.slot)].bone;
    if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) {
        message_ = "Select a bone to put " + file.filename().string() + " on, then drop it again";
        return;
    }
    const Transform shown = static_cast<std::size_t>(bone) < world.size() ? world[static_cast<std::size_t>(bone)] : Transform{};
    Result<SlotEdit> added = add_picture_file(rig, document_.folder(), file, bone, target.slot, shown);
    if (!added) {
        message_ = "Not added: " + added.message();
        return;
    }
    const int slot = added.value().slot;
    const std::string name = added.value().rig.slots[static_cast<std::size_t>(slot)].name;
    const std::string label = target.slot >= 0 ? "add a drawing to " + name : "add the picture " + name;
    if (Status s = session.apply(label, std::move(added).value().rig); !s) {
        message_ = s.message();
        return;
    }
    added_slot_ = slot;
    message_ = (target.slot >= 0 ? "Added a drawing to " : "Added the picture ") + name;
}

void PictureActions::draw(std::span<const Transform> world, EditSession& session) {
    if (std::optional<std::filesystem::path> chosen = files_.draw()) add(target_, *chosen, world, session);
}

}  // namespace marionette
