// The help window in a headless ImGui context: it lists every row of the shortcut table (the
// table the keys are looked up in), and an About tab with the version.

#include <gtest/gtest.h>

#include "app/headless_imgui.hpp"
#include "app/ui/help_window.hpp"
#include "editor/ui/shortcuts.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(HelpWindow, ListsEveryShortcutOfTheTableAndClosesWithItsButton) {
    HeadlessImGui ui;
    HelpWindow help;
    UiMarks marks;
    ui.on_frame([&] {
        marks.clear();
        help.draw(&marks);
    });
    ui.frames(2);
    EXPECT_TRUE(marks.marks().empty()) << "drawn while closed";
    help.toggle();
    ui.frames(3);
    for (const Shortcut& s : shortcuts()) {
        const std::string name = "help/key/" + chord_text(s.key, s.mods) + (s.context == ShortcutContext::Timeline ? " (timeline)" : "");
        EXPECT_TRUE(has_mark(marks, name)) << name << " (" << s.what << ") is not in the help window";
    }
    ASSERT_TRUE(has_mark(marks, "help/about"));
    ui.click(mark_centre(marks, "help/close"));
    EXPECT_FALSE(help.open());
}
