#pragma once
// Reading a glTF accessor's numbers, checked against its buffer view and buffer so a file
// cannot make the importer read past its data. Internal to gltf_*.cpp.

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.hpp"

namespace tinygltf {
class Model;
}

namespace marionette::gltf {

// What component types an accessor of numbers may have.
enum class Numbers {
    Floats,            // float only (animation times and values, positions, normals)
    FloatsOrUnitInts,  // float, or unsigned byte/short normalized to [0, 1] (weights, uvs)
};

// How many elements an accessor holds, from its count alone (nothing is read), so that what it
// would make can be counted against the file's budget (read_budget.hpp) first.
Result<std::size_t> element_count(const tinygltf::Model& model, int accessor, const std::string& where);

// The numbers an accessor holds, `components` per element (1 scalar, 2 vec2, 3 vec3, 4 vec4,
// 16 mat4), all finite; `where` names it in errors ("animations[0].samplers[2].input"). An
// accessor of more than `max_elements` elements is refused before anything is allocated: every
// caller says how many it can take.
Result<std::vector<float>> read_floats(const tinygltf::Model& model, int accessor, int components, const std::string& where,
                                       std::size_t max_elements, Numbers numbers = Numbers::Floats);

// The unsigned integers an accessor holds (unsigned byte, short or int), `components` per
// element: indices and joint numbers.
Result<std::vector<std::uint32_t>> read_unsigned(const tinygltf::Model& model, int accessor, int components, const std::string& where,
                                                 std::size_t max_elements);

}  // namespace marionette::gltf
