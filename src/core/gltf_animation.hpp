#pragma once
// The glTF importer's animations: each becomes a keyed state (gltf_import.hpp's rules).
// Internal to gltf_*.cpp.

#include <string>
#include <vector>

#include "core/gltf_skeleton.hpp"
#include "core/state.hpp"

namespace marionette::gltf {

// The file's animations as keyed states over `skeleton`, sampling CUBICSPLINE curves at `fps`.
Result<std::vector<State>> read_animations(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton,
                                           const Joints& joints, float fps, std::vector<std::string>& warnings);

}  // namespace marionette::gltf
