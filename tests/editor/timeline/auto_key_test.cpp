// Auto-key: with a keyed state shown at the timeline's playhead, a drag starts from the pose the
// viewport shows, keys what it changed at the playhead, leaves the rig's own pose alone, and is
// one undo step.

#include <gtest/gtest.h>

#include <cmath>

#include "core/anim/state_pose.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {
namespace {

using testing::bone_named;
using testing::figure_2d;

// The figure with a keyed state "turn": the spine turns from 0 to 60 degrees over a second.
Rig with_turn() { return testing::figure_with_turn(glm::radians(60.0f)); }

// A viewport showing state `state` still at `time`, as the editor does while auto-keying.
class AutoKeyScene {
public:
    AutoKeyScene(Rig rig, int state, float time)
        : document_(std::move(rig), {}), controller_(document_, history_), state_(state), time_(time) {
        controller_.set_auto_key(AutoKey{state, time});
        refresh();
        controller_.frame(view_, points());
    }
    Document& document() { return document_; }
    History& history() { return history_; }
    ViewportController& controller() { return controller_; }
    const Pose& shown() const { return shown_; }

    glm::vec2 on_bone(const std::string& name, float along) const {
        const auto b = static_cast<std::size_t>(bone_named(document_.rig(), name));
        const glm::vec3 joint = world_[b].translation;
        const glm::vec3 tip = bone_tip(world_[b], document_.rig().skeleton[b].length);
        return controller_.camera().project(joint + along * (tip - joint), view_).pixel;
    }
    void send(const ViewportInput& in) {
        controller_.handle(in, view_, controller_.keying() ? document_.rig().pose : shown_, world_);
        refresh();
    }
    void drag(glm::vec2 from, glm::vec2 to) {
        send(ViewportInput::press(from));
        for (int i = 1; i <= 8; ++i) {
            const glm::vec2 at = from + (to - from) * (static_cast<float>(i) / 8.0f);
            send(ViewportInput::motion(at, (to - from) / 8.0f));
        }
        send(ViewportInput::release(to));
    }

private:
    // What the viewport shows: the state at the playhead, or the pose being dragged.
    void refresh() {
        const Rig& rig = document_.rig();
        if (controller_.keying()) {
            shown_ = rig.pose;
        } else {
            sample_state_at(rig.states[static_cast<std::size_t>(state_)], rig.is_2d(), time_, time_, rig.pose, shown_);
        }
        world_ = compute_world(rig.skeleton, shown_).value();
    }
    std::vector<glm::vec3> points() const {
        std::vector<glm::vec3> p;
        for (std::size_t b = 0; b < world_.size(); ++b) {
            p.push_back(world_[b].translation);
            p.push_back(bone_tip(world_[b], document_.rig().skeleton[b].length));
        }
        return p;
    }

