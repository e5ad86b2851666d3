#pragma once
// A glTF's JSON read once by the project's own rules before tinygltf reads it, so that what
// tinygltf would get wrong or say without a place is refused here with the file's own place:
// - nesting past kMaxJsonDepth (json_document.hpp): tinygltf copies `extras` and `extensions`
//   recursively, and a file nested 100,000 deep overflowed the stack;
// - the numbers that locate data: every index into another array (`accessors[3].bufferView: -7
//   is not a buffer view`), counts, offsets, lengths and strides (`bufferViews[2].byteStride:
//   2147483644 is not a multiple of 4 from 4 to 252`), which tinygltf reports without the place,
//   or not at all. Internal to gltf_*.cpp.

#include <string_view>

#include "core/base/result.hpp"

namespace marionette::gltf {

Status check_gltf_json(std::string_view json);

}  // namespace marionette::gltf
