#pragma once
// The glTF importer's contract, checked on any bytes (read as a .glb when they start with its
// magic "glTF", else as .gltf JSON, with no folder: no file is read): the import fails with a
// message, or gives a rig that every loaded rig's checks pass (rig_loader_check.hpp: well
// formed, finite everywhere, states play, chains solve, saves and loads back the same), with
// warnings that each say something.
//
// The fuzz target (gltf_import_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_gltf_bytes(std::string_view bytes);

}  // namespace marionette::fuzzing
