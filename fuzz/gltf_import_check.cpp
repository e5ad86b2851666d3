#include "fuzz/gltf_import_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/gltf_import.hpp"
#include "fuzz/rig_loader_check.hpp"

namespace marionette::fuzzing {

namespace {

void write_bytes(const std::filesystem::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

}  // namespace

const std::filesystem::path& fuzz_model_folder() {
    static const std::filesystem::path folder = [] {
        const std::filesystem::path root = std::filesystem::temp_directory_path() / ("marionette-gltf-fuzz-" + std::to_string(::getpid()));
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
        // One red pixel, as a PNG.
        const unsigned char png[] = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
                                     0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
                                     0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff,
                                     0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
        write_bytes(model / "image.png", std::string(reinterpret_cast<const char*>(png), sizeof png));
        // Removed when the process ends normally (a fuzzer's crash leaves it in the temporary folder).
        std::atexit([] {
            std::error_code e;
            std::filesystem::remove_all(std::filesystem::temp_directory_path() / ("marionette-gltf-fuzz-" + std::to_string(::getpid())), e);
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
