#pragma once
// Reads a Spine skeleton's JSON (3.8 to 4.2; esotericsoftware.com/spine-json-format) into
// SpineSkeletonData: the version, bones, slots, IK constraints and skins with their
// attachments; the names of what it passes over (other constraints, events, animations). A
// value of the wrong type or out of range, a name given twice, or a bone, slot or target that
// is not there is an error naming its place: `bones[3].parent: "elbow" is not a bone before it`.

#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/json/json_field.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"

namespace marionette {

// Whether `root` is a Spine skeleton rather than a rig: an object whose `skeleton` is an object
// with a `spine` version string.
bool is_spine_skeleton(const Json& root);

// The skeleton in `text`; `warnings` receives what is read otherwise than the file says (a
// version past 4.2, read as 4.2).
Result<SpineSkeletonData> read_spine_skeleton(std::string_view text, std::vector<std::string>& warnings);
Result<SpineSkeletonData> read_spine_skeleton_json(const Json& root, std::vector<std::string>& warnings);

}  // namespace marionette
