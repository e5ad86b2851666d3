#include "app/actions/resource_paths.hpp"

#include <SDL.h>

#include <cstdlib>
#include <vector>

namespace marionette {

std::optional<std::filesystem::path> find_data_dir() {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("MARIONETTE_DATA_DIR"); env && *env) candidates.emplace_back(env);
    if (char* base = SDL_GetBasePath()) {
        const std::filesystem::path exe_dir(base);
        SDL_free(base);
        candidates.push_back(exe_dir);
        candidates.push_back(exe_dir / ".." / "share" / "marionette");
    }
    for (const auto& dir : candidates) {
        std::error_code ec;
        if (std::filesystem::exists(dir / "shaders" / "bone.vert", ec)) return dir.lexically_normal();
    }
    return std::nullopt;
}

}  // namespace marionette
