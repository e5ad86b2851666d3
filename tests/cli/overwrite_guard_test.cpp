// The command line's guard on `--out` (issue 57): a rig's mesh data is part of that rig, so an
// output over it (`--animate ... --out walker.<hash>.mesh.bin`) is refused as an output over the
// rig would be, unless --overwrite.

#include <gtest/gtest.h>

#include <filesystem>

#include "cli/overwrite_guard.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::kAssets;
namespace mt = marionette::testing;
namespace fs = std::filesystem;

namespace {

// The shipped walker and its mesh data, copied into `dir`; returns the mesh data's name.
std::string copy_walker(const mt::ScratchDir& dir) {
    std::string data;
    for (const auto& e : fs::directory_iterator(kAssets)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("walker.", 0) == 0 && name.ends_with(".mesh.bin")) data = name;
    }
    EXPECT_FALSE(data.empty());
    fs::copy_file(fs::path(kAssets) / "walker.json", dir / "walker.json");
    fs::copy_file(fs::path(kAssets) / data, dir / data);
    return data;
}

}  // namespace

TEST(OverwriteGuard, MeshDataARigNamesIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    const std::string data = copy_walker(dir);
    const std::string out = (dir / data).string();
    const Status refused = check_output_file("--out", kAssets + "/hero.json", out, false);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), "--out " + out + ": is the mesh data of the rig " + (dir / "walker.json").string() +
                                     "; give another file, or --overwrite to replace it");
    EXPECT_TRUE(check_output_file("--out", kAssets + "/hero.json", out, true).ok()) << "replaced when asked";
    EXPECT_TRUE(load_rig_file(dir / "walker.json").ok());

    // Named by no rig (left by an older save): debris, the command's to replace. A file that
    // only looks like mesh data by its name is not.
    fs::remove(dir / "walker.json");
    EXPECT_TRUE(check_output_file("--out", kAssets + "/hero.json", out, false).ok());
    EXPECT_TRUE(check_output_file("--out", kAssets + "/hero.json", (dir / "frames.0123.mesh.bin").string(), false).ok());
}
