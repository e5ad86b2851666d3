// Soak: a million random drags through the code the viewport runs (FkDrag, IkDrag with the
// rig's chains and automatic ones, RootDrag, PoleDrag; Document::edit; History), in 2D and 3D,
// with undo and redo mixed in. Nothing may go NaN, no bone may change length, the history must
// stay within its limits, and undoing a whole stretch of work must give back its start exactly.
//
// MARIONETTE_SOAK_DRAGS overrides the count (a sanitizer build runs fewer).

#include <cstdlib>
#include <random>

#include <gtest/gtest.h>

#include "core/ik/pins.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/history.hpp"
#include "editor/posing/fk_drag.hpp"
#include "editor/posing/ik_drag.hpp"
#include "editor/posing/pole_drag.hpp"
#include "editor/posing/root_drag.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr int kStretch = 150;  // drags between two undo-everything checks (< the history's 200 steps)

int soak_drags() {
    const char* text = std::getenv("MARIONETTE_SOAK_DRAGS");
    const long n = text ? std::strtol(text, nullptr, 10) : 0;
    return n > 0 ? static_cast<int>(n) : 1'000'000;
}

class Soak {
public:
    Soak(Rig rig, unsigned seed) : document_(std::move(rig), {}), rng_(seed) {
        const std::vector<Transform> world = compute_world(document_.rig().skeleton, document_.rig().pose).value();
        for (const Transform& t : world) size_ = std::max(size_, glm::length(t.translation));
        size_ = std::max(size_, 1.0f);
    }

    // One drag from press to release, recorded as one step, as ViewportController does.
    void drag() {
        const Rig before = document_.rig();
        const Rig& rig = document_.rig();
        const int bones = static_cast<int>(rig.skeleton.size());
        const int bone = pick(0, bones - 1);
        const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
        const glm::vec3 grab = bone_tip(world[static_cast<std::size_t>(bone)], rig.skeleton[static_cast<std::size_t>(bone)].length);
        const int moves = pick(1, 4);
        const int kind = pick(0, 9);
        if (kind < 3) {
            Result<FkDrag> d = FkDrag::start(rig, rig.pose, bone, grab);
            ASSERT_TRUE(d.ok()) << d.message();
            for (int m = 0; m < moves; ++m) {
                const glm::vec3 c = cursor(grab);
                document_.edit([&](Rig& r) {
                    d.value().move(r, r.pose, c);
                    const int turned[] = {bone};
                    hold_pins(r, r.pose, turned);
                });
            }
        } else if (kind < 8) {
            Result<IkDrag> d = IkDrag::start(rig, rig.pose, drag_chain_for(rig, bone, pick(1, 5)), grab);
            ASSERT_TRUE(d.ok()) << d.message();
            for (int m = 0; m < moves; ++m) {
                const glm::vec3 c = cursor(grab);
                document_.edit([&](Rig& r) { ASSERT_TRUE(d.value().drag(r, c, pick(0, 1) ? 0.0f : 1e-3f * size_).ok()); });
            }
        } else if (kind == 8) {
            const int root = 0;  // both figures' first bone is a root
            Result<RootDrag> d = RootDrag::start(rig, root, world[0].translation);
            ASSERT_TRUE(d.ok()) << d.message();
            for (int m = 0; m < moves; ++m) {
                const glm::vec3 c = world[0].translation + offset(0.2f);
                document_.edit([&](Rig& r) { d.value().drag(r, c); });
            }
        } else {
            const int chain = pole_chain();
            if (chain < 0) return drag();
            const glm::vec3 pole = *rig.chains[static_cast<std::size_t>(chain)].two_bone.pole;
            Result<PoleDrag> d = PoleDrag::start(rig, chain, pole);
            ASSERT_TRUE(d.ok()) << d.message();
            for (int m = 0; m < moves; ++m) {
                const glm::vec3 c = cursor(pole);
                document_.edit([&](Rig& r) { (void)d.value().drag(r, c); });
            }
        }
        history_.record("drag", before, document_);
        ++drags_;
    }

    // Drags with undo and redo mixed in, then everything undone (the stretch's start comes back
    // exactly) and redone (its end comes back exactly).
    void stretch() {
        history_.clear();
        const Rig start = document_.rig();
        for (int i = 0; i < kStretch; ++i) {
            drag();
            if (::testing::Test::HasFatalFailure()) return;
            const int r = pick(0, 19);
            if (r == 0) history_.undo(document_);
            if (r == 1) {
                history_.undo(document_);
                history_.undo(document_);
                history_.redo(document_);
            }
            check();
        }
        while (history_.redo(document_)) {  // the stretch may end on an undo
        }
        const Rig end = document_.rig();
        if (end.pose.rotations != start.pose.rotations) ++moved_stretches_;
        while (history_.undo(document_)) {
        }
        expect_same_pose(document_.rig(), start, "after undoing the whole stretch");
        while (history_.redo(document_)) {
        }
        expect_same_pose(document_.rig(), end, "after redoing it");
    }

