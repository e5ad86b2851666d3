// A PSD file that is not what it says, or says what this reader does not read: each is a clear
// error naming the place in the file, or a defined result; never a crash, a hang or an
// allocation past the budget.

#include <gtest/gtest.h>

#include <filesystem>

#include "core/io/psd/psd_reader.hpp"
#include "core/io/psd/psd_test_writer.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using namespace marionette::psd;
using marionette::testing::filled_test_layer;
using marionette::testing::make_test_psd;
using marionette::testing::PsdTestLayer;

namespace {

Result<PsdDocument> read_psd_bytes(const std::string& bytes) {
    ReadBudget budget;
    return read_psd({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, budget);
}

std::string psd_error_of(const std::string& bytes) {
    const Result<PsdDocument> doc = read_psd_bytes(bytes);
    return doc.ok() ? "(read)" : doc.message();
}

// A file of one 4 x 3 layer, "arm", over a group, "body", holding another.
std::string small_psd(bool rle = true) {
    PsdTestLayer end{"</Layer group>"};
    end.section = 3;
    PsdTestLayer group{"body"};
    group.section = 1;
    return make_test_psd(
        8, 6, {end, filled_test_layer("hand", 1, 1, 3, 3, 9, 8, 7), group, filled_test_layer("arm", 2, 1, 5, 5, 200, 100, 50, 128)}, rle);
}

void put16_at(std::string& s, std::size_t at, std::uint16_t v) {
    s[at] = static_cast<char>(v >> 8);
    s[at + 1] = static_cast<char>(v & 0xFF);
}

constexpr std::size_t kVersionAt = 4, kChannelsAt = 12, kDepthAt = 22, kModeAt = 24;

bool message_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(PsdBadInput, TheTestFileReadsWhole) {
    for (bool rle : {false, true}) {
        const Result<PsdDocument> doc = read_psd_bytes(small_psd(rle));
        ASSERT_TRUE(doc.ok()) << doc.message();
        ASSERT_EQ(doc.value().layers.size(), 2u);
        const PsdLayer& arm = doc.value().layers[1];
        EXPECT_EQ(arm.name, "arm");
        EXPECT_EQ(arm.record, 3u);
        ASSERT_EQ(arm.rgba.size(), 4u * 4u * 3u);
        EXPECT_EQ(std::vector<std::uint8_t>(arm.rgba.begin(), arm.rgba.begin() + 4), (std::vector<std::uint8_t>{200, 100, 50, 128}));
        ASSERT_EQ(doc.value().layers[0].children.size(), 1u);
        EXPECT_EQ(doc.value().layers[0].children[0].name, "hand");
    }
}

TEST(PsdBadInput, EveryCutOfTheFileIsAnErrorOrTheLayersWhole) {
    for (bool rle : {false, true}) {
        const std::string whole = small_psd(rle);
        for (std::size_t cut = 0; cut < whole.size(); ++cut) {
            const Result<PsdDocument> doc = read_psd_bytes(whole.substr(0, cut));
            // Only the merged image at the end may be cut without the layers losing anything.
            if (doc.ok()) {
                ASSERT_EQ(doc.value().layers.size(), 2u) << cut;
                EXPECT_EQ(doc.value().layers[1].rgba.size(), 48u) << cut;
            } else {
                EXPECT_FALSE(doc.message().empty()) << cut;
            }
        }
        EXPECT_EQ(psd_error_of(whole.substr(0, 3)), "not a PSD file: it does not start with \"8BPS\"");
        EXPECT_EQ(psd_error_of(whole.substr(0, 20)), "header: the file ends inside its 26-byte header");
        EXPECT_EQ(psd_error_of(whole.substr(0, 100)), "layer and mask information: its length, " +
                                                          std::to_string(whole.size() - 38 - 3 * 8 * 6 - 2) +
                                                          " bytes, runs past the end of the file (62 bytes are left)");
    }
}

TEST(PsdBadInput, WhatThisReaderDoesNotReadIsNamed) {
    EXPECT_EQ(psd_error_of(std::string("GIF89a.......................................")),
              "not a PSD file: it does not start with \"8BPS\"");
    std::string psb = small_psd();
    put16_at(psb, kVersionAt, 2);
    EXPECT_EQ(psd_error_of(psb), "header: version 2, a PSB (large document) file: this reads PSD files (version 1); save as PSD");
    std::string deep = small_psd();
    put16_at(deep, kDepthAt, 32);
    EXPECT_EQ(psd_error_of(deep), "header: 32 bits a channel: this reads 8- and 16-bit files");
    std::string cmyk = small_psd();
    put16_at(cmyk, kModeAt, 4);
    EXPECT_EQ(psd_error_of(cmyk), "header: colour mode CMYK (4): this reads RGB files (3)");
    std::string many = small_psd();
    put16_at(many, kChannelsAt, 57);
    EXPECT_EQ(psd_error_of(many), "header: 57 channels: a PSD file has 1 to 56");
}

TEST(PsdBadInput, CompressionsItDoesNotReadNameTheLayerAndChannel) {
    PsdTestLayer zip = filled_test_layer("arm", 0, 0, 2, 2, 1, 2, 3);
    zip.channel_data =
        std::vector<std::string>{std::string("\0\2", 2) + "xx", std::string("\0\2", 2), std::string("\0\2", 2), std::string("\0\2", 2)};
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {zip})),
              "layers[0] \"arm\": channel 0 (id 0): ZIP compression (2) is not read; save the file with RLE compression");
    zip.channel_data->at(0) = std::string("\0\7", 2);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {zip})),
              "layers[0] \"arm\": channel 0 (id 0): unknown compression 7 (0 is raw, 1 RLE, 2 and 3 ZIP)");
}

