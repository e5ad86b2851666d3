// An atlas region cut back into the picture it was: each of the four turns undone (the mapping
// spine-core's mesh UVs use), the trimmed margins restored as transparent pixels where the
// offsets say, premultiplied colours divided back, and regions that do not fit refused.

#include "core/io/spine_import/spine_region_picture.hpp"

#include <gtest/gtest.h>

using namespace marionette;

namespace {

// A page whose every pixel names its place: red x, green y, blue 7, alpha 255.
DecodedImage numbered_page(int width, int height) {
    DecodedImage page{width, height, std::vector<std::uint8_t>(std::size_t(width) * std::size_t(height) * 4)};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &page.rgba[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4];
            p[0] = std::uint8_t(x);
            p[1] = std::uint8_t(y);
            p[2] = 7;
            p[3] = 255;
        }
    return page;
}

glm::ivec4 pixel(const DecodedImage& im, int x, int y) {
    const std::uint8_t* p = &im.rgba[(std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 4];
    return {p[0], p[1], p[2], p[3]};
}

// A 3 x 2 picture packed at (10, 20) on the page, turned by `degrees`.
SpineAtlasRegion region(int degrees) {
    SpineAtlasRegion r;
    r.name = "r";
    r.position = {10, 20};
    r.size = {3, 2};
    r.degrees = degrees;
    r.original_size = r.size;
    return r;
}

}  // namespace

TEST(SpineRegionPicture, UnturnedIsCopied) {
    const DecodedImage cut = cut_atlas_region(numbered_page(64, 64), region(0), false);
    ASSERT_EQ(cut.width, 3);
    ASSERT_EQ(cut.height, 2);
    EXPECT_EQ(pixel(cut, 0, 0), glm::ivec4(10, 20, 7, 255));
    EXPECT_EQ(pixel(cut, 2, 1), glm::ivec4(12, 21, 7, 255));
}

TEST(SpineRegionPicture, EachTurnIsUndone) {
    const DecodedImage page = numbered_page(64, 64);
    // Turned 90 anticlockwise to pack, the 3 x 2 picture lies on the page as 2 wide, 3 tall: its
    // top edge runs up the packed rectangle's left side, its top-left corner at the bottom left.
    const DecodedImage q = cut_atlas_region(page, region(90), false);
    EXPECT_EQ(pixel(q, 0, 0), glm::ivec4(10, 22, 7, 255));
    EXPECT_EQ(pixel(q, 2, 0), glm::ivec4(10, 20, 7, 255));
    EXPECT_EQ(pixel(q, 0, 1), glm::ivec4(11, 22, 7, 255));
    const DecodedImage h = cut_atlas_region(page, region(180), false);
    EXPECT_EQ(pixel(h, 0, 0), glm::ivec4(12, 21, 7, 255));
    EXPECT_EQ(pixel(h, 2, 1), glm::ivec4(10, 20, 7, 255));
    const DecodedImage t = cut_atlas_region(page, region(270), false);
    EXPECT_EQ(pixel(t, 0, 0), glm::ivec4(11, 20, 7, 255));
    EXPECT_EQ(pixel(t, 2, 0), glm::ivec4(11, 22, 7, 255));
    EXPECT_EQ(pixel(t, 0, 1), glm::ivec4(10, 20, 7, 255));
}

TEST(SpineRegionPicture, TrimmedMarginsComeBackTransparent) {
    SpineAtlasRegion r = region(0);
    r.original_size = {6, 5};
    r.offset = {1, 2};  // from the bottom left: the packed part's top row is row 5 - 2 - 2 = 1
    const DecodedImage cut = cut_atlas_region(numbered_page(64, 64), r, false);
    ASSERT_EQ(cut.width, 6);
    ASSERT_EQ(cut.height, 5);
    EXPECT_EQ(pixel(cut, 0, 0), glm::ivec4(0));
    EXPECT_EQ(pixel(cut, 1, 1), glm::ivec4(10, 20, 7, 255));
    EXPECT_EQ(pixel(cut, 3, 2), glm::ivec4(12, 21, 7, 255));
    EXPECT_EQ(pixel(cut, 4, 2), glm::ivec4(0));
    EXPECT_EQ(pixel(cut, 1, 3), glm::ivec4(0));
}

TEST(SpineRegionPicture, PremultipliedColoursAreDividedBack) {
    DecodedImage page{1, 1, {50, 100, 0, 128}};
    SpineAtlasRegion r;
    r.size = r.original_size = {1, 1};
    EXPECT_EQ(pixel(cut_atlas_region(page, r, true), 0, 0), glm::ivec4(100, 199, 0, 128));
    EXPECT_EQ(pixel(cut_atlas_region(page, r, false), 0, 0), glm::ivec4(50, 100, 0, 128));
    page.rgba = {200, 10, 0, 100};  // a colour past its alpha stays at full
    EXPECT_EQ(pixel(cut_atlas_region(page, r, true), 0, 0), glm::ivec4(255, 26, 0, 100));
}

TEST(SpineRegionPicture, RegionsOffTheirPageDoNotFit) {
    EXPECT_TRUE(region_fits_page(region(0), {13, 22}));
    EXPECT_FALSE(region_fits_page(region(0), {12, 22}));
    EXPECT_TRUE(region_fits_page(region(90), {12, 23}));  // turned: 2 wide, 3 tall
    EXPECT_FALSE(region_fits_page(region(90), {12, 22}));
    SpineAtlasRegion r = region(0);
    r.offset = {1, 0};  // past its original picture
    EXPECT_FALSE(region_fits_page(r, {64, 64}));
    r = region(45);
    EXPECT_FALSE(region_fits_page(r, {64, 64}));
}
