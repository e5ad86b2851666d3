// Names: Spine's layer-name tags, taken out of the name wherever they stand, in any case; brackets
// that are no tag stay, and Spine's tags this import does not act on are named for a warning.

#include <gtest/gtest.h>

#include "core/io/import/unique_names.hpp"
#include "core/io/psd/psd_name_tags.hpp"
#include "core/io/psd/psd_text.hpp"

using namespace marionette::psd;

TEST(PsdNameTags, TagsAreTakenOutOfTheName) {
    const PsdNameTags t = read_name_tags("  upper [BONE] arm [mesh] ");
    EXPECT_EQ(t.name, "upper arm");
    EXPECT_TRUE(t.bone);
    EXPECT_TRUE(t.mesh);
    EXPECT_FALSE(t.slot);
    EXPECT_FALSE(t.ignore);
    EXPECT_TRUE(read_name_tags("[slot]eyes").slot);
    EXPECT_EQ(read_name_tags("[slot]eyes").name, "eyes");
    EXPECT_TRUE(read_name_tags("notes [Ignore]").ignore);
}

TEST(PsdNameTags, OtherBracketsStayInTheName) {
    const PsdNameTags t = read_name_tags("eye [left] [skin] [scale:2] [open");
    EXPECT_EQ(t.name, "eye [left] [skin] [scale:2] [open");
    EXPECT_EQ(t.unread, (std::vector<std::string>{"[skin]", "[scale:2]"}));
    EXPECT_EQ(read_name_tags("[bone]").name, "");
}

TEST(PsdRigNames, NamesAreMadeUniqueAndFileNamesSafe) {
    UniqueNames names;
    EXPECT_EQ(names.take("arm"), "arm");
    EXPECT_EQ(names.take("arm"), "arm 2");
    EXPECT_EQ(names.take("Arm"), "Arm");
    UniqueNames files(true);
    EXPECT_EQ(files.take("arm", "_"), "arm");
    EXPECT_EQ(files.take("ARM", "_"), "ARM_2");
    EXPECT_EQ(picture_file_stem("upper arm / left"), "upper_arm_left");
    EXPECT_EQ(picture_file_stem("Ärm"), "rm");
    EXPECT_EQ(picture_file_stem("../.."), "layer");
    EXPECT_EQ(picture_file_stem(std::string(100, 'a')).size(), 64u);
}

TEST(PsdText, NamesBecomeUtf8) {
    // UTF-16 big-endian: a pair of surrogates is one character; a lone one is U+FFFD.
    const std::vector<std::uint8_t> utf16 = {0x00, 'A', 0xD8, 0x3E, 0xDD, 0xBE, 0xD8, 0x00, 0x00, 'b', 0x81};
    EXPECT_EQ(utf16be_to_utf8(utf16),
              "A\xF0\x9F\xA6\xBE\xEF\xBF\xBD"
              "b");
    // Mac OS Roman: ä is 0x8A, € 0xDB.
    const std::vector<std::uint8_t> roman = {'b', 0x8A, 'c', 0xDB};
    EXPECT_EQ(mac_roman_to_utf8(roman),
              "b\xC3\xA4"
              "c\xE2\x82\xAC");
}
