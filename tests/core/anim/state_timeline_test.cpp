// Reading a state timeline ("walking@0,climbing@2") against a rig, and the bake's length.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/anim/state_test_rigs.hpp"
#include "core/anim/state_timeline.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Result<std::vector<TimelineEntry>> parse(const std::string& text, const Rig& rig) { return parse_state_timeline(text, rig, "hero.json"); }

// The timeline as (state, time) pairs, or a failed expectation with the message.
std::vector<std::pair<int, double>> entries(const std::string& text, const Rig& rig) {
    Result<std::vector<TimelineEntry>> timeline = parse(text, rig);
    EXPECT_TRUE(timeline.ok()) << text << ": " << timeline.message();
    std::vector<std::pair<int, double>> pairs;
    if (timeline) {
        for (const TimelineEntry& e : timeline.value()) pairs.emplace_back(e.state, e.at);
    }
    return pairs;
}

using Pairs = std::vector<std::pair<int, double>>;

}  // namespace

TEST(StateTimeline, ReadsNamesAndTimes) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    EXPECT_EQ(entries("walking@0,climbing@2", hero), (Pairs{{walking, 0.0}, {climbing, 2.0}}));
    EXPECT_EQ(entries("climbing@0.25", hero), (Pairs{{climbing, 0.25}}));
    // Times as people type them: spaces around, a '+', an exponent.
    EXPECT_EQ(entries("walking@ 1 ,climbing@+1.5,walking@2e0", hero), (Pairs{{walking, 1.0}, {climbing, 1.5}, {walking, 2.0}}));
}

TEST(StateTimeline, EqualTimesAreKeptInTheOrderWritten) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    EXPECT_EQ(entries("walking@0,climbing@0,walking@3,climbing@3", hero),
              (Pairs{{walking, 0.0}, {climbing, 0.0}, {walking, 3.0}, {climbing, 3.0}}));
}

TEST(StateTimeline, NamesMayHoldSpacesAndAtSigns) {
    Rig hero = asset_rig("hero.json");
    hero.states[0].name = "slow walk";
    hero.states[1].name = "climb @ wall";
    // Each entry splits on its last '@'.
    EXPECT_EQ(entries("slow walk@0,climb @ wall@1.5", hero), (Pairs{{0, 0.0}, {1, 1.5}}));
}

// Entries are split at commas, but not inside a state's name: "run, fast@0" is one entry when
// the rig has a state of that name. A piece that no state's name continues is still an entry
// of its own, and a missing time is still named as such.
TEST(StateTimeline, NamesMayHoldCommas) {
    Rig hero = asset_rig("hero.json");
    hero.states[0].name = "run, fast";
    hero.states[1].name = "climb,,slowly,";
    EXPECT_EQ(entries("run, fast@0,climb,,slowly,@1.5,run, fast@2", hero), (Pairs{{0, 0.0}, {1, 1.5}, {0, 2.0}}));
    const Result<std::vector<TimelineEntry>> missing_time = parse("run, fast,climb,,slowly,@1", hero);
    ASSERT_FALSE(missing_time.ok());
    EXPECT_EQ(missing_time.message(), "entry 1 \"run, fast\": expected NAME@SECONDS");
    const Result<std::vector<TimelineEntry>> unknown = parse("run@0", hero);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("entry 1 \"run@0\": \"run\" is not a state of hero.json (it has: \"run, fast\", \"climb,,slowly,\""),
              std::string::npos)
        << unknown.message();
}

TEST(StateTimeline, MinusZeroIsZero) {
    const Rig hero = asset_rig("hero.json");
    Result<std::vector<TimelineEntry>> t = parse("walking@-0", hero);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(t.value()[0].at, 0.0);
    EXPECT_FALSE(std::signbit(t.value()[0].at)) << "written as -0 in the frames file";
}

