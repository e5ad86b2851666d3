// The shipped Io rig (assets/rigs/io.json) against the seed article it comes from (seed 003,
// "Io"): its `live()` function gives the hero's joint variables each frame, and its canvas code
// draws the body, limbs, head and pupils from them. Here those formulas and that drawing are
// written out again, independently of the rig file, and every point the article draws is
// compared with where Marionette's states and forward kinematics put the bones: at every frame
// of a state, and through the article's cosine-eased transition between them.
//
// The article's limbs are single lines; Io's have elbows and knees. The joints it names
// (arm1, arm2, leg1, leg2: the turn at the shoulder and the hip) keep its formulas exactly, so
// each upper bone lies along the article's limb and ends half way down it; the forearms and
// shins, which the article does not have, follow within their joints' limits.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/anim/state_machine.hpp"
#include "core/anim/state_test_rigs.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/math/angles.hpp"
#include "core/math/transform.hpp"
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
// translate(cvs.width / 2, cvs.height / 2), the top of the body. A limb's middle is where Io's
// elbow or knee is.
struct SeedPoints {
    Point body_end, arm1_middle, arm2_middle, leg1_middle, leg2_middle, head_top, left_pupil, right_pupil;
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
    const auto limb_middle = [&](Point from, double angle) {
        const Point d = rotated({0, s * len / 2}, angle);
        return world({from.x + d.x, from.y + d.y});
    };
    return {world({0, b.body * s}),
            limb_middle({0, -heady * s + head * s}, b.arm1),
            limb_middle({0, -heady * s + head * s}, b.arm2),
            limb_middle({0, b.body * s}, b.leg1),
            limb_middle({0, b.body * s}, b.leg2),
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
    return {tip("body"),        tip("arm_l_upper"), tip("arm_r_upper"), tip("leg_l_upper"),
            tip("leg_r_upper"), tip("head"),        joint("eyes"),      tip("eyes")};
}

// The two drawings agree to within float rounding of a 50-unit figure.
void expect_same_drawing(const SeedPoints& seed, const SeedPoints& rig, const std::string& at) {
    const std::pair<const char*, std::pair<Point, Point>> points[] = {
        {"body end", {seed.body_end, rig.body_end}},          {"arm1 middle", {seed.arm1_middle, rig.arm1_middle}},
        {"arm2 middle", {seed.arm2_middle, rig.arm2_middle}}, {"leg1 middle", {seed.leg1_middle, rig.leg1_middle}},
        {"leg2 middle", {seed.leg2_middle, rig.leg2_middle}}, {"head top", {seed.head_top, rig.head_top}},
        {"left pupil", {seed.left_pupil, rig.left_pupil}},    {"right pupil", {seed.right_pupil, rig.right_pupil}},
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

namespace {

float turn_from_rest(const Pose& pose, int bone) { return angle_2d(pose.rotations[static_cast<std::size_t>(bone)]); }

// Every forearm and shin of `pose` within its joint's limits.
void expect_lower_limbs_within_limits(const Rig& io, const Pose& pose, const std::string& at) {
    for (const char* name : {"arm_l_lower", "arm_r_lower", "leg_l_lower", "leg_r_lower"}) {
        const int b = io.skeleton.find(name);
        const JointLimits& limits = *io.skeleton[static_cast<std::size_t>(b)].limits;
        const float turn = turn_from_rest(pose, b);
        EXPECT_GE(turn, *limits.min_angle - 1e-5f) << at << ": " << name;
        EXPECT_LE(turn, *limits.max_angle + 1e-5f) << at << ": " << name;
    }
}

}  // namespace

TEST(IoRig, ElbowsBendForwardAndKneesBackWithinLimits) {
    const Rig io = asset_rig("io.json");
    // Io walks to the right (its +x): an elbow turns the forearm counter-clockwise (the hand
    // forward), a knee the shin clockwise (the foot back), each up to 140 degrees from straight.
    for (const char* name : {"arm_l_lower", "arm_r_lower", "leg_l_lower", "leg_r_lower"}) {
        const Bone& bone = io.skeleton[static_cast<std::size_t>(io.skeleton.find(name))];
        ASSERT_TRUE(bone.limits && bone.limits->min_angle && bone.limits->max_angle) << name;
        const bool elbow = std::string(name).starts_with("arm");
        const float straight = -angle_2d(bone.rest.rotation);  // the turn from rest that straightens the limb
        EXPECT_NEAR(elbow ? *bone.limits->min_angle : *bone.limits->max_angle, straight, 1e-5f) << name;
        EXPECT_NEAR(elbow ? *bone.limits->max_angle : *bone.limits->min_angle, straight + (elbow ? 1 : -1) * degrees_to_radians(140.0f),
                    1e-4f)
            << name;
    }
    for (const char* chain : {"arm_l", "arm_r", "leg_l", "leg_r"}) {
        const IkChain& c = io.chains[static_cast<std::size_t>(io.find_chain(chain))];
        EXPECT_EQ(c.solver, SolverKind::TwoBone) << chain;
        EXPECT_EQ(c.two_bone.bend, std::string(chain).starts_with("arm") ? 1 : -1) << chain << ": its bend agrees with its limits";
    }
}

TEST(IoRig, ForearmsAndShinsFollowWithinTheirLimitsInTheArticlesRhythm) {
    const Rig io = asset_rig("io.json");
    const double wave = 20 * kPiDouble;  // frames: the article's sin(time / 10)
    for (const char* name : {"walking", "climbing"}) {
        const int state = state_index(io, name);
        for (const char* lower : {"knee", "elbow"}) {
            const int b = io.skeleton.find(lower == std::string("knee") ? "leg_l_lower" : "arm_l_lower");
            float least = 10.0f, most = -10.0f;
            for (int frame = 0; frame <= 400; frame += 3) {
                const Pose pose = live(io, state, frame / kFps);
                expect_lower_limbs_within_limits(io, pose, std::string(name) + " frame " + std::to_string(frame));
                least = std::min(least, turn_from_rest(pose, b));
                most = std::max(most, turn_from_rest(pose, b));
                // The lower limbs loop with the article's limb wave, so the state still loops.
                const Pose later = live(io, state, (frame + wave) / kFps);
                EXPECT_NEAR(turn_from_rest(later, b), turn_from_rest(pose, b), 1e-3f) << name << " frame " << frame;
            }
            EXPECT_GT(most - least, degrees_to_radians(10.0f)) << name << ": the " << lower << " moves with the stride";
        }
    }
    // And between the states: the article's transition eases every joint from one to the other.
    StateMachine m;
    jump_to_state(m, state_index(io, "walking"));
    set_clock(m, 200 / kFps);
    switch_state(m, io, state_index(io, "climbing"), io.transition);
    for (int k = 0; k <= 50; k += 5) {
        set_clock(m, (200 + k) / kFps);
        Pose shown;
        sample(m, io, shown);
        expect_lower_limbs_within_limits(io, shown, "frame " + std::to_string(k) + " of the transition");
    }
}

TEST(IoRig, ItStandsWithItsLimbsApart) {
    const Rig io = asset_rig("io.json");
    Result<std::vector<Transform>> world = compute_world(io.skeleton, io.pose);
    ASSERT_TRUE(world.ok()) << world.message();
    const auto end = [&](const char* name) {
        const auto b = static_cast<std::size_t>(io.skeleton.find(name));
        const Transform& t = world.value()[b];
        return glm::vec2(t.translation + t.rotation * glm::vec3{io.skeleton[b].length, 0.0f, 0.0f});
    };
    const char* ends[] = {"arm_l_lower", "arm_r_lower", "leg_l_lower", "leg_r_lower"};
    for (const char* a : ends) {
        for (const char* b : ends) {
            if (a != b) {
                EXPECT_GT(glm::distance(end(a), end(b)), 20.0f) << a << " and " << b << " drawn apart";
            }
        }
    }
    // The left limbs on Io's left (the viewer's right), the right ones on its right.
    EXPECT_GT(end("arm_l_lower").x, 15.0f);
    EXPECT_LT(end("arm_r_lower").x, -15.0f);
    EXPECT_GT(end("leg_l_lower").x, end("leg_r_lower").x);
}

TEST(IoRig, ADraggedHandBendsItsElbowAndADraggedHeadTurnsOnlyTheHead) {
    const Rig io = asset_rig("io.json");
    Result<std::vector<Transform>> world = compute_world(io.skeleton, io.pose);
    ASSERT_TRUE(world.ok()) << world.message();
    // Each limb toward points all round its root at 60% of its reach: the middle joint bends,
    // within its limits, on the side the chain's bend names.
    for (const char* name : {"arm_l", "arm_r", "leg_l", "leg_r"}) {
        const IkChain& chain = io.chains[static_cast<std::size_t>(io.find_chain(name))];
        const glm::vec3 root = world.value()[static_cast<std::size_t>(chain.root)].translation;
        for (int k = 0; k < 12; ++k) {
            const float a = degrees_to_radians(30.0f * static_cast<float>(k));
            const glm::vec3 target = root + 0.6f * 65.0f * glm::vec3{std::cos(a), std::sin(a), 0.0f};
            Pose pose = io.pose;
            Result<IkResult> solved = solve_chain(io, chain, target, pose);
            ASSERT_TRUE(solved.ok()) << solved.message();
            EXPECT_TRUE(solved.value().reached) << name << " toward " << 30 * k << " degrees: error " << solved.value().error;
            expect_lower_limbs_within_limits(io, pose, std::string(name) + " toward " + std::to_string(30 * k) + " degrees");
            EXPECT_GT(std::fabs(angle_2d(io.skeleton[static_cast<std::size_t>(chain.effector)].rest.rotation) +
                                turn_from_rest(pose, chain.effector)),
                      degrees_to_radians(60.0f))
                << name << ": bent at its middle joint";
        }
    }
    // The head has a chain of its own: its tip follows a target beside it, the body stays.
    const IkChain& head = io.chains[static_cast<std::size_t>(io.find_chain("head"))];
    EXPECT_EQ(head.root, head.effector);
    EXPECT_EQ(head.effector, io.skeleton.find("head"));
    Pose pose = io.pose;
    ASSERT_TRUE(solve_chain(io, head, glm::vec3{60.0f, 80.0f, 0.0f}, pose).ok());
    EXPECT_EQ(pose.rotations[static_cast<std::size_t>(io.skeleton.find("body"))],
              io.pose.rotations[static_cast<std::size_t>(io.skeleton.find("body"))]);
    const float turn = turn_from_rest(pose, head.effector);
    EXPECT_LT(turn, -degrees_to_radians(20.0f)) << "the head leans right, toward the target";
    EXPECT_GE(turn, -degrees_to_radians(40.0f) - 1e-5f) << "within its limits";
}
