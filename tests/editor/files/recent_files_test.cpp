#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "editor/files/recent_files.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

std::string entry(const RecentFiles& recent, std::size_t i) { return recent.entries().at(i).string(); }

TEST(RecentFilesTest, StartsEmpty) {
    RecentFiles recent;
    EXPECT_TRUE(recent.empty());
    EXPECT_TRUE(recent.entries().empty());
}

TEST(RecentFilesTest, MostRecentFirst) {
    RecentFiles recent;
    recent.add("/rigs/a.json");
    recent.add("/rigs/b.json");
    recent.add("/rigs/c.json");
    ASSERT_EQ(recent.entries().size(), 3u);
    EXPECT_EQ(entry(recent, 0), "/rigs/c.json");
    EXPECT_EQ(entry(recent, 1), "/rigs/b.json");
    EXPECT_EQ(entry(recent, 2), "/rigs/a.json");
}

TEST(RecentFilesTest, AddingAnExistingPathMovesItToTheFront) {
    RecentFiles recent;
    recent.add("/rigs/a.json");
    recent.add("/rigs/b.json");
    recent.add("/rigs/c.json");
    recent.add("/rigs/a.json");
    ASSERT_EQ(recent.entries().size(), 3u);
    EXPECT_EQ(entry(recent, 0), "/rigs/a.json");
    EXPECT_EQ(entry(recent, 1), "/rigs/c.json");
    EXPECT_EQ(entry(recent, 2), "/rigs/b.json");
}

TEST(RecentFilesTest, PathsAreMadeAbsoluteAndNormal) {
    RecentFiles recent;
    recent.add("rigs/./arm.json");
    ASSERT_EQ(recent.entries().size(), 1u);
    EXPECT_TRUE(recent.entries()[0].is_absolute());
    EXPECT_EQ(recent.entries()[0], (fs::current_path() / "rigs" / "arm.json").lexically_normal());

    // The same file spelt another way is the same entry.
    recent.add("/rigs/x/../arm.json");
    recent.add("/rigs//arm.json");
    ASSERT_EQ(recent.entries().size(), 2u);
    EXPECT_EQ(entry(recent, 0), "/rigs/arm.json");
}

TEST(RecentFilesTest, KeepsAtMostTenDroppingTheOldest) {
    RecentFiles recent;
    for (int i = 0; i < 15; ++i) recent.add("/rigs/r" + std::to_string(i) + ".json");
    ASSERT_EQ(recent.entries().size(), RecentFiles::max_entries);
    EXPECT_EQ(RecentFiles::max_entries, 10u);
    EXPECT_EQ(entry(recent, 0), "/rigs/r14.json");
    EXPECT_EQ(entry(recent, 9), "/rigs/r5.json");
}

TEST(RecentFilesTest, ReAddingWhenFullDropsNothing) {
    RecentFiles recent;
    for (int i = 0; i < 10; ++i) recent.add("/rigs/r" + std::to_string(i) + ".json");
    recent.add("/rigs/r0.json");
    ASSERT_EQ(recent.entries().size(), 10u);
    EXPECT_EQ(entry(recent, 0), "/rigs/r0.json");
    EXPECT_EQ(entry(recent, 9), "/rigs/r1.json");
}

TEST(RecentFilesTest, EmptyPathIsIgnored) {
    RecentFiles recent;
    recent.add("");
    EXPECT_TRUE(recent.empty());
}

TEST(RecentFilesTest, Remove) {
    RecentFiles recent;
    recent.add("/rigs/a.json");
    recent.add("/rigs/b.json");
    EXPECT_TRUE(recent.remove("/rigs/sub/../a.json"));  // normalised like add
    ASSERT_EQ(recent.entries().size(), 1u);
    EXPECT_EQ(entry(recent, 0), "/rigs/b.json");
    EXPECT_FALSE(recent.remove("/rigs/a.json"));
    EXPECT_FALSE(recent.remove(""));
    EXPECT_EQ(recent.entries().size(), 1u);
}

TEST(RecentFilesTest, JsonRoundTrip) {
    RecentFiles recent;
    recent.add("/rigs/a.json");
    recent.add("/home/ada/my rigs/ü.json");
    const Json json = recent.to_json();
    EXPECT_EQ(json, Json::parse(R"(["/home/ada/my rigs/ü.json", "/rigs/a.json"])"));

    std::string warning = "stale";
    const RecentFiles back = RecentFiles::from_json(json, warning);
    EXPECT_EQ(warning, "");
    EXPECT_EQ(back.entries(), recent.entries());
}

TEST(RecentFilesTest, FromJsonSkipsBadEntriesAndSaysSo) {
    std::string warning;
    const RecentFiles recent = RecentFiles::from_json(Json::parse(R"(["/a.json", 3, null, "", {"p": 1}, "/b.json"])"), warning);
    ASSERT_EQ(recent.entries().size(), 2u);
    EXPECT_EQ(entry(recent, 0), "/a.json");
    EXPECT_EQ(entry(recent, 1), "/b.json");
    EXPECT_NE(warning.find("recent_files[1]: expected a string, got number; skipped"), std::string::npos) << warning;
    EXPECT_NE(warning.find("recent_files[2]: expected a string, got null"), std::string::npos) << warning;
    EXPECT_NE(warning.find("recent_files[3]: empty path"), std::string::npos) << warning;
    EXPECT_NE(warning.find("recent_files[4]: expected a string, got object"), std::string::npos) << warning;
}

TEST(RecentFilesTest, FromJsonNotAnArrayGivesAnEmptyList) {
    std::string warning;
    const RecentFiles recent = RecentFiles::from_json(Json("/a.json"), warning);
    EXPECT_TRUE(recent.empty());
    EXPECT_NE(warning.find("expected an array of paths, got string"), std::string::npos) << warning;
}

TEST(RecentFilesTest, FromJsonKeepsTheFirstOfDuplicatesAndAtMostTen) {
    Json json = Json::array({"/a.json", "/b.json", "/x/../a.json"});
    for (int i = 0; i < 12; ++i) json.push_back("/r" + std::to_string(i) + ".json");
    std::string warning;
    const RecentFiles recent = RecentFiles::from_json(json, warning);
    ASSERT_EQ(recent.entries().size(), 10u);
    EXPECT_EQ(entry(recent, 0), "/a.json");
    EXPECT_EQ(entry(recent, 1), "/b.json");
    EXPECT_EQ(entry(recent, 2), "/r0.json");
    EXPECT_EQ(entry(recent, 9), "/r7.json");
    EXPECT_NE(warning.find("4 entries beyond the first 10 dropped"), std::string::npos) << warning;
}

}  // namespace
}  // namespace marionette
