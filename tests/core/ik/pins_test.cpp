// Pinned chains hold their effector at the pin when other bones move, and leave alone the
// chains the user is turning.

#include <gtest/gtest.h>

#include "core/ik/ik_solve.hpp"
#include "core/ik/pins.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// Indices: 0 hips, 1 thigh_l, 2 shin_l, 3 thigh_r, 4 shin_r, 5 spine.
constexpr const char* kLegs2d = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [
    {"name": "hips", "length": 20, "translation": [0, 100], "rotation": 90},
    {"name": "thigh_l", "parent": "hips", "length": 50, "translation": [0, 0], "rotation": 175},
    {"name": "shin_l", "parent": "thigh_l", "length": 50, "rotation": 10},
    {"name": "thigh_r", "parent": "hips", "length": 50, "translation": [0, 0], "rotation": -175},
    {"name": "shin_r", "parent": "thigh_r", "length": 50, "rotation": -10},
    {"name": "spine", "parent": "hips", "length": 60}
  ],
  "chains": [
    {"name": "leg_l", "root": "thigh_l", "effector": "shin_l", "solver": "two_bone", "settings": {"bend": -1}, "pin": [-8, 3]},
    {"name": "leg_r", "root": "thigh_r", "effector": "shin_r", "solver": "ccd", "settings": {"iterations": 100, "tolerance": 0.001}, "pin": [8, 3]},
    {"name": "back", "root": "spine", "effector": "spine", "solver": "ccd"}
  ]
})";

Rig legs() {
    Result<Rig> r = parse_rig(kLegs2d);
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

glm::vec3 tip(const Rig& rig, const Pose& pose, int bone) {
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    return bone_tip(world[static_cast<std::size_t>(bone)], rig.skeleton[static_cast<std::size_t>(bone)].length);
}

}  // namespace

TEST(Pins, PinnedFeetStayWhenTheHipsMove) {
    Rig rig = legs();
    Pose pose = rig.pose;
    pose.root_offset = {15.0f, -20.0f, 0.0f};  // the hips go down and forward
    pose.rotations[0] = rotation_2d(0.2f);
    EXPECT_EQ(hold_pins(rig, pose, {}), 2);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 2), *rig.chains[0].pin), 0.0f, 1e-3f);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 4), *rig.chains[1].pin), 0.0f, 1e-2f);
    // Only the legs turned: the hips keep what the user gave them, the spine its rest.
    EXPECT_NEAR(angle_2d(pose.rotations[0]), 0.2f, 1e-6f);
    EXPECT_EQ(pose.rotations[5], rig.pose.rotations[5]);
}

TEST(Pins, ChainsTheUserTurnsAreLeftAlone) {
    Rig rig = legs();
    Pose pose = rig.pose;
    pose.root_offset = {10.0f, -10.0f, 0.0f};
    pose.rotations[1] = rotation_2d(0.5f);  // the user turned the left thigh
    const int moved[] = {1};
    EXPECT_EQ(hold_pins(rig, pose, moved), 1);
    EXPECT_NEAR(angle_2d(pose.rotations[1]), 0.5f, 1e-6f);
    EXPECT_EQ(pose.rotations[2], rig.pose.rotations[2]);
    EXPECT_NEAR(glm::distance(tip(rig, pose, 4), *rig.chains[1].pin), 0.0f, 1e-2f);
}

