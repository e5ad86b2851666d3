#pragma once
// The pictures a rig's slots name, looked at without drawing them: which are missing or do not
// decode. A rig still opens and saves without them (it keeps each picture's name and size);
// these lines say which, for the command line's warnings and the editor's.

#include <filesystem>
#include <string>
#include <vector>

#include "core/rig.hpp"

namespace marionette {

// One line per attachment whose picture, read from `folder` (the rig file's), cannot be shown:
// `slots[0].attachments[1].image: "eyes.png" cannot open: No such file or directory`. Each file is read once however many attachments name it; only its header
// is decoded.
std::vector<std::string> slot_image_problems(const Rig& rig, const std::filesystem::path& folder);

}  // namespace marionette
