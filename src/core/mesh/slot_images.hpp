#pragma once
// The pictures a rig's slots name, looked at without drawing them: which are missing or do not
// decode. A rig still opens and saves without them (it keeps each picture's name and size);
// these lines say which, for the command line's warnings and the editor's.

#include <filesystem>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// The folder a rig file's picture paths lead from: its own, absolute (the working folder for
// an empty path).
std::filesystem::path rig_folder(const std::filesystem::path& rig_file);

// `file` as a rig in `folder` names it: relative, '/' between parts ("parts/eye.png",
// "../shared/eye.png"), or why it cannot be (on another drive).
Result<std::string> picture_path_from(const std::filesystem::path& folder, const std::filesystem::path& file);

// The slots' picture paths, relative to `from`, made relative to `to` instead (for a rig
// written to another folder than the one its paths lead from). A path with no way from `to`
// is kept as it is.
void rebase_pictures(std::vector<Slot>& slots, const std::filesystem::path& from, const std::filesystem::path& to);

// Counts the decoded bytes of the picture `image`, of `size` (image_size), against `budget`,
// which holds the rig's pictures together, as one file's (read_budget.hpp): the editor draws
// them all, and forty of 8192 x 8192 would take 10 GB. Past it: "the rig's pictures: decoding
// \"big.png\" would make 268,435,456 bytes of decoded pictures (...); the limit is 1,073,741,824".
Status slot_picture_budget(ReadBudget& budget, const std::string& image, glm::ivec2 size);

// One line per attachment whose picture, read from `folder` (the rig file's), cannot be shown:
// `slots[0].attachments[1].image: "eyes.png" cannot open: No such file or directory`, or past
// the pictures' budget (slot_picture_budget). Each file is read once however many attachments
// name it; only its header is decoded.
std::vector<std::string> slot_image_problems(const Rig& rig, const std::filesystem::path& folder);

}  // namespace marionette
