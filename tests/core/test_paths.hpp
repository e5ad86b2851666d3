#pragma once
// Where the tests find the shipped rigs and their own data (the test targets define both macros),
// named once for every test file: compiled together in one batch (a unity build), two files'
// own definitions of the same name would clash.

#include <filesystem>
#include <string>

namespace marionette::testing {

inline const std::string kAssets = MARIONETTE_ASSETS;
inline const std::string kHeroRigFile = kAssets + "/hero.json";
// The shipped arm rig, and the glTF files other programs exported (tests/data/gltf).
inline const std::filesystem::path kArmRigFile = std::filesystem::path(kAssets) / "arm.json";
inline const std::filesystem::path kGltfData = std::filesystem::path(MARIONETTE_TEST_DATA) / "gltf";

}  // namespace marionette::testing
