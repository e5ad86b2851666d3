#include "editor/files/numbered_path.hpp"

#include <string>

namespace marionette {

Result<std::filesystem::path> next_numbered_path(const std::filesystem::path& folder, const std::string& stem,
                                                 const std::string& extension) {
    for (int i = 1; i <= 999; ++i) {
        std::string number = std::to_string(i);
        number.insert(0, 3 - number.size(), '0');
        std::filesystem::path candidate = folder / (stem + "-" + number + extension);
        std::error_code ec;
        const bool taken = std::filesystem::exists(candidate, ec);
        if (ec) return Error{candidate.string() + ": " + ec.message()};
        if (!taken) return candidate;
    }
    return Error{(folder / (stem + "-999" + extension)).string() + ": every numbered name up to 999 is taken"};
}

}  // namespace marionette
