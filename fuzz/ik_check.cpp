#include "fuzz/ik_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/base/extents.hpp"
#include "core/ik/ccd_solver.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_batch.hpp"
#include "core/ik/two_bone/two_bone_solver.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette::fuzzing {

namespace {

struct Outcome {
    Status status;
    IkResult result;
    Pose pose;
};

bool same_bits(const glm::quat& a, const glm::quat& b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(const glm::vec3& a, const glm::vec3& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_outcome(const Outcome& a, const Outcome& b) {
    if (a.status.ok() != b.status.ok() || a.status.message() != b.status.message()) return false;
    if (a.result.reached != b.result.reached || a.result.iterations != b.result.iterations) return false;
    if (std::memcmp(&a.result.error, &b.result.error, sizeof a.result.error) != 0) return false;
    if (!same_bits(a.pose.root_offset, b.pose.root_offset)) return false;
    return std::equal(a.pose.rotations.begin(), a.pose.rotations.end(), b.pose.rotations.begin(), b.pose.rotations.end(),
                      [](const glm::quat& x, const glm::quat& y) { return same_bits(x, y); });
}

// One solve from the case's start pose. `junk` fills the CCD scratch with NaN first: a solve
// that reads scratch it has not written then differs from one on fresh scratch.
Outcome solve(const IkCase& c, bool junk) {
    const Rig& rig = c.rig;
    const IkChain& chain = rig.chains[0];
    Outcome out{{}, {}, rig.pose};
    if (c.through_solve_chain) {
        SolveOverrides overrides;
        overrides.keep_side = c.keep_side;
        Result<IkResult> r = solve_chain(rig, chain, c.target, out.pose, overrides);
        out.status = r.status();
        if (r) out.result = r.value();
        return out;
    }
    if (chain.solver == SolverKind::TwoBone) {
        TwoBoneJob job{&rig.skeleton, rig.dimensions, chain.root,           chain.effector,
                       c.target,      chain.two_bone, c.two_bone_tolerance, &out.pose};
        job.keep_side = c.keep_side;
        out.status = job.validate();
        if (out.status) out.result = job.run();
        return out;
    }
    CcdJoint filler;
    if (junk) {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        filler.translation = filler.target = filler.hinge = filler.hinge_local = glm::vec3{nan};
        filler.rotation = filler.rest = glm::quat{nan, nan, nan, nan};
        filler.turn = filler.rest_turn = Rot2{nan, nan};
        filler.angle = filler.lo = filler.hi = filler.cone_cos_half = filler.cone_angle = filler.inverse_target_distance = nan;
        filler.kind = CcdJoint::Kind::Ball;
    }
    std::vector<CcdJoint> scratch(chain_length(rig.skeleton, chain.root, chain.effector), filler);
    const CcdJob job{&rig.skeleton, rig.dimensions, chain.root, chain.effector, c.target, chain.ccd, scratch, &out.pose};
    out.status = job.validate();
    if (out.status) out.result = job.run();
    return out;
}

float largest(std::initializer_list<float> values) { return std::max(values); }

// The case's two-bone chain as the one limb of a TwoBoneBatchJob (its lanes, or TwoBoneJob for
// what they refuse). The validation message carries the batch's prefix.
Outcome solve_as_batch(const IkCase& c) {
    const Rig& rig = c.rig;
    const IkChain& chain = rig.chains[0];
    Outcome out{{}, {}, rig.pose};
    const TwoBoneLimb limbs[] = {{chain.root, chain.effector, c.target, chain.two_bone, c.two_bone_tolerance}};
    IkResult results[1];
    const TwoBoneBatchJob job{&rig.skeleton, rig.dimensions, limbs, &out.pose, results};
    out.status = job.validate();
    if (out.status) {
        job.run();
        out.result = results[0];
    }
    return out;
}

// The joint of chain bone k's child in the chain, or the effector's tip, against where it must
// be: its rest offset (or the effector's length) away.
Violation check_lengths(const Rig& rig, const std::vector<int>& chain, const std::vector<Transform>& world) {
    for (std::size_t k = 0; k < chain.size(); ++k) {
        const auto b = static_cast<std::size_t>(chain[k]);
        const glm::vec3 joint = world[b].translation;
        glm::vec3 next;
        float expected = 0.0f;
        if (k + 1 < chain.size()) {
            const auto child = static_cast<std::size_t>(chain[k + 1]);
            next = world[child].translation;
            expected = static_cast<float>(glm::length(glm::dvec3(rig.skeleton[child].rest.translation)));
        } else {
            next = bone_tip(world[b], rig.skeleton[b].length);
            expected = rig.skeleton[b].length;
        }
        // In double: squaring a 1e-30 bone's float length underflows to 0.
        const double measured = glm::length(glm::dvec3(next) - glm::dvec3(joint));
        // Rounding grows with the size of the coordinates the joints sit at; below float's
        // smallest normal number (1.2e-38) it is absolute.
        const double slack = 1e-4 * std::max({glm::length(glm::dvec3(joint)), glm::length(glm::dvec3(next)), double{expected}}) + 1e-38;
        if (!(std::fabs(measured - expected) <= slack)) {
            return "bone " + std::to_string(b) + " changed length: " + std::to_string(expected) + " -> " + std::to_string(measured);
        }
    }
    return {};
}

// Whether every coordinate of p is within +-limit (NaN is not).
bool inside(const glm::vec3& p, float limit) { return std::fabs(p.x) <= limit && std::fabs(p.y) <= limit && std::fabs(p.z) <= limit; }

}  // namespace

bool within_contract(const IkCase& c) {
    const Rig& rig = c.rig;
    const IkChain& chain = rig.chains[0];
    // core/base/extents.hpp: the solvers take targets, poles and root joints within +-1e9 and chains
    // reaching up to 1e9. Claimed only well inside, so that rounding differences between this
    // and validate() at the very edge are not taken for a refusal of a valid case.
    constexpr float kInside = 0.5f * kMaxSolveDistance;
    if (!inside(c.target, kInside)) return false;
    if (!(c.keep_side >= 0.0f) || !std::isfinite(c.keep_side)) return false;
    for (const glm::quat& q : rig.pose.rotations) {
        if (!is_finite(q)) return false;
    }
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world || !inside(world.value()[static_cast<std::size_t>(chain.root)].translation, kInside)) return false;
    const int parent = rig.skeleton[static_cast<std::size_t>(chain.root)].parent;
    if (parent >= 0 && !inside(world.value()[static_cast<std::size_t>(parent)].translation, kInside)) return false;
    if (!inside(local_transform(rig.skeleton, rig.pose, static_cast<std::size_t>(chain.root)).translation, kInside)) return false;
    if (!is_finite(world.value()[static_cast<std::size_t>(chain.root)].rotation)) return false;
    double reach = rig.skeleton[static_cast<std::size_t>(chain.effector)].length;
    for (int b = chain.effector; b != chain.root; b = rig.skeleton[static_cast<std::size_t>(b)].parent) {
        const glm::dvec3 t{rig.skeleton[static_cast<std::size_t>(b)].rest.translation};
        reach += glm::length(t);
    }
    if (!(reach <= kInside)) return false;
    if (chain.solver == SolverKind::TwoBone) {
        const TwoBoneSettings& s = chain.two_bone;
        if (s.pole && !inside(*s.pole, kInside)) return false;
        if (!(s.softness >= 0.0f && s.softness <= 1.0f)) return false;
        if (!c.through_solve_chain && !(c.two_bone_tolerance >= 0.0f && std::isfinite(c.two_bone_tolerance))) return false;
    } else {
        const CcdSettings& s = chain.ccd;
        if (s.max_iterations < 1 || !(s.tolerance >= 0.0f) || !std::isfinite(s.tolerance)) return false;
        if (!(s.max_step > 0.0f) || !std::isfinite(s.max_step)) return false;
    }
    return true;
}

Violation check_ik_solution(const IkCase& c, const Pose& after, const IkResult& result) {
    const Rig& rig = c.rig;
    const IkChain& chain = rig.chains[0];
    const bool is_2d = rig.is_2d();
    const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
    if (!std::isfinite(result.error) || result.error < 0.0f) return "the reported error is not finite and >= 0";
    if (chain.solver == SolverKind::TwoBone && result.iterations != 1) return "the two-bone solve reported other than one iteration";
    if (chain.solver == SolverKind::Ccd) {
        // None only for a chain already within tolerance, which is left as it is.
        if (result.iterations < 0 || (result.iterations == 0 && !result.reached)) return "no iteration reported for a chain not reached";
        if (result.iterations > chain.ccd.max_iterations) return "more iterations than allowed";
        if (result.reached != (result.error <= chain.ccd.tolerance)) return "reached disagrees with the error and tolerance";
    }
    if (after.rotations.size() != rig.pose.rotations.size()) return "the pose changed size";
    if (!same_bits(after.root_offset, rig.pose.root_offset)) return "the root offset changed";
    for (std::size_t b = 0; b < after.rotations.size(); ++b) {
        const glm::quat& q = after.rotations[b];
        const bool in_chain = std::find(bones.begin(), bones.end(), static_cast<int>(b)) != bones.end();
        const std::string at = "bone " + std::to_string(b);
        if (!in_chain) {
            if (!same_bits(q, rig.pose.rotations[b])) return at + ", outside the chain, was turned";
            continue;
        }
        if (!is_unit_rotation(q, 1e-4f)) return at + ": rotation not finite and unit";
        if (is_2d && (std::fabs(q.x) > 1e-6f || std::fabs(q.y) > 1e-6f)) return at + ": a 2D rotation left the z axis";
        const std::optional<JointLimits>& limits = rig.skeleton[b].limits;
        if (limits && !within_limits(q, *limits, is_2d, 1e-3f)) {
            return at + ": outside its joint limits at [w " + std::to_string(q.w) + ", " + std::to_string(q.x) + ", " +
                   std::to_string(q.y) + ", " + std::to_string(q.z) + "]";
        }
    }
    // Bones outside the chain may be placed anywhere (a huge bone below the effector, say): the
    // solve is answerable for the chain alone.
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, after);
    if (!world) return "forward kinematics refused the solved pose: " + world.message();
    for (int b : bones) {
        const Transform& t = world.value()[static_cast<std::size_t>(b)];
        if (!is_finite(t.translation) || !is_finite(t.rotation)) return "forward kinematics gives a non-finite chain joint";
    }
    if (Violation v = check_lengths(rig, bones, world.value())) return v;

