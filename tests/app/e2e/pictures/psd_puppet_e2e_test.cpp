// The walk-through of docs/user-guide.md ("From a PSD to a bending puppet") in the real window,
// as docs/images/scripts/psd-walkthrough.json drives it: a PSD GIMP wrote becomes a puppet, two
// arm bones are added and chained, the arm's picture is traced and bound, its hand dragged (the
// picture bends at the elbow), and a new state keys the arm and, in mesh mode, the face's shape
// at two times. Checked in the saved files and in the pixels; tests/tools/spine_core_test.sh
// plays the same walk-through's Spine export in spine-core.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/math/angles.hpp"
#include "core/mesh/vertex_weights.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

const std::filesystem::path kRepo = std::filesystem::path(MARIONETTE_ASSETS).parent_path().parent_path();

// The arm's red (220, 40, 40); the mouth's darker red is not it.
bool is_arm_red(const unsigned char* p) { return p[0] > 180 && p[1] < 90 && p[2] < 90; }

int count_in(const Image& image, int x0, int y0, int x1, int y1, bool (*is)(const unsigned char*)) {
    int n = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) n += is(image.at(x, y));
    }
    return n;
}

int differences_in(const Image& a, const Image& b, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            const unsigned char *p = a.at(x, y), *q = b.at(x, y);
            n += std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]) > 60;
        }
    }
    return n;
}

const Slot& slot_named(const Rig& rig, const std::string& name) {
    for (const Slot& s : rig.slots) {
        if (s.name == name) return s;
    }
    ADD_FAILURE() << "no slot " << name;
    return rig.slots.front();
}

}  // namespace

TEST(PsdPuppet, AGimpPsdBecomesAPuppetWhoseArmBendsAndWhoseFaceIsKeyed) {
    const auto dir = scratch_dir("e2e-psd-puppet");
    std::filesystem::copy_file(std::string(MARIONETTE_TEST_DATA) + "/psd/gimp_character.psd", dir / "gimp_character.psd");
    std::filesystem::copy_file(kRepo / "docs/images/scripts/psd-walkthrough.json", dir / "steps.json");
    // The script drops the PSD on the window (a path relative to the script's folder).
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string())), 0);

    // The import: the body group's bone, its three pictures.
    const Rig imported = load(dir / "character.json");
    ASSERT_GE(imported.skeleton.find("body"), 0);
    EXPECT_EQ(imported.slots.size(), 3u);

    // The bones added, moved under the body where they stood, and chained.
    const Rig bones = load(dir / "bones.json");
    const int body = bones.skeleton.find("body"), upper = bones.skeleton.find("upper"), lower = bones.skeleton.find("lower");
    ASSERT_GE(upper, 0);
    ASSERT_GE(lower, 0);
    EXPECT_EQ(bones.skeleton[static_cast<std::size_t>(upper)].parent, body);
    EXPECT_EQ(bones.skeleton[static_cast<std::size_t>(lower)].parent, upper);
    // The shoulder typed in at (160, 178) on the canvas, kept when moved under the body.
    const glm::vec3 shoulder =
        bones.skeleton[static_cast<std::size_t>(upper)].rest.translation + bones.skeleton[static_cast<std::size_t>(body)].rest.translation;
    EXPECT_NEAR(shoulder.x, 160.0f, 1e-3f);
    EXPECT_NEAR(shoulder.y, 178.0f, 1e-3f);
    ASSERT_EQ(bones.chains.size(), 1u);
    EXPECT_EQ(bones.chains[0].solver, SolverKind::TwoBone);

    // The arm's picture traced (more than the [mesh] tag's grid) and weighted over the arm's
    // bones: the hand's end follows the forearm.
    const Rig bent = load(dir / "bent.json");
    const AttachmentMesh& arm = *slot_named(bent, "arm").attachments[0].mesh;
    EXPECT_GT(arm.vertices.size(), 12u);
    ASSERT_TRUE(arm.is_weighted());
    float hand_on_lower = 0.0f;
    int hand_vertices = 0;
    for (std::size_t v = 0; v < arm.vertices.size(); ++v) {
        if (arm.vertices[v].x < 140.0f) continue;  // the hand: the picture's last 25 pixels
        hand_on_lower += test::weight_of(arm.weights[v], lower);
        ++hand_vertices;
    }
    ASSERT_GT(hand_vertices, 0);
    EXPECT_GT(hand_on_lower / static_cast<float>(hand_vertices), 0.8f);
    EXPECT_GT(std::abs(angle_2d(bent.pose.rotations[static_cast<std::size_t>(lower)])), degrees_to_radians(30.0f)) << "the elbow bent";

    // In the pixels: the arm went up (red above the shoulder's line, none there before), in one
    // piece (about the red it had).
    const Image straight = load_png(dir / "psd-bound.png"), raised = load_png(dir / "psd-bent.png");
    const int before = count_in_viewport(straight, is_arm_red), after = count_in_viewport(raised, is_arm_red);
    ASSERT_GT(before, 3000);
    EXPECT_GT(after, before * 7 / 10) << before << " -> " << after;
    EXPECT_LT(after, before * 13 / 10) << before << " -> " << after;
    EXPECT_EQ(count_in(straight, 245, 60, 975, 330, is_arm_red), 0);
    EXPECT_GT(count_in(raised, 245, 60, 975, 330, is_arm_red), before / 4) << "the forearm and hand went up";

    // The state: the arm keyed at 0 and 0.5 s, the face's shape at both with other offsets.
    const Rig waving = load(dir / "waving.json");
    ASSERT_EQ(waving.states.size(), 1u);
    const State& wave = waving.states[0];
    EXPECT_EQ(wave.name, "wave");
    EXPECT_EQ(wave.tracks.size(), 2u);
    for (const KeyTrack& t : wave.tracks) EXPECT_EQ(t.keys.size(), 2u);
    ASSERT_EQ(wave.deform.size(), 1u);
    const DeformTrack& face = wave.deform[0];
    EXPECT_EQ(waving.slots[static_cast<std::size_t>(face.slot)].name, "head");
    ASSERT_EQ(face.keys.size(), 2u);
    EXPECT_EQ(face.keys[0].time, 0.0f);
    EXPECT_GT(face.keys[1].time, 0.2f);
    float moved = 0.0f;
    for (std::size_t v = 0; v < face.keys[0].offsets.size(); ++v) moved += glm::length(face.keys[1].offsets[v] - face.keys[0].offsets[v]);
    EXPECT_GT(moved, 10.0f) << "the face has another shape at the second key";
    // In the pixels: the face (the head's left part, clear of the raised arm and the mesh panel)
    // changed between the two times.
    EXPECT_GT(differences_in(load_png(dir / "psd-face-start.png"), load_png(dir / "psd-face-middle.png"), 550, 65, 690, 205), 200);
    std::filesystem::remove_all(dir);
}
