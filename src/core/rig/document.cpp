#include "core/rig/document.hpp"

#include <atomic>

#include <nlohmann/json.hpp>

#include "core/io/gltf/gltf_import.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

std::uint64_t Document::next_revision() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

Document Document::unsaved(Rig rig, std::filesystem::path path, std::optional<FileIdentity> disk) {
    Document d(std::move(rig), std::move(path), disk);
    d.modified_ = true;
    return d;
}

Rig Document::rig_for_file() const {
    Rig rig = rig_;
    if (!path_.empty() && !rig.slots.empty()) rebase_pictures(rig.slots, folder_, rig_folder(path_));
    return rig;
}

Status Document::open(const std::filesystem::path& path) {
    if (psd::is_psd_path(path)) return Error{psd::psd_not_a_rig(path)};
    if (is_gltf_path(path)) {
        Result<GltfImport> imported = import_gltf_file(path);
        if (!imported) return imported.status();
        rig_ = std::move(imported.value().rig);
        import_warnings_ = std::move(imported.value().warnings);
        imported_from_ = path;
        path_.clear();
        folder_ = rig_folder(path);
        disk_.reset();
        modified_ = true;
        revision_ = next_revision();
        return {};
    }
    // The identity is taken first: should the file change while it loads, the next check
    // reports a change rather than missing one.
    Result<FileIdentity> identity = identify_file(path, kMaxRigFileBytes);
    Result<Rig> loaded = load_rig_file(path);
    if (!loaded) return loaded.status();
    rig_ = std::move(loaded).value();
    path_ = path;
    folder_ = rig_folder(path);
    disk_ = identity ? std::optional<FileIdentity>(identity.value()) : std::nullopt;
    imported_from_.clear();
    import_warnings_.clear();
    modified_ = false;
    revision_ = next_revision();
    return {};
}

void Document::set_view_data(Json view) {
    if (view != view_.json()) view_ = EditorData(std::move(view));
}

Status Document::save(WriteOptions options) {
    if (path_.empty()) return Error{"the document has no file yet: use Save As"};
    return save_as(path_, options);
}

Status Document::save_as(const std::filesystem::path& path, WriteOptions options) {
    // The view's keys in the rig's editor data for the writing only: the rig itself is unchanged.
    EditorData kept = rig_.editor;
    if (const Json& view = view_.json(); view.is_object()) {
        for (auto it = view.begin(); it != view.end(); ++it) rig_.editor.json()[it.key()] = it.value();
    }
    // Pictures named from the folder the file goes to (rig_for_file).
    const std::filesystem::path file_folder = rig_folder(path);
    Result<std::string> text = Error{""};
    if (rig_.slots.empty() || file_folder == folder_) {
        text = write_rig_file(rig_, path, options);
    } else {
        Rig moved = rig_;
        rebase_pictures(moved.slots, folder_, file_folder);
        text = write_rig_file(moved, path, options);
    }
    rig_.editor = std::move(kept);
    if (!text) return text.status();
    Result<FileIdentity> identity = identify_written_file(path, text.value());
    disk_ = identity ? std::optional<FileIdentity>(identity.value()) : std::nullopt;
    path_ = path;
    modified_ = false;
    return {};
}

DiskCheck Document::check_disk(CheckDepth depth) const {
    if (path_.empty() || !disk_) return {};
    return check_file(path_, *disk_, depth, kMaxRigFileBytes);
}

std::string Document::display_name() const {
    if (!path_.empty()) return path_.filename().string();
    if (!imported_from_.empty()) return imported_from_.filename().string() + " (imported)";
    return "untitled";
}

}  // namespace marionette
