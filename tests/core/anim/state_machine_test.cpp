// The state machine: switching, transitions that blend live poses, interruptions without pops.

#include <cmath>
#include <functional>

#include <gtest/gtest.h>

#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/math/rotation_math.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

Pose shown(const StateMachine& m, const Rig& rig) {
    Pose p;
    sample(m, rig, p);
    return p;
}

}  // namespace

TEST(StateMachine, StartsOnTheRigsOwnPose) {
    const Rig hero = asset_rig("hero.json");
    StateMachine m;
    EXPECT_EQ(active_state(m), kRigPose);
    EXPECT_FALSE(in_transition(m));
    EXPECT_EQ(blend_weight(m), 1.0f);
    EXPECT_EQ(pose_distance(shown(m, hero), hero.pose), 0.0f);
}

TEST(StateMachine, ATransitionStartsOnTheOldLivePoseAndEndsOnTheNew) {
    const Rig hero = asset_rig("hero.json");
    const int walking = state_index(hero, "walking");
    const int climbing = state_index(hero, "climbing");
    StateMachine m;
    jump_to_state(m, walking);
    advance(m, 1.37);
    EXPECT_EQ(pose_distance(shown(m, hero), live(hero, walking, 1.37)), 0.0f);

    const TransitionSettings settings{0.5f, Easing::Cosine};
    switch_state(m, hero, climbing, settings);
    EXPECT_EQ(active_state(m), climbing);
    ASSERT_TRUE(blending_from(m));
    EXPECT_EQ(*blending_from(m), walking);
    EXPECT_EQ(blend_weight(m), 0.0f);
    EXPECT_EQ(pose_distance(shown(m, hero), live(hero, walking, 1.37)), 0.0f) << "the start is the old state, still live";

    // Half way: both states kept moving; the shown pose is their blend with e(0.5) = 0.5.
    advance(m, 0.25);
    EXPECT_NEAR(blend_weight(m), 0.5f, 1e-5f);
    Pose half;
    blend_poses(live(hero, walking, 1.62), live(hero, climbing, 1.62), 0.5f, half);
    EXPECT_LT(pose_distance(shown(m, hero), half), 1e-5f);

    advance(m, 0.25);
    EXPECT_FALSE(in_transition(m));
    EXPECT_EQ(blend_weight(m), 1.0f);
    EXPECT_LT(pose_distance(shown(m, hero), live(hero, climbing, 1.87)), 1e-6f) << "the end is the new state, live";
    EXPECT_EQ(m.layers.size(), 1u) << "the arrived transition hides the old state, which is dropped";
}

TEST(StateMachine, EachEasingShapesTheWeight) {
    const Rig hero = asset_rig("hero.json");
    for (Easing e : {Easing::Cosine, Easing::Linear, Easing::Smoothstep}) {
        StateMachine m;
        switch_state(m, hero, 0, {2.0f, e});
        advance(m, 0.5);
        EXPECT_NEAR(blend_weight(m), ease(e, 0.25f), 1e-6f) << easing_name(e);
    }
}

TEST(StateMachine, ZeroDurationSwitchesAtOnceAndSwitchingToTheActiveStateDoesNothing) {
    const Rig hero = asset_rig("hero.json");
    StateMachine m;
    switch_state(m, hero, 1, {0.0f, Easing::Cosine});
    EXPECT_EQ(active_state(m), 1);
    EXPECT_FALSE(in_transition(m));
    EXPECT_EQ(m.layers.size(), 1u);
    switch_state(m, hero, 0, {1.0f, Easing::Cosine});
    advance(m, 0.3);
    const Pose before = shown(m, hero);
    switch_state(m, hero, 0, {1.0f, Easing::Cosine});
    EXPECT_EQ(m.layers.size(), 2u);
    EXPECT_EQ(pose_distance(shown(m, hero), before), 0.0f);
}

