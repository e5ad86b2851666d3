// Long random sequences of bone-tree edits: whatever the order of adds, deletes, re-parents and
// renames, every step leaves a valid rig, and deletes and re-parents never move a bone.

#include <random>
#include <string>

#include <gtest/gtest.h>

#include "editor/edit_expectations.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

int pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// Applies one random edit to `rig` (when it succeeds) and checks what it must guarantee.
void random_edit(std::mt19937& rng, Rig& rig, int step) {
    const int n = static_cast<int>(rig.skeleton.size());
    const std::string at = "step " + std::to_string(step);
    const auto before = rest_world_by_name(rig);
    switch (pick(rng, 0, 3)) {
        case 0: {
            const int parent = pick(rng, -1, n - 1);
            Result<TreeEdit> r = add_child_bone(rig, parent, std::nullopt, static_cast<float>(pick(rng, 0, 50)));
            ASSERT_TRUE(r.ok()) << at << ": " << r.message();
            expect_valid_rig(r.value().rig, at + " add");
            expect_rest_world_kept(before, r.value().rig);
            rig = std::move(r.value().rig);
            break;
        }
        case 1: {
            if (n == 1) return;
            Result<TreeEdit> r = delete_bone(rig, pick(rng, 0, n - 1));
            ASSERT_TRUE(r.ok()) << at << ": " << r.message();
            expect_valid_rig(r.value().rig, at + " delete");
            expect_rest_world_kept(before, r.value().rig);
            rig = std::move(r.value().rig);
            break;
        }
        case 2: {
            const int bone = pick(rng, 0, n - 1);
            const int parent = pick(rng, -1, n - 1);
            Result<TreeEdit> r = reparent_bone(rig, bone, parent);
            if (parent >= 0 && rig.skeleton.is_ancestor_or_self(bone, parent)) {
                ASSERT_FALSE(r.ok()) << at << ": a cycle was accepted";
                EXPECT_TRUE(r.message().find("cycle") != std::string::npos || r.message().find("its own parent") != std::string::npos)
                    << r.message();
                return;
            }
            ASSERT_TRUE(r.ok()) << at << ": " << r.message();
            expect_valid_rig(r.value().rig, at + " reparent");
            expect_rest_world_kept(before, r.value().rig);
            EXPECT_EQ(r.value().rig.skeleton[static_cast<std::size_t>(r.value().bone)].name,
                      rig.skeleton[static_cast<std::size_t>(bone)].name);
            rig = std::move(r.value().rig);
            break;
        }
        default: {
            const std::string name = "b" + std::to_string(pick(rng, 0, 20));
            const int bone = pick(rng, 0, n - 1);
            const int holder = rig.skeleton.find(name);
            Result<Rig> r = rename_bone(rig, bone, name);
            if (holder >= 0 && holder != bone) {
                EXPECT_FALSE(r.ok()) << at << ": a duplicate name was accepted";
                return;
            }
            ASSERT_TRUE(r.ok()) << at << ": " << r.message();
            expect_valid_rig(r.value(), at + " rename");
            rig = std::move(r).value();
            break;
        }
    }
}

void run_sequence(Rig rig, unsigned seed, int steps) {
    std::mt19937 rng(seed);
    for (int step = 0; step < steps; ++step) {
        random_edit(rng, rig, step);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

}  // namespace

TEST(TreeEditSequence, RandomEditsOnA2DRigKeepItValid) { run_sequence(figure_2d(), 20240601u, 300); }

TEST(TreeEditSequence, RandomEditsOnA3DRigKeepItValid) { run_sequence(figure_3d(), 7u, 300); }
