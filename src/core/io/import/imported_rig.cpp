#include "core/io/import/imported_rig.hpp"

#include "core/image/png_encode.hpp"
#include "core/io/import/unique_names.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

std::string imported_picture_folder(const std::filesystem::path& rig_path) { return picture_file_stem(rig_path.stem().string()); }

bool is_picture_folder(const std::string& folder) {
    if (folder.empty() || folder.front() == '/' || folder.find('\\') != std::string::npos) return false;
    std::size_t start = 0;
    while (start <= folder.size()) {
        const std::size_t end = std::min(folder.find('/', start), folder.size());
        const std::string_view part = std::string_view(folder).substr(start, end - start);
        if (part.empty() || part == "." || part == "..") return false;
        start = end + 1;
    }
    return true;
}

Result<ImportedRig> finish_imported_rig(const Rig& rig, std::vector<RigPicture> pictures, std::vector<std::string> warnings) {
    ImportedRig out;
    // What the import made is held to the loader's own rules: written and read back, so an
    // imported rig is always one the editor opens and saves.
    Result<std::string> text = serialize_rig(rig);
    if (!text) return Error{"the imported rig cannot be kept: " + text.message()};
    Result<Rig> checked = parse_rig(text.value());
    if (!checked) return Error{"the imported rig breaks a rule of the rig format: " + checked.message()};
    out.rig = std::move(checked).value();
    out.rig_json = std::move(text).value();
    out.warnings = std::move(warnings);
    out.pictures.reserve(pictures.size());
    for (RigPicture& p : pictures) {
        std::string png = encode_png(p.rgba, p.width, p.height);
        if (png.empty()) return Error{p.image + ": the PNG encoder failed (out of memory)"};
        out.pictures.push_back(ImportedPicture{p.image, p.width, p.height, std::move(png)});
        p.rgba = {};
    }
    return out;
}

std::vector<FileSetMember> imported_rig_files(const ImportedRig& imported, const std::filesystem::path& rig_path) {
    std::vector<FileSetMember> set;
    const std::filesystem::path folder = folder_of(rig_path);
    for (const ImportedPicture& p : imported.pictures) set.push_back(FileSetMember{folder / p.image, p.png, true});
    set.push_back(FileSetMember{rig_path, imported.rig_json});
    return set;
}

Status write_imported_rig(const ImportedRig& imported, const std::filesystem::path& rig_path, WriteOptions options) {
    return write_file_set(imported_rig_files(imported, rig_path), FileSetOptions{options});
}

}  // namespace marionette
