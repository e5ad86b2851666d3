// bake_frames_json writes each frame's line straight as text. These lines must be the same to
// the byte as the Json object it once built for each frame gave when dumped (kept below as the
// reference), for 2D and 3D rigs and for bones sharing a name, which the object merged.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/anim/frames_json.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/math/angles.hpp"
#include "core/math/transform.hpp"
#include "core/rig/rig_file.hpp"

using namespace marionette;

namespace {

// The frame as the Json object it was built as before: one member per bone, set by name.
Json reference_frame(const Rig& rig, const BakedFrame& frame) {
    auto state = [&rig](int s) {
        const std::string* name = state_name(rig, s);
        return name ? Json(*name) : Json(nullptr);
    };
    Json bones = Json::object();
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        const Transform& w = frame.world[i];
        const glm::vec3& p = w.translation;
        const glm::quat& q = w.rotation;
        bones[rig.skeleton[i].name] =
            rig.is_2d() ? Json{{"position", Json::array({json_float(p.x), json_float(p.y)})},
                               {"rotation", json_float(static_cast<float>(static_cast<double>(angle_2d(q)) * (180.0 / kPiDouble)))}}
                        : Json{{"position", Json::array({json_float(p.x), json_float(p.y), json_float(p.z)})},
                               {"rotation", Json::array({json_float(q.x), json_float(q.y), json_float(q.z), json_float(q.w)})}};
        // Relative to the parent's joint frame, as an exporter keys it (the world's for a root).
        const int parent = rig.skeleton[i].parent;
        // (The same arithmetic as the writer's, so the texts compare byte for byte; that the
        // numbers compose back to the world frame is AnimateCommand's check.)
        const Transform* up = parent >= 0 ? &frame.world[static_cast<std::size_t>(parent)] : nullptr;
        const glm::vec3 lp = up ? glm::conjugate(up->rotation) * (p - up->translation) : p;
        const glm::quat lq = up ? glm::conjugate(up->rotation) * q : q;
        bones[rig.skeleton[i].name]["local"] =
            rig.is_2d() ? Json{{"position", Json::array({json_float(lp.x), json_float(lp.y)})},
                               {"rotation", json_float(static_cast<float>(static_cast<double>(angle_2d(lq)) * (180.0 / kPiDouble)))}}
                        : Json{{"position", Json::array({json_float(lp.x), json_float(lp.y), json_float(lp.z)})},
                               {"rotation", Json::array({json_float(lq.x), json_float(lq.y), json_float(lq.z), json_float(lq.w)})}};
        // A scaled bone's scale, the rig's number of components; an unscaled bone has none.
        const glm::vec3& sc = frame.scales[i];
        if (sc != glm::vec3{1.0f}) {
            bones[rig.skeleton[i].name]["scale"] = rig.is_2d() ? Json::array({json_float(sc.x), json_float(sc.y)})
                                                               : Json::array({json_float(sc.x), json_float(sc.y), json_float(sc.z)});
        }
    }
    return Json{{"time", json_number(frame.time)},
                {"state", state(frame.state)},
                {"from", frame.from ? state(*frame.from) : Json(nullptr)},
                {"weight", json_float(frame.weight)},
                {"bones", std::move(bones)}};
}

// The frame lines of a frames file, without their separating commas.
std::vector<std::string> frame_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    bool in_frames = false;
    for (std::string line; std::getline(in, line);) {
        if (line == "\"frames\":[") {
            in_frames = true;
        } else if (line == "]}") {
            in_frames = false;
        } else if (in_frames) {
            if (!line.empty() && line.back() == ',') line.pop_back();
            lines.push_back(line);
        }
    }
    return lines;
}

void expect_frames_as_before(const Rig& rig, const std::vector<TimelineEntry>& timeline, double fps, std::size_t count) {
    Result<std::string> text = bake_frames_json(rig, "rig.json", timeline, fps, count);
    ASSERT_TRUE(text.ok()) << text.message();
    std::vector<std::string> expected;
    const Status baked =
        bake_timeline(rig, timeline, fps, count, [&](const BakedFrame& f) { expected.push_back(reference_frame(rig, f).dump()); });
    ASSERT_TRUE(baked.ok()) << baked.message();
    const std::vector<std::string> lines = frame_lines(text.value());
    ASSERT_EQ(lines.size(), count);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(lines[i], expected[i]) << "frame " << i;
}

Rig load(const char* name) {
    Result<Rig> rig = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / name);
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig ? rig.value() : Rig{};
}

}  // namespace

TEST(FramesJson, Hero2DFramesAreAsTheJsonObjectGaveThem) { expect_frames_as_before(load("hero.json"), {{0, 0.0}, {1, 1.3}}, 30.0, 90); }

TEST(FramesJson, Humanoid3DFramesAreAsTheJsonObjectGaveThem) {
    const Rig humanoid = load("humanoid.json");
    ASSERT_FALSE(humanoid.states.empty());
    expect_frames_as_before(humanoid, {{0, 0.0}}, 24.0, 48);
}

