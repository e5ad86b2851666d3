// The shortcut table: one meaning per key in each place, every command reachable, and the
// names the menus and the help window show.

#include "editor/ui/shortcuts.hpp"

#include <gtest/gtest.h>

#include <set>
#include <tuple>

namespace marionette {
namespace {

TEST(Shortcuts, NoKeyMeansTwoThingsInOnePlace) {
    std::set<std::tuple<int, int, bool, bool, bool>> seen;
    for (const Shortcut& s : shortcuts()) {
        const auto chord = std::tuple(static_cast<int>(s.context), static_cast<int>(s.key), s.mods.ctrl, s.mods.shift, s.mods.alt);
        EXPECT_TRUE(seen.insert(chord).second) << chord_text(s.key, s.mods) << " is given twice in one context";
        EXPECT_NE(s.key, ViewKey::Other);
        EXPECT_FALSE(std::string(s.group).empty());
        EXPECT_FALSE(std::string(s.what).empty());
    }
}

TEST(Shortcuts, EveryCommandHasAKeyAndTheLookupFindsIt) {
    for (int c = 0; c <= static_cast<int>(Command::PasteKeys); ++c) {
        const auto command = static_cast<Command>(c);
        EXPECT_FALSE(chords_of(command).empty()) << "command " << c << " has no key";
    }
    for (const Shortcut& s : shortcuts()) EXPECT_EQ(command_for(s.context, s.key, s.mods), s.command) << chord_text(s.key, s.mods);
    // Modifiers are held exactly.
    EXPECT_EQ(command_for(ShortcutContext::Viewport, ViewKey::Z, Modifiers{.ctrl = true}), Command::Undo);
    EXPECT_EQ(command_for(ShortcutContext::Viewport, ViewKey::Z, Modifiers{.ctrl = true, .shift = true}), Command::Redo);
    EXPECT_EQ(command_for(ShortcutContext::Viewport, ViewKey::Z, Modifiers{.ctrl = true, .alt = true}), std::nullopt);
    EXPECT_EQ(command_for(ShortcutContext::Viewport, ViewKey::Other, {}), std::nullopt);
    // G moves a picture while placing, a bone while posing.
    EXPECT_EQ(command_for(ShortcutContext::Placing, ViewKey::G, {}), Command::PictureMove);
    EXPECT_EQ(command_for(ShortcutContext::Viewport, ViewKey::G, {}), Command::GrabBone);
}

TEST(Shortcuts, ChordsReadAsTheMenusShowThem) {
    EXPECT_EQ(chords_of(Command::Redo), "Ctrl+Shift+Z or Ctrl+Y");
    EXPECT_EQ(chords_of(Command::SelectNone), "Alt+A or Escape");
    EXPECT_EQ(chords_of(Command::FrontView), "1");
    EXPECT_EQ(chords_of(Command::LongerChain), "Page Up");
    EXPECT_EQ(chords_of(Command::SelectChildren), "]");
    EXPECT_EQ(chord_text(ViewKey::M, Modifiers{.ctrl = true, .shift = true, .alt = true}), "Ctrl+Shift+Alt+M");
}

}  // namespace
}  // namespace marionette
