// The two-bone solves of ik_bench's limbs, for instruction counts: `valgrind --tool=callgrind
// ./build/bench/ik_count CASE ROUNDS` runs TwoBoneJob::run() over the case's 1,024 targets ROUNDS
// times; the counts of two runs (1 and 3 rounds, say) differ by the solves alone, without the
// set-up's (docs/performance.md). `ik_count CASE ROUNDS check` also sums up every solve's pose
// (outside what is counted, it costs as much as a solve), so two builds can be told to give the
// same poses bit for bit.
//
// CASE: free (BM_TwoBone/3d), cone (BM_TwoBoneLimited/3d_any), cone_reachable, swing_twist
// (3d_swing_twist_any), swing_twist_reachable, 2d (BM_TwoBone/2d), 2d_limited (2d_any); and
// cone_searched, swing_twist_searched: the targets no pose within the limits reaches, whose
// solves are the closest-pose search's.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/ik/two_bone/two_bone_solver.hpp"
#include "ik_bench_limbs.hpp"

using namespace marionette;
using namespace marionette::bench;

namespace {

struct Case {
    Dimensions dims = Dimensions::Three;
    bool limited = false, reachable = false, swing_twist = false, searched = false;
};

bool case_named(const std::string& name, Case& c) {
    if (name == "free") c = {Dimensions::Three, false, false, false};
    else if (name == "cone") c = {Dimensions::Three, true, false, false};
    else if (name == "cone_reachable") c = {Dimensions::Three, true, true, false};
    else if (name == "swing_twist") c = {Dimensions::Three, true, false, true};
    else if (name == "swing_twist_reachable") c = {Dimensions::Three, true, true, true};
    else if (name == "cone_searched") c = {Dimensions::Three, true, false, false, true};
    else if (name == "swing_twist_searched") c = {Dimensions::Three, true, false, true, true};
    else if (name == "2d") c = {Dimensions::Two, false, false, false};
    else if (name == "2d_limited") c = {Dimensions::Two, true, false, false};
    else return false;
    return true;
}

std::uint64_t bits_of(const Pose& pose) {
    std::uint64_t h = 1469598103934665603ull;
    for (const glm::quat& q : pose.rotations) {
        for (const float f : {q.w, q.x, q.y, q.z}) {
            std::uint32_t u = 0;
            std::memcpy(&u, &f, sizeof u);
            h = (h ^ u) * 1099511628211ull;
        }
    }
    return h;
}

}  // namespace

int main(int argc, char** argv) {
    Case c;
    if (argc < 3 || !case_named(argv[1], c)) {
        std::fprintf(
            stderr,
            "usage: ik_count free|cone|cone_reachable|cone_searched|swing_twist|swing_twist_reachable|swing_twist_searched|2d|2d_limited "
            "ROUNDS [check]\n");
        return 2;
    }
    const int rounds = std::atoi(argv[2]);
    const bool check = argc > 3 && std::strcmp(argv[3], "check") == 0;
    Rig rig = two_bone_limb(c.dims);
    if (c.limited) limit_like_arms(rig, c.swing_twist);
    Pose pose = rig.pose;
    TwoBoneSettings settings;
    if (c.dims == Dimensions::Three) settings.pole = c.limited ? kLimitedPole : kFreePole;
    TwoBoneJob job{&rig.skeleton, c.dims, 0, 1, {}, settings, 0.0f, &pose};
    if (!job.validate()) return std::fprintf(stderr, "invalid job\n"), 1;
    std::vector<glm::vec3> targets;
    const std::size_t pool = c.limited ? 8192 : 1024;
    for (const glm::vec3& t : random_targets(c.dims, 2.2f, pool)) {
        job.target = t;
        // searched: solved from rest, no pose within the limits reaches (the closest-pose search answers).
        if (c.searched) pose = rig.pose;
        const bool kept = c.searched ? !job.run().reached : !c.reachable || job.run().reached;
        if (kept) targets.push_back(t);
        if (targets.size() == 1024) break;
    }
    pose = rig.pose;
    std::uint64_t sum = 0;
    int reached = 0;
    for (int r = 0; r < rounds; ++r) {
        for (const glm::vec3& t : targets) {
            job.target = t;
            reached += job.run().reached;
            if (check) sum = sum * 31u + bits_of(pose);
        }
    }
    std::printf("%s: %zu targets x %d rounds, %d reached", argv[1], targets.size(), rounds, reached);
    if (check) std::printf(", poses %016llx", static_cast<unsigned long long>(sum));
    std::printf("\n");
    return 0;
}