TEST(FramesJson, ScaledBonesCarryTheirScale) {
    // Io's states stretch its body (a scale channel): the body's frames say so, no other bone's.
    const Rig io = load("io.json");
    expect_frames_as_before(io, {{0, 0.0}, {1, 0.5}}, 30.0, 45);
    Result<std::string> text = bake_frames_json(io, "io.json", std::vector<TimelineEntry>{{0, 0.0}}, 30.0, 2);
    ASSERT_TRUE(text.ok()) << text.message();
    const std::vector<std::string> lines = frame_lines(text.value());
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[0].find(
                  R"("body":{"position":[0,0],"rotation":-110.05352,"local":{"position":[0,0],"rotation":-110.05352},"scale":[1.5,1]})"),
              std::string::npos)
        << lines[0];
    EXPECT_EQ(lines[0].find("scale"), lines[0].rfind("scale")) << "only the body is scaled";
    // 3D: three components, from the rig's own pose when no state drives the bone.
    Rig humanoid = load("humanoid.json");
    humanoid.pose.scales[3] = {1.25f, 0.5f, 2.0f};
    expect_frames_as_before(humanoid, {}, 24.0, 2);
    Result<std::string> text3 = bake_frames_json(humanoid, "h.json", {}, 24.0, 1);
    ASSERT_TRUE(text3.ok());
    EXPECT_NE(text3.value().find(R"("scale":[1.25,0.5,2]})"), std::string::npos);
}

TEST(FramesJson, TheRigsOwnPoseWithoutStatesIsAsBefore) { expect_frames_as_before(load("tentacle.json"), {}, 10.0, 3); }

// A rig built in code may name two bones alike; the object kept one member, at the first
// bone's place, holding the last one's transform. The text keeps that.
TEST(FramesJson, BonesSharingANameAreMergedAsTheObjectMergedThem) {
    Rig rig = load("arm.json");
    ASSERT_EQ(rig.skeleton.size(), 3u);
    rig.skeleton[2].name = rig.skeleton[0].name;  // the hand called upper_arm too
    rig.pose.rotations[1] = rotation_2d(0.7f);
    expect_frames_as_before(rig, {}, 30.0, 2);
    Result<std::string> text = bake_frames_json(rig, "rig.json", {}, 30.0, 1);
    ASSERT_TRUE(text.ok());
    const std::string line = frame_lines(text.value()).at(0);
    EXPECT_EQ(line.find("\"upper_arm\""), line.rfind("\"upper_arm\"")) << line;
}

// Written a piece at a time, as --animate writes its file: the pieces are the whole document,
// each about a megabyte, and a sink that fails (a full disk) stops the bake there.
TEST(FramesJson, TheDocumentGoesToTheSinkInPiecesAndAFailureStopsTheBake) {
    const Rig rig = load("humanoid.json");
    const std::vector<TimelineEntry> timeline{{0, 0.0}};
    const std::string whole = bake_frames_json(rig, "rig.json", timeline, 1000.0, 4000).value();
    ASSERT_GT(whole.size(), 3'000'000u);
    std::string joined;
    int pieces = 0;
    ASSERT_TRUE(write_frames_json(rig, "rig.json", timeline, 1000.0, 4000, [&](std::string_view piece) {
                    EXPECT_LT(piece.size(), 1'200'000u) << "a piece is about a megabyte, never the whole bake";
                    joined += piece;
                    ++pieces;
                    return Status{};
                }).ok());
    EXPECT_EQ(joined, whole);
    EXPECT_GE(pieces, 3);

    int calls = 0;
    const Status failed = write_frames_json(rig, "rig.json", timeline, 1000.0, 4000, [&](std::string_view) {
        ++calls;
        return Status{Error{"frames.json: write failed: No space left on device"}};
    });
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.message(), "frames.json: write failed: No space left on device");
    EXPECT_EQ(calls, 1) << "the bake went on after the sink failed";
}

// A rig past the size whose frames are written on two threads: the halves join into the very
// text of one pass, bones sharing a name across the halves included.
TEST(FramesJson, ALargeRigsFrameWrittenOnTwoThreadsIsAsBefore) {
    std::vector<Bone> bones;
    Bone root;
    root.name = "root";
    root.length = 1.0f;
    bones.push_back(root);
    for (int i = 1; i <= 17'000; ++i) {
        Bone b;
        b.name = "b" + std::to_string(i);
        b.parent = i < 4 ? 0 : i - 3;  // three long arms, so world transforms differ all the way down
        b.length = 0.5f + 0.001f * static_cast<float>(i % 97);
        b.rest.rotation = glm::angleAxis(0.01f * static_cast<float>(i % 31), glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f)));
        bones.push_back(b);
    }
    bones[16'500].name = "b10";  // late in the second half, named as one early in the first
    Rig rig;
    rig.dimensions = Dimensions::Three;
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    rig.pose.rotations[5] = glm::angleAxis(0.3f, glm::vec3(0.0f, 0.0f, 1.0f));
    expect_frames_as_before(rig, {}, 30.0, 1);
}

// Names are quoted straight where they need no escape; the others go through the JSON writer.
// Either way the header's "bones" and each frame's keys are what the writer gives, and a name
// that is not UTF-8 (a rig built in code may hold one) is refused, not written.
TEST(FramesJson, NamesNeedingEscapesOrBeyondAsciiAreWrittenAsTheWriterWritesThem) {
    Rig rig = load("arm.json");
    ASSERT_EQ(rig.skeleton.size(), 3u);
    rig.skeleton[0].name = "say \"hi\"\\ now\t";
    rig.skeleton[1].name = "\xC3\xA9paule \xF0\x9F\xA6\xB4";  // épaule and an emoji
    rig.skeleton[2].name = std::string("nul\x01", 4);
    expect_frames_as_before(rig, {}, 30.0, 1);
    const std::string text = bake_frames_json(rig, "rig.json", {}, 30.0, 1).value();
    Json names = Json::array();
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) names.push_back(rig.skeleton[i].name);
    EXPECT_NE(text.find("\n\"bones\":" + names.dump() + ",\n"), std::string::npos) << text.substr(0, 300);

    rig.skeleton[2].name = "bad\xFF";
    Result<std::string> refused = bake_frames_json(rig, "rig.json", {}, 30.0, 1);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("not valid UTF-8"), std::string::npos) << refused.message();
}
