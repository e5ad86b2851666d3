#include "core/mesh/skin.hpp"

#include <set>

#include "core/mesh/slot.hpp"

namespace marionette {

int drawn_attachment(const Slot& slot, int asked, int skin) {
    if (asked < 0 || asked >= static_cast<int>(slot.attachments.size())) return -1;
    const std::string& name = slot.attachments[static_cast<std::size_t>(asked)].name;
    int own = -1;
    for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
        const Attachment& at = slot.attachments[a];
        if (at.name != name) continue;
        if (skin >= 0 && at.skin == skin) return static_cast<int>(a);
        if (at.skin < 0) own = static_cast<int>(a);
    }
    return own;
}

int find_skin(const std::vector<Skin>& skins, const std::string& name) {
    for (std::size_t i = 0; i < skins.size(); ++i) {
        if (skins[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::optional<std::string> skins_problem(const std::vector<Skin>& skins, int shown) {
    std::set<std::string> names;
    for (std::size_t i = 0; i < skins.size(); ++i) {
        const std::string place = "skins[" + std::to_string(i) + "]";
        if (skins[i].name.empty()) return place + ": a skin's name must not be empty";
        if (!names.insert(skins[i].name).second) return place + ": \"" + skins[i].name + "\" names another skin too";
    }
    if (shown < -1 || shown >= static_cast<int>(skins.size())) return std::string("skin: not one of the rig's skins");
    return std::nullopt;
}

}  // namespace marionette