    // The reported miss is the real one (2D solves ignore the target's z).
    const auto e = static_cast<std::size_t>(chain.effector);
    const glm::vec3 tip = bone_tip(world.value()[e], rig.skeleton[e].length);
    glm::vec3 target = c.target;
    if (is_2d) target.z = tip.z;
    const float miss = glm::length(tip - target);
    // The solvers carry the effector through every joint: rounding scales with the chain's reach.
    float reach = rig.skeleton[e].length;
    for (std::size_t k = 1; k < bones.size(); ++k) reach += glm::length(rig.skeleton[static_cast<std::size_t>(bones[k])].rest.translation);
    // And with the frame the solve works in: the root's parent joint and the root joint from it
    // (a parent 1e8 out leaves the target, taken from it, digits of 8 units).
    const auto root = static_cast<std::size_t>(chain.root);
    const int parent = rig.skeleton[root].parent;
    const float parent_distance = parent < 0 ? 0.0f : glm::length(world.value()[static_cast<std::size_t>(parent)].translation);
    const float scale = largest({1.0f, reach, glm::length(target), glm::length(tip), glm::length(world.value()[root].translation),
                                 parent_distance, glm::length(local_transform(rig.skeleton, after, root).translation)});
    if (!(std::fabs(miss - result.error) <= 1e-4f * scale)) {
        return "reported error " + std::to_string(result.error) + " but the tip misses by " + std::to_string(miss);
    }
    return {};
}

