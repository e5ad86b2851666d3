// Spine's atlas text read in both its forms (Spine 4's bounds and offsets, Spine 3's xy, size,
// orig and offset), the atlas Marionette's Spine export writes read back, and every bad line a
// clear error naming it.

#include "core/io/spine_import/spine_atlas_reader.hpp"

#include <string>

#include <gtest/gtest.h>

#include "core/io/spine/spine_atlas.hpp"
#include "core/test_files.hpp"

using namespace marionette;

namespace {

SpineAtlas read_ok(const std::string& text) {
    Result<SpineAtlas> atlas = read_spine_atlas(text);
    EXPECT_TRUE(atlas.ok()) << atlas.message();
    return atlas.ok() ? atlas.value() : SpineAtlas{};
}

std::string error_of(const std::string& text) {
    Result<SpineAtlas> atlas = read_spine_atlas(text);
    EXPECT_FALSE(atlas.ok()) << text;
    return atlas.ok() ? std::string() : atlas.message();
}

}  // namespace

TEST(SpineAtlasReader, Spine4sFieldsPagesAndRegions) {
    const SpineAtlas a = read_ok(marionette::testing::read_file(std::string(MARIONETTE_TEST_DATA) + "/spine_atlas/spine4.atlas"));
    ASSERT_EQ(a.pages.size(), 2u);
    EXPECT_EQ(a.pages[0].file, "puppet.png");
    EXPECT_EQ(a.pages[0].size, glm::ivec2(512, 256));
    EXPECT_TRUE(a.pages[0].premultiplied);
    EXPECT_EQ(a.pages[1].file, "back.png");
    EXPECT_EQ(a.pages[1].size, glm::ivec2(64, 64));
    EXPECT_FALSE(a.pages[1].premultiplied);
    ASSERT_EQ(a.regions.size(), 5u);
    const SpineAtlasRegion* head = a.find("head");
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->page, 0);
    EXPECT_EQ(head->position, glm::ivec2(2, 2));
    EXPECT_EQ(head->size, glm::ivec2(120, 100));
    EXPECT_EQ(head->offset, glm::ivec2(4, 6));
    EXPECT_EQ(head->original_size, glm::ivec2(130, 110));
    EXPECT_EQ(head->degrees, 0);
    const SpineAtlasRegion* hand = a.find("hand");
    ASSERT_NE(hand, nullptr);
    EXPECT_EQ(hand->degrees, 90);
    EXPECT_EQ(hand->original_size, glm::ivec2(40, 60)) << "untrimmed: its own size";
    ASSERT_NE(a.find("blink", 0), nullptr);
    EXPECT_EQ(a.find("blink", 0)->position, glm::ivec2(200, 14));
    EXPECT_EQ(a.find("blink", 1)->position, glm::ivec2(200, 2));
    EXPECT_EQ(a.find("blink", 2), nullptr);
    EXPECT_EQ(a.find("tail")->page, 1);
    ASSERT_EQ(a.passed_over.size(), 1u);
    EXPECT_EQ(a.passed_over[0], "line 19: \"split\"");
}

TEST(SpineAtlasReader, Spine3sFields) {
    const SpineAtlas a = read_ok(marionette::testing::read_file(std::string(MARIONETTE_TEST_DATA) + "/spine_atlas/spine3.atlas"));
    ASSERT_EQ(a.pages.size(), 1u);
    EXPECT_EQ(a.pages[0].file, "old.png");
    EXPECT_EQ(a.pages[0].size, glm::ivec2(256, 128));
    ASSERT_EQ(a.regions.size(), 2u);
    const SpineAtlasRegion& foot = a.regions[0];
    EXPECT_EQ(foot.name, "foot");
    EXPECT_EQ(foot.degrees, 90);
    EXPECT_EQ(foot.position, glm::ivec2(10, 20));
    EXPECT_EQ(foot.size, glm::ivec2(30, 50));
    EXPECT_EQ(foot.original_size, glm::ivec2(34, 52));
    EXPECT_EQ(foot.offset, glm::ivec2(2, 1));
    EXPECT_EQ(foot.index, -1);
    EXPECT_EQ(a.regions[1].degrees, 0);
    EXPECT_TRUE(a.passed_over.empty());
}

