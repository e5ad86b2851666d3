// The PNG files an import writes decode, through stb_image (a decoder this project did not
// write), to the pixels they were made of: flat runs, noise, gradients and see-through edges,
// every filter PNG has a chance to be chosen on, and pictures one pixel wide or high.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/image/image_decode.hpp"
#include "core/image/png_encode.hpp"

using namespace marionette;

namespace {

std::vector<std::uint8_t> test_picture(int w, int h, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint8_t> rgba(4ull * std::size_t(w) * std::size_t(h));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            std::uint8_t* p = rgba.data() + 4 * (std::size_t(y) * std::size_t(w) + std::size_t(x));
            const int region = (x * 4 / std::max(w, 1)) % 4;
            if (region == 0) {  // transparent
                p[0] = p[1] = p[2] = p[3] = 0;
            } else if (region == 1) {  // a gradient
                p[0] = static_cast<std::uint8_t>(x * 3);
                p[1] = static_cast<std::uint8_t>(y * 5);
                p[2] = static_cast<std::uint8_t>(x + y);
                p[3] = static_cast<std::uint8_t>(255 - y);
            } else if (region == 2) {  // noise
                for (int c = 0; c < 4; ++c) p[c] = static_cast<std::uint8_t>(random());
            } else {  // flat
                p[0] = 200, p[1] = 10, p[2] = 60, p[3] = 255;
            }
        }
    }
    return rgba;
}

}  // namespace

TEST(PngEncode, DecodesToThePixelsItWasMadeOf) {
    for (const glm::ivec2& size : {glm::ivec2(1, 1), glm::ivec2(1, 300), glm::ivec2(300, 1), glm::ivec2(97, 61), glm::ivec2(640, 480)}) {
        const std::vector<std::uint8_t> rgba = test_picture(size.x, size.y, static_cast<unsigned>(size.x * 7 + size.y));
        const std::string png = encode_png(rgba, size.x, size.y);
        const Result<DecodedImage> decoded = decode_image({reinterpret_cast<const std::uint8_t*>(png.data()), png.size()});
        ASSERT_TRUE(decoded.ok()) << decoded.message();
        EXPECT_EQ(decoded.value().width, size.x);
        EXPECT_EQ(decoded.value().height, size.y);
        EXPECT_EQ(decoded.value().rgba, rgba) << size.x << " x " << size.y;
    }
}

TEST(PngEncode, RunsPackSmall) {
    // A transparent 1000 x 1000 picture with one opaque pixel: 4 MB of pixels.
    std::vector<std::uint8_t> rgba(4'000'000, 0);
    rgba[4 * 500'500 + 3] = 255;
    const std::string png = encode_png(rgba, 1000, 1000);
    EXPECT_LT(png.size(), 40'000u);
    const Result<DecodedImage> decoded = decode_image({reinterpret_cast<const std::uint8_t*>(png.data()), png.size()});
    ASSERT_TRUE(decoded.ok()) << decoded.message();
    EXPECT_EQ(decoded.value().rgba, rgba);
}

TEST(PngEncode, RefusesPixelsShorterThanItsSize) {
    const std::vector<std::uint8_t> rgba(4 * 9, 255);
    EXPECT_FALSE(encode_png(rgba, 3, 3).empty());
    EXPECT_TRUE(encode_png(rgba, 4, 3).empty());
    EXPECT_TRUE(encode_png(rgba, 0, 3).empty());
}
