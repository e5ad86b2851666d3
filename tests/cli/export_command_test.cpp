// `marionette --export FILE --out OUT.glb`: a rig as glTF that the importer reads back with the
// same bones; outputs that are not glTF names, or rig files, are refused with nothing written.

#include <gtest/gtest.h>

#include <sstream>

#include "cli/command_line.hpp"
#include "cli/export_command.hpp"
#include "core/gltf_import.hpp"
#include "core/test_files.hpp"

using namespace marionette;
namespace mt = marionette::testing;

TEST(ExportCommand, WritesAGlbTheImporterReadsBack) {
    mt::ScratchDir dir;
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/humanoid.json";
    for (const char* name : {"humanoid.glb", "humanoid.gltf"}) {
        const std::string out_file = (dir.path() / name).string();
        std::ostringstream out, err;
        ASSERT_EQ(run_export(rig, out_file, false, {}, false, out, err), 0) << err.str();
        // Its walk (oscillator channels) is sampled over a closed loop.
        EXPECT_EQ(out.str(), "exported=" + rig + " nodes=21 animations=1 out=" + out_file + "\n");
        EXPECT_EQ(err.str(), "");
        const Result<GltfImport> back = import_gltf_file(out_file);
        ASSERT_TRUE(back.ok()) << back.message();
        EXPECT_EQ(back.value().rig.skeleton.size(), 21u);
        ASSERT_EQ(back.value().rig.states.size(), 1u);
        EXPECT_EQ(back.value().rig.states[0].name, "walk");
    }
    EXPECT_EQ(mt::read_file(dir.path() / "humanoid.glb").substr(0, 4), "glTF");
    EXPECT_EQ(mt::read_file(dir.path() / "humanoid.gltf").substr(0, 1), "{");
}

TEST(ExportCommand, RefusesAnOutputThatIsNoGltfNameOrIsARig) {
    mt::ScratchDir dir;
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/arm.json";
    std::ostringstream out, err;
    EXPECT_EQ(run_export(rig, (dir.path() / "arm.json").string(), false, {}, false, out, err), 1);
    EXPECT_NE(err.str().find("expected a glTF file name"), std::string::npos) << err.str();
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "arm.json"));
    EXPECT_FALSE(parse_command_line({"--export", "a.json"}).ok());
    EXPECT_FALSE(parse_command_line({"--check", "a.json", "--rest-pose"}).ok());
    const Result<CommandLine> cl = parse_command_line({"--export", "a.json", "--out", "a.glb", "--rest-pose"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::Export);
    EXPECT_TRUE(cl.value().rest_pose);
}

TEST(ExportCommand, ATimelineBecomesOneAnimationOfItsBlends) {
    mt::ScratchDir dir;
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/hero.json";
    const std::string out_file = (dir.path() / "hero.glb").string();
    const Result<CommandLine> cl =
        parse_command_line({"--export", rig, "--timeline", "walking@0,climbing@2", "--seconds", "4", "--fps", "10", "--out", out_file});
    ASSERT_TRUE(cl.ok()) << cl.message();
    std::ostringstream out, err;
    ASSERT_EQ(run_export(rig, out_file, false, cl.value().animate, false, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), "exported=" + rig + " nodes=10 animations=1 out=" + out_file + "\n");
    const Result<GltfImport> back = import_gltf_file(out_file);
    ASSERT_TRUE(back.ok()) << back.message();
    ASSERT_EQ(back.value().rig.states.size(), 1u);
    const State& played = back.value().rig.states[0];
    EXPECT_EQ(played.name, "walking@0,climbing@2");
    ASSERT_FALSE(played.tracks.empty());
    EXPECT_EQ(played.tracks[0].keys.size(), 40u);  // 4 s at 10 frames a second
    // What goes with --timeline only, and what does not go with it.
    EXPECT_EQ(parse_command_line({"--export", rig, "--out", out_file, "--fps", "10"}).message(), "--export: --fps and --seconds go with --timeline");
    EXPECT_EQ(parse_command_line({"--export", rig, "--out", out_file, "--timeline", "walking@0", "--rest-pose"}).message(),
              "--export: --rest-pose and --timeline do not go together (a timeline is poses)");
    std::ostringstream out2, err2;
    AnimateRequest unknown;
    unknown.timeline = "flying@0";
    EXPECT_EQ(run_export(rig, (dir.path() / "bad.glb").string(), false, unknown, false, out2, err2), 1);
    EXPECT_NE(err2.str().find("--timeline entry 1 \"flying@0\": \"flying\" is not a state"), std::string::npos) << err2.str();
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "bad.glb"));
}
