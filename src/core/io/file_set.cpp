#include "core/io/file_set.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <system_error>

#include "core/io/text_file.hpp"

namespace marionette {

namespace fs = std::filesystem;

namespace {

// Whether `path` already holds exactly `bytes`; read no further than their size.
bool holds(const fs::path& path, const std::string& bytes) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec) || fs::file_size(path, ec) != bytes.size() || ec) return false;
    Result<std::string> read = read_text_file(path, bytes.size(), "file");
    return read && read.value() == bytes;
}

// The folders on the way to `path` that do not exist yet, outermost first; an error when the
// nearest one that exists is not a folder or not one this user may write in.
Result<std::vector<fs::path>> missing_folders(const fs::path& path) {
    std::vector<fs::path> missing;
    fs::path folder = folder_of(path);
    std::error_code ec;
    while (!fs::exists(fs::symlink_status(folder, ec)) && folder.has_parent_path() && folder != folder.parent_path()) {
        missing.insert(missing.begin(), folder);
        folder = folder.parent_path();
    }
    if (!fs::exists(fs::symlink_status(folder, ec))) {
        missing.insert(missing.begin(), folder);  // a bare relative name: created in the working folder
        return missing;
    }
    if (!fs::is_directory(folder, ec)) return Error{folder.string() + ": is not a folder; " + path.string() + " cannot be written in it"};
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
        return Error{folder.string() + ": cannot write in this folder: " + std::strerror(errno)};
    }
    return missing;
}

// Folders made for the set, removed again (when still empty) if it is not written.
struct MadeFolders {
    std::vector<fs::path> made;
    bool keep = false;
    ~MadeFolders() {
        std::error_code ec;
        if (!keep) {
            for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ec);
        }
    }
    Status make(const std::vector<fs::path>& folders) {
        for (const fs::path& f : folders) {
            std::error_code ec;
            if (fs::is_directory(f, ec)) continue;  // made for an earlier member
            if (!fs::create_directory(f, ec)) return Error{f.string() + ": cannot create the folder: " + ec.message()};
            made.push_back(f);
        }
        return {};
    }
};

}  // namespace

Status write_file_set(const std::vector<FileSetMember>& members, const FileSetOptions& options) {
    // 1. Which members need writing, and whether every one of them may be written.
    std::vector<bool> write(members.size(), false);
    std::vector<std::vector<fs::path>> folders(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        const FileSetMember& m = members[i];
        write[i] = !(m.keep_if_same && holds(m.path, m.bytes));
        if (!write[i]) continue;
        if (Status s = check_replaceable(m.path, options.write); !s) return s;
        Result<std::vector<fs::path>> missing = missing_folders(m.path);
        if (!missing) return Error{missing.message()};
        folders[i] = std::move(missing).value();
    }

    // 2. Every member to its temporary, flushed; destroyed uncommitted, the writers remove them.
    MadeFolders made;
    std::vector<std::optional<AtomicFileWriter>> writers(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (!write[i]) continue;
        if (Status s = made.make(folders[i]); !s) return s;
        Result<AtomicFileWriter> writer = AtomicFileWriter::create(members[i].path, options.write);
        if (!writer) return Error{writer.message()};
        writers[i].emplace(std::move(writer).value());
        if (Status s = writers[i]->write(members[i].bytes); !s) return s;
        if (Status s = writers[i]->flush(); !s) return s;
    }
    made.keep = true;

    // 3. The renames, in the members' order.
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (!writers[i]) continue;
        if (options.before_rename) options.before_rename(i);
        if (Status s = writers[i]->commit(); !s) return s;
    }
    return {};
}

}  // namespace marionette
