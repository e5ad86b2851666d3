#pragma once
// The open document: a rig, the file it came from, and whether it has unsaved changes.
// Opening replaces the rig only when the whole file loaded; a failure leaves it as it was.
// It also remembers the version of its file it last read or wrote (file_identity.hpp), so a
// change made on disk by someone else is noticed before a save overwrites it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_identity.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/editor_data.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

class Document {
public:
    Document() = default;
    // A rig that is its file's contents (or has no file yet when `path` is empty); `disk` is that
    // file's identity when known.
    Document(Rig rig, std::filesystem::path path, std::optional<FileIdentity> disk = std::nullopt)
        : rig_(std::move(rig)), path_(std::move(path)), disk_(disk), folder_(rig_folder(path_)) {}
    // A rig with unsaved changes to the file at `path` (empty: untitled), such as a recovery
    // copy; `disk` is the identity the file had when those changes began, when known.
    static Document unsaved(Rig rig, std::filesystem::path path, std::optional<FileIdentity> disk);

    const Rig& rig() const { return rig_; }
    const std::filesystem::path& path() const { return path_; }
    // The folder the rig's relative paths (its slots' pictures) lead from, absolute: its file's
    // when it was opened or made (the working folder while it has none). It stays that folder
    // when Save As writes elsewhere, which writes the paths made relative to the new file's
    // folder: the rig, its undo steps and the pictures added later keep one folder.
    const std::filesystem::path& folder() const { return folder_; }
    // The rig as its file holds it: picture paths relative to the file's folder.
    Rig rig_for_file() const;
    bool modified() const { return modified_; }
    // The identity of the document's file as last read or written here; none for a document
    // without a file, or when it could not be read.
    const std::optional<FileIdentity>& disk() const { return disk_; }
    // Names the rig as it is now: a new number after any change (edits, undo, redo, open),
    // never one another document in the process had, so something computed from a rig at one
    // revision (a copy, compiled clips) is known to be current while the revision stays.
    std::uint64_t revision() const { return revision_; }

    // A rig file, or a glTF file imported (gltf_import.hpp): then the document has no file yet
    // (Save asks where; the glTF file is never written over) and is unsaved, and the file it
    // came from and what the import left out are kept for the editor to show.
    Status open(const std::filesystem::path& path);
    const std::filesystem::path& imported_from() const { return imported_from_; }
    // What the window's title and the editor's questions call the document: its file's name,
    // else the file it was imported from ("robot.glb (imported)"), else "untitled".
    std::string display_name() const;
    const std::vector<std::string>& import_warnings() const { return import_warnings_; }
    // `options`: whether a read-only file may be replaced (the editor asks first).
    Status save(WriteOptions options = {});
    Status save_as(const std::filesystem::path& path, WriteOptions options = {});

    // Whether the document's file changed on disk since it was last read or written here.
    // Unchanged when the document has no file or its identity is not known.
    DiskCheck check_disk(CheckDepth depth) const;

    // Every change to the rig goes through here so the unsaved mark stays true.
    template <class Edit>
    void edit(Edit&& change) {
        change(rig_);
        modified_ = true;
        revision_ = next_revision();
    }

    // Undo and redo: swap in a rig the document had before, with the unsaved mark it had then
    // (undoing back to the saved state clears the mark). `rig` receives the current rig.
    void exchange(Rig& rig, bool modified) {
        std::swap(rig_, rig);
        modified_ = modified;
        revision_ = next_revision();
    }

    // Editor data about the view, not the rig (the camera): its keys go into the file's "editor"
    // object, over the rig's own, with every save. Never a change: no unsaved mark, no undo.
    void set_view_data(Json view);
    const Json& view_data() const { return view_.json(); }

    // An edit that turned out to change nothing gives back the mark the document had.
    void restore_mark(bool modified) { modified_ = modified; }

private:
    static std::uint64_t next_revision();

    Rig rig_;
    std::filesystem::path path_;
    std::optional<FileIdentity> disk_;
    std::filesystem::path folder_;
    std::filesystem::path imported_from_;
    std::vector<std::string> import_warnings_;
    EditorData view_;
    bool modified_ = false;
    std::uint64_t revision_ = next_revision();
};

}  // namespace marionette
