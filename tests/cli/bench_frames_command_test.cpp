#include <gtest/gtest.h>

#include <sstream>

#include "cli/bench_frames_command.hpp"
#include "core/whole_match.hpp"

using namespace marionette;

TEST(BenchFramesCommand, PrintsOneLineOfTimings) {
    std::ostringstream out, err;
    EXPECT_EQ(run_bench_frames(5, "", out, err), 0) << err.str();
    // 1,000 drawn bones of 24 vertices, and a target ring of 120 at each of the ten chains' ends.
    EXPECT_TRUE(marionette::testing::whole_match(out.str(), "frames=5 bones=1001 chains=10 median_ms=[0-9.]+ p90_ms=[0-9.]+ vertices=25200\n").has_value())
        << out.str();
}

TEST(BenchFramesCommand, TimesAGivenRig) {
    std::ostringstream out, err;
    EXPECT_EQ(run_bench_frames(3, std::string(MARIONETTE_ASSETS) + "/hero.json", out, err), 0) << err.str();
    EXPECT_NE(out.str().find("frames=3 bones=10 chains=5"), std::string::npos) << out.str();
}

TEST(BenchFramesCommand, ABadRigFails) {
    std::ostringstream out, err;
    EXPECT_EQ(run_bench_frames(3, std::string(MARIONETTE_TEST_DATA) + "/bad/cycle.json", out, err), 1);
    EXPECT_TRUE(out.str().empty());
    EXPECT_NE(err.str().find("cycle"), std::string::npos) << err.str();
}
