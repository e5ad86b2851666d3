#pragma once
// Putting a picture file on a bone, as the editor's "Add picture" (the chooser, or a file
// dropped on the window) does: the file is read only as far as its header, to check it is a
// picture this reads (PNG or JPEG within the size rule) and to learn its size; the rig names it
// by a path relative to its folder, '/' between parts, so the rig and its pictures move
// together.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "editor/edits/slot_edits.hpp"

namespace marionette {

// What the picture chooser lists.
inline constexpr std::string_view kPictureExtensions[] = {".png", ".jpg", ".jpeg"};

// Whether `file` is named as a picture (by its extension, any case): a file dropped on the
// window is put on a bone rather than opened.
bool is_picture_path(const std::filesystem::path& file);

// The pixels a rig unit of the rig's pictures holds: the first picture in slot order that reads
// (its width in pixels over its size in units), else 1.
float pixels_per_unit(const Rig& rig, const std::filesystem::path& folder);

// Adds picture `file` to the rig in `folder` (named as picture_path_from, slot_images.hpp, names it): as a new slot on `bone` (slot -1), or as another
// drawing in `slot`, at the rig's pixels_per_unit. `bone_world` is the bone's frame as shown
// (slot_edits.hpp). Fails, naming
// the file, when it cannot be read or is not a picture this reads.
Result<SlotEdit> add_picture_file(const Rig& rig, const std::filesystem::path& folder, const std::filesystem::path& file, int bone,
                                  int slot, const Transform& bone_world);

}  // namespace marionette
