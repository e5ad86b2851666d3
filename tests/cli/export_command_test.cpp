// `marionette --export FILE --out OUT.glb`: a rig as glTF that the importer reads back with the
// same bones; outputs that are not glTF names, or rig files, are refused with nothing written.

#include <gtest/gtest.h>

#include <sstream>

#include "cli/command_line.hpp"
#include "cli/export_command.hpp"
#include "core/io/gltf/gltf_import.hpp"
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
    EXPECT_EQ(parse_command_line({"--export", rig, "--out", out_file, "--fps", "10"}).message(),
              "--export: --fps and --seconds go with --timeline");
    EXPECT_EQ(parse_command_line({"--export", rig, "--out", out_file, "--timeline", "walking@0", "--rest-pose"}).message(),
              "--export: --rest-pose and --timeline do not go together (a timeline is poses)");
    std::ostringstream out2, err2;
    AnimateRequest unknown;
    unknown.timeline = "flying@0";
    EXPECT_EQ(run_export(rig, (dir.path() / "bad.glb").string(), false, unknown, false, out2, err2), 1);
    EXPECT_NE(err2.str().find("--timeline entry 1 \"flying@0\": \"flying\" is not a state"), std::string::npos) << err2.str();
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "bad.glb"));
}

// --- --format spine -------------------------------------------------------------------------

#include <nlohmann/json.hpp>

#include "cli/spine_export_command.hpp"

TEST(ExportCommand, SpineWritesTheSkeletonItsAtlasAndItsPictures) {
    mt::ScratchDir dir;
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/io.json";
    const std::string out_file = (dir.path() / "io.json").string();
    const Result<CommandLine> cl = parse_command_line({"--export", rig, "--format", "spine", "--out", out_file});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().export_format, ExportFormat::Spine);
    std::ostringstream out, err;
    ASSERT_EQ(run_spine_export(rig, out_file, false, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), "exported=" + rig + " bones=17 slots=11 animations=2 out=" + out_file + "\n");
    // Io's two states loop on periods that are no whole number of frames: said, not refused.
    EXPECT_NE(err.str().find("marionette: warning: state \"walking\": its periods have no common loop"), std::string::npos) << err.str();
    const nlohmann::json doc = nlohmann::json::parse(mt::read_file(dir.path() / "io.json"));
    EXPECT_EQ(doc.at("skeleton").at("images"), "./images/");
    EXPECT_EQ(doc.at("slots").size(), 11u);
    const std::string atlas = mt::read_file(dir.path() / "io.atlas");
    for (const char* picture : {"upper-limb", "forearm", "shin", "body", "head", "pupils", "pupils-closed"}) {
        const std::string page = std::string("images/io/") + picture + ".png";
        EXPECT_NE(atlas.find(page + "\nsize: "), std::string::npos) << picture;
        // Copied byte for byte.
        EXPECT_EQ(mt::read_file(dir.path() / page), mt::read_file(std::string(MARIONETTE_ASSETS) + "/io/" + picture + ".png")) << picture;
    }
}

