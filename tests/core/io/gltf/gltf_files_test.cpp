// What a glTF may make the importer read: only regular files inside the model's folder, within
// the file's byte budget (core/io/gltf/gltf_files.hpp); a .glb's container checked before tinygltf sees
// it (core/io/gltf/gltf_glb.hpp); JSON nested past the project's limit refused before tinygltf copies it
// recursively (core/io/gltf/gltf_json_check.hpp).

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/gltf/gltf_import.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using marionette::testing::ScratchDir;
using marionette::testing::write_file;
using nlohmann::json;

namespace {

// One node with a three-vertex mesh whose positions are in the buffer at `uri` (36 bytes).
json model_with_buffer(const std::string& uri) {
    return {{"asset", {{"version", "2.0"}}},
            {"nodes", {{{"mesh", 0}}}},
            {"meshes", {{{"primitives", {{{"attributes", {{"POSITION", 0}}}}}}}}},
            {"accessors", {{{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}}}},
            {"bufferViews", {{{"buffer", 0}, {"byteLength", 36}}}},
            {"buffers", {{{"byteLength", 36}, {"uri", uri}}}}};
}

void expect_not_imported(const Result<GltfImport>& imported, const std::string& says) {
    ASSERT_FALSE(imported.ok()) << "expected: " << says;
    EXPECT_NE(imported.message().find(says), std::string::npos) << imported.message();
}

// A .glb of the given JSON and BIN chunk, with its header's fields as given.
std::string glb(const std::string& json_text, const std::string& bin, std::uint32_t version = 2) {
    std::string j = json_text;
    while (j.size() % 4) j += ' ';
    std::string out;
    const auto word = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
    };
    out += "glTF";
    word(version);
    word(static_cast<std::uint32_t>(12 + 8 + j.size() + (bin.empty() ? 0 : 8 + bin.size())));
    word(static_cast<std::uint32_t>(j.size()));
    out += "JSON";
    out += j;
    if (!bin.empty()) {
        word(static_cast<std::uint32_t>(bin.size()));
        out += std::string("BIN\0", 4);
        out += bin;
    }
    return out;
}

void set_glb_word(std::string& bytes, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes[at + static_cast<std::size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xff);
}

json glb_model() {
    json j = model_with_buffer("");
    j["buffers"][0].erase("uri");
    return j;
}

}  // namespace

TEST(GltfFiles, ABufferBesideTheModelIsRead) {
    ScratchDir dir;
    write_file(dir / "model.bin", std::string(36, '\0'));
    write_file(dir / "model.gltf", model_with_buffer("model.bin").dump());
    const Result<GltfImport> imported = import_gltf_file(dir / "model.gltf");
    ASSERT_TRUE(imported.ok()) << imported.message();
    EXPECT_EQ(imported.value().rig.meshes.meshes().size(), 1u);
}

TEST(GltfFiles, ABareNameFindsItsFilesInTheWorkingFolder) {
    ScratchDir dir;
    write_file(dir / "model.bin", std::string(36, '\0'));
    write_file(dir / "model.gltf", model_with_buffer("model.bin").dump());
    const std::filesystem::path was = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    const Result<GltfImport> imported = import_gltf_file("model.gltf");
    std::filesystem::current_path(was);
    EXPECT_TRUE(imported.ok()) << imported.message();
}

TEST(GltfFiles, WhatIsNotARegularFileInsideTheModelsFolderIsRefusedWithItsReason) {
    ScratchDir dir;
    std::filesystem::create_directories(dir / "models/sub");
    write_file(dir / "secret.bin", std::string(36, '\0'));
    ASSERT_EQ(::mkfifo((dir / "models/pipe.bin").c_str(), 0600), 0);
    {
        // 64 GB that take no room on disk.
        write_file(dir / "models/huge.bin", "");
        std::filesystem::resize_file(dir / "models/huge.bin", 64ull << 30);
    }
    std::filesystem::create_symlink(dir / "secret.bin", dir / "models/link.bin");
    struct Case {
        std::string uri;
        std::string says;
    };
    const Case cases[] = {
        {"sub", "a file it names is not read: sub: is a directory"},
        {"pipe.bin",
         "a file it names is not read: pipe.bin: is not a regular file (a device, pipe or socket), not a buffer or image file"},  // no hang
        {"huge.bin", "a file it names is not read: huge.bin: is 68719.5 MB; a model and the files it names may take 536.9 MB together"},
        {"../secret.bin", "../secret.bin: is outside the model's folder"},
        {"sub/../../secret.bin", "sub/../../secret.bin: is outside the model's folder"},
        {"link.bin", "link.bin: is outside the model's folder"},
        {(dir / "secret.bin").string(), "is an absolute path"},
        {"missing.bin", "missing.bin: cannot open: No such file or directory"},
        {"~/secret.bin", "~/secret.bin: cannot open"},  // no home-folder expansion
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.uri);
        write_file(dir / "models/model.gltf", model_with_buffer(c.uri).dump());
        expect_not_imported(import_gltf_file(dir / "models/model.gltf"), c.says);
    }
}

