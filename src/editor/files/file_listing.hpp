#pragma once
// What the file dialog shows and what a typed name means, without a window: listing a folder
// (".." first, then folders, then rig files, each sorted case-insensitively) and resolving the
// text in the name field (a file to open or save, a folder to enter, or why neither). All of it
// goes through the std::error_code overloads of std::filesystem: an unreadable folder is an
// error message, never an exception. src/app/dialogs/file_dialog only draws this.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace marionette {

enum class FileDialogMode { Open, Save };

struct FileListEntry {
    enum class Kind { Parent, Directory, File };
    Kind kind = Kind::File;
    std::string name;  // ".." for Parent
};

// The entries of `directory`: ".." unless it is the root, then its folders, then its regular
// files whose name ends in one of `extensions` (any case), each group sorted
// case-insensitively. Names starting with '.' are left out (they can still be typed). Symbolic
// links count as what they point to; broken ones are left out.
// What the Save dialogs list: rig files. What the Open dialog lists: rig files and the glTF
// files the editor imports.
inline constexpr std::string_view kRigExtensions[] = {".json"};
inline constexpr std::string_view kOpenableExtensions[] = {".json", ".glb", ".gltf", ".psd"};
Result<std::vector<FileListEntry>> list_directory(const std::filesystem::path& directory,
                                                  std::span<const std::string_view> extensions = kRigExtensions);

// Absolute, lexically normal, without a trailing separator: "/a/b/../c/" -> "/a/c"; an empty
// path is the working directory.
std::filesystem::path clean_directory(const std::filesystem::path& directory);
// The folder an entry of `directory` leads to (its parent for "..").
std::filesystem::path entry_directory(const std::filesystem::path& directory, const FileListEntry& entry);
// `path` if it is a folder, else its closest ancestor that is one (a recent file's folder may be
// gone); the root when none is.
std::filesystem::path nearest_existing_directory(const std::filesystem::path& path);

// What the text of the name field means in `directory`.
struct FileChoice {
    enum class Kind {
        EnterDirectory,  // the text names a folder: show it
        Accept,          // `path` is the file chosen
        ConfirmReplace,  // Save mode: `path` exists; ask before replacing it
        Refuse,          // `message` says why
    };
    Kind kind = Kind::Refuse;
    std::filesystem::path path;
    std::string message;
};

// `typed` may be absolute or relative to `directory`; surrounding blanks are ignored. Open
// accepts only an existing regular file. Save appends ".json" to a name without an extension,
// needs the file's folder to exist, and asks before replacing an existing file.
FileChoice resolve_typed_name(FileDialogMode mode, const std::filesystem::path& directory, std::string_view typed);

}  // namespace marionette
