#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "core/ik/ik_test_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "editor/viewport/picking.hpp"

using namespace marionette;
using marionette::testing::bone;

namespace {

const Viewport kViewport{0.0f, 0.0f, 800.0f, 600.0f};

// World (x, y) shows at pixel (400 + x, 300 - y).
ViewCamera camera_2d() {
    ViewCamera c = ViewCamera::for_2d();
    c.set_center({0.0f, 0.0f});
    c.set_pixels_per_unit(1.0f);
    return c;
}

// Eye at (0, 0, distance) looking along -z; world x right, y up, the origin at the center.
ViewCamera camera_front(float distance) {
    ViewCamera c = ViewCamera::for_3d();
    c.set_view(ViewCamera::View::Front);
    c.set_target({0.0f, 0.0f, 0.0f});
    c.set_distance(distance);
    return c;
}

// Bones for picking: only the lengths matter, the frames come in `world`.
Skeleton skeleton_of(const std::vector<float>& lengths) {
    std::vector<Bone> bones;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        bones.push_back(bone("b" + std::to_string(i), -1, {}, glm::quat{1, 0, 0, 0}, lengths[i]));
    }
    return Skeleton(std::move(bones));
}

Transform at(glm::vec3 joint, glm::quat rotation = glm::quat{1, 0, 0, 0}) { return {joint, rotation}; }

}  // namespace

TEST(Picking, NearestBoneInPixelsWins2D) {
    const Skeleton sk = skeleton_of({100.0f, 100.0f});
    // Two horizontal bones on screen rows 300 and 290.
    const std::vector<Transform> world = {at({-50, 0, 0}), at({-50, 10, 0})};
    const auto near_first = pick_bone(sk, Pose::rest(sk.size()), world, camera_2d(), kViewport, {400.0f, 296.0f}, 8.0f);
    ASSERT_TRUE(near_first.has_value());
    EXPECT_EQ(near_first->bone, 0);
    EXPECT_NEAR(near_first->distance_pixels, 4.0f, 1e-4f);
    const auto near_second = pick_bone(sk, Pose::rest(sk.size()), world, camera_2d(), kViewport, {400.0f, 293.0f}, 8.0f);
    ASSERT_TRUE(near_second.has_value());
    EXPECT_EQ(near_second->bone, 1);
    EXPECT_NEAR(near_second->distance_pixels, 3.0f, 1e-4f);
}

TEST(Picking, AScaledBoneIsPickedAlongItsPosedLength) {
    const Skeleton sk = skeleton_of({100.0f});
    const std::vector<Transform> world = {at({-50, 0, 0})};  // pixels (350..450, 300) at rest
    Pose pose = Pose::rest(sk.size());
    EXPECT_FALSE(pick_bone(sk, pose, world, camera_2d(), kViewport, {520.0f, 300.0f}, 6.0f).has_value());
    pose.scales[0] = {2.0f, 1.0f, 1.0f};  // now (350..550, 300)
    EXPECT_TRUE(pick_bone(sk, pose, world, camera_2d(), kViewport, {520.0f, 300.0f}, 6.0f).has_value());
    pose.scales[0] = {0.5f, 1.0f, 1.0f};  // (350..400, 300)
    EXPECT_FALSE(pick_bone(sk, pose, world, camera_2d(), kViewport, {430.0f, 300.0f}, 6.0f).has_value());
}

TEST(Picking, ToleranceIsRespectedAlongAndBeyondTheSegment) {
    const Skeleton sk = skeleton_of({100.0f});
    const std::vector<Transform> world = {at({-50, 0, 0})};  // pixels (350..450, 300)
    const ViewCamera c = camera_2d();
    EXPECT_TRUE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {400.0f, 306.0f}, 6.0f).has_value());
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {400.0f, 306.0f}, 5.9f).has_value());
    // Past the tip the distance is to the tip, not to the bone's line.
    const auto beside_tip = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {454.0f, 303.0f}, 6.0f);
    ASSERT_TRUE(beside_tip.has_value());
    EXPECT_NEAR(beside_tip->distance_pixels, 5.0f, 1e-4f);
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {457.0f, 300.0f}, 6.0f).has_value());
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {343.0f, 300.0f}, 6.0f).has_value());
}

