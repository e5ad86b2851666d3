// The UTF-8 check the editor applies to names, and its agreement with what the rig writer can
// save: a name it accepts saves, a name it refuses would not.

#include <string>

#include <gtest/gtest.h>

#include "core/base/utf8.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

struct Sample {
    const char* what;
    std::string text;
    std::optional<std::size_t> bad_at;
};

const Sample kSamples[] = {
    {"empty", "", std::nullopt},
    {"ascii", "upper_arm.L", std::nullopt},
    {"two bytes", "\xC3\xA9paule", std::nullopt},
    {"three bytes", "\xE8\x85\x95", std::nullopt},
    {"four bytes", "\xF0\x9F\xA6\xB4", std::nullopt},
    {"last code point", "\xF4\x8F\xBF\xBF", std::nullopt},
    {"stray continuation", "a\x80", 1},
    {"lead byte 0xFF", "ab\xFF", 2},
    {"truncated two bytes", "x\xC3", 1},
    {"truncated four bytes", "\xF0\x9F\xA6", 0},
    {"bad continuation", "\xE8\x41\x95", 0},
    {"overlong slash", "\xC0\xAF", 0},
    {"overlong three bytes", "\xE0\x80\xAF", 0},
    {"overlong four bytes", "\xF0\x80\x80\xAF", 0},
    {"surrogate", "ok\xED\xA0\x80", 2},
    {"past U+10FFFF", "\xF4\x90\x80\x80", 0},
    {"lead byte 0xF5", "\xF5\x80\x80\x80", 0},
};

}  // namespace

TEST(Utf8, FindsTheFirstIllFormedSequence) {
    for (const Sample& s : kSamples) {
        EXPECT_EQ(find_invalid_utf8(s.text), s.bad_at) << s.what;
        EXPECT_EQ(is_valid_utf8(s.text), !s.bad_at.has_value()) << s.what;
    }
}

TEST(Utf8, AgreesWithWhatTheRigWriterCanSave) {
    for (const Sample& s : kSamples) {
        if (s.text.empty()) continue;  // not a name at all
        Rig rig =
            parse_rig(R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "length": 1}]})").value();
        rig.skeleton[0].name = s.text;
        EXPECT_EQ(serialize_rig(rig).ok(), is_valid_utf8(s.text)) << s.what;
    }
}

TEST(Utf8, DisplayableTextReplacesEachBadByteAndKeepsTheRest) {
    const std::string r = "\xEF\xBF\xBD";
    EXPECT_EQ(displayable_utf8("arm.json"), "arm.json");
    EXPECT_EQ(displayable_utf8("h\xC3\xA9ros \xE2\x9C\x93"), "h\xC3\xA9ros \xE2\x9C\x93");  // valid: unchanged
    EXPECT_EQ(displayable_utf8("arm-\xE9t\xE9.json"), "arm-" + r + "t" + r + ".json");      // Latin-1 bytes
    EXPECT_EQ(displayable_utf8("\xFF\xFE"), r + r);
    EXPECT_EQ(displayable_utf8("end\xE2\x9C"), "end" + r + r);  // a sequence cut short
    EXPECT_EQ(displayable_utf8(""), "");
    for (const Sample& s : kSamples) {
        const std::string shown = displayable_utf8(s.text);
        EXPECT_TRUE(is_valid_utf8(shown)) << s.what;
        if (!s.bad_at) {
            EXPECT_EQ(shown, s.text) << s.what;
        }
    }
}
