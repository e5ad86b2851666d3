// Placing a picture with the mouse: the grabbed point follows the cursor when moving; turning
// and scaling go about the pivot; all through a turned, scaled bone; nothing accumulates; a
// drag that cannot work is refused with a reason.

#include <gtest/gtest.h>

#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/posing/picture_drag.hpp"

using namespace marionette;

namespace {

// One bone turned 90° (pointing up), its picture 20 x 10 centred 10 up it.
Rig dragged_puppet() {
    Result<Rig> rig = parse_rig(R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 20, "rotation": 90 } ],
      "slots": [ { "name": "s", "bone": "body", "attachment": "a", "attachments": [ { "name": "a", "image": "a.png", "size": [20, 10], "offset": [10, 0] } ] } ] })");
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

Result<PictureDrag> start(const Rig& rig, PictureTool tool, glm::vec3 grab) {
    const Transform world = compute_world(rig.skeleton, rig.pose).value()[0];
    return PictureDrag::start(rig, 0, rig.slots[0].shown, tool, world, rig.pose.scales[0], grab);
}

const Attachment& picture(const Rig& rig) { return rig.slots[0].attachments[0]; }

}  // namespace

TEST(PictureDrag, MovingKeepsTheGrabbedPointUnderTheCursor) {
    Rig rig = dragged_puppet();
    rig.pose.scales[0] = {2, 2, 1};  // the picture's frame is stretched: offsets are in the bone's units
    Result<PictureDrag> d = start(rig, PictureTool::Move, {1, 20, 0});
    ASSERT_TRUE(d.ok()) << d.message();
    d.value().drag(rig, {-4, 26, 0});
    // The pivot (at world (0, 20)) moved with the grab: by (-5, 6) in the world.
    const Transform world = compute_world(rig.skeleton, rig.pose).value()[0];
    const std::array<glm::vec3, 4> c = attachment_world_corners(picture(rig), world, rig.pose.scales[0]);
    const glm::vec3 centre = 0.5f * (c[0] + c[2]);
    EXPECT_NEAR(centre.x, -5.0f, 1e-4f);
    EXPECT_NEAR(centre.y, 26.0f, 1e-4f);
    // Measured from the start: the same cursor twice gives the same place.
    d.value().drag(rig, {-4, 26, 0});
    EXPECT_NEAR(picture(rig).offset.x, 13.0f, 1e-4f);
    EXPECT_NEAR(picture(rig).offset.y, 2.5f, 1e-4f);
}

TEST(PictureDrag, TurningGoesAboutThePivotByTheCursorsTurn) {
    Rig rig = dragged_puppet();
    Result<PictureDrag> d = start(rig, PictureTool::Rotate, {5, 10, 0});  // right of the pivot at (0, 10)
    ASSERT_TRUE(d.ok()) << d.message();
    d.value().drag(rig, {0, 17, 0});  // now above it: a quarter turn counter-clockwise
    EXPECT_NEAR(picture(rig).rotation, 1.5707963f, 1e-5f);
    EXPECT_EQ(picture(rig).offset, glm::vec2(10, 0)) << "the pivot stays";
    d.value().drag(rig, {-5, 10, 0});
    EXPECT_NEAR(std::abs(picture(rig).rotation), 3.1415926f, 1e-5f);
}

TEST(PictureDrag, ScalingGoesByTheCursorsDistanceFromThePivot) {
    Rig rig = dragged_puppet();
    rig.slots[0].attachments[0].scale = {1, -1};  // mirrored: stays mirrored
    Result<PictureDrag> d = start(rig, PictureTool::Scale, {4, 10, 0});
    ASSERT_TRUE(d.ok()) << d.message();
    d.value().drag(rig, {0, 22, 0});  // 12 from the pivot, was 4
    EXPECT_NEAR(picture(rig).scale.x, 3.0f, 1e-5f);
    EXPECT_NEAR(picture(rig).scale.y, -3.0f, 1e-5f);
    d.value().drag(rig, {0, 1e30f, 0});
    EXPECT_EQ(picture(rig).scale, glm::vec2(kMaxAttachmentScale, -kMaxAttachmentScale)) << "held to the format's range";
}

TEST(PictureDrag, WhatCannotWorkIsRefused) {
    Rig rig = dragged_puppet();
    EXPECT_EQ(start(rig, PictureTool::Rotate, {0, 10, 0}).message(), "grab the picture away from its pivot to turn or scale it");
    EXPECT_TRUE(start(rig, PictureTool::Move, {0, 10, 0}).ok()) << "moving from the pivot is fine";
    rig.pose.scales[0] = {0, 1, 1};
    EXPECT_FALSE(start(rig, PictureTool::Move, {0, 10, 0}).ok());
    rig = dragged_puppet();
    rig.slots[0].shown = -1;
    EXPECT_EQ(start(rig, PictureTool::Move, {0, 10, 0}).message(), "slot \"s\" shows no picture to place");
    EXPECT_FALSE(PictureDrag::start(rig, 1, 0, PictureTool::Move, Transform{}, glm::vec3(1.0f), {0, 0, 0}).ok());
    EXPECT_FALSE(PictureDrag::start(dragged_puppet(), 0, 1, PictureTool::Move, Transform{}, glm::vec3(1.0f), {0, 0, 0}).ok())
        << "no such drawing";
}
