// Baking a state timeline: the frames show what the state machine shows, switches happen at
// their own times, and blends carry the bones smoothly from one state to the next.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/anim/state_pose.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

std::vector<BakedFrame> bake(const Rig& rig, const std::string& timeline_text, double fps, double seconds) {
    Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(timeline_text, rig, "rig");
    EXPECT_TRUE(timeline.ok()) << timeline.message();
    Result<std::size_t> count = baked_frame_count(fps, seconds);
    EXPECT_TRUE(count.ok()) << count.message();
    std::vector<BakedFrame> frames;
    if (!timeline || !count) return frames;
    const Status s = bake_timeline(rig, timeline.value(), fps, count.value(), [&](const BakedFrame& f) { frames.push_back(f); });
    EXPECT_TRUE(s.ok()) << s.message();
    return frames;
}

std::vector<Transform> checked_world(const Rig& rig, const Pose& pose) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, pose);
    EXPECT_TRUE(world.ok()) << world.message();
    return world ? world.value() : std::vector<Transform>(rig.skeleton.size());
}

// Bit for bit: the bake runs the same arithmetic as sampling the state and running FK.
void expect_world(const std::vector<Transform>& expected, const BakedFrame& frame) {
    ASSERT_EQ(expected.size(), frame.world.size());
    for (std::size_t b = 0; b < expected.size(); ++b) {
        EXPECT_EQ(expected[b].translation, frame.world[b].translation) << "bone " << b << " at " << frame.time << " s";
        EXPECT_EQ(expected[b].rotation, frame.world[b].rotation) << "bone " << b << " at " << frame.time << " s";
    }
}

// How far each bone's joint may move in one frame when every joint turns by at most `turn`:
// turning an ancestor's joint by an angle a swings the bone's joint on a circle about it, a
// chord no longer than a times their distance, and the distances inside a skeleton never change.
std::vector<float> joint_step_bounds(const Rig& rig, const std::vector<Transform>& world, float turn) {
    std::vector<float> bounds(rig.skeleton.size(), 0.0f);
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        for (int a = rig.skeleton[b].parent; a >= 0; a = rig.skeleton[static_cast<std::size_t>(a)].parent) {
            bounds[b] += turn * glm::distance(world[b].translation, world[static_cast<std::size_t>(a)].translation);
        }
    }
    return bounds;
}

// The largest amount by which a frame-to-frame move of a joint exceeds its bound (<= 0: none),
// with the frame, for messages.
struct Overshoot {
    float amount = -1e30f;
    double time = 0.0;
    std::size_t bone = 0;
};

Overshoot worst_overshoot(const Rig& rig, const std::vector<BakedFrame>& frames, float turn, float slack) {
    Overshoot worst;
    for (std::size_t i = 1; i < frames.size(); ++i) {
        const std::vector<float> bounds = joint_step_bounds(rig, frames[i - 1].world, turn);
        for (std::size_t b = 0; b < bounds.size(); ++b) {
            const float moved = glm::distance(frames[i - 1].world[b].translation, frames[i].world[b].translation);
            if (moved - bounds[b] - slack > worst.amount) worst = {moved - bounds[b] - slack, frames[i].time, b};
        }
    }
    return worst;
}

// The rig's size: FK's float rounding grows with it.
float reach(const Rig& rig) {
    float sum = 0.0f;
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) sum += rig.skeleton[b].length + glm::length(rig.skeleton[b].rest.translation);
    return sum;
}

}  // namespace

