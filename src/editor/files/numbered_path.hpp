#pragma once
// Names for files the editor writes on its own (viewport screenshots): the first of
// "<stem>-001<ext>", "<stem>-002<ext>", ... that does not exist yet in the folder.

#include <filesystem>
#include <string>

#include "core/base/result.hpp"

namespace marionette {

// Fails only when all 999 names are taken.
Result<std::filesystem::path> next_numbered_path(const std::filesystem::path& folder, const std::string& stem,
                                                 const std::string& extension);

}  // namespace marionette
