// A picture cut into a weighted mesh in the real window: dragging the hand of a two-bone arm
// bends the picture at the elbow (its forearm part follows the forearm, its area stays about
// the same), where the same picture rigid on the upper arm stays straight; a state's deform
// key reshapes it; and a plain picture traced and bound from the inspector bends the same way.

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/angles.hpp"
#include "core/mesh/vertex_weights.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

bool is_sleeve_red(const unsigned char* p) { return p[0] > 200 && p[1] < 60 && p[2] < 60; }

// The arm: "upper" and "lower", 100 each along x, a two-bone chain, and a 200 x 40 red picture
// on the upper arm cut into a 10 x 2 grid, weighted from the upper arm to the forearm across the
// elbow (or rigid), with a state "squash" keying the picture's far end 60 up.
Rig sleeve_arm(bool weighted) {
    Result<Rig> parsed = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "upper", "length": 100 }, { "name": "lower", "parent": "upper", "length": 100 } ],
      "chains": [ { "name": "arm", "root": "upper", "effector": "lower", "solver": "two_bone" } ],
      "slots": [ { "name": "sleeve", "bone": "upper", "attachment": "sleeve",
                   "attachments": [ { "name": "sleeve", "image": "sleeve.png", "size": [200, 40], "pivot": [0, 0.5] } ] } ] })");
    EXPECT_TRUE(parsed.ok()) << parsed.message();
    Rig rig = parsed.value();
    Attachment& a = rig.slots[0].attachments[0];
    a.mesh = grid_mesh(a.size, 10, 2);
    State squash;
    squash.name = "squash";
    DeformTrack track{0, 0, {}};
    std::vector<glm::vec2> up(a.mesh->vertices.size());
    for (std::size_t i = 0; i < up.size(); ++i) up[i] = {0.0f, a.mesh->vertices[i].x > 150.0f ? 60.0f : 0.0f};
    track.keys.push_back(DeformKey{0.0f, up});
    squash.deform.push_back(track);
    rig.states.push_back(squash);
    if (!weighted) return rig;
    a.mesh->weights = test::ramp_weights(a.mesh->vertices, 80.0f, 120.0f);
    return rig;
}

// Drags the hand up and back toward the shoulder, saving and taking pictures before and after.
void bend(const std::filesystem::path& dir, const std::string& rig) {
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"screenshot": ")" + (dir / (rig + "-straight.png")).string() +
                                       R"("},
        {"drag": {"from": {"bone": "lower", "at": "tip"}, "to": {"bone": "lower", "at": "tip", "offset": [-160, -160]}, "moves": 16}},
        {"wait": 2},
        {"screenshot": ")" + (dir / (rig + "-bent.png")).string() +
                                       R"("},
        {"save": ")" + rig + R"(-bent.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / (rig + ".json")).string())), 0);
}

// The same drag on a weighted sleeve and on a rigid one: bent, the weighted sleeve keeps about
// its area (it folds a little inside the elbow), and its forearm part went with the forearm:
// red where the rigid sleeve, still straight along the upper arm's line, shows none, and the
// other way round.
void expect_bent_at_the_elbow(const Image& straight, const Image& weighted, const Image& rigid) {
    const int before = count_in_viewport(straight, is_sleeve_red);
    const int after = count_in_viewport(weighted, is_sleeve_red);
    ASSERT_GT(before, 2000);
    EXPECT_GT(after, before * 6 / 10) << before << " -> " << after;
    EXPECT_LT(after, before * 12 / 10) << before << " -> " << after;
    int only_weighted = 0, only_rigid = 0;
    for (int y = 80; y < 760; ++y) {
        for (int x = 245; x < 975; ++x) {
            const bool w = is_sleeve_red(weighted.at(x, y)), r = is_sleeve_red(rigid.at(x, y));
            only_weighted += w && !r;
            only_rigid += r && !w;
        }
    }
    EXPECT_GT(only_weighted, before / 5) << "the weighted sleeve's forearm part follows the forearm";
    EXPECT_GT(only_rigid, before / 5) << "the rigid sleeve stays straight past the elbow";
}

}  // namespace