    Document document_;
    History history_;
    ViewportController controller_;
    int state_;
    float time_;
    Pose shown_;
    std::vector<Transform> world_;
    Viewport view_{0.0f, 0.0f, 800.0f, 600.0f};
};

TEST(AutoKey, AnFkDragKeysTheBoneAtThePlayheadAndLeavesTheRigPose) {
    const Rig rig = with_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    AutoKeyScene scene(rig, turn, 0.5f);
    scene.controller().set_mode(PoseMode::Fk);
    const int forearm = bone_named(rig, "forearm");
    const auto f = static_cast<std::size_t>(forearm);
    const float shown_before = angle_2d(scene.shown().rotations[f]);
    scene.drag(scene.on_bone("forearm", 1.0f), scene.on_bone("forearm", 1.0f) + glm::vec2(0.0f, -60.0f));
    ASSERT_FALSE(scene.controller().keying());
    const Rig& after = scene.document().rig();
    EXPECT_EQ(after.pose, rig.pose) << "the rig's own pose is not what was keyed";
    const State& s = after.states[static_cast<std::size_t>(turn)];
    const int track = track_driving(s, forearm, PoseProperty::Rotation);
    ASSERT_GE(track, 0) << "the dragged bone got a track";
    const KeyTrack& t = s.tracks[static_cast<std::size_t>(track)];
    ASSERT_EQ(t.keys.size(), 1u);
    EXPECT_EQ(t.keys[0].time, 0.5f);
    EXPECT_GT(std::fabs(t.keys[0].angle - shown_before), glm::radians(5.0f)) << "the key holds the dragged angle";
    EXPECT_EQ(s.tracks[0].keys.size(), 2u) << "the spine, not dragged, got no key";
    // The state shows, at the playhead, the pose the drag left.
    EXPECT_NEAR(angle_2d(scene.shown().rotations[f]), t.keys[0].angle, 1e-5f);
    // One undo step gives everything back.
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_NE(scene.history().undo_label().find("Key forearm at 0.5 s in turn"), std::string::npos) << scene.history().undo_label();
    scene.history().undo(scene.document());
    EXPECT_EQ(scene.document().rig(), rig);
}

TEST(AutoKey, AnIkDragKeysEveryBoneOfTheChainItTurned) {
    const Rig rig = with_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    AutoKeyScene scene(rig, turn, 0.25f);
    scene.controller().set_mode(PoseMode::Ik);
    scene.drag(scene.on_bone("forearm", 1.0f), scene.on_bone("forearm", 1.0f) + glm::vec2(-40.0f, 30.0f));
    const Rig& after = scene.document().rig();
    const State& s = after.states[static_cast<std::size_t>(turn)];
    for (const char* name : {"upper_arm", "forearm"}) {
        const int track = track_driving(s, bone_named(rig, name), PoseProperty::Rotation);
        ASSERT_GE(track, 0) << name;
        EXPECT_EQ(s.tracks[static_cast<std::size_t>(track)].keys.at(0).time, 0.25f) << name;
    }
    EXPECT_EQ(after.pose, rig.pose);
    EXPECT_EQ(scene.history().undo_count(), 1u);
}

TEST(AutoKey, AClickThatDragsNothingChangesNothing) {
    const Rig rig = with_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    AutoKeyScene scene(rig, turn, 0.5f);
    scene.controller().set_mode(PoseMode::Fk);
    const glm::vec2 at = scene.on_bone("forearm", 0.8f);
    scene.send(ViewportInput::press(at));
    EXPECT_TRUE(scene.controller().keying());
    scene.send(ViewportInput::release(at));
    EXPECT_EQ(scene.document().rig(), rig);
    EXPECT_EQ(scene.history().undo_count(), 0u);
    EXPECT_FALSE(scene.document().modified());
    // A click on empty space starts no drag and leaves no trace either.
    scene.send(ViewportInput::press({5.0f, 5.0f}));
    EXPECT_FALSE(scene.controller().keying());
    scene.send(ViewportInput::release({5.0f, 5.0f}));
    EXPECT_EQ(scene.document().rig(), rig);
    EXPECT_FALSE(scene.document().modified());
}

TEST(AutoKey, WithoutAutoKeyADragPosesTheRigAndKeysNothing) {
    const Rig rig = with_turn();
    const int turn = static_cast<int>(rig.states.size()) - 1;
    AutoKeyScene scene(rig, turn, 0.5f);
    scene.controller().set_auto_key(std::nullopt);
    scene.controller().set_mode(PoseMode::Fk);
    scene.drag(scene.on_bone("forearm", 1.0f), scene.on_bone("forearm", 1.0f) + glm::vec2(0.0f, -60.0f));
    EXPECT_NE(scene.document().rig().pose, rig.pose);
    EXPECT_EQ(scene.document().rig().states, rig.states);
}


// The 3D gizmo under auto-key: a ring drag turns the selected bone from the pose shown, so the
// other bones the state shows stay as shown and only the turned bone is keyed.
TEST(AutoKey, AGizmoRingDragTurnsFromTheShownPose) {
    Rig rig = testing::without_limits(testing::figure_3d());
    const int forearm = bone_named(rig, "forearm");
    const int upper = bone_named(rig, "upper_arm");
    const glm::quat bent = glm::angleAxis(0.9f, glm::vec3{0.0f, -1.0f, 0.0f});
    State bend{"bend", {}, {}, true};
    KeyTrack t{forearm, PoseProperty::Rotation, {Key{}, Key{}}};
    t.keys[0].rotation = t.keys[1].rotation = bent;
    t.keys[1].time = 1.0f;
    bend.tracks.push_back(t);
    rig.states.push_back(bend);
    const int state = static_cast<int>(rig.states.size()) - 1;
    AutoKeyScene scene(rig, state, 0.5f);
    scene.controller().set_view(ViewCamera::View::Front);
    scene.controller().select(upper);
    scene.send(ViewportInput::motion({5.0f, 5.0f}, {0.0f, 0.0f}));
    const glm::vec2 joint = scene.on_bone("upper_arm", 0.0f);
    // A point of the Z ring that no bone is drawn over (bones are picked first).
    glm::vec2 grab{0.0f};
    for (int k = 0; k < 8 && !scene.controller().dragged_ring(); ++k) {
        const float a = 0.3927f + 0.7854f * static_cast<float>(k);
        grab = joint + kGizmoPixels * glm::vec2{std::cos(a), -std::sin(a)};
        scene.send(ViewportInput::press(grab));
        if (!scene.controller().dragged_ring()) {
            scene.send(ViewportInput::release(grab));
            scene.controller().select(upper);
        }
    }
    ASSERT_TRUE(scene.controller().dragged_ring().has_value()) << "no point of the ring was free";
    scene.send(ViewportInput::motion(grab + glm::vec2{-30.0f, -30.0f}, {-30.0f, -30.0f}));
    scene.send(ViewportInput::release(grab + glm::vec2{-30.0f, -30.0f}));
    const State& keyed = scene.document().rig().states[static_cast<std::size_t>(state)];
    ASSERT_GE(track_driving(keyed, upper, PoseProperty::Rotation), 0) << "the turned bone was not keyed";
    // The forearm, shown bent, was not keyed back to the rig's own pose.
    const Key at_playhead =
        sample_track(keyed.tracks[static_cast<std::size_t>(track_driving(keyed, forearm, PoseProperty::Rotation))], false, 0.5);
    EXPECT_LT(testing::rotation_change(at_playhead.rotation, bent), 1e-4f);
    EXPECT_EQ(scene.document().rig().pose, rig.pose);
}

}  // namespace
}  // namespace marionette
