// `marionette --animate`: the frames file has the documented shape and says what the bake
// computed; every failure exits 1 with one message and writes nothing.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/animate_command.hpp"
#include "cli/command_line.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/math/angles.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"

using namespace marionette;
using marionette::testing::count_entries;
using marionette::testing::kAssets;
namespace mt = marionette::testing;

namespace {

struct AnimateRun {
    int code = -1;
    std::string out;
    std::string err;
};

// Through the real command-line parser, so the tests see what `marionette --animate ...` sees.
AnimateRun animate(std::vector<std::string> args) {
    args.insert(args.begin(), "--animate");
    Result<CommandLine> cl = parse_command_line(args);
    EXPECT_TRUE(cl.ok()) << cl.message();
    if (!cl) return {};
    EXPECT_EQ(cl.value().mode, RunMode::Animate);
    std::ostringstream out;
    std::ostringstream err;
    AnimateRun run;
    run.code = run_animate(cl.value().file, cl.value().animate, cl.value().overwrite, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

nlohmann::json read_json(const std::filesystem::path& path) {
    return nlohmann::json::parse(mt::read_file(path), nullptr, /*allow_exceptions=*/false);
}

Rig load(const std::string& path) {
    Result<Rig> rig = load_rig_file(path);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig ? rig.value() : Rig{};
}

// The frames bake_timeline computes, to compare the file against.
std::vector<BakedFrame> baked(const Rig& rig, const std::string& text, double fps, std::size_t count) {
    Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(text, rig, "rig");
    EXPECT_TRUE(timeline.ok()) << timeline.message();
    std::vector<BakedFrame> frames;
    if (timeline) {
        const Status baked_all = bake_timeline(rig, timeline.value(), fps, count, [&](const BakedFrame& f) { frames.push_back(f); });
        EXPECT_TRUE(baked_all.ok()) << baked_all.message();
    }
    return frames;
}

// What every failure must look like: exit 1, one "marionette: " line, nothing printed or saved.
void expect_failure(const AnimateRun& run, const std::filesystem::path& out_file, const std::string& message) {
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "marionette: " + message + "\n");
    EXPECT_FALSE(std::filesystem::exists(out_file)) << out_file;
}

}  // namespace

TEST(AnimateCommand, WritesEveryFrameInTheDocumentedShape) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/hero.json";
    const auto out = dir / "frames.json";
    const AnimateRun run = animate({file, "--timeline", "walking@0,climbing@2", "--fps", "30", "--seconds", "4", "--out", out.string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.out, "frames=120 states=walking,climbing out=" + out.string() + "\n");
    EXPECT_EQ(count_entries(dir.path()), 1) << "a temporary file was left";

    const nlohmann::json doc = read_json(out);
    ASSERT_TRUE(doc.is_object()) << mt::read_file(out).substr(0, 300);
    EXPECT_EQ(doc["format"], "marionette-frames");
    EXPECT_EQ(doc["version"], 1);
    EXPECT_EQ(doc["rig"], "hero.json");
    EXPECT_EQ(doc["dimensions"], 2);
    EXPECT_EQ(doc["fps"], 30);
    const Rig hero = load(file);
    ASSERT_EQ(doc["bones"].size(), hero.skeleton.size());
    for (std::size_t b = 0; b < hero.skeleton.size(); ++b) EXPECT_EQ(doc["bones"][b], hero.skeleton[b].name);
    EXPECT_EQ(doc["timeline"], nlohmann::json::parse(R"([{"state": "walking", "at": 0}, {"state": "climbing", "at": 2}])"));

    const nlohmann::json& frames = doc["frames"];
    ASSERT_EQ(frames.size(), 120u);
    const std::vector<BakedFrame> expected = baked(hero, "walking@0,climbing@2", 30.0, 120);
    ASSERT_EQ(expected.size(), 120u);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const nlohmann::json& f = frames[i];
        const BakedFrame& e = expected[i];
        ASSERT_EQ(f.size(), 5u) << f.dump();
        EXPECT_EQ(f["time"].get<double>(), e.time);
        EXPECT_EQ(f["state"], hero.states[static_cast<std::size_t>(e.state)].name);
        if (e.from) {
            EXPECT_EQ(f["from"], hero.states[static_cast<std::size_t>(*e.from)].name);
        } else {
            EXPECT_TRUE(f["from"].is_null());
        }
        // Floats are written in their shortest form: they read back exactly.
        EXPECT_EQ(f["weight"].get<float>(), e.weight);
        ASSERT_EQ(f["bones"].size(), hero.skeleton.size());
        for (std::size_t b = 0; b < hero.skeleton.size(); ++b) {
            const nlohmann::json& bone = f["bones"][hero.skeleton[b].name];
            ASSERT_EQ(bone["position"].size(), 2u);
            EXPECT_EQ(bone["position"][0].get<float>(), e.world[b].translation.x);
            EXPECT_EQ(bone["position"][1].get<float>(), e.world[b].translation.y);
            const double degrees = static_cast<double>(angle_2d(e.world[b].rotation)) * 180.0 / kPiDouble;
            EXPECT_NEAR(bone["rotation"].get<double>(), degrees, 1e-4);
            // The local transform composes with the parent's world one back into the bone's.
            const nlohmann::json& local = bone["local"];
            ASSERT_EQ(local["position"].size(), 2u);
            const int parent = hero.skeleton[b].parent;
            double x = local["position"][0].get<double>();
            double y = local["position"][1].get<double>();
            double turn = local["rotation"].get<double>();
            if (parent >= 0) {
                const nlohmann::json& up = f["bones"][hero.skeleton[static_cast<std::size_t>(parent)].name];
                const double a = up["rotation"].get<double>() * kPiDouble / 180.0;
                const double rx = std::cos(a) * x - std::sin(a) * y;
                const double ry = std::sin(a) * x + std::cos(a) * y;
                x = up["position"][0].get<double>() + rx;
                y = up["position"][1].get<double>() + ry;
                turn += up["rotation"].get<double>();
            }
            EXPECT_NEAR(x, bone["position"][0].get<double>(), 1e-3) << hero.skeleton[b].name;
            EXPECT_NEAR(y, bone["position"][1].get<double>(), 1e-3) << hero.skeleton[b].name;
            EXPECT_NEAR(std::remainder(turn - bone["rotation"].get<double>(), 360.0), 0.0, 1e-3) << hero.skeleton[b].name;
        }
    }
    EXPECT_TRUE(frames[0]["from"].is_null());
    EXPECT_EQ(frames[65]["from"], "walking");
    EXPECT_EQ(frames[65]["state"], "climbing");
    // A header member a line, then a frame a line: 6 line breaks between the 7 header members,
    // 1 before "frames", 1 before each frame and 2 to close.
    const std::string text = mt::read_file(out);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 6 + 1 + 120 + 2);
}

