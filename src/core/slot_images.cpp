#include "core/slot_images.hpp"

#include <map>

#include "core/image_decode.hpp"

namespace marionette {

std::vector<std::string> slot_image_problems(const Rig& rig, const std::filesystem::path& folder) {
    std::map<std::string, std::string> problem_of;  // by image path: empty when it shows
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