TEST(BendingPicture, AHandDragBendsAWeightedMeshAtTheElbowAndADeformKeyReshapesIt) {
    const auto dir = scratch_dir("e2e-bending-picture");
    std::vector<unsigned char> red;
    for (int i = 0; i < 8 * 8; ++i) red.insert(red.end(), {230, 20, 20, 255});
    ASSERT_NE(stbi_write_png((dir / "sleeve.png").c_str(), 8, 8, 4, red.data(), 8 * 4), 0);
    for (const bool weighted : {true, false}) {
        const Result<std::string> text = serialize_rig(sleeve_arm(weighted));
        ASSERT_TRUE(text.ok()) << text.message();
        write_file(dir / (weighted ? "weighted.json" : "rigid.json"), text.value());
    }
    bend(dir, "weighted");
    bend(dir, "rigid");

    // The elbow bent in both (the same drag, the same chain).
    const Rig bent = load(dir / "weighted-bent.json");
    EXPECT_GT(std::abs(angle_2d(bent.pose.rotations[1])), degrees_to_radians(60.0f)) << "the elbow bends";
    EXPECT_EQ(load(dir / "rigid-bent.json").pose, bent.pose) << "the same drag poses both arms alike";

    expect_bent_at_the_elbow(load_png(dir / "weighted-straight.png"), load_png(dir / "weighted-bent.png"),
                             load_png(dir / "rigid-bent.png"));

    // The deform key: showing "squash" lifts the sleeve's far end.
    write_file(dir / "squash.json", R"({"steps": [
        {"wait": 2},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"screenshot": ")" + (dir / "rest.png").string() +
                                        R"("},
        {"click": {"ui": "states/list/squash"}},
        {"wait": 40},
        {"screenshot": ")" + (dir / "squashed.png").string() +
                                        R"("}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "squash.json").string() + " " + (dir / "weighted.json").string())), 0);
    const Image rest = load_png(dir / "rest.png"), squashed = load_png(dir / "squashed.png");
    int lifted = 0;
    for (int y = 80; y < 480; ++y) {
        for (int x = 245; x < 975; ++x) lifted += is_sleeve_red(squashed.at(x, y)) != is_sleeve_red(rest.at(x, y));
    }
    EXPECT_GT(lifted, 500) << "the far end moved up";
    std::filesystem::remove_all(dir);
}

TEST(BendingPicture, APictureTracedAndBoundInTheInspectorBendsAtTheElbow) {
    const auto dir = scratch_dir("e2e-traced-picture");
    // A 100 x 20 red bar with see-through ends rounded off, for the trace to follow.
    std::vector<unsigned char> bar;
    for (int y = 0; y < 20; ++y) {
        for (int x = 0; x < 100; ++x) {
            const int dx = x < 10 ? 10 - x : (x >= 90 ? x - 89 : 0), dy = y - 10;
            const bool inside = dx * dx + dy * dy <= 90;
            bar.insert(bar.end(), {230, 20, 20, static_cast<unsigned char>(inside ? 255 : 0)});
        }
    }
    ASSERT_NE(stbi_write_png((dir / "sleeve.png").c_str(), 100, 20, 4, bar.data(), 100 * 4), 0);
    Rig rig = sleeve_arm(false);
    rig.slots[0].attachments[0].mesh.reset();
    rig.states.clear();
    const Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    write_file(dir / "arm.json", text.value());
    for (const bool bind : {true, false}) {
        const std::string name = bind ? "bound" : "traced";
        // The inspector is scrolled down to the mesh's rows, as a user would with the wheel.
        write_file(dir / "steps.json", R"({"steps": [
            {"wait": 2},
            {"click": {"ui": "outliner/slots/sleeve"}},
            {"wait": 2},
            {"wheel": {"clicks": -20, "at": {"ui": "inspector/slot/shows"}}},
            {"wait": 2},
            {"click": {"ui": "inspector/mesh/trace"}},
            {"wait": 2},
            {"wheel": {"clicks": -20, "at": {"ui": "inspector/slot/shows"}}},
            {"wait": 2},
            )" + std::string(bind ? R"({"click": {"ui": "inspector/mesh/bind"}}, {"wait": 2},)" : "") +
                                           R"(
            {"screenshot": ")" + (dir / (name + "-straight.png")).string() +
                                           R"("},
            {"drag": {"from": {"bone": "lower", "at": "tip"}, "to": {"bone": "lower", "at": "tip", "offset": [-160, -160]}, "moves": 16}},
            {"wait": 2},
            {"screenshot": ")" + (dir / (name + "-bent.png")).string() +
                                           R"("},
            {"save": ")" + name + R"(.json"}
        ]})");
        ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / "arm.json").string())), 0);
    }
    // The saved meshes: traced (more than the four corners, the long sides cut), one bound over
    // the upper arm and forearm, the other rigid.
    const Rig bound = load(dir / "bound.json"), traced = load(dir / "traced.json");
    ASSERT_TRUE(bound.slots[0].attachments[0].mesh.has_value());
    ASSERT_TRUE(traced.slots[0].attachments[0].mesh.has_value());
    const AttachmentMesh& m = *bound.slots[0].attachments[0].mesh;
    EXPECT_GT(m.hull, 12u);
    ASSERT_EQ(m.weights.size(), m.vertices.size());
    float on_forearm = 0.0f;
    for (const VertexWeights& w : m.weights) on_forearm += test::weight_of(w, 1);
    EXPECT_GT(on_forearm, 0.25f * static_cast<float>(m.vertices.size())) << "the far half follows the forearm";
    EXPECT_FALSE(traced.slots[0].attachments[0].mesh->is_weighted());
    EXPECT_EQ(bound.pose, traced.pose) << "the same drag poses both arms alike";

    expect_bent_at_the_elbow(load_png(dir / "bound-straight.png"), load_png(dir / "bound-bent.png"), load_png(dir / "traced-bent.png"));
    std::filesystem::remove_all(dir);
}
