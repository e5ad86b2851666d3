#pragma once
// Stored poses as JSON (docs/rig-format.md, "Poses"): the rig file's pose library and the pose
// on the clipboard. Both write each bone's values by name, leaving out what is at rest:
//   {"arm_l_upper": {"rotation": 30, "translation": [2, 0], "scale": [1.2, 1]}, ...}
// (a 3D rotation is a quaternion [x, y, z, w], vectors have three numbers).

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/json/json_field.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The rig file's "poses": [{"name": "wave", "bones": {...}}, ...].
Json stored_poses_json(const Rig& rig);
// Reads them, with the place of the first problem (`poses[1].bones: "tail" is not a bone`).
std::vector<StoredPose> read_stored_poses_json(const JsonField& f, const Skeleton& skeleton, int dims);

// The clipboard's text: {"format": "marionette-pose", "version": 1, "dimensions": 2,
// "bones": {...}} for `bones` of the rig's pose (every bone when empty).
inline constexpr const char* kPoseClipboardFormat = "marionette-pose";
std::string pose_clipboard_text(const Rig& rig, std::span<const int> bones);

// A pose read from the clipboard: bones by name (their BonePose::bone is -1), to be found in
// whichever rig it is pasted into.
struct CopiedPose {
    Dimensions dimensions = Dimensions::Two;
    std::vector<std::pair<std::string, BonePose>> bones;
};
// Text that is not such a pose is an error saying so (another program's clipboard, a rig).
Result<CopiedPose> parse_pose_clipboard(std::string_view text);

}  // namespace marionette
