#include "core/mesh/slot_images.hpp"

#include <map>

#include "core/image/image_decode.hpp"

namespace marionette {

namespace fs = std::filesystem;

fs::path rig_folder(const fs::path& rig_file) {
    std::error_code ec;
    fs::path folder = fs::absolute(rig_file.empty() || rig_file.parent_path().empty() ? fs::path(".") : rig_file.parent_path(), ec);
    return ec ? fs::path(".") : folder.lexically_normal();
}

Result<std::string> picture_path_from(const fs::path& folder, const fs::path& file) {
    std::error_code ec;
    const fs::path base = fs::absolute(folder, ec).lexically_normal();
    if (ec) return Error{folder.string() + ": " + ec.message()};
    const fs::path target = fs::absolute(file, ec).lexically_normal();
    if (ec) return Error{file.string() + ": " + ec.message()};
    const fs::path relative = target.lexically_relative(base);
    if (relative.empty()) return Error{file.string() + " has no path from the rig's folder " + base.string()};
    return relative.generic_string();
}

void rebase_pictures(std::vector<Slot>& slots, const fs::path& from, const fs::path& to) {
    for (Slot& slot : slots) {
        for (Attachment& a : slot.attachments) {
            if (Result<std::string> moved = picture_path_from(to, from / a.image)) a.image = std::move(moved).value();
        }
    }
}

Status slot_picture_budget(ReadBudget& budget, const std::string& image, glm::ivec2 size) {
    return budget.take(Budgeted::DecodedImageBytes, decoded_bytes(size), "the rig's pictures", "decoding \"" + image + "\"");
}

std::vector<std::string> slot_image_problems(const Rig& rig, const std::filesystem::path& folder) {
    std::map<std::string, std::string> problem_of;  // by image path: empty when it shows
    ReadBudget budget;
    std::vector<std::string> out;
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const Slot& slot = rig.slots[s];
        for (std::size_t a = 0; a < slot.attachments.size(); ++a) {
            const std::string& image = slot.attachments[a].image;
            auto it = problem_of.find(image);
            if (it == problem_of.end()) {
                std::string problem;
                Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / image);
                if (!bytes) {
                    // read_image_file names the path it was given; the file's own name reads better.
                    const std::string full = (folder / image).string();
                    problem = bytes.message().rfind(full, 0) == 0 ? bytes.message().substr(full.size() + 2) : bytes.message();
                } else if (Result<glm::ivec2> size = image_size(bytes.value()); !size) {
                    problem = size.message();
                } else if (Status within = slot_picture_budget(budget, image, size.value()); !within) {
                    problem = "is not shown: " + within.message();
                }
                it = problem_of.emplace(image, problem).first;
            }
            if (it->second.empty()) continue;
            out.push_back("slots[" + std::to_string(s) + "].attachments[" + std::to_string(a) + "].image: \"" + image + "\" " + it->second);
        }
    }
    return out;
}

}  // namespace marionette
