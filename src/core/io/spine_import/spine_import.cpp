#include "core/io/spine_import/spine_import.hpp"

#include <system_error>

#include <algorithm>

#include "core/base/read_budget.hpp"
#include "core/io/json/json_document.hpp"
#include "core/io/spine_import/spine_rig_job.hpp"
#include "core/io/spine_import/spine_skeleton_reader.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

// A skeleton's JSON is read whole; atlases are small texts.
constexpr std::uintmax_t kMaxAtlasBytes = 16ull * 1024 * 1024;

std::string without_pma(const std::string& stem) {
    const std::string suffix = "-pma";
    return stem.size() > suffix.size() && stem.ends_with(suffix) ? stem.substr(0, stem.size() - suffix.size()) : stem;
}

}  // namespace

bool is_spine_skeleton_file(const std::filesystem::path& path) {
    if (lowercase_extension(path) != ".json") return false;
    Result<std::string> text = read_text_file(path, kMaxFileBytes, "Spine skeleton");
    if (!text) return false;
    Result<Json> document = parse_json_document(text.value());
    return document && is_spine_skeleton(document.value());
}

std::string spine_not_a_rig(const std::filesystem::path& json_path) {
    return json_path.string() + ": a Spine skeleton is imported, not opened: `marionette --import " + json_path.filename().string() +
           " --out RIG.json`, or File > Open in the editor, which asks where to write the puppet";
}

std::optional<std::filesystem::path> find_spine_atlas(const std::filesystem::path& json_path) {
    const std::filesystem::path folder = folder_of(json_path);
    const std::string stem = json_path.stem().string();
    std::vector<std::filesystem::path> atlases;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_error;
        if (it->is_regular_file(type_error) && lowercase_extension(it->path()) == ".atlas") atlases.push_back(it->path());
    }
    std::sort(atlases.begin(), atlases.end());
    const std::filesystem::path* best = nullptr;
    std::size_t best_length = 0;
    for (const std::filesystem::path& a : atlases) {
        const std::string a_stem = a.stem().string();
        if (a_stem == stem) return a;
        const std::string base = without_pma(a_stem);
        // The longest name the skeleton's starts with wins; of two as long, the one without
        // "-pma" (its colours need no dividing).
        if (stem.starts_with(base) && (base.size() > best_length || (base.size() == best_length && best && a_stem == base))) {
            best = &a;
            best_length = base.size();
        }
    }
    if (best) return *best;
    if (atlases.size() == 1) return atlases.front();
    return std::nullopt;
}

Result<ImportedRig> import_spine(std::string_view json_text, const SpineAtlas* atlas, std::span<const DecodedImage> pages,
                                 const std::string& picture_folder, std::vector<std::string> warnings) {
    Result<SpineSkeletonData> data = read_spine_skeleton(json_text, warnings);
    if (!data) return Error{data.message()};
    SpineRigOutput made;
    const SpineRigJob job{&data.value(), atlas, pages, picture_folder, &made};
    if (Status s = job.validate(); !s) return Error{s.message()};
    job.run();
    warnings.insert(warnings.end(), made.warnings.begin(), made.warnings.end());
    return finish_imported_rig(made.rig, std::move(made.pictures), std::move(warnings));
}

Result<ImportedRig> import_spine_file(const std::filesystem::path& json_path, const std::filesystem::path& rig_path) {
    Result<std::string> text = read_text_file(json_path, kMaxFileBytes, "Spine skeleton");
    if (!text) return Error{text.message()};
    std::vector<std::string> warnings;
    std::optional<SpineAtlas> atlas;
    std::vector<DecodedImage> pages;
    if (const std::optional<std::filesystem::path> atlas_path = find_spine_atlas(json_path)) {
        Result<std::string> atlas_text = read_text_file(*atlas_path, kMaxAtlasBytes, "Spine atlas");
        if (!atlas_text) return Error{atlas_text.message()};
        Result<SpineAtlas> read = read_spine_atlas(atlas_text.value());
        if (!read) return Error{atlas_path->string() + ": " + read.message()};
        atlas = std::move(read).value();
        for (const std::string& p : atlas->passed_over) warnings.push_back(atlas_path->filename().string() + ": " + p + " passed over");
        const std::filesystem::path folder = folder_of(*atlas_path);
        for (const SpineAtlasPage& page : atlas->pages) {
            DecodedImage image;
            Result<std::vector<std::uint8_t>> bytes = read_image_file(folder / page.file);
            Result<DecodedImage> decoded = bytes ? decode_image(bytes.value()) : Result<DecodedImage>(Error{bytes.message()});
            if (decoded) {
                image = std::move(decoded).value();
                if (page.size != glm::ivec2(0) && page.size != glm::ivec2(image.width, image.height))
                    warnings.push_back(page.file + ": " + std::to_string(image.width) + " x " + std::to_string(image.height) +
                                       " pixels, the atlas says " + std::to_string(page.size.x) + " x " + std::to_string(page.size.y));
            } else {
                warnings.push_back("atlas page " + page.file + ": " + decoded.message());
            }
            pages.push_back(std::move(image));
        }
    }
    Result<ImportedRig> imported =
        import_spine(text.value(), atlas ? &*atlas : nullptr, pages, imported_picture_folder(rig_path), std::move(warnings));
    if (!imported) return Error{json_path.string() + ": " + imported.message()};
    return imported;
}

}  // namespace marionette
