// The shipped Io rig (assets/rigs/io.json) against the seed article it comes from (seed 003,
// "Io"): its `live()` function gives the hero's joint variables each frame, and its canvas code
// draws the body, limbs, head and pupils from them. Here those formulas and that drawing are
// written out again, independently of the rig file, and every point the article draws is
// compared with where Marionette's states and forward kinematics put the bones: at every frame
// of a state, and through the article's cosine-eased transition between them.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/anim/state_machine.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/math/angles.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr double kFps = 60.0;   // the article counts `time` in animation frames
constexpr double kUnit = 50.0;  // the article's `s`: the rig file's lengths are these units times 50

// The article's body: its joint variables (angles in radians, clockwise on a y-down canvas).
struct SeedBody {
    double arm1 = 0, arm2 = 0, leg1 = 0, leg2 = 0, ang = 0, eyex = 0, body = 0;
};

// The article's live(state) at frame `time`.
SeedBody live_seed(const std::string& state, double time) {
    SeedBody b;
    if (state == "walking") {
        const double sway = .3 + std::cos(time / 5) * .05;
        b.arm1 = -.5;
        b.arm2 = .5;
        b.leg1 = std::sin(time / 10) * .5 - sway;
        b.leg2 = std::sin(time / 10 + kPiDouble) * .5 - sway;
        b.eyex = .2;
        b.ang = sway;
        b.body = 1.5;
    } else if (state == "climbing") {
        b.arm1 = 1.3 + std::sin(time / 10) * .5;
        b.arm2 = 1.3 + std::sin(time / 10 + kPiDouble) * .5;
        b.leg1 = 1 + std::sin(time / 10) * .5;
        b.leg2 = 1 + std::sin(time / 10 + kPiDouble) * .5;
        b.ang = std::cos(time / 10) * .05;
        b.eyex = -.2;
        b.body = 1.5;
    }
    return b;
}

// The article's transition: every variable eased from the old body to the new by
// .5 + cos(transition * pi + pi) * .5.
SeedBody blend_seed(const SeedBody& from, const SeedBody& to, double transition) {
    const double w = .5 + std::cos(transition * kPiDouble + kPiDouble) * .5;
    const auto mix = [w](double a, double b) { return a + (b - a) * w; };
    return {mix(from.arm1, to.arm1), mix(from.arm2, to.arm2), mix(from.leg1, to.leg1), mix(from.leg2, to.leg2),
            mix(from.ang, to.ang),   mix(from.eyex, to.eyex), mix(from.body, to.body)};
}

struct Point {
    double x = 0, y = 0;
};

// ctx.rotate(a) on a canvas point.
Point rotated(Point p, double a) { return {p.x * std::cos(a) - p.y * std::sin(a), p.x * std::sin(a) + p.y * std::cos(a)}; }

// The points the article's drawing puts where each bone's joint and tip are, in Marionette's
// world: the canvas's y runs down, Marionette's up, and both measure from the article's
// translate(cvs.width / 2, cvs.height / 2), the top of the body.
struct SeedPoints {
    Point body_end, arm1_end, arm2_end, leg1_end, leg2_end, head_top, left_pupil, right_pupil;
};

SeedPoints draw_seed(const SeedBody& b) {
    const double s = kUnit, len = 1.3, head = 2, heady = 2;
    // The article's pupil rectangles: centred on x = +-s/3.5 + eyex*s, their middle at
    // y + eyes*s/2 - pups*s/2 + pups*s/2 with y = -head*s + s/1.5 and eyes = .6.
    const double pupil_y = -head * s + s / 1.5 + .6 * s / 2;
    const auto world = [&](Point p) {
        const Point r = rotated(p, b.ang);
        return Point{r.x, -r.y};
    };
    const auto limb_end = [&](Point from, double angle) {
        const Point d = rotated({0, s * len}, angle);
        return world({from.x + d.x, from.y + d.y});
    };
    return {world({0, b.body * s}),
            limb_end({0, -heady * s + head * s}, b.arm1),
            limb_end({0, -heady * s + head * s}, b.arm2),
            limb_end({0, b.body * s}, b.leg1),
            limb_end({0, b.body * s}, b.leg2),
            world({0, -heady * s}),
            world({-s / 3.5 + b.eyex * s, pupil_y}),
            world({s / 3.5 + b.eyex * s, pupil_y})};
}

