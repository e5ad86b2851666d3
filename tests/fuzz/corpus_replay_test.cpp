// Every input kept from fuzzing, replayed through the same checks the fuzz targets make
// (fuzz/rig_loader_check.hpp, fuzz/ik_check.hpp), in the ordinary build with the project's own
// compiler: an input that once crashed or broke an invariant stays a test wherever the suite
// runs, clang or not. The rig loader also gets the shipped rigs and the bad-file tests' files,
// which seed its fuzzing. Add a crashing input by copying it into tests/data/fuzz/<target>/.

#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include "core/test_files.hpp"
#include "fuzz/gltf_import_check.hpp"
#include "fuzz/ik_check.hpp"
#include "fuzz/psd_reader_check.hpp"
#include "fuzz/rig_loader_check.hpp"
#include "fuzz/spine_atlas_check.hpp"
#include "fuzz/spine_skeleton_check.hpp"

using namespace marionette;
using namespace marionette::fuzzing;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> files_in(const fs::path& folder) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
    }
    return files;
}

const fs::path kData = MARIONETTE_TEST_DATA;

// Each folder must hold files: a missing or emptied corpus would pass without testing anything.
void replay_rig_texts(const fs::path& folder, std::size_t at_least) {
    const std::vector<fs::path> files = files_in(folder);
    ASSERT_GE(files.size(), at_least) << folder;
    for (const fs::path& file : files) {
        const Violation v = check_rig_text(marionette::testing::read_file(file));
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}

}  // namespace

TEST(RigLoaderCorpus, EveryKeptInputHolds) { replay_rig_texts(kData / "fuzz" / "rig_loader", 1); }

TEST(RigLoaderCorpus, ShippedRigsHold) { replay_rig_texts(MARIONETTE_ASSETS, 4); }

TEST(RigLoaderCorpus, BadFilesHold) { replay_rig_texts(kData / "bad", 10); }

TEST(IkCorpus, EveryKeptInputHolds) {
    const std::vector<fs::path> files = files_in(kData / "fuzz" / "ik");
    ASSERT_GE(files.size(), 1u);
    for (const fs::path& file : files) {
        const std::string bytes = marionette::testing::read_file(file);
        const Violation v = check_ik_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}

TEST(GltfImportCorpus, EveryKeptInputAndTestFileHolds) {
    std::vector<fs::path> files = files_in(kData / "fuzz" / "gltf_import");
    for (const fs::path& f : files_in(kData / "gltf")) files.push_back(f);
    ASSERT_GE(files.size(), 3u);
    for (const fs::path& file : files) {
        const Violation v = check_gltf_bytes(marionette::testing::read_file(file));
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}

TEST(PsdReaderCorpus, EveryTestFileHolds) {
    std::vector<fs::path> files;
    for (const fs::path& f : files_in(kData / "psd"))
        if (f.extension() == ".psd") files.push_back(f);
    ASSERT_GE(files.size(), 6u);
    for (const fs::path& file : files) {
        const Violation v = check_psd_bytes(marionette::testing::read_file(file));
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}

TEST(SpineAtlasCorpus, EveryTestFileHolds) {
    std::vector<fs::path> files;
    for (const fs::path& f : files_in(kData / "spine_atlas"))
        if (f.extension() == ".atlas") files.push_back(f);
    ASSERT_GE(files.size(), 4u);
    for (const fs::path& file : files) {
        const Violation v = check_spine_atlas_text(marionette::testing::read_file(file));
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}

TEST(SpineSkeletonCorpus, EveryTestFileHolds) {
    std::vector<fs::path> files;
    for (const fs::path& folder : {kData / "spine_import", kData / "fuzz" / "spine_skeleton"})
        for (const fs::path& f : files_in(folder))
            if (f.extension() == ".json") files.push_back(f);
    ASSERT_GE(files.size(), 5u);
    for (const fs::path& file : files) {
        const Violation v = check_spine_skeleton_text(marionette::testing::read_file(file));
        EXPECT_FALSE(v.has_value()) << file << ": " << *v;
    }
}
