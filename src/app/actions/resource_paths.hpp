#pragma once

#include <filesystem>
#include <optional>

namespace marionette {

// The folder holding shaders/ and assets/: the one beside the executable (the build tree), or
// ../share/marionette from it (an install). MARIONETTE_DATA_DIR overrides both.
std::optional<std::filesystem::path> find_data_dir();

}  // namespace marionette