// Where the rig puts the same points, for a pose.
SeedPoints draw_rig(const Rig& io, const Pose& pose) {
    Result<std::vector<Transform>> world = compute_world(io.skeleton, pose);
    EXPECT_TRUE(world.ok()) << world.message();
    const auto bone = [&](const char* name) { return static_cast<std::size_t>(io.skeleton.find(name)); };
    const auto joint = [&](const char* name) {
        const glm::vec3 p = world.value()[bone(name)].translation;
        return Point{p.x, p.y};
    };
    const auto tip = [&](const char* name) {
        const Transform& t = world.value()[bone(name)];
        const glm::vec3 p = t.translation + t.rotation * glm::vec3{posed_length(io.skeleton, pose, bone(name)), 0.0f, 0.0f};
        return Point{p.x, p.y};
    };
    return {tip("body"), tip("arm_l"), tip("arm_r"), tip("leg_l"), tip("leg_r"), tip("head"), joint("eyes"), tip("eyes")};
}

// The two drawings agree to within float rounding of a 50-unit figure.
void expect_same_drawing(const SeedPoints& seed, const SeedPoints& rig, const std::string& at) {
    const std::pair<const char*, std::pair<Point, Point>> points[] = {
        {"body end", {seed.body_end, rig.body_end}},       {"arm1 end", {seed.arm1_end, rig.arm1_end}},
        {"arm2 end", {seed.arm2_end, rig.arm2_end}},       {"leg1 end", {seed.leg1_end, rig.leg1_end}},
        {"leg2 end", {seed.leg2_end, rig.leg2_end}},       {"head top", {seed.head_top, rig.head_top}},
        {"left pupil", {seed.left_pupil, rig.left_pupil}}, {"right pupil", {seed.right_pupil, rig.right_pupil}},
    };
    for (const auto& [name, pair] : points) {
        const auto& [expected, got] = pair;
        const double miss = std::hypot(expected.x - got.x, expected.y - got.y);
        EXPECT_LT(miss, 2e-3 * kUnit) << at << ": " << name << " drawn at (" << expected.x << ", " << expected.y << ") by the article, ("
                                      << got.x << ", " << got.y << ") by the rig";
    }
}

}  // namespace

TEST(IoRig, EachStateDrawsTheArticlesHeroAtEveryFrame) {
    const Rig io = asset_rig("io.json");
    for (const char* name : {"walking", "climbing"}) {
        const int state = state_index(io, name);
        // Over 400 frames: several periods of both of the article's waves (20 pi and 10 pi frames).
        for (int frame = 0; frame <= 400; frame += 7) {
            expect_same_drawing(draw_seed(live_seed(name, frame)), draw_rig(io, live(io, state, frame / kFps)),
                                std::string(name) + " frame " + std::to_string(frame));
        }
    }
}

TEST(IoRig, TheTransitionEasesAsTheArticlesDoes) {
    const Rig io = asset_rig("io.json");
    const int walking = state_index(io, "walking");
    const int climbing = state_index(io, "climbing");
    // The article adds .02 to `transition` each frame: 50 frames, a cosine ease.
    EXPECT_NEAR(io.transition.duration, 50 / kFps, 1e-6);
    EXPECT_EQ(io.transition.easing, Easing::Cosine);

    // Walking from frame 0, climbing asked for at frame 200 (the article's `time % 200`).
    StateMachine m;
    jump_to_state(m, walking);
    set_clock(m, 200 / kFps);
    switch_state(m, io, climbing, io.transition);
    for (int k = 0; k <= 60; k += 3) {
        const double time = 200 + k;
        set_clock(m, time / kFps);
        Pose shown;
        sample(m, io, shown);
        const SeedBody seed =
            k >= 50 ? live_seed("climbing", time) : blend_seed(live_seed("walking", time), live_seed("climbing", time), k * .02);
        expect_same_drawing(draw_seed(seed), draw_rig(io, shown), "frame " + std::to_string(k) + " of the transition");
    }
}

TEST(IoRig, TheBodyStretchesAndTheEyesSlideThroughTranslationAndScaleChannels) {
    const Rig io = asset_rig("io.json");
    const std::size_t body = static_cast<std::size_t>(io.skeleton.find("body"));
    const std::size_t eyes = static_cast<std::size_t>(io.skeleton.find("eyes"));
    // The rig's own pose is the article's figure at rest (body 1 unit, eyes centred)...
    EXPECT_EQ(io.pose.scales[body], glm::vec3(1.0f));
    EXPECT_EQ(io.pose.translations[eyes], glm::vec3(0.0f));
    // ...and the states stretch the body to 1.5 and slide the eyes 0.2 units right or left.
    const Pose walking = live(io, state_index(io, "walking"), 0.4);
    const Pose climbing = live(io, state_index(io, "climbing"), 0.4);
    EXPECT_EQ(walking.scales[body], glm::vec3(1.5f, 1.0f, 1.0f));
    EXPECT_EQ(climbing.scales[body], glm::vec3(1.5f, 1.0f, 1.0f));
    EXPECT_NE(walking.translations[eyes], climbing.translations[eyes]);
}