TEST(StateTimelineBake, WalkingThenClimbingShowsEachStateLiveAndTheBlendBetween) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    const TransitionSettings& blend = hero.transition;
    ASSERT_EQ(blend.duration, 0.5f);
    ASSERT_EQ(blend.easing, Easing::Cosine);

    const std::vector<BakedFrame> frames = bake(hero, "walking@0,climbing@2", 30.0, 4.0);
    ASSERT_EQ(frames.size(), 120u);
    int blended = 0;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const BakedFrame& f = frames[i];
        const double t = f.time;
        ASSERT_EQ(t, static_cast<double>(i) / 30.0);
        if (t < 2.0) {
            EXPECT_EQ(f.state, walking) << t;
            EXPECT_FALSE(f.from) << t;
            EXPECT_EQ(f.weight, 1.0f) << t;
            expect_world(checked_world(hero, live(hero, walking, t)), f);
        } else if (t == 2.0) {
            // The switch's own instant: climbing is active, at weight 0, so walking still shows.
            EXPECT_EQ(f.state, climbing);
            ASSERT_TRUE(f.from);
            EXPECT_EQ(*f.from, walking);
            EXPECT_EQ(f.weight, 0.0f);
            expect_world(checked_world(hero, live(hero, walking, t)), f);
        } else if (t < 2.5) {
            ++blended;
            EXPECT_EQ(f.state, climbing) << t;
            ASSERT_TRUE(f.from) << t;
            EXPECT_EQ(*f.from, walking) << t;
            EXPECT_EQ(f.weight, ease(blend.easing, static_cast<float>((t - 2.0) / 0.5))) << t;
            EXPECT_GT(f.weight, 0.0f) << t;
            EXPECT_LT(f.weight, 1.0f) << t;
            Pose both;
            blend_poses(live(hero, walking, t), live(hero, climbing, t), f.weight, both);
            expect_world(checked_world(hero, both), f);
        } else {
            EXPECT_EQ(f.state, climbing) << t;
            EXPECT_FALSE(f.from) << t;
            EXPECT_EQ(f.weight, 1.0f) << t;
            expect_world(checked_world(hero, live(hero, climbing, t)), f);
        }
    }
    EXPECT_EQ(blended, 14) << "frames 61 to 74 lie inside the half-second blend";
}

TEST(StateTimelineBake, StartsOnTheRigsOwnPose) {
    const Rig hero = asset_rig("hero.json");
    const std::vector<BakedFrame> frames = bake(hero, "climbing@1", 10.0, 2.0);
    ASSERT_EQ(frames.size(), 20u);
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(frames[i].state, kRigPose);
        EXPECT_FALSE(frames[i].from);
        expect_world(checked_world(hero, hero.pose), frames[i]);
    }
    ASSERT_TRUE(frames[12].from);
    EXPECT_EQ(*frames[12].from, kRigPose) << "blending from the rig's pose";
    EXPECT_EQ(frames[12].state, state_index(hero, "climbing"));
}

TEST(StateTimelineBake, ASwitchBetweenFramesBeginsAtItsOwnTime) {
    const Rig hero = asset_rig("hero.json");
    const std::vector<BakedFrame> frames = bake(hero, "walking@0,climbing@1.01", 30.0, 2.0);
    ASSERT_EQ(frames.size(), 60u);
    // Frame 30 (1.0 s) is before the switch; frame 31 (1.0333 s) is 0.0233 s into the blend,
    // not at its start as it would be if the switch waited for the next frame.
    EXPECT_EQ(frames[30].weight, 1.0f);
    EXPECT_FALSE(frames[30].from);
    const BakedFrame& f = frames[31];
    EXPECT_EQ(f.time, 31.0 / 30.0);
    ASSERT_TRUE(f.from);
    EXPECT_EQ(f.weight, ease(hero.transition.easing, static_cast<float>((f.time - 1.01) / 0.5)));
    EXPECT_GT(f.weight, 0.0f);
    // And it arrives at 1.51 s, between frames 45 and 46.
    EXPECT_LT(frames[45].weight, 1.0f);
    EXPECT_TRUE(frames[45].from);
    EXPECT_EQ(frames[46].weight, 1.0f);
    EXPECT_FALSE(frames[46].from);
}

TEST(StateTimelineBake, EqualTimesSwitchInTheOrderWritten) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    const std::vector<BakedFrame> frames = bake(hero, "walking@0,climbing@0,walking@1,climbing@1", 10.0, 2.0);
    EXPECT_EQ(frames[0].state, climbing);
    EXPECT_FALSE(frames[0].from) << "an entry at 0 shows at once";
    expect_world(checked_world(hero, live(hero, climbing, 0.0)), frames[0]);
    // At 1 s walking and then climbing start blending in, both at weight 0: climbing still shows.
    const BakedFrame& at_one = frames[10];
    EXPECT_EQ(at_one.state, climbing);
    ASSERT_TRUE(at_one.from);
    EXPECT_EQ(*at_one.from, walking);
    EXPECT_EQ(at_one.weight, 0.0f);
    expect_world(checked_world(hero, live(hero, climbing, 1.0)), at_one);
    EXPECT_EQ(frames[19].state, climbing);
    EXPECT_FALSE(frames[19].from);
    EXPECT_EQ(frames[19].weight, 1.0f);
}

