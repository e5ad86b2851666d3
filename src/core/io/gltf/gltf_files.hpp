#pragma once
// The files a .gltf may name (buffers and images by relative URI), read through tinygltf's file
// callbacks so that only what belongs to the model is read: regular files inside the model's
// folder (subfolders too, links followed and judged by where they lead), within what is left of
// the file's byte budget. A URI naming a folder, a FIFO, a device, a file past the budget, or a
// place outside the folder (`../`, an absolute path, a link out) is refused with its reason,
// never opened in a way that could hang. Internal to gltf_*.cpp.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/read_budget.hpp"

namespace tinygltf {
struct FsCallbacks;
}

namespace marionette::gltf {

class ModelFiles {
public:
    // `folder` empty: the model came without one (fuzzing, a drop of bytes), and no file is read.
    // `budget` already holds the model's own bytes.
    ModelFiles(const std::filesystem::path& folder, ReadBudget& budget);

    // Callbacks for tinygltf::TinyGLTF::SetFsCallbacks, reading through this object, and the
    // folder to give tinygltf's loader with them.
    tinygltf::FsCallbacks callbacks();
    const std::string& base() const { return base_; }

    // Why each refused file was refused, one line each: "../x.bin: is outside the model's folder".
    const std::vector<std::string>& refused() const { return refused_; }

private:
    static bool exists(const std::string& path, void* self);
    static std::string expand(const std::string& path, void* self);
    static bool read(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* self);
    static bool write(std::string* error, const std::string& path, const std::vector<unsigned char>& bytes, void* self);

    std::filesystem::path folder_;  // canonical; empty when no file is read
    std::filesystem::path given_;   // as the caller gave it
    std::string base_;              // what tinygltf joins to a URI, to take its joined paths apart
    bool no_folder_ = false;
    ReadBudget& budget_;
    std::uint64_t model_bytes_;  // the budget's bytes the model's own file took
    std::vector<std::string> refused_;
};

}  // namespace marionette::gltf