TEST(AnimateCommand, DefaultsToTheRigsFpsUntilTheLastSwitchHasArrivedAndASecondMore) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    const AnimateRun run = animate({kAssets + "/hero.json", "--timeline", "walking@0,climbing@2", "--out", out.string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "frames=105 states=walking,climbing out=" + out.string() + "\n") << "2 + 0.5 + 1 s at 30 fps";
    EXPECT_EQ(read_json(out)["fps"], 30);
    // A rig that says 24 frames a second is baked at 24 unless --fps says otherwise.
    std::string text = mt::read_file(kAssets + "/hero.json");
    const std::size_t brace = text.find('{');
    text.insert(brace + 1, "\"fps\": 24,");
    mt::write_file(dir / "hero24.json", text);
    const AnimateRun at_24 = animate({(dir / "hero24.json").string(), "--timeline", "walking@0,climbing@2", "--out", out.string()});
    ASSERT_EQ(at_24.code, 0) << at_24.err;
    EXPECT_EQ(at_24.out, "frames=84 states=walking,climbing out=" + out.string() + "\n") << "3.5 s at 24 fps";
    EXPECT_EQ(read_json(out)["fps"], 24);
    const AnimateRun asked =
        animate({(dir / "hero24.json").string(), "--timeline", "walking@0", "--fps", "10", "--seconds", "1", "--out", out.string()});
    ASSERT_EQ(asked.code, 0) << asked.err;
    EXPECT_EQ(read_json(out)["fps"], 10);
}

