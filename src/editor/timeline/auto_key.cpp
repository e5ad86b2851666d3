#include "editor/timeline/auto_key.hpp"

#include "core/anim/state_machine.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/key_edits.hpp"

namespace marionette {

Result<KeyedDrag> key_drag(const Rig& before, const Rig& dragged, const Pose& shown, AutoKey at) {
    // What the drag made of the shown pose. Moving the whole puppet (a root drag) keys as the
    // roots' translations: the root offset is the rig pose's, not a state's.
    Pose posed = dragged.pose;
    const glm::vec3 moved_by = posed.root_offset - shown.root_offset;
    posed.root_offset = shown.root_offset;
    const Skeleton& skeleton = dragged.skeleton;
    std::vector<int> changed;
    for (std::size_t b = 0; b < skeleton.size() && posed.fits(skeleton.size()) && shown.fits(skeleton.size()); ++b) {
        if (skeleton[b].parent < 0) posed.translations[b] += moved_by;
        if (posed.rotations[b] != shown.rotations[b] || posed.translations[b] != shown.translations[b] ||
            posed.scales[b] != shown.scales[b]) {
            changed.push_back(static_cast<int>(b));
        }
    }
    Result<Rig> keyed = key_bones(dragged, at.state, changed, at.time, posed);
    if (!keyed) return Error{keyed.message()};
    KeyedDrag out{std::move(keyed).value(), {}};
    out.rig.pose = before.pose;  // the rig's own pose is not what was keyed
    if (changed.empty()) {
        out.label = "Move pole";  // a pole drag that turned nothing; the pole it moved stays moved
        return out;
    }
    const std::string* state = state_name(dragged, at.state);
    const std::string what =
        changed.size() == 1 ? skeleton[static_cast<std::size_t>(changed[0])].name : std::to_string(changed.size()) + " bones";
    out.label = "Key " + what + " at " + edit_checks::number_text(at.time) + " s" + (state ? " in " + *state : std::string());
    return out;
}

}  // namespace marionette
