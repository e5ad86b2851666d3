#include "fuzz/gltf_import_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "core/io/gltf/gltf_import.hpp"
#include "fuzz/rig_loader_check.hpp"
#include "tests/core/test_pictures.hpp"

namespace marionette::fuzzing {

namespace {

void write_bytes(const std::filesystem::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// The process's own folder in the temporary folder, which holds the model's folder and a file
// beside it.
const std::filesystem::path& fuzz_root() {
    static const std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("marionette-gltf-fuzz-" + std::to_string(::getpid()));
    return root;
}

}  // namespace

const std::filesystem::path& fuzz_model_folder() {
    static const std::filesystem::path folder = [] {
        const std::filesystem::path& root = fuzz_root();
        const std::filesystem::path model = root / "model";
        std::error_code ec;
        std::filesystem::remove_all(root, ec);
        std::filesystem::create_directories(model / "sub", ec);
        write_bytes(model / "model.bin", std::string(64, '\0'));
        write_bytes(model / "sub" / "deeper.bin", std::string(64, '\0'));
        write_bytes(root / "outside.bin", std::string(64, '\0'));
        std::filesystem::create_symlink(root / "outside.bin", model / "link.bin", ec);
        ::mkfifo((model / "pipe.bin").c_str(), 0600);
        write_bytes(model / "huge.bin", "");
        std::filesystem::resize_file(model / "huge.bin", 1ull << 30, ec);  // sparse: no room taken
        const std::vector<std::uint8_t>& png = marionette::testing::kOnePixelPng;
        write_bytes(model / "image.png", std::string(png.begin(), png.end()));
        // Removed when the process ends normally (a fuzzer's crash leaves it in the temporary folder).
        std::atexit([] {
            std::error_code e;
            std::filesystem::remove_all(fuzz_root(), e);
        });
        return model;
    }();
    return folder;
}

Violation check_gltf_bytes(std::string_view bytes) {
    const bool binary = bytes.substr(0, 4) == "glTF";
    // Without a folder no file is read; with one, the files it names are read through the
    // importer's callbacks from a folder of every kind of entry.
    for (const std::filesystem::path& folder : {std::filesystem::path(), fuzz_model_folder()}) {
        Result<GltfImport> imported = import_gltf(bytes, binary, folder);
        if (!imported) {
            if (imported.message().empty()) return "the import failed without a message";
            continue;
        }
        for (const std::string& w : imported.value().warnings) {
            if (w.empty()) return "an empty warning";
        }
        if (Violation v = check_loaded_rig(imported.value().rig)) return "an imported rig: " + *v;
    }
    return {};
}

}  // namespace marionette::fuzzing
