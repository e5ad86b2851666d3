#pragma once
// Two-bone IK for many limbs in one call, four at a time in SSE2 lanes: what TwoBoneJob does for
// one limb, with the same answers. One limb's solve is a long dependency chain that cannot fill
// the core (docs/performance.md); four independent solves side by side in the lanes can.
//
// The limbs must be independent: solving one may not move another's root frame, so no limb's
// root may lie below (or be) another limb's bone. Then the order they are solved in does not
// matter, and each gets what TwoBoneJob would give it alone. Limbs with joint limits, and limbs
// the lanes refuse (the one-limb fast path's degenerate cases), are solved by TwoBoneJob.

#include <span>

#include "core/base/result.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/ik/ik_result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct TwoBoneLimb {
    int root = -1;           // the upper bone
    int effector = -1;       // the lower bone, a child of root
    glm::vec3 target{0.0f};  // world space
    TwoBoneSettings settings;
    float tolerance = 0.0f;  // "reached" distance; 0: 1e-4 of the limb's reach
};

struct TwoBoneBatchJob {
    // Inputs.
    const Skeleton* skeleton = nullptr;
    Dimensions dimensions = Dimensions::Two;
    std::span<const TwoBoneLimb> limbs;
    // In and out: the limbs' bones' rotations; no other bone is touched.
    Pose* pose = nullptr;
    // Out: one per limb, as TwoBoneJob::run() reports it.
    std::span<IkResult> results;

    // Each limb as TwoBoneJob::validate() checks it, that the limbs are independent, and that
    // there is one result per limb; errors name the limb by its index.
    Status validate() const;
    void run() const;  // only after validate() accepts the inputs (asserted in debug builds)
};

}  // namespace marionette