TEST(StateTimeline, BadTimelinesNameTheEntryAndTheProblem) {
    const Rig hero = asset_rig("hero.json");
    const std::pair<const char*, const char*> cases[] = {
        {"", "is empty: give NAME@SECONDS entries, such as walking@0,climbing@2"},
        {"  ", "is empty: give NAME@SECONDS entries, such as walking@0,climbing@2"},
        {"flying@0", "entry 1 \"flying@0\": \"flying\" is not a state of hero.json (it has: walking, climbing)"},
        {"walking@0,Climbing@2", "entry 2 \"Climbing@2\": \"Climbing\" is not a state of hero.json (it has: walking, climbing)"},
        {"walking@0, climbing@2",
         "entry 2 \" climbing@2\": \" climbing\" is not a state of hero.json "
         "(it has: walking, climbing); names match exactly, spaces included"},
        {"walking@0,climbing@x", "entry 2 \"climbing@x\": \"x\" is not a number of seconds"},
        {"walking@2s", "entry 1 \"walking@2s\": \"2s\" is not a number of seconds"},
        {"walking@1,5", "entry 2 \"5\": expected NAME@SECONDS"},
        {"walking@--1", "entry 1 \"walking@--1\": \"--1\" is not a number of seconds"},
        {"walking@-1", "entry 1 \"walking@-1\": \"-1\" is before the start; times are 0 seconds or more"},
        {"walking@-0.001", "entry 1 \"walking@-0.001\": \"-0.001\" is before the start; times are 0 seconds or more"},
        {"walking@nan", "entry 1 \"walking@nan\": \"nan\" is not a finite number of seconds"},
        {"walking@inf", "entry 1 \"walking@inf\": \"inf\" is not a finite number of seconds"},
        {"walking@-infinity", "entry 1 \"walking@-infinity\": \"-infinity\" is not a finite number of seconds"},
        {"walking@1e999", "entry 1 \"walking@1e999\": \"1e999\" is not a finite number of seconds"},
        {"walking@2,climbing@1", "entry 2 \"climbing@1\": \"1\" is earlier than entry 1's \"2\"; times must not decrease"},
        {"walking@0,climbing@3,walking@2.5", "entry 3 \"walking@2.5\": \"2.5\" is earlier than entry 2's \"3\"; times must not decrease"},
        {"walking@0,,climbing@1", "entry 2 is empty"},
        {"walking@0,", "entry 2 is empty"},
        {",walking@0", "entry 1 is empty"},
        {"walking", "entry 1 \"walking\": expected NAME@SECONDS"},
        {"walking@0,climbing 2", "entry 2 \"climbing 2\": expected NAME@SECONDS"},
        {"@2", "entry 1 \"@2\": no state name before the '@'"},
        {"walking@", "entry 1 \"walking@\": no time after the '@'"},
        {"walking@ ", "entry 1 \"walking@ \": no time after the '@'"},
    };
    for (const auto& [text, expected] : cases) {
        Result<std::vector<TimelineEntry>> t = parse(text, hero);
        ASSERT_FALSE(t.ok()) << "accepted \"" << text << "\"";
        EXPECT_EQ(t.message(), expected) << "for \"" << text << "\"";
    }
}

TEST(StateTimeline, ARigWithoutStatesSaysSo) {
    Rig arm = asset_rig("arm.json");
    arm.states.clear();
    Result<std::vector<TimelineEntry>> t = parse_state_timeline("walking@0", arm, "arm.json");
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.message(), "entry 1 \"walking@0\": \"walking\" is not a state of arm.json (it has no states)");
}

TEST(StateTimeline, DefaultLengthLetsTheLastSwitchArriveThenShowsASecondOfIt) {
    const Rig hero = asset_rig("hero.json");
    ASSERT_EQ(hero.transition.duration, 0.5f);
    const std::vector<TimelineEntry> timeline{{0, 0.0}, {1, 2.0}};
    EXPECT_EQ(default_bake_seconds(hero, timeline), 3.5);
    EXPECT_EQ(default_bake_seconds(hero, {}), 1.5);
}

TEST(StateTimeline, FrameCountRoundsSecondsTimesFps) {
    EXPECT_EQ(baked_frame_count(30.0, 4.0).value(), 120u);
    EXPECT_EQ(baked_frame_count(30.0, 3.5).value(), 105u);
    EXPECT_EQ(baked_frame_count(29.97, 1.0).value(), 30u);
    EXPECT_EQ(baked_frame_count(24.0, 0.03).value(), 1u) << "0.72 frames round to one";
    EXPECT_EQ(baked_frame_count(1000.0, 1000.0).value(), kMaxBakedFrames);
}

TEST(StateTimeline, FrameCountRefusesNoFramesAndTooMany) {
    const std::pair<std::pair<double, double>, const char*> cases[] = {
        {{24.0, 0.02}, "0.02 s at 24 fps is less than one frame"},
        {{1000.0, 1000.001}, "1000.001 s at 1000 fps is 1000001 frames; a bake holds at most 1000000"},
        {{30.0, 1e300}, "1e+300 s at 30 fps is 3e+301 frames; a bake holds at most 1000000"},
        {{1e300, 1e300}, "1e+300 s at 1e+300 fps is inf frames; a bake holds at most 1000000"},
        {{30.0, 0.0}, "0 s at 30 fps: both must be finite and above 0"},
        {{0.0, 1.0}, "1 s at 0 fps: both must be finite and above 0"},
        {{std::nan(""), 1.0}, "1 s at nan fps: both must be finite and above 0"},
    };
    for (const auto& [numbers, expected] : cases) {
        Result<std::size_t> n = baked_frame_count(numbers.first, numbers.second);
        ASSERT_FALSE(n.ok()) << expected;
        EXPECT_EQ(n.message(), expected);
    }
}
