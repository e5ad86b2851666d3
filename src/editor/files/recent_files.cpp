#include "editor/files/recent_files.hpp"

#include <algorithm>
#include <system_error>

#include <nlohmann/json.hpp>

namespace marionette {

namespace {

std::filesystem::path normalised(const std::filesystem::path& path) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    // absolute() fails only when the working directory cannot be read; the path as given is
    // still the best name we have for the file.
    if (ec) absolute = path;
    return absolute.lexically_normal();
}

void append_warning(std::string& warning, const std::string& text) {
    if (!warning.empty()) warning += "; ";
    warning += text;
}

}  // namespace

void RecentFiles::add(const std::filesystem::path& path) {
    if (path.empty()) return;
    const std::filesystem::path entry = normalised(path);
    const auto existing = std::find(entries_.begin(), entries_.end(), entry);
    if (existing != entries_.end()) {
        std::rotate(entries_.begin(), existing, existing + 1);
        return;
    }
    entries_.insert(entries_.begin(), entry);
    if (entries_.size() > max_entries) entries_.resize(max_entries);
}

bool RecentFiles::remove(const std::filesystem::path& path) {
    if (path.empty()) return false;
    const auto existing = std::find(entries_.begin(), entries_.end(), normalised(path));
    if (existing == entries_.end()) return false;
    entries_.erase(existing);
    return true;
}

Json RecentFiles::to_json() const {
    Json list = Json::array();
    for (const std::filesystem::path& entry : entries_) list.push_back(entry.string());
    return list;
}

RecentFiles RecentFiles::from_json(const Json& json, std::string& warning) {
    warning.clear();
    RecentFiles recent;
    if (!json.is_array()) {
        append_warning(warning, std::string("recent_files: expected an array of paths, got ") + json.type_name() + "; ignored");
        return recent;
    }
    std::size_t dropped = 0;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const Json& item = json[i];
        const std::string where = "recent_files[" + std::to_string(i) + "]: ";
        if (!item.is_string()) {
            append_warning(warning, where + "expected a string, got " + item.type_name() + "; skipped");
            continue;
        }
        const std::string& text = item.get_ref<const std::string&>();
        if (text.empty()) {
            append_warning(warning, where + "empty path; skipped");
            continue;
        }
        // The file lists the most recent first, so the first mention of a path is the one kept.
        const std::filesystem::path entry = normalised(text);
        if (std::find(recent.entries_.begin(), recent.entries_.end(), entry) != recent.entries_.end()) continue;
        if (recent.entries_.size() == max_entries) {
            ++dropped;
            continue;
        }
        recent.entries_.push_back(entry);
    }
    if (dropped > 0) {
        append_warning(
            warning, "recent_files: " + std::to_string(dropped) + " entries beyond the first " + std::to_string(max_entries) + " dropped");
    }
    return recent;
}

}  // namespace marionette