TEST(ExportCommand, SpineTakesAJsonOutAndNoGltfOptions) {
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/io.json";
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"--export", rig, "--format", "dragonbones", "--out", "a.json"}, "--format: expected spine or gltf, got \"dragonbones\""},
        {{"--export", rig, "--format", "spine", "--out", "a.glb"},
         "--out a.glb: --format spine writes a Spine skeleton: expected a .json file name"},
        {{"--check", rig, "--format", "spine"}, "--format: only with --export FILE"},
        {{"--export", rig, "--format", "spine", "--out", "a.json", "--timeline", "walking@0"},
         "--export: --timeline does not go with --format spine (every state is exported as an animation)"},
        {{"--export", rig, "--format", "spine", "--out", "a.json", "--rest-pose"},
         "--export: --rest-pose does not go with --format spine (Spine's setup pose is always the rest pose)"},
        {{"--export", rig, "--format", "spine"}, "--export: missing --out OUT.json"},
        {{"--export", rig, "--format", "spine", "--format", "gltf", "--out", "a.json"}, "--format: given twice"},
    };
    for (const auto& [args, message] : cases) {
        const Result<CommandLine> cl = parse_command_line(args);
        ASSERT_FALSE(cl.ok()) << message;
        EXPECT_EQ(cl.message(), message);
    }
    // The glTF export is still the default, chosen by --out's name, and may be asked for.
    const Result<CommandLine> gltf = parse_command_line({"--export", rig, "--format", "gltf", "--out", "a.glb"});
    ASSERT_TRUE(gltf.ok()) << gltf.message();
    EXPECT_EQ(gltf.value().export_format, ExportFormat::Gltf);
    EXPECT_EQ(parse_command_line({"--export", rig, "--out", "a.glb"}).value().export_format, ExportFormat::Gltf);
    // Called directly with another name, the command refuses it too, writing nothing.
    mt::ScratchDir dir;
    std::ostringstream out, err;
    EXPECT_EQ(run_spine_export(rig, (dir.path() / "io.glb").string(), false, out, err), 1);
    EXPECT_NE(err.str().find("expected a .json file name"), std::string::npos) << err.str();
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ExportCommand, SpineRefusesA3dRigAndWritesNothing) {
    mt::ScratchDir dir;
    std::ostringstream out, err;
    EXPECT_EQ(run_spine_export(std::string(MARIONETTE_ASSETS) + "/humanoid.json", (dir.path() / "h.json").string(), false, out, err), 1);
    EXPECT_EQ(err.str(), "marionette: a 3D rig cannot be exported to Spine, which is 2D: export it as glTF instead\n");
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ExportCommand, SpineChecksEveryOutputBeforeWritingAny) {
    const std::string rig = std::string(MARIONETTE_ASSETS) + "/io.json";
    {
        // OUT.json is a rig: refused without --overwrite, and neither the atlas nor a picture is
        // written; with --overwrite it is replaced.
        mt::ScratchDir dir;
        const std::filesystem::path out_file = dir.path() / "io.json";
        std::filesystem::copy_file(std::string(MARIONETTE_ASSETS) + "/arm.json", out_file);
        const std::string before = mt::read_file(out_file);
        std::ostringstream out, err;
        EXPECT_EQ(run_spine_export(rig, out_file.string(), false, out, err), 1);
        EXPECT_EQ(err.str(),
                  "marionette: --out " + out_file.string() + ": is a rig file; give another file, or --overwrite to replace it\n");
        EXPECT_EQ(mt::read_file(out_file), before);
        EXPECT_FALSE(std::filesystem::exists(dir.path() / "io.atlas"));
        EXPECT_FALSE(std::filesystem::exists(dir.path() / "images"));
        std::ostringstream out2, err2;
        EXPECT_EQ(run_spine_export(rig, out_file.string(), true, out2, err2), 0) << err2.str();
        EXPECT_NE(mt::read_file(out_file), before);
    }
    {
        // A read-only atlas: refused before the pictures or the skeleton are written.
        mt::ScratchDir dir;
        const std::filesystem::path atlas = dir.path() / "io.atlas";
        mt::write_file(atlas, "kept\n");
        std::filesystem::permissions(atlas, std::filesystem::perms::owner_read);
        std::ostringstream out, err;
        EXPECT_EQ(run_spine_export(rig, (dir.path() / "io.json").string(), false, out, err), 1);
        EXPECT_NE(err.str().find("--out " + atlas.string() + ": is read-only"), std::string::npos) << err.str();
        EXPECT_FALSE(std::filesystem::exists(dir.path() / "io.json"));
        EXPECT_FALSE(std::filesystem::exists(dir.path() / "images"));
        EXPECT_EQ(mt::read_file(atlas), "kept\n");
    }
}
