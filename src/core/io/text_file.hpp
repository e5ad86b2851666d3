#pragma once
// Reading a whole file the user named, safely: only a regular file, and only up to a size the
// caller allows. A name can point anywhere: /dev/zero never ends (reading it "whole" runs out of
// memory and aborts), a FIFO blocks until someone writes to it, and a file of many gigabytes
// would be parsed into many times its size in memory. Those are refused with a message instead.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace marionette {

// Messages start with the path as given and name what the file was to be, e.g.
// "big.json: is 80.0 MB; a rig file may be at most 64 MB", "/dev/zero: is not a regular file
// (a device, pipe or socket), not a rig file", "arm.json: cannot open: No such file or directory".
Result<std::string> read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes, std::string_view what);

// The same rules, for bytes that are no text (a glTF's buffers and images).
Result<std::vector<unsigned char>> read_binary_file(const std::filesystem::path& path, std::uintmax_t max_bytes, std::string_view what);

// The path's extension in lower case, with its dot (".json" for "Hero.JSON"): how every reader
// tells a file's kind by its name.
std::string lowercase_extension(const std::filesystem::path& path);

// The folder holding `path`: "." for a bare file name, whose parent path is empty.
std::filesystem::path folder_of(const std::filesystem::path& path);

// "12.3 MB" (decimal megabytes, one decimal), "999 bytes" below a megabyte, for the messages.
std::string megabytes_text(std::uintmax_t bytes);

}  // namespace marionette
