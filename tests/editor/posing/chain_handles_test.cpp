// Which handles the viewport shows, which one the mouse grabs, and their shapes.

#include <gtest/gtest.h>

#include <algorithm>

#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/posing/chain_handles.hpp"
#include "editor/posing/limit_arcs.hpp"

using namespace marionette;
using marionette::testing::figure_2d;
using marionette::testing::figure_3d;
using marionette::testing::tip;
using marionette::testing::world_of;

namespace {

const Viewport kViewport{0.0f, 0.0f, 800.0f, 600.0f};

// World (x, y) shows at pixel (400 + x, 300 - y).
ViewCamera camera_2d(float pixels_per_unit = 1.0f) {
    ViewCamera c = ViewCamera::for_2d();
    c.set_center({0.0f, 0.0f});
    c.set_pixels_per_unit(pixels_per_unit);
    return c;
}

}  // namespace

TEST(ChainHandles, OneTargetPerEffectorPinsReplaceTargets) {
    Rig rig = figure_2d();
    std::vector<ChainHandle> h;
    chain_handles(rig, rig.pose, world_of(rig), true, std::nullopt, h);
    // arm ends at forearm, arm_reach and back both at hand (arm_reach first), leg at shin.
    ASSERT_EQ(h.size(), 3u);
    EXPECT_EQ(h[0].chain, 0);
    EXPECT_EQ(h[1].chain, 1);
    EXPECT_EQ(h[2].chain, 2);
    for (const ChainHandle& x : h) EXPECT_EQ(x.kind, HandleKind::Target);
    EXPECT_NEAR(glm::distance(h[2].position, tip(rig, 6)), 0.0f, 1e-4f);

    rig.chains[2].pin = glm::vec3{5.0f, -7.0f, 0.0f};
    h.clear();
    chain_handles(rig, rig.pose, world_of(rig), false, std::nullopt, h);  // FK mode: no targets
    ASSERT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0].kind, HandleKind::Pin);
    EXPECT_EQ(h[0].chain, 2);
    EXPECT_EQ(h[0].position, glm::vec3(5.0f, -7.0f, 0.0f));
}

TEST(ChainHandles, TheDraggedTargetIsWhereTheDragIsAndPolesShowIn3D) {
    const Rig rig = figure_2d();
    std::vector<ChainHandle> h;
    chain_handles(rig, rig.pose, world_of(rig), true, DraggedTarget{3, {90.0f, 80.0f, 0.0f}}, h);
    ASSERT_FALSE(h.empty());
    EXPECT_EQ(h[0].position, glm::vec3(90.0f, 80.0f, 0.0f));

    const Rig rig3 = figure_3d();
    h.clear();
    chain_handles(rig3, rig3.pose, world_of(rig3), false, std::nullopt, h);
    ASSERT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0].kind, HandleKind::Pole);
    EXPECT_EQ(h[0].position, *rig3.chains[0].two_bone.pole);
}

TEST(ChainHandles, IgnoresChainsBeyondTheWorldGiven) {
    const Rig rig = figure_2d();
    std::vector<Transform> world = world_of(rig);
    world.resize(4);  // bones 4.. not posed yet
    std::vector<ChainHandle> h;
    chain_handles(rig, rig.pose, world, true, std::nullopt, h);
    ASSERT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0].chain, 0);
}

TEST(ChainHandles, PicksTheHandleUnderThePointer) {
    const std::vector<ChainHandle> h = {{HandleKind::Target, 0, {0.0f, 0.0f, 0.0f}}, {HandleKind::Pin, 1, {30.0f, 0.0f, 0.0f}}};
    const auto hit = pick_handle(h, camera_2d(), kViewport, {427.0f, 302.0f}, 10.0f);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->chain, 1);
    EXPECT_EQ(hit->kind, HandleKind::Pin);
    EXPECT_FALSE(pick_handle(h, camera_2d(), kViewport, {415.0f, 320.0f}, 10.0f).has_value());
    EXPECT_FALSE(pick_handle({}, camera_2d(), kViewport, {400.0f, 300.0f}, 10.0f).has_value());
}

