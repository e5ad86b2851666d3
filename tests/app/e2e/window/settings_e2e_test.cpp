// A settings file the editor cannot use in full still lets it start: the parts of its ImGui
// layout that ImGui 1.86 cannot read safely are dropped, said on the terminal and in the status
// bar, and the file is saved back without them. "[Table][0x00000001,2000000000]" crashed the
// editor inside ImGui's .ini loader at every start.

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using namespace marionette::testing;
namespace fs = std::filesystem;

namespace {

TEST(ScriptedSettings, ATableLayoutOfTwoBillionColumnsIsDroppedAndTheEditorStarts) {
    const auto dir = scratch_dir("e2e-bad-layout");
    fs::copy_file(kHeroRigFile, dir / "hero.json");
    fs::create_directories(dir / "config");
    const fs::path settings = dir / "config" / "settings.json";
    write_file(settings, R"({"imgui_layout": "[Window][Outliner]\nPos=0,0\n[Table][0x00000001,2000000000]\nColumn 0 Width=5\n"})");
    // The state panel draws ImGui's one table of the editor, the channels'.
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 3}
    ]})");
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    const fs::path err = dir / "stderr.txt";
    ASSERT_EQ(run(env + script_on(dir, "hero.json") + " 2>" + err.string()), 0) << read_file(err);
    EXPECT_NE(read_file(err).find("settings.json: imgui_layout line 3: [Table][0x00000001,2000000000]: 2000000000 columns; "
                                  "a table has at most 64; section dropped"),
              std::string::npos)
        << read_file(err);

    // Saved back clean, the next start reads it without a word.
    const std::string saved = read_file(settings);
    EXPECT_EQ(saved.find("2000000000"), std::string::npos) << saved;
    EXPECT_NE(saved.find("[Window][Outliner]"), std::string::npos) << saved;
    ASSERT_EQ(run(env + xvfb("--window 1280x800 --frames 3 " + (dir / "hero.json").string()) + " 2>" + err.string()), 0) << read_file(err);
    EXPECT_EQ(read_file(err).find("imgui_layout"), std::string::npos) << read_file(err);
}

}  // namespace