TEST(StateMachine, BackToTheRigsPoseBlendsToo) {
    const Rig hero = asset_rig("hero.json");
    StateMachine m;
    jump_to_state(m, 0);
    advance(m, 0.4);
    switch_state(m, hero, kRigPose, {0.5f, Easing::Cosine});
    EXPECT_EQ(pose_distance(shown(m, hero), live(hero, 0, 0.4)), 0.0f);
    advance(m, 0.6);
    EXPECT_EQ(pose_distance(shown(m, hero), hero.pose), 0.0f);
}

// The article's flaw: switching again mid-transition restarted the blend from the old state and
// the character jumped. Here, at 60 frames a second, switching a -> b -> a -> b every 0.2 s
// (transitions of 0.5 s) moves the pose per frame, by `metric`, no more than the states' own
// motion plus the easing's steepest blend allows; and the bound is tight enough that the
// article's restart breaks it.
namespace {
void expect_no_pop(const Rig& rig, int a, int b, PoseMetric metric, const std::string& what) {
    const TransitionSettings settings{0.5f, Easing::Cosine};
    const double dt = 1.0 / 60.0;

    // How far the shown pose may move in a frame: the faster state's own motion, plus the blend
    // sweeping at the easing's steepest slope across the widest gap between the two states.
    const float gap = widest_gap(rig, a, b, metric);
    const float own = std::max(fastest_turn(rig, a, metric), fastest_turn(rig, b, metric)) * static_cast<float>(dt);
    // Interrupted blends stack: each of the (at most three) layers in flight sweeps at once.
    const float bound = own + 3.0f * max_ease_slope(settings.easing) / settings.duration * static_cast<float>(dt) * gap;

    const auto largest_jump = [&](const std::function<void(StateMachine&, int)>& switch_to) {
        StateMachine m;
        jump_to_state(m, a);
        Pose last = shown(m, rig);
        float worst = 0.0f;
        int target = b;
        for (int frame = 1; frame <= 240; ++frame) {
            advance(m, dt);
            if (frame % 12 == 0) {  // every 0.2 s
                switch_to(m, target);
                target = target == b ? a : b;
            }
            const Pose now = shown(m, rig);
            worst = std::max(worst, metric(last, now));
            last = now;
        }
        return worst;
    };

    const float jump = largest_jump([&](StateMachine& m, int s) { switch_state(m, rig, s, settings); });
    EXPECT_LE(jump, bound) << what << ": largest per-frame change " << jump << ", allowed " << bound;
    // Blending from the old state's pose (not the shown one) jumps.
    const float restart = largest_jump([&](StateMachine& m, int s) {
        const int old = active_state(m);
        jump_to_state(m, old);
        switch_state(m, rig, s, settings);
    });
    EXPECT_GT(restart, bound) << what << ": a restarting blend would change by only " << restart;
}
}  // namespace

TEST(StateMachine, InterruptedTransitionsDoNotPop) {
    const Rig hero = asset_rig("hero.json");
    expect_no_pop(hero, state_index(hero, "walking"), state_index(hero, "climbing"), pose_distance, "hero's rotations");
}

// The same for states that move and stretch bones: Io's eyes slide and its body stretches, here
// also swinging within each state so that both the states' own motion and the blend count.
TEST(StateMachine, InterruptedTransitionsDoNotPopTranslationsOrScales) {
    Rig io = asset_rig("io.json");
    const int walking = state_index(io, "walking");
    const int climbing = state_index(io, "climbing");
    const int eyes = io.skeleton.find("eyes");
    const int body = io.skeleton.find("body");
    for (StateChannel& c : io.states[static_cast<std::size_t>(walking)].channels) {
        if (c.bone == eyes && c.property == PoseProperty::Translation) c.swing = {3, 4, 0};
    }
    for (StateChannel& c : io.states[static_cast<std::size_t>(climbing)].channels) {
        if (c.bone == body && c.property == PoseProperty::Scale) {
            c.center = {1.2f, 0.9f, 1.0f};
            c.swing = {0.15f, 0.05f, 0.0f};
            c.period = 0.7f;
        }
    }
    expect_no_pop(io, walking, climbing, pose_distance, "Io's rotations");
    expect_no_pop(io, walking, climbing, translation_distance, "Io's translations");
    expect_no_pop(io, walking, climbing, scale_distance, "Io's scales");
}