TEST(AnimateCommand, ListsEachStateOnceAndTheRigsPoseAsNull) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    const AnimateRun run =
        animate({kAssets + "/hero.json", "--timeline", "climbing@1,walking@2,climbing@3", "--fps", "10", "--out", out.string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "frames=45 states=climbing,walking out=" + out.string() + "\n");
    const nlohmann::json doc = read_json(out);
    EXPECT_TRUE(doc["frames"][0]["state"].is_null()) << "before the first entry the rig's own pose shows";
    EXPECT_TRUE(doc["frames"][0]["from"].is_null());
    EXPECT_EQ(doc["frames"][12]["state"], "climbing");
    EXPECT_TRUE(doc["frames"][12]["from"].is_null()) << "blending from the rig's pose";
    EXPECT_LT(doc["frames"][12]["weight"].get<double>(), 1.0);
}

// A state named with a comma: the timeline reads it whole, the printed line and the error's list
// of states quote it.
TEST(AnimateCommand, AStateNameMayHoldACommaAndIsQuotedInLists) {
    mt::ScratchDir dir;
    nlohmann::json rig = read_json(kAssets + "/hero.json");
    rig["states"][0]["name"] = "run, fast";
    const auto file = dir / "hero.json";
    std::ofstream(file) << rig.dump(1);
    const auto out = dir / "frames.json";
    const AnimateRun run = animate({file.string(), "--timeline", "run, fast@0,climbing@2", "--out", out.string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "frames=105 states=\"run, fast\",climbing out=" + out.string() + "\n");
    EXPECT_EQ(read_json(out)["timeline"][0]["state"], "run, fast");
    const AnimateRun wrong = animate({file.string(), "--timeline", "run@0", "--out", out.string()});
    EXPECT_EQ(wrong.code, 1);
    EXPECT_NE(wrong.err.find("(it has: \"run, fast\", climbing)"), std::string::npos) << wrong.err;
}

TEST(AnimateCommand, Humanoid3DWritesPositionsAndQuaternions) {
    mt::ScratchDir dir;
    const auto out = dir / "walk.json";
    const AnimateRun run =
        animate({kAssets + "/humanoid.json", "--timeline", "walk@0", "--fps", "24", "--seconds", "1", "--out", out.string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "frames=24 states=walk out=" + out.string() + "\n");
    const nlohmann::json doc = read_json(out);
    EXPECT_EQ(doc["dimensions"], 3);
    ASSERT_EQ(doc["frames"].size(), 24u);
    for (const nlohmann::json& f : doc["frames"]) {
        for (const auto& [name, bone] : f["bones"].items()) {
            ASSERT_EQ(bone["position"].size(), 3u) << name;
            ASSERT_EQ(bone["rotation"].size(), 4u) << name;
            double norm = 0.0;
            for (const nlohmann::json& c : bone["rotation"]) norm += c.get<double>() * c.get<double>();
            EXPECT_NEAR(std::sqrt(norm), 1.0, 1e-5) << name;
        }
    }
}

TEST(AnimateCommand, TimelineErrorsNameTheEntry) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/hero.json";
    const auto out = dir / "frames.json";
    expect_failure(animate({file, "--timeline", "walking@0,flying@2", "--out", out.string()}), out,
                   "--timeline entry 2 \"flying@2\": \"flying\" is not a state of " + file + " (it has: walking, climbing)");
    expect_failure(animate({file, "--timeline", "walking@0,climbing@x", "--out", out.string()}), out,
                   "--timeline entry 2 \"climbing@x\": \"x\" is not a number of seconds");
    expect_failure(animate({file, "--timeline", "", "--out", out.string()}), out,
                   "--timeline is empty: give NAME@SECONDS entries, such as walking@0,climbing@2");
}

TEST(AnimateCommand, TooManyFrames) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    expect_failure(
        animate({kAssets + "/hero.json", "--timeline", "walking@0", "--fps", "1000", "--seconds", "2000", "--out", out.string()}), out,
        "--animate: 2000 s at 1000 fps is 2000000 frames; a bake holds at most 1000000 "
        "(lower --seconds or --fps)");
    // The default length counts too: a last switch far away.
    expect_failure(animate({kAssets + "/hero.json", "--timeline", "walking@40000", "--out", out.string()}), out,
                   "--animate: 40001.5 s at 30 fps is 1200045 frames; a bake holds at most 1000000 "
                   "(lower --seconds or --fps)");
}