TEST(Pins, UnpinnedChainsAndOutOfReachPinsStayFinite) {
    Rig rig = legs();
    rig.chains[0].pin.reset();
    rig.chains[1].pin = glm::vec3{500.0f, -900.0f, 0.0f};  // far out of reach
    Pose pose = rig.pose;
    pose.root_offset = {3.0f, 0.0f, 0.0f};
    EXPECT_EQ(hold_pins(rig, pose, {}), 1);
    EXPECT_EQ(pose.rotations[1], rig.pose.rotations[1]);
    EXPECT_EQ(pose.rotations[2], rig.pose.rotations[2]);
    // Stretched toward the pin.
    const glm::vec3 hip = compute_world(rig.skeleton, pose).value()[3].translation;
    const glm::vec3 foot = tip(rig, pose, 4);
    const glm::vec3 toward = glm::normalize(*rig.chains[1].pin - hip);
    EXPECT_NEAR(glm::dot(glm::normalize(foot - hip), toward), 1.0f, 1e-3f);
    for (const glm::quat& q : pose.rotations) EXPECT_TRUE(std::isfinite(q.w) && std::isfinite(q.z));
}

TEST(Pins, NoPinsNothingSolved) {
    Rig rig = legs();
    for (IkChain& c : rig.chains) c.pin.reset();
    Pose pose = rig.pose;
    pose.root_offset = {30.0f, 30.0f, 0.0f};
    EXPECT_EQ(hold_pins(rig, pose, {}), 0);
    EXPECT_EQ(pose.rotations, rig.pose.rotations);
}

namespace {

// A 3D creature: hips turned and placed off the origin, four two-bone legs hanging from them,
// a toe (a two-bone chain of its own) below the first leg, and a CCD tail. Indices: 0 hips,
// legs 1-2, 3-4, 5-6, 7-8, toe 9-10, tail 11-13.
Rig four_legs() {
    Rig rig;
    rig.dimensions = Dimensions::Three;
    auto add = [&](const std::string& name, int parent, glm::vec3 at, glm::quat turn, float length) {
        Bone b;
        b.name = name;
        b.parent = parent;
        b.rest = {at, turn};
        b.length = length;
        std::vector<Bone> bones = rig.skeleton.bones();
        bones.push_back(b);
        rig.skeleton = Skeleton(std::move(bones));
        return static_cast<int>(rig.skeleton.size()) - 1;
    };
    const glm::quat down = glm::angleAxis(-1.4f, glm::vec3{0, 0, 1});
    const int hips = add("hips", -1, {1, 10, 2}, glm::angleAxis(0.3f, glm::normalize(glm::vec3{1, 2, 3})), 6);
    for (int leg = 0; leg < 4; ++leg) {
        const glm::vec3 at{leg < 2 ? 0.0f : 5.0f, 0.0f, leg % 2 ? -1.5f : 1.5f};
        const int thigh = add("thigh" + std::to_string(leg), hips, at, down, 4.0f);
        add("shin" + std::to_string(leg), thigh, {4, 0.2f, 0}, glm::angleAxis(0.5f, glm::vec3{0, 0, 1}), 4.5f);
        IkChain chain;
        chain.name = "leg" + std::to_string(leg);
        chain.root = thigh;
        chain.effector = thigh + 1;
        chain.solver = SolverKind::TwoBone;
        chain.two_bone.pole = glm::vec3{static_cast<float>(leg) * 2.0f, 8.0f, 20.0f};
        if (leg == 2) chain.two_bone.softness = 0.3f;
        rig.chains.push_back(chain);
    }
    const int toe = add("toe", 2, {4.5f, 0, 0}, {1, 0, 0, 0}, 1.0f);
    add("toe_tip", toe, {1, 0, 0}, {1, 0, 0, 0}, 0.5f);
    IkChain toe_chain;
    toe_chain.name = "toe";
    toe_chain.root = toe;
    toe_chain.effector = toe + 1;
    toe_chain.solver = SolverKind::TwoBone;
    rig.chains.push_back(toe_chain);
    int tail = hips;
    for (int i = 0; i < 3; ++i) tail = add("tail" + std::to_string(i), tail, {i == 0 ? 6.0f : 1.5f, 0, 0}, {1, 0, 0, 0}, 1.5f);
    IkChain tail_chain;
    tail_chain.name = "tail";
    tail_chain.root = tail - 2;
    tail_chain.effector = tail;
    rig.chains.push_back(tail_chain);
    rig.pose = Pose::rest(rig.skeleton.size());

    // Pin every chain where its effector's tip is now.
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    for (IkChain& chain : rig.chains) {
        const auto e = static_cast<std::size_t>(chain.effector);
        chain.pin = bone_tip(world[e], rig.skeleton[e].length);
    }
    return rig;
}

float rotation_gap(const glm::quat& q, const glm::quat& r) {
    const glm::quat d = glm::conjugate(q) * r;
    return 2.0f * std::atan2(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z), std::fabs(d.w));
}

}  // namespace

