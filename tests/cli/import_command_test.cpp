// `marionette --import MODEL.glb --out RIG.json`: a file another program wrote becomes a rig
// file the loader reads back whole, with what was left out said; wrong inputs and outputs are
// refused with nothing written. `--check` reads glTF the same way.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/check_command.hpp"
#include "cli/command_line.hpp"
#include "cli/import_command.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"

using namespace marionette;
namespace mt = marionette::testing;

namespace {
const std::string kAssimpArm = std::string(MARIONETTE_TEST_DATA) + "/gltf/bvh_arm_by_assimp.glb";
}

TEST(ImportCommand, WritesARigTheLoaderReadsAndSaysWhatItLeftOut) {
    mt::ScratchDir dir;
    const std::string out_file = (dir.path() / "arm.json").string();
    std::ostringstream out, err;
    ASSERT_EQ(run_import(kAssimpArm, out_file, false, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), "imported=" + kAssimpArm + " bones=4 states=1 meshes=1 out=" + out_file + "\n");
    EXPECT_NE(err.str().find("marionette: warning: the extension FB_ngon_encoding is not supported"), std::string::npos) << err.str();
    const Result<Rig> loaded = load_rig_file(out_file);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().skeleton.size(), 4u);
    EXPECT_EQ(loaded.value().states.at(0).name, "Motion");
    // The mesh Assimp made for the joints comes along, its numbers in a file beside the rig.
    ASSERT_EQ(loaded.value().meshes.meshes().size(), 1u);
    EXPECT_TRUE(loaded.value().meshes.meshes()[0].is_skinned());
    std::size_t data_files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        data_files += entry.path().string().ends_with(".mesh.bin") ? 1 : 0;
    EXPECT_EQ(data_files, 1u);
}

TEST(ImportCommand, RefusesWhatItCannotReadOrMustNotWrite) {
    mt::ScratchDir dir;
    const std::string rig = (dir.path() / "rig.json").string();
    std::ostringstream out, err;
    EXPECT_EQ(run_import(std::string(MARIONETTE_ASSETS) + "/arm.json", rig, false, out, err), 1);
    EXPECT_NE(err.str().find("expected a glTF file"), std::string::npos) << err.str();
    // An output that is a rig file already is kept unless --overwrite says.
    mt::write_file(rig, mt::read_file(std::string(MARIONETTE_ASSETS) + "/arm.json"));
    std::ostringstream out2, err2;
    EXPECT_EQ(run_import(kAssimpArm, rig, false, out2, err2), 1);
    EXPECT_NE(err2.str().find("--overwrite"), std::string::npos) << err2.str();
    EXPECT_EQ(load_rig_file(rig).value().skeleton.size(), 3u);  // still the arm
    // A missing or broken glTF file: the error names it, nothing is written.
    const std::string broken = (dir.path() / "broken.glb").string();
    mt::write_file(broken, "glTF\x02");
    const std::string fresh = (dir.path() / "fresh.json").string();
    std::ostringstream out3, err3;
    EXPECT_EQ(run_import(broken, fresh, false, out3, err3), 1);
    EXPECT_EQ(err3.str().find("marionette: " + broken + ": not a glTF file"), 0u) << err3.str();
    EXPECT_FALSE(std::filesystem::exists(fresh));
}

TEST(ImportCommand, TheCommandLineWantsAnOut) {
    EXPECT_FALSE(parse_command_line({"--import", "a.glb"}).ok());
    const Result<CommandLine> cl = parse_command_line({"--import", "a.glb", "--out", "a.json", "--overwrite"});
    ASSERT_TRUE(cl.ok()) << cl.message();
    EXPECT_EQ(cl.value().mode, RunMode::Import);
    EXPECT_EQ(cl.value().import_out, "a.json");
    EXPECT_FALSE(parse_command_line({"--import", "a.glb", "--out", "a.json", "--timeline", "x@0"}).ok());
}

TEST(CheckCommand, ReadsAGltfFileAndPrintsItsWarnings) {
    std::ostringstream out, err;
    EXPECT_EQ(run_check(kAssimpArm, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), kAssimpArm + ": 3D rig, 4 bones, 0 IK chains, 1 state (Motion [keyed: 6 tracks, 14 keys, 1 s])\n");
    EXPECT_NE(err.str().find("warning: "), std::string::npos);
}

TEST(ImportCommand, APsdFileBecomesARigWithItsPicturesBesideIt) {
    mt::ScratchDir dir;
    const std::string psd = std::string(MARIONETTE_TEST_DATA) + "/psd/gimp_puppet.psd";
    const std::string out_file = (dir.path() / "puppet.json").string();
    std::ostringstream out, err;
    ASSERT_EQ(run_import(psd, out_file, false, out, err), 0) << err.str();
    EXPECT_EQ(out.str(), "imported=" + psd + " bones=3 slots=6 pictures=7 out=" + out_file + "\n");
    EXPECT_NE(err.str().find("marionette: warning: layers[9] \"hat\": hidden; left out"), std::string::npos) << err.str();
    const Result<Rig> loaded = load_rig_file(out_file);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().slots.size(), 6u);
    EXPECT_TRUE(std::filesystem::is_regular_file(dir.path() / "puppet" / "head.png"));
    // A second import over a rig file is refused without --overwrite, and writes nothing.
    std::filesystem::remove(dir.path() / "puppet" / "head.png");
    std::ostringstream out2, err2;
    EXPECT_EQ(run_import(psd, out_file, false, out2, err2), 1);
    EXPECT_NE(err2.str().find("--out " + out_file + ": is a rig file"), std::string::npos) << err2.str();
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "puppet" / "head.png"));
    std::ostringstream out3, err3;
    EXPECT_EQ(run_import(psd, out_file, true, out3, err3), 0) << err3.str();
    EXPECT_TRUE(std::filesystem::is_regular_file(dir.path() / "puppet" / "head.png"));
}