TEST(PsdBadInput, RleRowCountsThatLieAreCaught) {
    // Two rows of two bytes: counts 3 and 3, "1 a b" (a literal of two) each.
    const std::string good = std::string("\0\1\0\3\0\3", 6) + std::string("\1ab\1cd", 6);
    PsdTestLayer l = filled_test_layer("arm", 0, 0, 2, 2, 1, 2, 3);
    l.channel_data = std::vector<std::string>{good, good, good, good};
    const Result<PsdDocument> doc = read_psd_bytes(make_test_psd(4, 4, {l}));
    ASSERT_TRUE(doc.ok()) << doc.message();
    EXPECT_EQ(doc.value().layers[0].rgba[0], 'a');
    EXPECT_EQ(doc.value().layers[0].rgba[12], 'd');
    // A count past the channel's data.
    l.channel_data->at(2) = std::string("\0\1\0\3\0\x50", 6) + std::string("\1ab\1cd", 6);
    EXPECT_EQ(
        psd_error_of(make_test_psd(4, 4, {l})),
        "layers[0] \"arm\": channel 2 (id 2): row 1: its RLE data, 80 bytes by its count, runs past the channel's data (3 bytes are left)");
    // A count too short for its row.
    l.channel_data->at(2) = std::string("\0\1\0\2\0\3", 6) + std::string("\1a\1cd", 5);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {l})),
              "layers[0] \"arm\": channel 2 (id 2): row 0: its RLE data ends before the row's 2 bytes are filled");
    // A count of 0 for a row that is not empty.
    l.channel_data->at(2) = std::string("\0\1\0\0\0\3", 6) + std::string("\1cd", 3);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {l})),
              "layers[0] \"arm\": channel 2 (id 2): row 0: its RLE data ends before the row's 2 bytes are filled");
    // A run past the row's end.
    l.channel_data->at(2) = std::string("\0\1\0\2\0\3", 6) + std::string("\xFDz\1cd", 5);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {l})),
              "layers[0] \"arm\": channel 2 (id 2): row 0: an RLE run reaches past the row's 2 bytes");
    // Fewer row counts than rows.
    l.channel_data->at(2) = std::string("\0\1\0", 3);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {l})),
              "layers[0] \"arm\": channel 2 (id 2): its RLE row counts (2 rows) run past the channel's data");
    // Raw data shorter than the layer.
    l.channel_data->at(2) = std::string("\0\0abc", 5);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {l})),
              "layers[0] \"arm\": channel 2 (id 2): its raw data holds 3 bytes; 2 x 2 samples of 8 bits need 4");
}

