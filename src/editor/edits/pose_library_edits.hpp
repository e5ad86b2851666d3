#pragma once
// The pose library and the pose clipboard as edits (one undo step each, edits.hpp's rules):
// storing the selected bones' pose under a name in the rig, renaming and deleting stored poses,
// applying one with a weight (0: nothing, 1: the stored pose; between, each bone part of the
// way), and pasting a copied pose, as it was or flipped onto the other side.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"
#include "core/rig/stored_pose_json.hpp"

namespace marionette {

// A name for a new stored pose: `base`, or `base.001`, ... when taken.
std::string unique_pose_name(const Rig& rig, std::string_view base);

// Stores `bones`' pose (every bone when empty) as a new pose at the end of the library. The
// name must be non-empty, valid UTF-8 and not another stored pose's.
Result<Rig> store_pose(const Rig& rig, std::string_view name, std::span<const int> bones);
Result<Rig> rename_stored_pose(const Rig& rig, int pose, std::string_view name);
Result<Rig> delete_stored_pose(const Rig& rig, int pose);
// The stored pose's bones blended `weight` of the way from their pose to it (a number in [0, 1]).
Result<Rig> apply_stored_pose(const Rig& rig, int pose, float weight);

// The copied pose on the bones of the same names; with `flipped`, mirrored across `axis` (the
// rig's side axis, mirror_pairs.hpp) onto each bone's twin (a bone without one, onto itself),
// as Blender's "Paste X-Flipped Pose". The bones the clip names that this rig lacks are listed,
// not an error, unless it names none of the rig's bones; a clip of the other dimensions is
// refused.
struct PastedPose {
    Rig rig;
    std::vector<std::string> missing;  // names in the clip that are no bone here
};
Result<PastedPose> paste_pose(const Rig& rig, const CopiedPose& clip, bool flipped, const glm::vec3& axis);

}  // namespace marionette
