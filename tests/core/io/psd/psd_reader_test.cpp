// The PSD reader against psd-tools, a reader this project did not write: for every file in
// tests/data/psd (made by GIMP, and by scripts/make_test_psds.py's writer for what GIMP does not
// write: raw channels, fill opacity, clipping, a layer without transparency, 16-bit raw), each
// layer's name, group and parent, rectangle, opacity, visibility, blend mode and the hash of its
// RGBA pixels equal what psd-tools read (NAME.answer.json, written by that script).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/io/psd/psd_channel_decode.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using namespace marionette::psd;
namespace fs = std::filesystem;

namespace {

const fs::path kPsdData = fs::path(MARIONETTE_TEST_DATA) / "psd";

std::string fnv1a64_hex(const std::vector<std::uint8_t>& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

// psd-tools' order: a group before its children, each level bottom first; with each layer its
// parent's record (-1 at the top level).
void flatten(const std::vector<PsdLayer>& layers, long parent, std::vector<std::pair<const PsdLayer*, long>>& out) {
    for (const PsdLayer& l : layers) {
        out.emplace_back(&l, parent);
        flatten(l.children, static_cast<long>(l.record), out);
    }
}

Result<PsdDocument> read_test_psd(const fs::path& file) {
    ReadBudget budget;
    return read_psd_file(file, budget);
}

std::vector<fs::path> test_psds() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(kPsdData))
        if (e.path().extension() == ".psd") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST(PsdReader, ReadsWhatPsdToolsReadsFromEveryTestFile) {
    const std::vector<fs::path> files = test_psds();
    ASSERT_GE(files.size(), 7u);  // GIMP's three and the four synthetic ones
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.filename().string());
        const nlohmann::json answer =
            nlohmann::json::parse(marionette::testing::read_file(fs::path(file).replace_extension(".answer.json")));
        const Result<PsdDocument> doc = read_test_psd(file);
        ASSERT_TRUE(doc.ok()) << doc.message();
        EXPECT_EQ(doc.value().width, answer["width"].get<int>());
        EXPECT_EQ(doc.value().height, answer["height"].get<int>());
        EXPECT_EQ(doc.value().depth, answer["depth"].get<int>());
        std::vector<std::pair<const PsdLayer*, long>> layers;
        flatten(doc.value().layers, -1, layers);
        ASSERT_EQ(layers.size(), answer["layers"].size());
        for (std::size_t i = 0; i < layers.size(); ++i) {
            const PsdLayer& l = *layers[i].first;
            const nlohmann::json& a = answer["layers"][i];
            SCOPED_TRACE(a["name"].get<std::string>());
            EXPECT_EQ(l.record, a["record"].get<std::size_t>());
            EXPECT_EQ(l.name, a["name"].get<std::string>());
            EXPECT_EQ(l.is_group(), a["kind"] == "group");
            EXPECT_EQ(layers[i].second, a["parent"].get<long>());
            EXPECT_EQ(l.rect.top, a["rect"][0].get<int>());
            EXPECT_EQ(l.rect.left, a["rect"][1].get<int>());
            EXPECT_EQ(l.rect.bottom, a["rect"][2].get<int>());
            EXPECT_EQ(l.rect.right, a["rect"][3].get<int>());
            EXPECT_FLOAT_EQ(l.opacity, a["opacity"].get<float>() / 255.0f);
            EXPECT_FLOAT_EQ(l.fill_opacity, a["fill_opacity"].get<float>() / 255.0f);
            EXPECT_EQ(l.visible, a["visible"].get<bool>());
            EXPECT_EQ(l.blend_mode, a["blend_mode"].get<std::string>());
            EXPECT_EQ(l.clipping, a["clipping"].get<bool>());
            if (!l.is_group()) {
                EXPECT_EQ(fnv1a64_hex(l.rgba), a["rgba_fnv1a64"].get<std::string>());
            }
        }
    }
}

TEST(PsdReader, SixteenBitSamplesRoundToTheNearestEightBitOne) {
    for (std::uint32_t v = 0; v <= 65535; ++v) {
        const double exact = v * 255.0 / 65535.0;
        ASSERT_EQ(sample_16_to_8(v), static_cast<std::uint8_t>(std::lround(exact))) << v;
    }
    EXPECT_EQ(sample_16_to_8(128), 0);  // 0.498
    EXPECT_EQ(sample_16_to_8(129), 1);  // 0.502
}
