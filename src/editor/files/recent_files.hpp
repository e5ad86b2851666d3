#pragma once
// The "Open Recent" list: the files the user opened or saved last, most recent first. Paths are
// kept absolute and lexically normal so that one file reached two ways ("rigs/../arm.json",
// "./arm.json") is one entry; the filesystem is not consulted, so entries for files that have
// since gone stay until the caller removes them (after a failed open, say).

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "core/io/json/json_fwd.hpp"

namespace marionette {

class RecentFiles {
public:
    static constexpr std::size_t max_entries = 10;

    // Puts `path` first; an existing entry for it moves to the front. The oldest entry beyond
    // max_entries is dropped. An empty path is ignored.
    void add(const std::filesystem::path& path);
    // Removes the entry for `path` (normalised as add does); returns whether there was one.
    bool remove(const std::filesystem::path& path);
    void clear() { entries_.clear(); }

    const std::vector<std::filesystem::path>& entries() const { return entries_; }
    bool empty() const { return entries_.empty(); }

    // A JSON array of path strings, most recent first.
    Json to_json() const;
    // Reads what to_json wrote. Bad entries (not strings, empty) are skipped and described in
    // `warning` ("recent_files[2]: expected a string, got number; skipped"), as is a value that
    // is not an array (giving an empty list); `warning` is left empty when all was well.
    static RecentFiles from_json(const Json& json, std::string& warning);

private:
    std::vector<std::filesystem::path> entries_;
};

}  // namespace marionette
