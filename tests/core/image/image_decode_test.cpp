// Pictures in: a PNG written by stb_image_write (another library's writer) decodes to its pixels;
// what is no picture, is cut short, or claims a side past the limit is refused with a reason and
// never allocated; files are read only up to the limit and only when regular.

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "core/image/image_decode.hpp"

using namespace marionette;

namespace {

void append(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
}

// A 3 x 2 RGBA PNG: red, green, blue on top; white, black, half-transparent grey below.
std::vector<std::uint8_t> small_png() {
    const std::uint8_t pixels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 128};
    std::vector<std::uint8_t> png;
    EXPECT_NE(stbi_write_png_to_func(append, &png, 3, 2, 4, pixels, 3 * 4), 0);
    return png;
}

// A PNG signature and header chunk claiming `width` x `height`, and nothing after it.
std::vector<std::uint8_t> png_header(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    for (std::uint32_t v : {width, height}) {
        for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
    }
    out.insert(out.end(), {8, 6, 0, 0, 0});        // 8 bits, RGBA, no interlace
    for (int i = 0; i < 4; ++i) out.push_back(0);  // the checksum, which the header reader skips
    return out;
}

}  // namespace

TEST(ImageDecode, APngFromAnotherWriterDecodesToItsPixels) {
    const std::vector<std::uint8_t> png = small_png();
    Result<glm::ivec2> size = image_size(png);
    ASSERT_TRUE(size.ok()) << size.message();
    EXPECT_EQ(size.value(), glm::ivec2(3, 2));
    Result<DecodedImage> image = decode_image(png);
    ASSERT_TRUE(image.ok()) << image.message();
    ASSERT_EQ(image.value().rgba.size(), 3u * 2u * 4u);
    const std::uint8_t* p = image.value().rgba.data();
    EXPECT_EQ(std::vector<std::uint8_t>(p, p + 4), (std::vector<std::uint8_t>{255, 0, 0, 255})) << "the top row comes first";
    EXPECT_EQ(std::vector<std::uint8_t>(p + 20, p + 24), (std::vector<std::uint8_t>{128, 128, 128, 128}));
}

TEST(ImageDecode, WhatIsNoPictureOrTooLargeIsRefusedUnallocated) {
    const std::string text = "not a picture at all";
    EXPECT_EQ(image_size(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())).message(),
              "does not decode (unknown image type)");
    EXPECT_EQ(image_size({}).message(), "does not decode");
    // A header claiming 100,000 pixels a side would be 40 GB decoded: refused from the header.
    EXPECT_EQ(image_size(png_header(100000, 100000)).message(), "is larger than 8192 pixels a side (100000 × 100000)");
    EXPECT_EQ(decode_image(png_header(100000, 100000)).message(), "is larger than 8192 pixels a side (100000 × 100000)");
    EXPECT_EQ(image_size(png_header(0xFFFFFFFFu, 1)).message(), "is larger than 8192 pixels a side (4294967295 × 1)");
    EXPECT_EQ(image_size(png_header(100000, 1)).message(), "is larger than 8192 pixels a side (100000 × 1)");
    EXPECT_EQ(image_size(png_header(8193, 1)).message(), "is larger than 8192 pixels a side (8193 × 1)");
    // A header within the limit with no pixel data after it: the decoder says why.
    ASSERT_TRUE(image_size(png_header(8192, 8192)).ok());
    Result<DecodedImage> cut = decode_image(png_header(16, 16));
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(cut.message().rfind("does not decode (", 0), 0u) << cut.message();
    // A real picture cut short.
    std::vector<std::uint8_t> png = small_png();
    png.resize(png.size() / 2);
    EXPECT_FALSE(decode_image(png).ok());
}

TEST(ImageDecode, FilesAreReadOnlyWhenRegular) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("marionette-image-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::create_directories(dir);
    const std::vector<std::uint8_t> png = small_png();
    std::ofstream(dir / "a.png", std::ios::binary)
        .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
    Result<std::vector<std::uint8_t>> read = read_image_file(dir / "a.png");
    ASSERT_TRUE(read.ok()) << read.message();
    EXPECT_EQ(read.value(), png);
    EXPECT_NE(read_image_file(dir / "missing.png").message().find("missing.png: cannot open"), std::string::npos);
    EXPECT_NE(read_image_file(dir).message().find("is a directory, not a picture file"), std::string::npos);
    EXPECT_NE(read_image_file("/dev/zero").message().find("not a picture file"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(ImageDecode, PremultipliedAlphaScalesColourByAlphaRoundingToNearest) {
    Result<DecodedImage> image = decode_image(small_png());
    ASSERT_TRUE(image.ok()) << image.message();
    premultiply_alpha(image.value());
    const std::vector<std::uint8_t>& p = image.value().rgba;
    EXPECT_EQ(std::vector<std::uint8_t>(p.begin(), p.begin() + 4), (std::vector<std::uint8_t>{255, 0, 0, 255})) << "opaque: unchanged";
    // grey 128 at alpha 128: 128 * 128 / 255 = 64.25, so 64; alpha itself is kept.
    EXPECT_EQ(std::vector<std::uint8_t>(p.begin() + 20, p.end()), (std::vector<std::uint8_t>{64, 64, 64, 128}));
    DecodedImage clear{1, 1, {200, 100, 50, 0}};
    premultiply_alpha(clear);
    EXPECT_EQ(clear.rgba, (std::vector<std::uint8_t>{0, 0, 0, 0})) << "a fully transparent pixel carries no colour";
}