TEST(Picking, BoneRunsAlongItsFramesXAxis) {
    const Skeleton sk = skeleton_of({50.0f});
    const std::vector<Transform> world = {at({0, 0, 0}, rotation_2d(kPi / 2))};  // up: pixels (400, 300..250)
    const ViewCamera c = camera_2d();
    const auto hit = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {403.0f, 270.0f}, 5.0f);
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->distance_pixels, 3.0f, 1e-4f);
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {430.0f, 300.0f}, 5.0f).has_value());  // where +x would be
}

TEST(Picking, ZeroLengthBoneIsItsJointDisc) {
    const Skeleton sk = skeleton_of({0.0f});
    const std::vector<Transform> world = {at({30, -20, 0})};  // pixel (430, 320)
    const ViewCamera c = camera_2d();
    const auto hit = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {433.0f, 324.0f}, 6.0f);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->bone, 0);
    EXPECT_NEAR(hit->distance_pixels, 5.0f, 1e-4f);
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {433.0f, 324.0f}, 4.9f).has_value());
}

TEST(Picking, TiesGoToTheBoneNearerTheCamera3D) {
    const ViewCamera c = camera_front(10.0f);
    // A horizontal bone at z = 0 (screen row 300) and a vertical one at z = 1 (column 400),
    // crossing at the center of the screen; listed in both orders.
    const Transform horizontal = at({-1, 0, 0});
    const Transform vertical = at({0, -1, 1}, rotation_2d(kPi / 2));
    const Skeleton sk = skeleton_of({2.0f, 2.0f});
    for (bool vertical_first : {false, true}) {
        const std::vector<Transform> world =
            vertical_first ? std::vector<Transform>{vertical, horizontal} : std::vector<Transform>{horizontal, vertical};
        const int v = vertical_first ? 0 : 1;
        const int h = 1 - v;
        const auto at_crossing = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {400.0f, 300.0f}, 5.0f);
        ASSERT_TRUE(at_crossing.has_value());
        EXPECT_EQ(at_crossing->bone, v);
        EXPECT_NEAR(at_crossing->depth, 9.0f, 1e-4f);
        // 0.3 px nearer the far bone is still a tie.
        const auto within_band = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {400.4f, 300.1f}, 5.0f);
        ASSERT_TRUE(within_band.has_value());
        EXPECT_EQ(within_band->bone, v);
        // Clearly nearer the far bone on screen: the far bone.
        const auto beyond_band = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {402.0f, 300.2f}, 5.0f);
        ASSERT_TRUE(beyond_band.has_value());
        EXPECT_EQ(beyond_band->bone, h);
        EXPECT_NEAR(beyond_band->depth, 10.0f, 1e-3f);
    }
}

TEST(Picking, HitDepthIsThatOfTheBonePointUnderTheCursor) {
    const ViewCamera c = camera_front(10.0f);  // eye at z = 10
    // Receding from z = 2 to z = -6 one unit right of the view axis: on screen its pixels bunch
    // up toward the far end, so the depth is not a linear blend along the screen.
    const Skeleton sk = skeleton_of({8.0f});
    const std::vector<Transform> world = {at({1, 0, 2}, glm::angleAxis(kPi / 2, glm::vec3{0, 1, 0}))};
    const glm::vec2 cursor = c.project({1.0f, 0.0f, -2.0f}, kViewport).pixel;
    const auto hit = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, cursor, 2.0f);
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->depth, 12.0f, 1e-3f);
}