// The other way round: under one frame, the advice is to raise a number, not lower it.
TEST(AnimateCommand, LessThanOneFrame) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    expect_failure(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--fps", "1e-300", "--out", out.string()}), out,
                   "--animate: 1.5 s at 1e-300 fps is less than one frame (raise --seconds or --fps)");
    expect_failure(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--seconds", "1e-9", "--out", out.string()}), out,
                   "--animate: 1e-09 s at 30 fps is less than one frame (raise --seconds or --fps)");
    expect_failure(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--fps", "1", "--seconds", "0.49", "--out", out.string()}),
                   out, "--animate: 0.49 s at 1 fps is less than one frame (raise --seconds or --fps)");
    // Half a frame rounds to one.
    EXPECT_EQ(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--fps", "1", "--seconds", "0.5", "--out", out.string()}).code,
              0);
}

// --out naming the rig being read, or another rig, would lose the rig under the frames.
TEST(AnimateCommand, OutThatIsTheInputFileIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    std::filesystem::copy_file(kAssets + "/hero.json", dir / "hero.json");
    std::filesystem::create_symlink(dir / "hero.json", dir / "link.json");
    const std::string original = mt::read_file(dir / "hero.json");
    const std::string file = (dir / "hero.json").string();
    for (const std::string& out : {file, (dir / "." / "hero.json").string(), (dir / "link.json").string()}) {
        const AnimateRun run = animate({file, "--timeline", "walking@0", "--out", out});
        EXPECT_EQ(run.code, 1) << out;
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(run.err, "marionette: --out " + out + ": is the rig being read; give another file, or --overwrite to replace it\n");
        EXPECT_EQ(mt::read_file(dir / "hero.json"), original) << out;
    }
    EXPECT_EQ(count_entries(dir.path()), 2) << "a file was written";

    const AnimateRun run = animate({file, "--timeline", "walking@0", "--seconds", "1", "--out", file, "--overwrite"});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "frames=30 states=walking out=" + file + "\n");
    EXPECT_EQ(read_json(file)["format"], "marionette-frames") << "replaced, as asked";
}

