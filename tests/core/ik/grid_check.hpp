#pragma once
// What the two-bone property tests against a slow reference share: the count of targets an
// environment variable may set (a sanitizer build asks fewer, a deep run more), and the grid
// tests' check of one target (two_bone_rim_grid_test, two_bone_bend_grid_test): the solve from
// rest and from the pose the last target left, as a drag does, against the best miss a dense grid
// of poses within the limits finds.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/rig/rig.hpp"

namespace marionette::testing {

// The count `variable` names (at least 1), else `fallback`.
inline int targets_from_env(const char* variable, int fallback) {
    const char* text = std::getenv(variable);
    return text ? std::max(1, std::atoi(text)) : fallback;
}

// What the solves against a grid came to.
struct GridTally {
    int gridded = 0;    // targets the grid was worked out for
    int unreached = 0;  // of those, solved from rest without reaching
    int worse = 0;      // solves missing by more than the tolerance beyond the grid's least
    double worst_excess = -INFINITY, worst_from_rest = -INFINITY;
};

// The chain root -> effector of `rig` solved toward `target` from the rig's pose and from
// `chained` (left where the solve puts it), each a failure (named by `what`) when it misses by
// more than `tol` beyond `best`, the grid's least.
inline void solve_from_rest_and_chained(const Rig& rig, int root, int effector, const TwoBoneSettings& settings, const glm::vec3& target,
                                        double best, float tol, Pose& chained, GridTally& tally, const std::string& what) {
    ++tally.gridded;
    Pose from_rest = rig.pose;
    for (Pose* pose : {&from_rest, &chained}) {
        const TwoBoneJob job{&rig.skeleton, rig.dimensions, root, effector, target, settings, 0.0f, pose};
        ASSERT_TRUE(job.validate().ok());
        const float miss = job.run().error;
        ASSERT_TRUE(std::isfinite(miss));
        const double excess = static_cast<double>(miss) - best;
        tally.worst_excess = std::max(tally.worst_excess, excess);
        if (pose == &from_rest) {
            tally.worst_from_rest = std::max(tally.worst_from_rest, excess);
            tally.unreached += miss > tol;
        }
        if (excess > tol) {
            ++tally.worse;
            ADD_FAILURE() << what << " (" << target.x << ", " << target.y << ", " << target.z << ")"
                          << (pose == &chained ? ", chained" : ", from rest") << ": missed by " << miss
                          << " where a pose within the limits misses by " << best;
        }
    }
}

}  // namespace marionette::testing