TEST(Picking, BonesBehindTheCameraAreIgnored) {
    const ViewCamera c = camera_front(5.0f);  // eye at z = 5
    const Skeleton sk = skeleton_of({1.0f});
    // Behind the eye, the joint would project exactly onto the center.
    EXPECT_FALSE(
        pick_bone(sk, Pose::rest(sk.size()), std::vector<Transform>{at({0, 0, 7})}, c, kViewport, {400.0f, 300.0f}, 8.0f).has_value());
    EXPECT_TRUE(
        pick_bone(sk, Pose::rest(sk.size()), std::vector<Transform>{at({0, 0, -1})}, c, kViewport, {400.0f, 300.0f}, 8.0f).has_value());
}

TEST(Picking, BoneCrossingTheNearPlaneKeepsOnlyItsVisiblePart) {
    const ViewCamera c = camera_front(5.0f);
    // From behind the eye (z = 8) toward -z to z = -4, one unit right of the view axis: on screen
    // it runs along row 300 from x ~ 492 out to the right. Its part behind the eye would project
    // mirrored, to the left of the center.
    const Skeleton sk = skeleton_of({12.0f});
    const std::vector<Transform> world = {at({1, 0, 8}, glm::angleAxis(kPi / 2, glm::vec3{0, 1, 0}))};
    const auto visible = pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {600.0f, 300.0f}, 4.0f);
    ASSERT_TRUE(visible.has_value());
    EXPECT_NEAR(visible->distance_pixels, 0.0f, 1e-2f);
    EXPECT_GT(visible->depth, c.near_plane());
    EXPECT_FALSE(pick_bone(sk, Pose::rest(sk.size()), world, c, kViewport, {300.0f, 300.0f}, 4.0f).has_value());
}

TEST(Picking, PointNearestInPixelsWithinTolerance) {
    const std::vector<glm::vec3> points = {{10, 0, 0}, {0, 10, 0}, {-40, -40, 0}};  // (410, 300), (400, 290), (360, 340)
    const ViewCamera c = camera_2d();
    EXPECT_EQ(pick_point(points, c, kViewport, {408.0f, 298.0f}, 5.0f), std::optional<int>(0));
    EXPECT_EQ(pick_point(points, c, kViewport, {402.0f, 293.0f}, 5.0f), std::optional<int>(1));
    EXPECT_EQ(pick_point(points, c, kViewport, {363.0f, 344.0f}, 5.0f), std::optional<int>(2));
    EXPECT_EQ(pick_point(points, c, kViewport, {363.0f, 344.0f}, 4.9f), std::nullopt);
    EXPECT_EQ(pick_point({}, c, kViewport, {400.0f, 300.0f}, 5.0f), std::nullopt);
}

TEST(Picking, PointTiesGoToTheNearerWhateverTheOrder) {
    // Orthographic: x decides the pixel, z only the depth. A sits under the cursor, B 0.4 px and
    // nearer the camera, C 0.8 px and nearest. B is within the tie band of A, C is not: B wins.
    // Compared pairwise in a running best, C would win whenever B came before it.
    const std::array<glm::vec3, 3> abc = {glm::vec3{0, 0, 0}, glm::vec3{0.4f, 0, 5}, glm::vec3{0.8f, 0, 10}};
    std::array<int, 3> order = {0, 1, 2};
    do {
        std::vector<glm::vec3> points;
        for (int i : order) points.push_back(abc[static_cast<std::size_t>(i)]);
        const auto hit = pick_point(points, camera_2d(), kViewport, {400.0f, 300.0f}, 5.0f);
        ASSERT_TRUE(hit.has_value());
        EXPECT_EQ(order[static_cast<std::size_t>(*hit)], 1);
    } while (std::next_permutation(order.begin(), order.end()));
}

TEST(Picking, PointsBehindTheCameraAreIgnored) {
    const ViewCamera c = camera_front(5.0f);
    const std::vector<glm::vec3> points = {{0, 0, 6}, {0, 0, -2}};
    // Both project onto the center; the one behind the eye is not there to click.
    EXPECT_EQ(pick_point(points, c, kViewport, {400.0f, 300.0f}, 3.0f), std::optional<int>(1));
    EXPECT_EQ(pick_point(std::vector<glm::vec3>{points[0]}, c, kViewport, {400.0f, 300.0f}, 3.0f), std::nullopt);
}