TEST(AnimateCommand, OutThatIsAnotherRigIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    std::filesystem::copy_file(kAssets + "/arm.json", dir / "walk.json");
    const std::string arm = mt::read_file(dir / "walk.json");
    const std::string out = (dir / "walk.json").string();
    const AnimateRun refused = animate({kAssets + "/hero.json", "--timeline", "walking@0", "--out", out});
    EXPECT_EQ(refused.code, 1);
    EXPECT_EQ(refused.out, "");
    EXPECT_EQ(refused.err, "marionette: --out " + out + ": is a rig file; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(mt::read_file(dir / "walk.json"), arm);

    const AnimateRun run = animate({kAssets + "/hero.json", "--timeline", "walking@0", "--out", out, "--overwrite"});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(read_json(out)["format"], "marionette-frames");
}

TEST(AnimateCommand, AReadOnlyOutIsReplacedOnlyWithOverwrite) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    ASSERT_EQ(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--seconds", "1", "--out", out.string()}).code, 0);
    ASSERT_EQ(::chmod(out.c_str(), 0444), 0);
    const std::string kept = mt::read_file(out);
    const AnimateRun refused = animate({kAssets + "/hero.json", "--timeline", "climbing@0", "--out", out.string()});
    EXPECT_EQ(refused.code, 1);
    EXPECT_EQ(refused.err, "marionette: --out " + out.string() + ": is read-only; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(mt::read_file(out), kept);
    const AnimateRun run =
        animate({kAssets + "/hero.json", "--timeline", "climbing@0", "--seconds", "2", "--out", out.string(), "--overwrite"});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(read_json(out)["frames"].size(), 60u);
}

// Baking again over the last bake's frames is the usual case and needs no --overwrite.
TEST(AnimateCommand, EarlierFramesAreReplacedWithoutOverwrite) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    ASSERT_EQ(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--seconds", "1", "--out", out.string()}).code, 0);
    const AnimateRun again = animate({kAssets + "/hero.json", "--timeline", "climbing@0", "--seconds", "2", "--out", out.string()});
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(read_json(out)["frames"].size(), 60u);
}

TEST(AnimateCommand, LoadFailurePrintsTheLoadersMessage) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    const std::string bad = std::string(MARIONETTE_TEST_DATA) + "/bad/cycle.json";
    expect_failure(animate({bad, "--timeline", "walking@0", "--out", out.string()}), out,
                   bad + ": bones[0].parent: cycle: upper_arm -> hand -> forearm -> upper_arm");
    const std::string missing = (dir / "missing.json").string();
    expect_failure(animate({missing, "--timeline", "walking@0", "--out", out.string()}), out,
                   missing + ": cannot open: No such file or directory");
}

TEST(AnimateCommand, OutInAMissingFolder) {
    mt::ScratchDir dir;
    const auto out = dir / "no_such_folder" / "frames.json";
    expect_failure(animate({kAssets + "/hero.json", "--timeline", "walking@0", "--out", out.string()}), out,
                   out.string() + ": cannot create a file in " + out.parent_path().string() + ": No such file or directory");
    EXPECT_EQ(count_entries(dir.path()), 0);
}

TEST(AnimateCommand, FailureLeavesAnExistingOutFileAsItWas) {
    mt::ScratchDir dir;
    const auto out = dir / "frames.json";
    mt::write_file(out, "previous contents");
    const AnimateRun run = animate({kAssets + "/hero.json", "--timeline", "flying@0", "--out", out.string()});
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(mt::read_file(out), "previous contents");
    EXPECT_EQ(count_entries(dir.path()), 1) << "a temporary file was left";
}

// Option values are checked with the command line, before any file is read: a bad one is a
// usage error (the binary exits 2 and names the problem), and run_animate is never reached.
TEST(AnimateCommand, BadOptionValuesAreCommandLineErrors) {
    const std::vector<std::string> good{"--animate", "hero.json", "--timeline", "walking@0", "--out", "o.json"};
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"--fps", "0"}, "--fps: expected frames per second above 0 and at most 1000, got \"0\""},
        {{"--fps", "-30"}, "--fps: expected frames per second above 0 and at most 1000, got \"-30\""},
        {{"--fps", "1000.5"}, "--fps: expected frames per second above 0 and at most 1000, got \"1000.5\""},
        {{"--fps", "thirty"}, "--fps: expected frames per second above 0 and at most 1000, got \"thirty\""},
        {{"--fps", "nan"}, "--fps: expected frames per second above 0 and at most 1000, got \"nan\""},
        {{"--fps", "inf"}, "--fps: expected frames per second above 0 and at most 1000, got \"inf\""},
        {{"--fps"}, "--fps: missing value"},
        {{"--seconds", "0"}, "--seconds: expected a finite number of seconds above 0, got \"0\""},
        {{"--seconds", "-1"}, "--seconds: expected a finite number of seconds above 0, got \"-1\""},
        {{"--seconds", "inf"}, "--seconds: expected a finite number of seconds above 0, got \"inf\""},
        {{"--seconds", "1e999"}, "--seconds: expected a finite number of seconds above 0, got \"1e999\""},
        {{"--seconds", "4s"}, "--seconds: expected a finite number of seconds above 0, got \"4s\""},
        {{"--timeline"}, "--timeline: missing value"},
    };
    for (const auto& [extra, expected] : cases) {
        std::vector<std::string> args = good;
        args.insert(args.end(), extra.begin(), extra.end());
        Result<CommandLine> cl = parse_command_line(args);
        ASSERT_FALSE(cl.ok()) << expected;
        EXPECT_EQ(cl.message(), expected);
    }
}
