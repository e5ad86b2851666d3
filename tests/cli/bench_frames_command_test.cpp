#include <gtest/gtest.h>

#include <sstream>

#include "cli/bench_frames_command.hpp"
#include "core/whole_match.hpp"

using namespace marionette;

TEST(BenchFramesCommand, PrintsOneLineOfTimings) {
    std::ostringstream out, err;
    EXPECT_EQ(run_bench_frames(5, "", out, err), 0) << err.str();
    // 1,000 drawn bones of 24 vertices, and a target ring of 120 at each of the ten chains' ends.
    EXPECT_TRUE(marionette::testing::whole_match(
                    out.str(), "frames=5 bones=1001 chains=10 median_ms=[0-9.]+ p90_ms=[0-9.]+ instances=1001 vertices=1200\n")
                    .has_value())
        << out.str();
}

TEST(BenchFramesCommand, GeneratesARigOfTheAskedSize) {
    std::ostringstream out, err;
    // 20 arms of (5001 - 1) / 20 = 250 bones under the root; a chain at each arm's end.
    EXPECT_EQ(run_bench_frames(2, "", out, err, 5001, 20), 0) << err.str();
    EXPECT_NE(out.str().find("frames=2 bones=5001 chains=20 "), std::string::npos) << out.str();
    std::ostringstream odd;
    EXPECT_EQ(run_bench_frames(1, "", odd, err, 1000, 0), 0) << err.str();
    EXPECT_NE(odd.str().find("bones=991 chains=10 "), std::string::npos) << odd.str() << ": whole arms, at most the bones asked";
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