// No joint leaps from one frame to the next: each moves no more than its ancestors' turning
// allows, where a joint turns per frame by at most the faster state's own motion plus, for each
// transition in flight, the easing's steepest slope sweeping across the widest gap between the
// states (the bound of state_machine_test's InterruptedTransitionsDoNotPop).
TEST(StateTimelineBake, JointsMoveSmoothlyThroughSwitchesAndInterruptions) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    const double fps = 30.0;
    const float dt = static_cast<float>(1.0 / fps);
    const float own = std::max(fastest_turn(hero, walking), fastest_turn(hero, climbing)) * dt;
    const float sweep = max_ease_slope(hero.transition.easing) / hero.transition.duration * dt * widest_gap(hero, walking, climbing);
    const float slack = 1e-5f * reach(hero);  // FK in float

    // One transition at a time.
    const std::vector<BakedFrame> plain = bake(hero, "walking@0,climbing@2", fps, 4.0);
    const Overshoot one = worst_overshoot(hero, plain, own + sweep, slack);
    EXPECT_LE(one.amount, 0.0f) << "bone " << one.bone << " at " << one.time << " s";

    // Climbing at 1 s interrupted by walking at 1.2 s: two transitions in flight until 1.5 s.
    const std::vector<BakedFrame> interrupted = bake(hero, "walking@0,climbing@1,walking@1.2", fps, 3.0);
    const Overshoot two = worst_overshoot(hero, interrupted, own + 2.0f * sweep, slack);
    EXPECT_LE(two.amount, 0.0f) << "bone " << two.bone << " at " << two.time << " s";

    // The bound is tight enough to catch a switch that does not blend.
    Rig snapping = hero;
    snapping.transition.duration = 0.0f;
    const Overshoot snap = worst_overshoot(hero, bake(snapping, "walking@0,climbing@2", fps, 4.0), own + sweep, slack);
    EXPECT_GT(snap.amount, 0.0f) << "a switch without a blend stays within the bound";
}

TEST(StateTimelineBake, Humanoid3DWalk) {
    const Rig humanoid = asset_rig("humanoid.json");
    const std::vector<BakedFrame> frames = bake(humanoid, "walk@0", 30.0, 2.0);
    ASSERT_EQ(frames.size(), 60u);
    const int walk = state_index(humanoid, "walk");
    for (const BakedFrame& f : frames) {
        EXPECT_EQ(f.state, walk);
        for (const Transform& w : f.world) {
            EXPECT_TRUE(is_finite(w.translation)) << f.time;
            EXPECT_NEAR(glm::length(w.rotation), 1.0f, 1e-5f) << f.time;
        }
        expect_world(checked_world(humanoid, live(humanoid, walk, f.time)), f);
    }
}

TEST(StateTimelineBake, RefusesBadInputsBeforeAnyFrame) {
    const Rig hero = asset_rig("hero.json");
    int called = 0;
    const auto count = [&](const BakedFrame&) { ++called; };
    const std::vector<TimelineEntry> good{{0, 0.0}, {1, 2.0}};
    EXPECT_EQ(bake_timeline(hero, good, 0.0, 10, count).message(), "bake: 0 fps is not a finite rate above 0");
    EXPECT_EQ(bake_timeline(hero, good, std::nan(""), 10, count).message(), "bake: nan fps is not a finite rate above 0");
    const std::vector<TimelineEntry> backwards{{0, 2.0}, {1, 1.0}};
    EXPECT_EQ(bake_timeline(hero, backwards, 30.0, 10, count).message(),
              "bake: timeline entry 2: 1 s is not a finite time at or after 2 s");
    const std::vector<TimelineEntry> unknown{{2, 0.0}};
    EXPECT_EQ(bake_timeline(hero, unknown, 30.0, 10, count).message(), "bake: timeline entry 1: state 2 is not one of the rig's 2");
    Rig broken = hero;
    broken.pose.rotations.pop_back();
    EXPECT_EQ(bake_timeline(broken, good, 30.0, 10, count).message(), "bake: forward kinematics: the pose has 9 rotations for 10 bones");
    EXPECT_EQ(called, 0);
    // Back to the rig's pose is a state a timeline built by hand may name.
    const std::vector<TimelineEntry> back{{0, 0.0}, {kRigPose, 1.0}};
    EXPECT_TRUE(bake_timeline(hero, back, 30.0, 10, count).ok());
    EXPECT_EQ(called, 10);
}
