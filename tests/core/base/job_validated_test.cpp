// Debug builds stop a job's run() on inputs its validate() refuses, naming the job and the
// check (job_validated.hpp). Each job here gets inputs that run() would get through without
// crashing, only to a wrong answer: exactly what nothing else would notice.

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/ik/two_bone/two_bone_batch.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

class JobValidated : public ::testing::Test {
protected:
    void SetUp() override {
#ifdef NDEBUG
        GTEST_SKIP() << "the check is compiled in debug builds only (NDEBUG is defined)";
#endif
    }
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 0.8f});
};

}  // namespace

TEST_F(JobValidated, ForwardKinematicsRunStopsOnAnOutputOfTheWrongSize) {
    std::vector<Transform> world(rig.skeleton.size() + 1);
    const ForwardKinematicsJob job{&rig.skeleton, &rig.pose, world};
    EXPECT_DEATH(job.run(), "ForwardKinematicsJob::run\\(\\) on inputs validate\\(\\) refuses: .*4 transforms for 3 bones");
}

TEST_F(JobValidated, TwoBoneRunStopsOnANonFiniteTarget) {
    const TwoBoneJob job{&rig.skeleton, Dimensions::Two, 1, 2, {kNaN, 0.0f, 0.0f}, {}, 0.0f, &rig.pose};
    EXPECT_DEATH(job.run(), "TwoBoneJob::run\\(\\) on inputs validate\\(\\) refuses: two-bone: the target is not a finite point");
}

TEST_F(JobValidated, CcdRunStopsOnANonFiniteTarget) {
    std::vector<CcdJoint> scratch(2);
    const CcdJob job{&rig.skeleton, Dimensions::Two, 1, 2, {kNaN, 0.0f, 0.0f}, {}, scratch, &rig.pose};
    EXPECT_DEATH(job.run(), "CcdJob::run\\(\\) on inputs validate\\(\\) refuses: ccd: the target is not a finite point");
}

TEST_F(JobValidated, TwoBoneBatchRunStopsOnLimbsSharingABone) {
    const std::vector<TwoBoneLimb> limbs(2, TwoBoneLimb{1, 2, {1.0f, 1.0f, 0.0f}, {}, 0.0f});
    std::vector<IkResult> results(limbs.size());
    const TwoBoneBatchJob job{&rig.skeleton, Dimensions::Two, limbs, &rig.pose, results};
    EXPECT_DEATH(job.run(), "TwoBoneBatchJob::run\\(\\) on inputs validate\\(\\) refuses: .*share the bone");
}