Violation check_ik_case(const IkCase& c) {
    const Outcome first = solve(c, false);
    if (!first.status) {
        if (first.status.message().empty()) return "validate() refused without a message";
        if (!std::equal(first.pose.rotations.begin(), first.pose.rotations.end(), c.rig.pose.rotations.begin(),
                        [](const glm::quat& x, const glm::quat& y) { return same_bits(x, y); })) {
            return "a refused solve changed the pose";
        }
        if (within_contract(c)) return "validate() refused a case within the contract: " + first.status.message();
        return {};
    }
    if (Violation v = check_ik_solution(c, first.pose, first.result)) return v;
    if (!same_outcome(first, solve(c, true))) return "a second solve from the same start differs";
    if (c.rig.chains[0].solver == SolverKind::TwoBone && !c.through_solve_chain && c.keep_side == 0.0f) {
        // The batch must accept what TwoBoneJob accepts and give the same limb, within rounding
        // (it keeps no side: a drag's keep_side is TwoBoneJob's alone).
        const Outcome batch = solve_as_batch(c);
        if (!batch.status) return "the two-bone batch refused a limb TwoBoneJob solves: " + batch.status.message();
        if (Violation v = check_ik_solution(c, batch.pose, batch.result)) return "two-bone batch: " + *v;
        if (batch.result.reached != first.result.reached || batch.result.iterations != first.result.iterations) {
            return "the two-bone batch reports another result than TwoBoneJob";
        }
        const auto e = static_cast<std::size_t>(c.rig.chains[0].effector);
        const glm::vec3 tip = bone_tip(compute_world(c.rig.skeleton, first.pose).value()[e], c.rig.skeleton[e].length);
        const glm::vec3 batch_tip = bone_tip(compute_world(c.rig.skeleton, batch.pose).value()[e], c.rig.skeleton[e].length);
        const float scale = largest({1.0f, glm::length(tip), glm::length(c.target), c.rig.skeleton[e].length});
        if (!(glm::length(tip - batch_tip) <= 1e-4f * scale)) return "the two-bone batch puts the tip elsewhere than TwoBoneJob";
    }
    return {};
}

Violation check_ik_bytes(std::span<const std::uint8_t> bytes) {
    const IkCase c = decode_ik_case(bytes);
    if (Violation v = check_ik_case(c)) return *v + "\n" + c.describe();
    return {};
}

}  // namespace marionette::fuzzing
