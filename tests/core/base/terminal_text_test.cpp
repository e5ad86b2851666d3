// terminal_safe: what reaches the terminal from a name or a path holds no control character,
// and text without one is printed as it was.

#include <gtest/gtest.h>

#include <string>

#include "core/base/terminal_text.hpp"
#include "core/control_bytes.hpp"

using namespace marionette;
using marionette::testing::holds_control_byte;

TEST(TerminalSafe, PrintableTextIsUnchanged) {
    for (const std::string text : {"", "arm.json", "upper arm", "run, fast@0", R"(C:\rigs\a.json)", "é ü ß",
                                   "\xe2\x86\x92 \xf0\x9f\xa6\xb4", "\xc2\xa0non-breaking"}) {
        EXPECT_EQ(terminal_safe(text), text) << text;
    }
}

TEST(TerminalSafe, C0ControlsAndDelAreWrittenAsHex) {
    EXPECT_EQ(terminal_safe("\x1b[2Jgone"), "\\x1b[2Jgone");
    EXPECT_EQ(terminal_safe("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
    EXPECT_EQ(terminal_safe("two\nlines\r\tand\x7f"), "two\\x0alines\\x0d\\x09and\\x7f");
    EXPECT_EQ(terminal_safe(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(terminal_safe("\x1f"), "\\x1f");
}

TEST(TerminalSafe, C1ControlsInUtf8AreWrittenAsCodePoints) {
    EXPECT_EQ(terminal_safe("\xc2\x9b"
                            "2J"),
              "\\u009b2J");
    EXPECT_EQ(terminal_safe("\xc2\x80\xc2\x85\xc2\x9f"), "\\u0080\\u0085\\u009f");
}

TEST(TerminalSafe, BytesOutsideValidUtf8AreWrittenAsHex) {
    EXPECT_EQ(terminal_safe("\x9b"
                            "2J"),
              "\\x9b2J");
    EXPECT_EQ(terminal_safe("caf\xe9"), "caf\\xe9") << "Latin-1, not UTF-8";
    EXPECT_EQ(terminal_safe("\xc2"), "\\xc2") << "cut short at the end";
    EXPECT_EQ(terminal_safe("\xc2 x"), "\\xc2 x") << "cut short by a space";
    EXPECT_EQ(terminal_safe("\xc0\x9b"), "\\xc0\\x9b") << "an overlong ESC-like form";
    EXPECT_EQ(terminal_safe("\xe0\x80\x9b"), "\\xe0\\x80\\x9b") << "overlong";
    EXPECT_EQ(terminal_safe("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a UTF-16 surrogate";
    EXPECT_EQ(terminal_safe("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80") << "past U+10FFFF";
    EXPECT_EQ(terminal_safe("\xe2\x86"), "\\xe2\\x86") << "a three-byte form cut short";
}

TEST(TerminalSafe, TheCheckBelowSeesControls) {
    for (const std::string text : {"\x1b", "a\x7f", "a\x9b", "\xc2\x9b", "\xc2", "\xe2\x86"}) {
        EXPECT_TRUE(holds_control_byte(text)) << text;
    }
    EXPECT_FALSE(holds_control_byte("caf\xc3\xa9 \xe2\x86\x92 \xc2\xa0"));
}

TEST(TerminalSafe, NoByteOfAnyInputIsAControlAfterwards) {
    // Every single byte, and every pair: what comes out never holds a byte a terminal acts on.
    for (int a = 0; a < 256; ++a) {
        const std::string one(1, static_cast<char>(a));
        EXPECT_FALSE(holds_control_byte(terminal_safe(one))) << a;
        for (int b = 0; b < 256; ++b) {
            const std::string two{static_cast<char>(a), static_cast<char>(b)};
            const std::string safe = terminal_safe(two);
            ASSERT_FALSE(holds_control_byte(safe)) << a << " " << b;
        }
    }
}
