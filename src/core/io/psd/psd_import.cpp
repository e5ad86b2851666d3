#include "core/io/psd/psd_import.hpp"

#include "core/image/png_encode.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/io/psd/psd_rig_job.hpp"
#include "core/io/psd/psd_rig_names.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette::psd {

std::string psd_picture_folder(const std::filesystem::path& rig_path) { return picture_file_stem(rig_path.stem().string()); }

std::string psd_not_a_rig(const std::filesystem::path& psd_path) {
    return psd_path.string() + ": a PSD file is imported, not opened: `marionette --import " + psd_path.filename().string() +
           " --out RIG.json`, or File > Open in the editor, which asks where to write the puppet";
}

Result<PsdImport> import_psd(std::span<const std::uint8_t> bytes, const std::string& picture_folder, ReadBudget& budget) {
    PsdRigOutput made;
    {
        // The document goes once its pictures are cut out of it.
        Result<PsdDocument> doc = read_psd(bytes, budget);
        if (!doc) return Error{doc.message()};
        const PsdRigJob job{&doc.value(), picture_folder, &made};
        if (Status s = job.validate(); !s) return Error{s.message()};
        job.run();
    }
    PsdImport out;
    // What the import made is held to the loader's own rules: written and read back, so an
    // imported rig is always one the editor opens and saves.
    Result<std::string> text = serialize_rig(made.rig);
    if (!text) return Error{"the imported rig cannot be kept: " + text.message()};
    Result<Rig> checked = parse_rig(text.value());
    if (!checked) return Error{"the imported rig breaks a rule of the rig format: " + checked.message()};
    out.rig = std::move(checked).value();
    out.rig_json = std::move(text).value();
    out.warnings = std::move(made.warnings);
    out.pictures.reserve(made.pictures.size());
    for (PsdPicture& p : made.pictures) {
        std::string png = encode_png(p.rgba, p.width, p.height);
        if (png.empty()) return Error{p.image + ": the PNG encoder failed (out of memory)"};
        out.pictures.push_back(PsdImportedPicture{p.image, p.width, p.height, std::move(png)});
        p.rgba = {};
    }
    return out;
}

Result<PsdImport> import_psd_file(const std::filesystem::path& psd_path, const std::filesystem::path& rig_path) {
    Result<std::vector<unsigned char>> bytes = read_binary_file(psd_path, kMaxFileBytes, "PSD file");
    if (!bytes) return Error{bytes.message()};
    ReadBudget budget;
    Result<PsdImport> imported = import_psd(bytes.value(), psd_picture_folder(rig_path), budget);
    if (!imported) return Error{psd_path.string() + ": " + imported.message()};
    return imported;
}

std::vector<FileSetMember> psd_import_files(const PsdImport& imported, const std::filesystem::path& rig_path) {
    std::vector<FileSetMember> set;
    const std::filesystem::path folder = folder_of(rig_path);
    for (const PsdImportedPicture& p : imported.pictures) set.push_back(FileSetMember{folder / p.image, p.png, true});
    set.push_back(FileSetMember{rig_path, imported.rig_json});
    return set;
}

Status write_psd_import(const PsdImport& imported, const std::filesystem::path& rig_path, WriteOptions options) {
    return write_file_set(psd_import_files(imported, rig_path), FileSetOptions{options});
}

}  // namespace marionette::psd
