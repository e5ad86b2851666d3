#include "editor/files/file_listing.hpp"

#include <algorithm>
#include <system_error>

namespace marionette {

namespace {

namespace fs = std::filesystem;

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// Case-insensitive for ASCII; other bytes (UTF-8) compare as they are. Names equal but for
// case keep a fixed order so the list does not shuffle between frames.
bool name_before(const std::string& a, const std::string& b) {
    const auto lower_less = [](char x, char y) { return ascii_lower(x) < ascii_lower(y); };
    if (std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), lower_less)) return true;
    if (std::lexicographical_compare(b.begin(), b.end(), a.begin(), a.end(), lower_less)) return false;
    return a < b;
}

bool ends_with_ignoring_case(std::string_view name, std::string_view suffix) {
    if (name.size() < suffix.size()) return false;
    return std::equal(suffix.begin(), suffix.end(), name.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                      [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

std::string_view trimmed(std::string_view text) {
    constexpr std::string_view blanks = " \t\r\n";
    const std::size_t first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    const std::size_t last = text.find_last_not_of(blanks);
    return text.substr(first, last - first + 1);
}

bool is_root(const fs::path& directory) { return !directory.has_relative_path(); }

FileChoice refuse(std::string message) { return {FileChoice::Kind::Refuse, {}, std::move(message)}; }

}  // namespace

fs::path clean_directory(const fs::path& directory) {
    std::error_code ec;
    // absolute("") is an error rather than the working directory.
    fs::path path = directory.empty() ? fs::current_path(ec) : fs::absolute(directory, ec);
    if (ec) path = directory.empty() ? fs::path("/") : directory;  // no working directory: keep what was given
    path = path.lexically_normal();
    if (!path.has_filename() && path.has_relative_path()) path = path.parent_path();
    return path;
}

fs::path entry_directory(const fs::path& directory, const FileListEntry& entry) {
    return clean_directory(directory / (entry.kind == FileListEntry::Kind::Parent ? ".." : entry.name));
}

fs::path nearest_existing_directory(const fs::path& path) {
    fs::path candidate = clean_directory(path);
    while (true) {
        std::error_code ec;
        if (fs::is_directory(candidate, ec)) return candidate;
        if (is_root(candidate)) return candidate.root_path().empty() ? fs::path("/") : candidate.root_path();
        candidate = candidate.parent_path();
    }
}

Result<std::vector<FileListEntry>> list_directory(const fs::path& directory, std::span<const std::string_view> extensions) {
    const std::string where = directory.string() + ": ";
    std::error_code ec;
    fs::directory_iterator it(directory, ec);
    if (ec) return Error{where + ec.message()};

    std::vector<FileListEntry> folders;
    std::vector<FileListEntry> files;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) return Error{where + ec.message()};
        std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.') continue;
        std::error_code type_ec;
        // Follows symbolic links; a broken link or an unreadable entry is neither and is left out.
        if (it->is_directory(type_ec)) {
            folders.push_back({FileListEntry::Kind::Directory, std::move(name)});
        } else if (it->is_regular_file(type_ec) && std::any_of(extensions.begin(), extensions.end(),
                                                               [&](std::string_view e) { return ends_with_ignoring_case(name, e); })) {
            files.push_back({FileListEntry::Kind::File, std::move(name)});
        }
    }
    if (ec) return Error{where + ec.message()};

    const auto by_name = [](const FileListEntry& a, const FileListEntry& b) { return name_before(a.name, b.name); };
    std::sort(folders.begin(), folders.end(), by_name);
    std::sort(files.begin(), files.end(), by_name);

    std::vector<FileListEntry> entries;
    entries.reserve(folders.size() + files.size() + 1);
    if (!is_root(clean_directory(directory))) entries.push_back({FileListEntry::Kind::Parent, ".."});
    entries.insert(entries.end(), folders.begin(), folders.end());
    entries.insert(entries.end(), files.begin(), files.end());
    return entries;
}

FileChoice resolve_typed_name(FileDialogMode mode, const fs::path& directory, std::string_view typed) {
    const std::string_view text = trimmed(typed);
    if (text.empty()) return refuse("Type a file name.");
    const std::string shown(text);  // messages quote the name as typed

    fs::path path = fs::path(shown);
    if (path.is_relative()) path = directory / path;
    path = path.lexically_normal();

    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::is_directory(status)) return {FileChoice::Kind::EnterDirectory, clean_directory(path), {}};
    // A name ending in a separator means a folder, and there is none.
    if (!path.has_filename()) return refuse(shown + ": no such folder");
    if (ec && status.type() != fs::file_type::not_found) return refuse(shown + ": " + ec.message());

    if (mode == FileDialogMode::Open) {
        if (status.type() == fs::file_type::not_found) return refuse(shown + ": no such file");
        if (!fs::is_regular_file(status)) return refuse(shown + ": not a regular file");
        return {FileChoice::Kind::Accept, path, {}};
    }

    if (!path.has_extension()) {
        path += ".json";
        const fs::file_status with_extension = fs::status(path, ec);
        if (ec && with_extension.type() != fs::file_type::not_found) return refuse(path.filename().string() + ": " + ec.message());
        if (fs::is_directory(with_extension)) return refuse(path.filename().string() + " is a folder");
        if (fs::is_regular_file(with_extension)) return {FileChoice::Kind::ConfirmReplace, path, {}};
        if (fs::exists(with_extension)) return refuse(path.filename().string() + ": not a regular file");
    } else if (fs::is_regular_file(status)) {
        return {FileChoice::Kind::ConfirmReplace, path, {}};
    } else if (fs::exists(status)) {
        return refuse(shown + ": not a regular file");
    }

    const fs::path folder = path.parent_path();
    if (!fs::is_directory(folder, ec)) return refuse(folder.string() + ": no such folder");
    return {FileChoice::Kind::Accept, path, {}};
}

}  // namespace marionette
