#include "core/io/psd/psd_import.hpp"

#include "core/io/psd/psd_reader.hpp"
#include "core/io/psd/psd_rig_job.hpp"
#include "core/io/text_file.hpp"

namespace marionette::psd {

std::string psd_not_a_rig(const std::filesystem::path& psd_path) {
    return psd_path.string() + ": a PSD file is imported, not opened: `marionette --import " + psd_path.filename().string() +
           " --out RIG.json`, or File > Open in the editor, which asks where to write the puppet";
}

Result<ImportedRig> import_psd(std::span<const std::uint8_t> bytes, const std::string& picture_folder, ReadBudget& budget) {
    PsdRigOutput made;
    {
        // The document goes once its pictures are cut out of it.
        Result<PsdDocument> doc = read_psd(bytes, budget);
        if (!doc) return Error{doc.message()};
        const PsdRigJob job{&doc.value(), picture_folder, &made};
        if (Status s = job.validate(); !s) return Error{s.message()};
        job.run();
    }
    return finish_imported_rig(made.rig, std::move(made.pictures), std::move(made.warnings));
}

Result<ImportedRig> import_psd_file(const std::filesystem::path& psd_path, const std::filesystem::path& rig_path) {
    Result<std::vector<unsigned char>> bytes = read_binary_file(psd_path, kMaxFileBytes, "PSD file");
    if (!bytes) return Error{bytes.message()};
    ReadBudget budget;
    Result<ImportedRig> imported = import_psd(bytes.value(), imported_picture_folder(rig_path), budget);
    if (!imported) return Error{psd_path.string() + ": " + imported.message()};
    return imported;
}

}  // namespace marionette::psd
