#include "core/io/spine/spine_pictures.hpp"

#include <set>

#include "core/image/image_decode.hpp"
#include "core/io/spine/spine_names.hpp"

namespace marionette {

namespace {

// A character an atlas line cannot hold as it is: a line break or other control character, or
// the ':' that makes a region's name read as one of its fields.
bool unsafe_in_atlas(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f || c == ':';
}

std::string safe_part(const std::string& part) {
    std::string out = part;
    for (char& c : out) {
        if (unsafe_in_atlas(c)) c = '_';
    }
    return out;
}

// The rig's image path cut into its region name and its extension: "./io/../io/head.png" gives
// "io/__/io/head" and ".png". Empty and "." parts are dropped and ".." parts renamed, so that
// "images/" + the name stays inside the images folder; the whole has no character an atlas
// line cannot hold, and no space at either end (atlas readers trim lines).
std::pair<std::string, std::string> region_name_of(const std::string& image) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= image.size()) {
        const std::size_t slash = image.find('/', start);
        const std::string part = image.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (part == "..") {
            parts.push_back("__");
        } else if (!part.empty() && part != ".") {
            parts.push_back(safe_part(part));
        }
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    std::string extension;
    if (!parts.empty()) {
        std::string& last = parts.back();
        const std::size_t dot = last.rfind('.');
        if (dot != std::string::npos && dot > 0) {
            extension = last.substr(dot);
            last.erase(dot);
        }
    }
    std::string name;
    for (const std::string& part : parts) name += (name.empty() ? "" : "/") + part;
    if (name.empty()) name = "picture";
    if (name.front() == ' ') name.front() = '_';
    if (name.back() == ' ') name.back() = '_';
    if (!extension.empty() && extension.back() == ' ') extension.back() = '_';
    return {name, extension};
}

}  // namespace

SpinePictures read_spine_pictures(const Rig& rig, const std::filesystem::path& folder) {
    SpinePictures out;
    for (const Slot& slot : rig.slots) {
        for (const Attachment& a : slot.attachments) {
            if (out.count(a.image) > 0) continue;
            SpinePicture picture;
            Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / a.image);
            if (!bytes) {
                // read_image_file names the path it was given; the rig's own name reads better.
                const std::string full = (folder / a.image).string();
                picture.problem = bytes.message().rfind(full, 0) == 0 ? bytes.message().substr(full.size() + 2) : bytes.message();
            } else if (Result<glm::ivec2> size = image_size(bytes.value()); !size) {
                picture.problem = size.message();
            } else {
                picture.pixels = size.value();
            }
            out.emplace(a.image, std::move(picture));
        }
    }
    return out;
}

SpineRegions plan_spine_regions(const Rig& rig, const SpinePictures& pictures, std::vector<std::string>& warnings) {
    SpineRegions out;
    std::set<std::string> taken;
    std::map<std::string, std::string> users;  // the attachments showing each missing picture, for its warning
    for (const Slot& slot : rig.slots) {
        for (const Attachment& a : slot.attachments) {
            if (out.by_image.count(a.image) == 0) {
                const auto [base, extension] = region_name_of(a.image);
                SpineRegion region;
                region.image = a.image;
                region.name = take_unique_name(base, taken);
                region.page = "images/" + region.name + extension;
                const auto picture = pictures.find(a.image);
                region.present = picture != pictures.end() && picture->second.problem.empty();
                if (region.present) region.pixels = picture->second.pixels;
                out.by_image.emplace(a.image, out.regions.size());
                out.regions.push_back(std::move(region));
            }
            if (!out.regions[out.by_image.at(a.image)].present) {
                std::string& list = users[a.image];
                list += (list.empty() ? "" : ", ") + std::string("\"") + slot.name + "/" + a.name + "\"";
            }
        }
    }
    for (const SpineRegion& region : out.regions) {
        if (region.present) continue;
        const auto picture = pictures.find(region.image);
        const std::string why = picture == pictures.end() ? "was not read" : picture->second.problem;
        warnings.push_back("picture \"" + region.image + "\" " + why + ": not copied and not in the atlas; its attachments (" +
                           users[region.image] + ") are exported in their place, with the path \"" + region.name + "\"");
    }
    return out;
}

}  // namespace marionette