TEST(ChainHandles, ShapesKeepTheirSizeOnScreen) {
    const std::vector<ChainHandle> h = {{HandleKind::Target, 0, {10.0f, 20.0f, 0.0f}},
                                        {HandleKind::Pin, 1, {-40.0f, 5.0f, 0.0f}},
                                        {HandleKind::Pole, 2, {0.0f, -30.0f, 0.0f}}};
    for (float zoom : {0.5f, 4.0f}) {
        std::vector<ShapeVertex> v;
        build_handle_shapes(h, camera_2d(zoom), kViewport, {0.0f, 0.0f, 1.0f}, v);
        ASSERT_FALSE(v.empty());
        EXPECT_EQ(v.size() % 3, 0u);
        // Every vertex is within 8 pixels of its handle; each handle reaches at least 5 pixels out.
        for (const ChainHandle& x : h) {
            float reach = 0.0f;
            for (const ShapeVertex& s : v) {
                if (s.color != handle_color(x.kind) && s.color != glm::vec4(1.0f)) continue;
                const float d = glm::distance(s.position, x.position) * zoom;
                if (d < 8.01f) reach = std::max(reach, d);
            }
            EXPECT_GE(reach, 5.0f) << static_cast<int>(x.kind) << " at zoom " << zoom;
        }
        for (const ShapeVertex& s : v) {
            const float nearest = std::min({glm::distance(s.position, h[0].position), glm::distance(s.position, h[1].position),
                                            glm::distance(s.position, h[2].position)});
            EXPECT_LE(nearest * zoom, 8.01f);
            EXPECT_EQ(s.normal, glm::vec3(0.0f, 0.0f, 1.0f));
        }
    }
}

TEST(LimitArcs, TwoDimensionalRangeRunsFromMinToMax) {
    // figure_2d's forearm (3): limits -30..130 degrees about its rest direction.
    const Rig rig = figure_2d();
    const std::vector<Transform> world = world_of(rig);
    std::vector<glm::vec3> lines;
    build_limit_arcs(rig, world, 3, 10.0f, lines);
    ASSERT_GE(lines.size(), 8u);
    EXPECT_EQ(lines.size() % 2, 0u);
    const glm::vec3 c = world[3].translation;
    const glm::quat frame = world[3].rotation * glm::conjugate(rig.pose.rotations[3]);
    const glm::vec3 lo = c + 10.0f * (frame * glm::vec3{std::cos(glm::radians(-30.0f)), std::sin(glm::radians(-30.0f)), 0.0f});
    const glm::vec3 hi = c + 10.0f * (frame * glm::vec3{std::cos(glm::radians(130.0f)), std::sin(glm::radians(130.0f)), 0.0f});
    bool has_lo = false;
    bool has_hi = false;
    for (const glm::vec3& p : lines) {
        const float d = glm::distance(p, c);
        EXPECT_TRUE(d < 1e-4f || std::abs(d - 10.0f) < 1e-3f) << d;
        has_lo = has_lo || glm::distance(p, lo) < 1e-3f;
        has_hi = has_hi || glm::distance(p, hi) < 1e-3f;
        // Nothing on the forbidden side: directions within the range only.
        if (d > 1.0f) {
            const glm::vec3 local = glm::conjugate(frame) * ((p - c) / d);
            const float a = glm::degrees(std::atan2(local.y, local.x));
            EXPECT_GE(a, -30.01f);
            EXPECT_LE(a, 130.01f);
        }
    }
    EXPECT_TRUE(has_lo);
    EXPECT_TRUE(has_hi);
}

TEST(LimitArcs, HingeArcLiesAcrossItsAxisAndConeRimAtItsAngle) {
    const Rig rig = figure_3d();
    const std::vector<Transform> world = world_of(rig);
    std::vector<glm::vec3> hinge;
    build_limit_arcs(rig, world, 3, 0.1f, hinge);  // forearm: hinge [0, -1, 0], -10..140
    ASSERT_FALSE(hinge.empty());
    const glm::quat frame = world[3].rotation * glm::conjugate(rig.pose.rotations[3]);
    const glm::vec3 axis = frame * glm::vec3{0.0f, -1.0f, 0.0f};
    for (const glm::vec3& p : hinge) EXPECT_NEAR(glm::dot(p - world[3].translation, axis), 0.0f, 1e-5f);

    std::vector<glm::vec3> cone;
    build_limit_arcs(rig, world, 0, 0.1f, cone);  // hips: a 30-degree cone
    ASSERT_FALSE(cone.empty());
    const glm::quat hips_frame = world[0].rotation * glm::conjugate(rig.pose.rotations[0]);
    const glm::vec3 rest_dir = hips_frame * glm::vec3{1.0f, 0.0f, 0.0f};
    for (const glm::vec3& p : cone) {
        const glm::vec3 d = p - world[0].translation;
        if (glm::length(d) < 1e-5f) continue;  // a spoke's inner end
        EXPECT_NEAR(glm::degrees(std::acos(std::clamp(glm::dot(glm::normalize(d), rest_dir), -1.0f, 1.0f))), 30.0f, 0.05f);
    }
}

TEST(LimitArcs, NothingWithoutLimitsOrForABadBone) {
    const Rig rig = figure_2d();
    const std::vector<Transform> world = world_of(rig);
    std::vector<glm::vec3> lines;
    build_limit_arcs(rig, world, 1, 10.0f, lines);  // spine: no limits
    build_limit_arcs(rig, world, -1, 10.0f, lines);
    build_limit_arcs(rig, world, 99, 10.0f, lines);
    build_limit_arcs(rig, world, 3, 0.0f, lines);
    EXPECT_TRUE(lines.empty());
}