// A keyed state plays from its first key when it is entered, whatever the clock says; an
// oscillator state keeps the clock's rhythm. Blends between them do not pop either.
TEST(StateMachine, AKeyedStatePlaysFromItsStartWhenEntered) {
    Rig hero = asset_rig("hero.json");
    const int head = hero.skeleton.find("head");
    State nod{"nod", {}, {}, false};
    Key up;
    up.angle = glm::radians(30.0f);
    Key down = up;
    down.time = 0.4f;
    down.angle = glm::radians(-30.0f);
    down.interpolation = Interpolation::Cosine;
    Key back = up;
    back.time = 0.8f;
    nod.tracks.push_back(KeyTrack{head, PoseProperty::Rotation, {up, down, back}});
    hero.states.push_back(nod);
    const int nodding = static_cast<int>(hero.states.size()) - 1;
    StateMachine m;
    jump_to_state(m, state_index(hero, "walking"));
    advance(m, 7.3);
    jump_to_state(m, nodding);
    EXPECT_NEAR(glm::degrees(angle_2d(shown(m, hero).rotations[static_cast<std::size_t>(head)])), 30.0f, 1e-4f) << "the first key";
    advance(m, 0.4);
    EXPECT_NEAR(glm::degrees(angle_2d(shown(m, hero).rotations[static_cast<std::size_t>(head)])), -30.0f, 1e-3f);
    advance(m, 5.0);
    EXPECT_NEAR(glm::degrees(angle_2d(shown(m, hero).rotations[static_cast<std::size_t>(head)])), 30.0f, 1e-4f) << "held: it does not loop";

    // Switching between walking and the (looping) nod every 0.2 s never pops.
    hero.states.back().loop = true;
    expect_no_pop(hero, state_index(hero, "walking"), nodding, pose_distance, "walking and a keyed nod");
}

TEST(StateMachine, ADeepPileOfSwitchesStaysBoundedAndSmooth) {
    const Rig hero = asset_rig("hero.json");
    const TransitionSettings settings{2.0f, Easing::Smoothstep};
    StateMachine m;
    Pose last = shown(m, hero);
    float worst = 0.0f;
    for (int frame = 1; frame <= 400; ++frame) {
        advance(m, 1.0 / 60.0);
        switch_state(m, hero, frame % 3 == 0 ? kRigPose : frame % 3 - 1, settings);  // a new state every frame
        EXPECT_LE(m.layers.size(), kMaxStateLayers);
        const Pose now = shown(m, hero);
        for (const glm::quat& q : now.rotations) ASSERT_TRUE(is_finite(q));
        worst = std::max(worst, pose_distance(last, now));
        last = now;
    }
    EXPECT_LT(worst, glm::radians(6.0f)) << "largest per-frame turn " << glm::degrees(worst) << " deg";
    // Left alone, the last switch arrives and the pile is gone.
    advance(m, 2.0);
    EXPECT_EQ(m.layers.size(), 1u);
    EXPECT_FALSE(m.frozen_bottom);
}

TEST(StateMachine, ForgetsStatesThatAreGone) {
    Rig hero = asset_rig("hero.json");
    StateMachine m;
    jump_to_state(m, 1);
    switch_state(m, hero, 0, {1.0f, Easing::Cosine});
    // Walking (0) deleted: climbing becomes 0.
    hero.states.erase(hero.states.begin());
    const std::vector<int> remap{-1, 0};
    forget_missing_states(m, hero, &remap);
    EXPECT_EQ(active_state(m), kRigPose);
    EXPECT_EQ(m.layers[0].state, 0);
    // An index past the list, without a remap, falls back to the rig's pose.
    m.layers[0].state = 9;
    forget_missing_states(m, hero);
    EXPECT_EQ(m.layers[0].state, kRigPose);
    // Sampling never reads past the list, even before it is told.
    m.layers.back().state = 12;
    const Pose p = shown(m, hero);
    EXPECT_EQ(p.rotations.size(), hero.skeleton.size());
}