TEST(GltfFiles, AnImageOutsideTheFolderIsLeftOutWithAWarningNotRead) {
    ScratchDir dir;
    std::filesystem::create_directories(dir / "models");
    write_file(dir / "models/model.bin", std::string(36, '\0'));
    write_file(dir / "secret.png", "\x89PNG\r\n\x1a\n not really");
    json j = model_with_buffer("model.bin");
    j["meshes"][0]["primitives"][0]["material"] = 0;
    j["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
    j["textures"] = {{{"source", 0}}};
    j["images"] = {{{"uri", "../secret.png"}}};
    write_file(dir / "models/model.gltf", j.dump());
    const Result<GltfImport> imported = import_gltf_file(dir / "models/model.gltf");
    ASSERT_TRUE(imported.ok()) << imported.message();
    EXPECT_TRUE(imported.value().rig.meshes.images().empty());
    bool warned = false;
    for (const std::string& w : imported.value().warnings)
        warned = warned || w.find("../secret.png: is outside the model's folder") != std::string::npos;
    EXPECT_TRUE(warned);
}

TEST(GltfFiles, FilesTheModelNamesCountAgainstOneBudgetOfBytes) {
    ScratchDir dir;
    // Three 200 MB sparse files, each under the 512 MiB limit, together over it.
    json j = model_with_buffer("a.bin");
    for (const char* name : {"a.bin", "b.bin", "c.bin"}) {
        write_file(dir / name, "");
        std::filesystem::resize_file(dir / name, 200'000'000);
    }
    j["buffers"] = {{{"byteLength", 200'000'000}, {"uri", "a.bin"}},
                    {{"byteLength", 200'000'000}, {"uri", "b.bin"}},
                    {{"byteLength", 200'000'000}, {"uri", "c.bin"}}};
    write_file(dir / "model.gltf", j.dump());
    expect_not_imported(import_gltf_file(dir / "model.gltf"),
                        "c.bin: is 200.0 MB; a model and the files it names may take 536.9 MB together, and its other files leave 136.");
}

TEST(GltfFiles, WithoutAFolderNoFileIsRead) {
    expect_not_imported(import_gltf(model_with_buffer("model.bin").dump(), false, {}),
                        "model.bin: not read: the model was given without its folder");
}

TEST(GltfGlb, ContainersWhoseLengthsLieAreRefusedBeforeTinygltfReadsThem) {
    const std::string json_text = glb_model().dump();
    const std::string bin(36, '\0');
    ASSERT_TRUE(import_gltf(glb(json_text, bin), true, {}).ok());
    // The BIN chunk claiming 8 bytes past the end (tinygltf checks its data without its header).
    std::string past = glb(json_text, bin);
    const std::size_t bin_header = past.size() - bin.size() - 8;
    set_glb_word(past, bin_header, 36 + 8);
    expect_not_imported(import_gltf(past, true, {}), "the GLB's BIN chunk gives 44 bytes, 8 past the file's end");
    expect_not_imported(import_gltf(glb(json_text, bin, 1), true, {}), "the GLB header gives version 1; only version 2 is read");
    expect_not_imported(import_gltf(glb(json_text, bin, 0xFFFFFFFFu), true, {}), "version 4294967295");
    std::string longer = glb(json_text, bin);
    set_glb_word(longer, 8, static_cast<std::uint32_t>(longer.size() + 4));
    expect_not_imported(import_gltf(longer, true, {}), "bytes, but the file has");
    // A BIN chunk's header cut short.
    std::string cut = glb(json_text, "");
    cut += std::string("\x24\0\0\0", 4);
    set_glb_word(cut, 8, static_cast<std::uint32_t>(cut.size()));
    expect_not_imported(import_gltf(cut, true, {}), "no room for its 8-byte header");
    expect_not_imported(import_gltf(std::string("glTF\x02\x00\x00\x00", 8), true, {}), "not a GLB file");
}

TEST(GltfJson, NestingPastTheLimitIsRefusedWithThePlaceBeforeTinygltfCopiesIt) {
    for (const char* where : {"extras", "extensions"}) {
        SCOPED_TRACE(where);
        json j = model_with_buffer("data:application/octet-stream;base64,");
        std::string text = j.dump();
        text.pop_back();
        text += std::string(",\"") + where + "\":" + std::string(100'000, '[') + std::string(100'000, ']') + "}";
        expect_not_imported(import_gltf(text, false, {}), "nested deeper than 64 levels");
        expect_not_imported(import_gltf(glb(text, ""), true, {}), "nested deeper than 64 levels");
    }
}
