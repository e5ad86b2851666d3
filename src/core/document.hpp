#pragma once
// The open document: a rig, the file it came from, and whether it has unsaved changes.
// Opening replaces the rig only when the whole file loaded; a failure leaves it as it was.

#include <filesystem>

#include "core/result.hpp"
#include "core/rig.hpp"

namespace marionette {

class Document {
public:
    Document() = default;
    Document(Rig rig, std::filesystem::path path) : rig_(std::move(rig)), path_(std::move(path)) {}

    const Rig& rig() const { return rig_; }
    const std::filesystem::path& path() const { return path_; }
    bool modified() const { return modified_; }

    Status open(const std::filesystem::path& path);
    Status save();
    Status save_as(const std::filesystem::path& path);

    // Every change to the rig goes through here so the unsaved mark stays true.
    template <class Edit>
    void edit(Edit&& change) {
        change(rig_);
        modified_ = true;
    }

    // Undo and redo: swap in a rig the document had before, with the unsaved mark it had then
    // (undoing back to the saved state clears the mark). `rig` receives the current rig.
    void exchange(Rig& rig, bool modified) {
        std::swap(rig_, rig);
        modified_ = modified;
    }

private:
    Rig rig_;
    std::filesystem::path path_;
    bool modified_ = false;
};

}  // namespace marionette