    int drags() const { return drags_; }
    int moved_stretches() const { return moved_stretches_; }

private:
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    glm::vec3 offset(float scale) {
        std::uniform_real_distribution<float> u(-scale * size_, scale * size_);
        return {u(rng_), u(rng_), document_.rig().is_2d() ? 0.0f : u(rng_)};
    }
    // Mostly near the grab; sometimes far out of reach, sometimes at the world origin (where
    // the figures' roots are: a target on the root).
    glm::vec3 cursor(const glm::vec3& grab) {
        const int k = pick(0, 19);
        if (k == 0) return offset(50.0f);
        if (k == 1) return glm::vec3{0.0f};
        return grab + offset(0.3f);
    }
    int pole_chain() const {
        const Rig& rig = document_.rig();
        for (std::size_t c = 0; c < rig.chains.size(); ++c) {
            if (rig.chains[c].solver == SolverKind::TwoBone && rig.chains[c].two_bone.pole) return static_cast<int>(c);
        }
        return -1;
    }

    void check() {
        const Rig& rig = document_.rig();
        for (const glm::quat& q : rig.pose.rotations) {
            ASSERT_TRUE(is_finite(q)) << "after drag " << drags_;
            ASSERT_NEAR(glm::length(q), 1.0f, 1e-4f) << "after drag " << drags_;
        }
        ASSERT_TRUE(is_finite(rig.pose.root_offset));
        const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
        for (std::size_t b = 0; b < world.size(); ++b) {
            const int parent = rig.skeleton[b].parent;
            if (parent < 0) continue;
            // A child's joint stays as far from its parent's as its rest translation puts it.
            const float expected = glm::length(rig.skeleton[b].rest.translation);
            const float actual = glm::distance(world[b].translation, world[static_cast<std::size_t>(parent)].translation);
            ASSERT_NEAR(actual, expected, 1e-4f * std::max(1.0f, size_)) << rig.skeleton[b].name << " after drag " << drags_;
        }
        ASSERT_LE(history_.size(), history_.limits().max_steps);
        ASSERT_LE(history_.memory_bytes(), history_.limits().max_bytes);
    }

    static void expect_same_pose(const Rig& a, const Rig& b, const char* when) {
        ASSERT_EQ(a.pose.rotations.size(), b.pose.rotations.size());
        for (std::size_t i = 0; i < a.pose.rotations.size(); ++i)
            ASSERT_EQ(a.pose.rotations[i], b.pose.rotations[i]) << when << ", bone " << i;
        ASSERT_EQ(a.pose.root_offset, b.pose.root_offset) << when;
        for (std::size_t c = 0; c < a.chains.size(); ++c) {
            ASSERT_EQ(a.chains[c].pin.has_value(), b.chains[c].pin.has_value()) << when;
            if (a.chains[c].pin) {
                ASSERT_EQ(*a.chains[c].pin, *b.chains[c].pin) << when;
            }
            if (a.chains[c].two_bone.pole) {
                ASSERT_EQ(*a.chains[c].two_bone.pole, *b.chains[c].two_bone.pole) << when;
            }
        }
    }

    Document document_;
    History history_;
    std::mt19937 rng_;
    float size_ = 1.0f;
    int drags_ = 0;
    int moved_stretches_ = 0;
};

void soak(Rig rig, unsigned seed, int drags) {
    // Pin one chain so hold_pins runs on every drag that does not move it.
    if (!rig.chains.empty()) rig.chains.back().pin = glm::vec3{0.0f};
    Soak s(std::move(rig), seed);
    int stretches = 0;
    while (s.drags() < drags) {
        s.stretch();
        ++stretches;
        if (::testing::Test::HasFatalFailure()) return;
    }
    EXPECT_GE(s.drags(), drags);
    EXPECT_EQ(s.moved_stretches(), stretches) << "some stretches of drags posed nothing: the soak would prove nothing";
}

}  // namespace

TEST(Soak, RandomDragsIn2DWithUndoAndRedo) { soak(figure_2d(), 1, soak_drags() / 2); }
TEST(Soak, RandomDragsIn3DWithUndoAndRedo) { soak(figure_3d(), 2, soak_drags() / 2); }
