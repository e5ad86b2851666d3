#pragma once
// The glTF importer's contract, checked on any bytes (read as a .glb when they start with its
// magic "glTF", else as .gltf JSON), once with no folder (no file is read) and once in a folder
// holding a buffer, a subfolder, a FIFO, a 1 GB sparse file, a link out of the folder and a
// picture beside a file outside it (fuzz_model_folder): the import fails with a message, or gives
// a rig that every loaded rig's checks pass (rig_loader_check.hpp: well formed, finite
// everywhere, states play, chains solve, saves and loads back the same), with warnings that each
// say something. A URI that hangs shows as the fuzzer's time-out; that nothing outside the
// folder is read, gltf_files_test checks.
//
// The fuzz target (gltf_import_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <filesystem>
#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

// The folder the second import reads from, made once a process in its temporary folder:
// model.bin and sub/deeper.bin (64 zero bytes each), sub/ itself, pipe.bin (a FIFO), huge.bin
// (1 GB, sparse), link.bin (a link to ../outside.bin) and image.png (one pixel).
const std::filesystem::path& fuzz_model_folder();

Violation check_gltf_bytes(std::string_view bytes);

}  // namespace marionette::fuzzing