TEST(PsdBadInput, AnEmptyLayerHasNoPixels) {
    PsdTestLayer zero{"zero", 3, 3, 3, 3};
    PsdTestLayer thin{"thin", 0, 2, 4, 2};  // 0 x 4: each of its four RLE rows packs nothing
    const Result<PsdDocument> doc = read_psd_bytes(make_test_psd(4, 4, {zero, thin}));
    ASSERT_TRUE(doc.ok()) << doc.message();
    ASSERT_EQ(doc.value().layers.size(), 2u);
    EXPECT_TRUE(doc.value().layers[0].rect.empty());
    EXPECT_TRUE(doc.value().layers[0].rgba.empty());
    EXPECT_TRUE(doc.value().layers[1].rgba.empty());
    // Even with a compression it does not read: there is nothing to decode.
    zero.channel_data = std::vector<std::string>(4, std::string("\0\2", 2));
    EXPECT_TRUE(read_psd_bytes(make_test_psd(4, 4, {zero})).ok());
}

TEST(PsdBadInput, LayersPastPsdsLimitsAreRefused) {
    PsdTestLayer wide{"wide", 0, 0, 1, 300'000};
    wide.channel_data = std::vector<std::string>(4, std::string("\0\0", 2));
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {wide})),
              "layers[0]: its rectangle is 300,000 x 1 pixels; a PSD layer is at most 30,000 a side");
    PsdTestLayer backwards{"backwards", 5, 0, 1, 4};
    backwards.channel_data = std::vector<std::string>(4, std::string("\0\0", 2));
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {backwards})), "layers[0]: its rectangle runs backwards (top 5, left 0, bottom 1, right 4)");
    // Within PSD's limits, but more pixels than a file's budget: refused before allocating.
    PsdTestLayer huge{"huge", 0, 0, 30'000, 30'000};
    huge.channel_data = std::vector<std::string>(4, std::string("\0\0", 2));
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {huge})),
              "layers[0] \"huge\": decoding its pixels would make 3,600,000,000 bytes of decoded pictures; the limit is 1,073,741,824");
}

TEST(PsdBadInput, GroupMarkersThatDoNotPairUpAreRefused) {
    PsdTestLayer end{"</Layer group>"};
    end.section = 3;
    PsdTestLayer group{"body"};
    group.section = 2;
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {group})),
              "layers[0] \"body\": a group's record with no group end marker below it to open the group");
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, {end, end, group})),
              "layers[0] \"</Layer group>\": a group end marker with no group's record above it to close the group");
    std::vector<PsdTestLayer> deep(65, end);
    deep.insert(deep.end(), 65, group);
    EXPECT_EQ(psd_error_of(make_test_psd(4, 4, deep)), "layers[64] \"</Layer group>\": groups nest deeper than 64 levels");
    deep.erase(deep.begin());
    deep.pop_back();
    EXPECT_TRUE(read_psd_bytes(make_test_psd(4, 4, deep)).ok());
}

TEST(PsdBadInput, AFileWithoutLayersHasNone) {
    std::string flat = "8BPS";
    flat += std::string("\0\1\0\0\0\0\0\0\0\3\0\0\0\1\0\0\0\1\0\x08\0\3", 22);
    flat += std::string(12, '\0');  // no colour data, resources or layers
    flat += std::string("\0\0\0\0\0", 5);
    const Result<PsdDocument> doc = read_psd_bytes(flat);
    ASSERT_TRUE(doc.ok()) << doc.message();
    EXPECT_EQ(doc.value().width, 1);
    EXPECT_TRUE(doc.value().layers.empty());
}

TEST(PsdBadInput, AMissingFileIsNamed) {
    ReadBudget budget;
    const Result<PsdDocument> doc = read_psd_file("/nonexistent/puppet.psd", budget);
    ASSERT_FALSE(doc.ok());
    EXPECT_TRUE(message_has(doc.message(), "/nonexistent/puppet.psd")) << doc.message();
}