// Atlases Spine wrote (the windmill and owl examples of spine-runtimes, tests/data/spine_atlas/MANIFEST).
TEST(SpineAtlasReader, ReadsAtlasesSpineWrote) {
    const SpineAtlas windmill =
        read_ok(marionette::testing::read_file(std::string(MARIONETTE_TEST_DATA) + "/spine_atlas/windmill-pma.atlas"));
    ASSERT_EQ(windmill.pages.size(), 1u);
    EXPECT_EQ(windmill.pages[0].file, "windmill-pma.png");
    EXPECT_EQ(windmill.pages[0].size, glm::ivec2(1024, 512));
    EXPECT_TRUE(windmill.pages[0].premultiplied);
    EXPECT_EQ(windmill.regions.size(), 26u);
    const SpineAtlasRegion* blades = windmill.find("windmill-blades");
    ASSERT_NE(blades, nullptr);
    EXPECT_EQ(blades->position, glm::ivec2(558, 239));
    EXPECT_EQ(blades->size, glm::ivec2(271, 270));
    EXPECT_EQ(blades->degrees, 90);
    EXPECT_EQ(blades->original_size, blades->size);
    EXPECT_TRUE(windmill.passed_over.empty());  // its "scale" changes no attachment's size

    const SpineAtlas owl = read_ok(marionette::testing::read_file(std::string(MARIONETTE_TEST_DATA) + "/spine_atlas/owl.atlas"));
    ASSERT_EQ(owl.pages.size(), 1u);
    EXPECT_EQ(owl.pages[0].file, "owl.png");
    EXPECT_FALSE(owl.pages[0].premultiplied);
    EXPECT_EQ(owl.regions.size(), 27u);
    const SpineAtlasRegion* head = owl.find("head-base");
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->degrees, 90);
    EXPECT_EQ(head->position, glm::ivec2(621, 200));
    EXPECT_EQ(head->size, glm::ivec2(299, 237));
    EXPECT_TRUE(owl.passed_over.empty());
}

TEST(SpineAtlasReader, ReadsTheAtlasTheSpineExportWrites) {
    SpineRegions written;
    written.regions.push_back(SpineRegion{"io/head.png", "io/head", "images/io/head.png", glm::ivec2(64, 48), true});
    written.regions.push_back(SpineRegion{"io/gone.png", "io/gone", "images/io/gone.png", glm::ivec2(0), false});
    written.regions.push_back(SpineRegion{"io/arm.png", "io/arm", "images/io/arm.png", glm::ivec2(16, 80), true});
    const SpineAtlas a = read_ok(spine_atlas(written));
    ASSERT_EQ(a.pages.size(), 2u) << "a missing picture has no page";
    ASSERT_EQ(a.regions.size(), 2u);
    for (const std::size_t i : {0u, 1u}) {
        const SpineRegion& r = written.regions[i == 0 ? 0 : 2];
        EXPECT_EQ(a.pages[i].file, r.page);
        EXPECT_EQ(a.pages[i].size, r.pixels);
        EXPECT_EQ(a.regions[i].name, r.name);
        EXPECT_EQ(a.regions[i].size, r.pixels);
        EXPECT_EQ(a.regions[i].position, glm::ivec2(0));
        EXPECT_EQ(a.regions[i].page, static_cast<int>(i));
    }
}

TEST(SpineAtlasReader, ABadLineIsAnErrorNamingIt) {
    const std::string page = "p.png\nsize: 100, 100\nr\n";
    EXPECT_EQ(error_of(page + "bounds: 1, 2, x, 4\n"), "line 4: \"bounds\" needs 4 whole numbers from 0 to 65536");
    EXPECT_EQ(error_of(page + "bounds: 1, 2, 3\n"), "line 4: \"bounds\" needs 4 whole numbers from 0 to 65536");
    EXPECT_EQ(error_of(page + "bounds: 1, 2, 3, 99999999999\n"), "line 4: \"bounds\" needs 4 whole numbers from 0 to 65536");
    EXPECT_EQ(error_of(page + "xy: -1, 0\n"), "line 4: \"xy\" needs 2 whole numbers from 0 to 65536");
    EXPECT_EQ(error_of(page + "rotate: 45\n"), "line 4: \"rotate\" is true, false, 0, 90, 180 or 270, not \"45\"");
    EXPECT_EQ(error_of(page + "bounds: 90, 0, 20, 10\n"), "line 3: region \"r\" reaches past its page's 100 x 100 pixels");
    EXPECT_EQ(error_of(page + "bounds: 0, 90, 20, 10\nrotate: 90\n"), "line 3: region \"r\" reaches past its page's 100 x 100 pixels")
        << "turned, it covers 10 x 20";
    EXPECT_EQ(error_of(page + "bounds: 0, 0, 20, 10\noffsets: 5, 0, 20, 10\n"),
              "line 3: region \"r\" is larger than its original picture with its offsets");
    EXPECT_EQ(error_of("size: 10, 10\n"), "line 1: a page's picture file is expected, not the field \"size\"");
    EXPECT_EQ(error_of("p.png\npma: yes\n"), "line 2: \"pma\" is true or false");
    EXPECT_EQ(error_of("p.png\nr\nindex: -2\n"), "line 3: \"index\" needs 1 whole numbers from -1 to 65536");
    // Nothing, blank lines, and a page alone read as what they are.
    EXPECT_TRUE(read_ok("").pages.empty());
    EXPECT_TRUE(read_ok("\n\n\r\n").pages.empty());
    EXPECT_EQ(read_ok("p.png").pages.size(), 1u);
    // A page without a size takes any region; Windows line ends read.
    EXPECT_EQ(read_ok("p.png\r\nr\r\nbounds: 5000, 0, 1, 1\r\n").regions[0].position, glm::ivec2(5000, 0));
}