TEST(Pins, IndependentLegsSolvedTogetherMatchSolvingThemOneByOne) {
    // With the toe unpinned the four legs are independent and go into one batch; pinned, the
    // toe ties the first leg to it (solved one by one, leg before toe) and three legs remain.
    for (const bool toe_pinned : {false, true}) {
        Rig rig = four_legs();
        if (!toe_pinned) rig.chains[4].pin.reset();
        for (int step = 0; step < 20; ++step) {
            Pose start = rig.pose;
            start.root_offset = {0.1f * static_cast<float>(step), -0.08f * static_cast<float>(step % 7),
                                 0.05f * static_cast<float>(step % 3)};
            start.rotations[0] = glm::angleAxis(0.05f * static_cast<float>(step), glm::normalize(glm::vec3{0.2f, 1, 0.4f}));

            Pose together = start;
            ASSERT_EQ(hold_pins(rig, together, {}), toe_pinned ? 6 : 5);
            // One by one in the rig's chain order: what hold_pins did before it batched.
            Pose one_by_one = start;
            for (const IkChain& chain : rig.chains) {
                if (!chain.pin) continue;
                ASSERT_TRUE(solve_chain(rig, chain, *chain.pin, one_by_one).ok());
            }
            for (std::size_t b = 0; b < start.rotations.size(); ++b) {
                EXPECT_LT(rotation_gap(together.rotations[b], one_by_one.rotations[b]), 1e-5f) << "step " << step << " bone " << b;
            }
            // The legs did hold: every foot whose pin is in reach is back at it (but the soft one's,
            // which stops short near full reach).
            const std::vector<Transform> world = compute_world(rig.skeleton, together).value();
            for (int leg : {0, 1, 3}) {
                const IkChain& chain = rig.chains[static_cast<std::size_t>(leg)];
                const auto e = static_cast<std::size_t>(chain.effector);
                const float reach = glm::length(rig.skeleton[e].rest.translation) + rig.skeleton[e].length;
                if (glm::distance(world[static_cast<std::size_t>(chain.root)].translation, *chain.pin) > 0.99f * reach) continue;
                EXPECT_LT(glm::distance(tip(rig, together, chain.effector), *chain.pin), 0.05f) << "step " << step << " leg " << leg;
            }
        }
    }
}

TEST(Pins, ALegTheUserTurnsIsLeftOutOfTheBatch) {
    const Rig rig = four_legs();
    Pose pose = rig.pose;
    pose.root_offset = {1.0f, -0.5f, 0.0f};
    pose.rotations[3] = glm::angleAxis(0.4f, glm::vec3{0, 0, 1});  // the user turns the second thigh
    const int moved[] = {3};
    Pose expected = pose;
    for (const IkChain& chain : rig.chains) {
        if (chain.name == "leg1") continue;
        ASSERT_TRUE(solve_chain(rig, chain, *chain.pin, expected).ok());
    }
    EXPECT_EQ(hold_pins(rig, pose, moved), 5);
    EXPECT_EQ(pose.rotations[3], expected.rotations[3]);
    EXPECT_EQ(pose.rotations[4], rig.pose.rotations[4]);
    for (std::size_t b = 0; b < pose.rotations.size(); ++b) EXPECT_LT(rotation_gap(pose.rotations[b], expected.rotations[b]), 1e-5f) << b;
}
