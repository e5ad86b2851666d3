#pragma once
// The glTF importer's animations: each becomes a keyed state (gltf_import.hpp's rules).
// Internal to gltf_*.cpp.

#include <string>
#include <vector>

#include "core/anim/state.hpp"
#include "core/base/read_budget.hpp"
#include "core/io/gltf/gltf_skeleton.hpp"

namespace marionette::gltf {

// The file's animations as keyed states over `skeleton`, sampling CUBICSPLINE curves at `fps`.
// Every key made, as read or sampled, is counted against `budget` before it is made.
Result<std::vector<State>> read_animations(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints,
                                           float fps, ReadBudget& budget, std::vector<std::string>& warnings);

}  // namespace marionette::gltf
