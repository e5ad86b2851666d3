#include "core/document.hpp"

#include "core/rig_file.hpp"

namespace marionette {

Status Document::open(const std::filesystem::path& path) {
    Result<Rig> loaded = load_rig_file(path);
    if (!loaded) return loaded.status();
    rig_ = std::move(loaded).value();
    path_ = path;
    modified_ = false;
    return {};
}

Status Document::save() {
    if (path_.empty()) return Error{"the document has no file yet: use Save As"};
    return save_as(path_);
}

Status Document::save_as(const std::filesystem::path& path) {
    if (Status s = save_rig_file(rig_, path); !s) return s;
    path_ = path;
    modified_ = false;
    return {};
}

}  // namespace marionette
