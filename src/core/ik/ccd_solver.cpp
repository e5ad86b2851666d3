#include "core/ik/ccd_solver.hpp"

#include <cmath>
#include <string>

#include "core/base/job_validated.hpp"
#include "core/ik/ccd_joint.hpp"
#include "core/ik/chain_placement.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/solve_extent.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {


// Iterations that bring the effector no closer than this fraction of the chain's reach each (a
// rate no converging case shows) have stalled: the target is out of reach, or limits hold the
// chain. Stopping there spares the editor the rest of the iteration budget every frame of such a
// drag. Progress is judged over a window of iterations: one iteration's change is float noise.
constexpr float kStall = 1e-8f;

struct StallCheck {
    static constexpr int kWindow = 8;
    float per_iteration;
    float checkpoint = INFINITY;
    bool stalled(int iteration, float error) {
        if (iteration % kWindow != 0) return false;
        const bool stuck = checkpoint - error <= kWindow * per_iteration;
        checkpoint = error;
        return stuck;
    }
    // After a nudge the error first grows: judge progress from the next window on.
    void restart() { checkpoint = INFINITY; }
};

// A chain lying along the line to a target it could reach is a fixed point of CCD: every joint
// already points at the target and every step is zero (a straight arm dragged toward its own
// shoulder stays straight; a target just inside full extension leaves the arm straight and
// short of it). When a solve stalls with the target in reach, bend the joints and go on; out of
// reach, stretch the chain (below). A few times at most.
constexpr float kTinyDistanceSquared = 1e-30f;  // keeps 1/|v| finite; such a step does not turn anyway
constexpr float kNudge = 0.1f;                  // radians, when bending cannot help
constexpr int kMaxNudges = 4;

// The bend, the same for every joint below the root, that brings the effector to `wanted` from
// the root joint: then the root's next step lands it on the target instead of letting CCD slide
// back to the straight line. Scans for the first bend short enough, then bisects. Falls back to a
// small fixed bend when no bend is short enough (or the chain is already short of it).
template <class ReachAt>
float bend_for_distance(ReachAt reach_at, float wanted) {
    if (reach_at(0.0f) <= wanted) return kNudge;
    constexpr int kSamples = 32;
    float long_enough = 0.0f;
    for (int i = 1; i <= kSamples; ++i) {
        float short_enough = kPi * static_cast<float>(i) / kSamples;
        if (reach_at(short_enough) <= wanted) {
            for (int step = 0; step < 24; ++step) {
                const float mid = 0.5f * (long_enough + short_enough);
                if (reach_at(mid) > wanted) {
                    long_enough = mid;
                } else {
                    short_enough = mid;
                }
            }
            return 0.5f * (long_enough + short_enough);
        }
        long_enough = short_enough;
    }
    return kNudge;
}

// Fills the scratch, root first, and returns the target in the root's parent frame.
// `constrained`: some start rotation was outside its limits (and has been moved inside) or off
// unit length, so the chain must be written back even if the solve leaves it where it is.
glm::vec3 prepare(const CcdJob& job, std::size_t n, bool& constrained) {
    const Skeleton& sk = *job.skeleton;
    const bool is_2d = job.dimensions == Dimensions::Two;
    int bone = job.effector;
    for (std::size_t k = n; k-- > 0; bone = sk[static_cast<std::size_t>(bone)].parent) {
        CcdJoint& j = job.scratch[k];
        const Bone& b = sk[static_cast<std::size_t>(bone)];
        j.bone = bone;
        const Transform local = local_transform(sk, *job.pose, static_cast<std::size_t>(bone));
        j.translation = local.translation;
        j.rest = b.rest.rotation;
        j.kind = CcdJoint::Kind::Free;
        j.lo = -kPi;
        j.hi = kPi;
        glm::quat pose_rotation = job.pose->rotations[static_cast<std::size_t>(bone)];
        // A start rotation off unit length (which validate() accepts) is written back unit even
        // when the chain is otherwise left as it is (found by fuzzing).
        if (std::fabs(glm::dot(pose_rotation, pose_rotation) - 1.0f) > 1e-5f) constrained = true;
        if (b.limits) {
            // Start inside the limits: a pose loaded from a file may not be.
            const glm::quat inside = constrain_rotation(pose_rotation, *b.limits, is_2d);
            if (!within_limits(pose_rotation, *b.limits, is_2d, 1e-6f)) constrained = true;
            pose_rotation = inside;
            const AngleRange range = angle_range(*b.limits);
            j.lo = range.lo;
            j.hi = range.hi;
            if (is_2d) {
                j.kind = CcdJoint::Kind::Range;
                j.angle = angle_2d(pose_rotation);
            } else if (b.limits->hinge) {
                j.kind = CcdJoint::Kind::Hinge;
                j.hinge_local = *b.limits->hinge;
                j.hinge = b.rest.rotation * j.hinge_local;
                j.angle = twist_angle(pose_rotation, j.hinge_local);
            } else if (b.limits->is_swing_twist()) {
                j.kind = CcdJoint::Kind::SwingTwist;
                j.cone_angle = swing_limit(*b.limits);
                const AngleRange twist = twist_range(*b.limits);
                j.lo = twist.lo;
                j.hi = twist.hi;
            } else if (b.limits->max_angle) {
                j.kind = CcdJoint::Kind::Ball;
                j.cone_angle = *b.limits->max_angle;
                j.cone_cos_half = std::cos(0.5f * j.cone_angle);
            }
        }
        if (is_2d) {
            j.rest_turn = rot2_from_quat(b.rest.rotation);
            j.turn = normalized(j.rest_turn * rot2_from_quat(pose_rotation));
        } else {
            j.rotation = normalized(b.rest.rotation * pose_rotation);
        }
    }
    const Transform parent = chain_parent_frame(sk, *job.pose, job.root, job.parent_frame);
    glm::vec3 target = glm::conjugate(parent.rotation) * (job.target - parent.translation);
    if (is_2d) target.z = 0.0f;
    return target;
}

// Joint k's outgoing segment in its own frame: to the next joint, or the effector's tip.
glm::vec3 segment(const CcdJob& job, std::size_t k, std::size_t n, float effector_length) {
    return k + 1 < n ? job.scratch[k + 1].translation : glm::vec3{effector_length, 0.0f, 0.0f};
}

// The total length of the chain from the root joint to the effector's tip.
float chain_reach(const CcdJob& job, std::size_t n, float effector_length) {
    float reach = effector_length;
    for (std::size_t k = 1; k < n; ++k) reach += glm::length(job.scratch[k].translation);
    return reach;
}

bool out_of_reach(const CcdJob& job, std::size_t n, glm::vec3 target, float effector_length) {
    return glm::length(target - job.scratch[0].translation) >= chain_reach(job, n, effector_length);
}

// The effector's tip in the root's parent frame as the scratch holds the chain.
glm::vec3 effector_tip(const CcdJob& job, std::size_t n, float effector_length) {
    glm::vec3 e{effector_length, 0.0f, 0.0f};
    for (std::size_t k = n; k-- > 0;) {
        const CcdJoint& j = job.scratch[k];
        if (job.dimensions == Dimensions::Two) {
            e = j.translation + glm::vec3{rotate(j.turn, glm::vec2{e}), 0.0f};
        } else {
            e = j.translation + j.rotation * e;
        }
    }
    return e;
}

// The iteration loop of both dimensions. `iterate` runs one CCD iteration and returns the
// error; on a stall the chain is bent (target in reach) or stretched (out of reach), at most
// kMaxNudges times, before the solve gives up.
template <class Iterate, class Bend, class Stretch>
IkResult iterate_until_done(const CcdJob& job, std::size_t n, glm::vec3 target, float effector_length, Iterate iterate, Bend bend,
                            Stretch stretch) {
    const bool in_reach = !out_of_reach(job, n, target, effector_length);
    StallCheck progress{kStall * chain_reach(job, n, effector_length)};
    int escapes = 0;
    IkResult result;
    for (int it = 1; it <= job.settings.max_iterations; ++it) {
        result.iterations = it;
        result.error = iterate();
        if (result.error <= job.settings.tolerance) break;
        if (progress.stalled(it, result.error)) {
            // A nudge moves the chain after this error was measured: never the last thing a solve
            // does (on the last iteration it left a reported miss of 2e-4 for a real one of 2e-3;
            // found by fuzzing).
            if (escapes == kMaxNudges || it == job.settings.max_iterations) break;
            ++escapes;
            if (in_reach) {
                bend();
            } else {
                stretch();
            }
            progress.restart();
        }
    }
    return result;
}

// The effector in the root bone's frame with every joint below the root bent by phi.
glm::vec2 bent_effector_2d(const CcdJob& job, std::size_t n, float effector_length, float phi) {
    glm::vec2 e{effector_length, 0.0f};
    for (std::size_t k = n; k-- > 1;) e = glm::vec2{job.scratch[k].translation} + rotate(bent_turn_2d(job.scratch[k], phi), e);
    return e;
}

// Bends the chain to the target's distance, then aims the root: the next iteration starts on
// (or near) the answer. Aiming before the other joints step matters: stepped first, the joint
// below the root would point its bone straight at the target and undo the bend.
void nudge_2d(const CcdJob& job, std::size_t n, float effector_length, glm::vec2 target, Rot2 max_step) {
    CcdJoint& root = job.scratch[0];
    const glm::vec2 origin{root.translation};
    const float phi =
        bend_for_distance([&](float p) { return glm::length(bent_effector_2d(job, n, effector_length, p)); }, glm::length(target - origin));
    for (std::size_t k = 1; k < n; ++k) {
        CcdJoint& j = job.scratch[k];
        j.turn = normalized(bent_turn_2d(j, phi));  // before the angle moves: it bends from the current one
        if (j.kind == CcdJoint::Kind::Range) j.angle = clamp_to(j.angle + phi, j.lo, j.hi);
    }
    step_2d(root, rotate(root.turn, bent_effector_2d(job, n, effector_length, 0.0f)), target - origin, max_step);
}

// Out of reach the answer is known: aim each segment at the target from the root down and the
// chain lies straight along root->target in one pass. Used only when CCD stalls there (a chain
// pointing away from a far target can settle folded along the line): while CCD still makes
// progress it straightens the chain gradually, which a drag shows without a pop.
void stretch_2d(const CcdJob& job, std::size_t n, float effector_length, glm::vec2 target, Rot2 max_step) {
    glm::vec2 t = target;
    for (std::size_t k = 0; k < n; ++k) {
        CcdJoint& j = job.scratch[k];
        const glm::vec2 origin{j.translation};
        step_2d(j, rotate(j.turn, glm::vec2{segment(job, k, n, effector_length)}), t - origin, max_step);
        t = rotate(conjugate(j.turn), t - origin);
    }
}

IkResult run_2d(const CcdJob& job, std::size_t n, glm::vec3 target3) {
    const glm::vec2 target{target3.x, target3.y};
    const Rot2 max_step = rot2(min_of(job.settings.max_step, kPi));
    const float effector_length = posed_length(*job.skeleton, *job.pose, static_cast<std::size_t>(job.effector));
    auto iterate = [&] {
        glm::vec2 t = target;
        for (std::size_t k = 0; k < n; ++k) {
            CcdJoint& j = job.scratch[k];
            const glm::vec2 to_target = t - glm::vec2{j.translation};
            j.target = {t, 0.0f};
            j.inverse_target_distance = inverse_sqrt(max_of(glm::dot(to_target, to_target), kTinyDistanceSquared));
            t = rotate(conjugate(j.turn), to_target);
        }
        glm::vec2 e{effector_length, 0.0f};
        for (std::size_t k = n; k-- > 0;) {
            CcdJoint& j = job.scratch[k];
            const glm::vec2 origin{j.translation};
            const glm::vec2 v = glm::vec2{j.target} - origin;
            // |joint->effector| is |e| in the joint's own frame: known before the step.
            const float along = std::sqrt(glm::dot(e, e)) * j.inverse_target_distance;
            e = origin + (step_2d(j, rotate(j.turn, e), v, max_step) ? v * along : rotate(j.turn, e));
        }
        return glm::length(e - target);
    };
    return iterate_until_done(
        job, n, target3, effector_length, iterate, [&] { nudge_2d(job, n, effector_length, target, max_step); },
        [&] { stretch_2d(job, n, effector_length, target, max_step); });
}

glm::vec3 bent_effector_3d(const CcdJob& job, std::size_t n, float effector_length, float phi) {
    glm::vec3 e{effector_length, 0.0f, 0.0f};
    for (std::size_t k = n; k-- > 1;) e = job.scratch[k].translation + bent_rotation_3d(job.scratch[k], phi) * e;
    return e;
}

// As nudge_2d: bend to the target's distance, then aim the root.
void nudge_3d(const CcdJob& job, std::size_t n, float effector_length, glm::vec3 target, float max_step, float cos_half_max_step) {
    CcdJoint& root = job.scratch[0];
    const float phi = bend_for_distance([&](float p) { return glm::length(bent_effector_3d(job, n, effector_length, p)); },
                                        glm::length(target - root.translation));
    for (std::size_t k = 1; k < n; ++k) {
        CcdJoint& j = job.scratch[k];
        j.rotation = normalized(bent_rotation_3d(j, phi));
        if (j.kind == CcdJoint::Kind::Hinge) j.angle = clamp_to(j.angle + phi, j.lo, j.hi);
    }
    step_3d(root, root.rotation * bent_effector_3d(job, n, effector_length, 0.0f), target - root.translation, max_step, cos_half_max_step);
}

void stretch_3d(const CcdJob& job, std::size_t n, float effector_length, glm::vec3 target, float max_step, float cos_half_max_step) {
    glm::vec3 t = target;
    for (std::size_t k = 0; k < n; ++k) {
        CcdJoint& j = job.scratch[k];
        step_3d(j, j.rotation * segment(job, k, n, effector_length), t - j.translation, max_step, cos_half_max_step);
        t = glm::conjugate(j.rotation) * (t - j.translation);
    }
}

IkResult run_3d(const CcdJob& job, std::size_t n, glm::vec3 target) {
    const float max_step = min_of(job.settings.max_step, kPi);
    const float cos_half_max_step = std::cos(0.5f * max_step);
    const float effector_length = posed_length(*job.skeleton, *job.pose, static_cast<std::size_t>(job.effector));
    auto iterate = [&] {
        glm::vec3 t = target;
        for (std::size_t k = 0; k < n; ++k) {
            CcdJoint& j = job.scratch[k];
            const glm::vec3 to_target = t - j.translation;
            j.target = t;
            j.inverse_target_distance = inverse_sqrt(max_of(glm::dot(to_target, to_target), kTinyDistanceSquared));
            t = glm::conjugate(j.rotation) * to_target;
        }
        glm::vec3 e{effector_length, 0.0f, 0.0f};
        for (std::size_t k = n; k-- > 0;) {
            CcdJoint& j = job.scratch[k];
            const glm::vec3 v = j.target - j.translation;
            const float along = std::sqrt(glm::dot(e, e)) * j.inverse_target_distance;
            e = j.translation + (step_3d(j, j.rotation * e, v, max_step, cos_half_max_step) ? v * along : j.rotation * e);
        }
        return glm::length(e - target);
    };
    return iterate_until_done(
        job, n, target, effector_length, iterate, [&] { nudge_3d(job, n, effector_length, target, max_step, cos_half_max_step); },
        [&] { stretch_3d(job, n, effector_length, target, max_step, cos_half_max_step); });
}

}  // namespace

std::size_t chain_length(const Skeleton& skeleton, int root, int effector) {
    const int n = static_cast<int>(skeleton.size());
    if (root < 0 || root >= n || effector < 0 || effector >= n || !skeleton.is_ancestor_or_self(root, effector)) return 0;
    std::size_t length = 1;
    for (int b = effector; b != root; b = skeleton[static_cast<std::size_t>(b)].parent) ++length;
    return length;
}

Status CcdJob::validate() const {
    if (!skeleton || !pose) return Error{"ccd: missing skeleton or pose"};
    if (!pose->fits(skeleton->size())) return Error{"ccd: the pose does not match the skeleton"};
    // The chain and what places it; the rest of the skeleton is not read.
    const bool in_skeleton = effector >= 0 && static_cast<std::size_t>(effector) < skeleton->size() && root >= 0 &&
                             static_cast<std::size_t>(root) < skeleton->size();
    if (in_skeleton) {
        if (Status s = check_chain_order("ccd", *skeleton, root, effector, parent_frame); !s) return s;
    }
    const std::size_t n = chain_length(*skeleton, root, effector);
    if (n == 0) return Error{"ccd: the effector is not below the chain's root"};
    if (scratch.size() < n) {
        return Error{"ccd: scratch holds " + std::to_string(scratch.size()) + " joints for a chain of " + std::to_string(n)};
    }
    if (!is_finite(target)) return Error{"ccd: the target is not a finite point"};
    if (settings.max_iterations < 1) return Error{"ccd: iterations must be at least 1"};
    if (!(settings.tolerance >= 0.0f) || !std::isfinite(settings.tolerance)) return Error{"ccd: bad tolerance"};
    if (!(settings.max_step > 0.0f) || !std::isfinite(settings.max_step)) return Error{"ccd: bad max_step"};
    if (!is_finite(pose->root_offset)) return Error{"ccd: the root offset is not finite"};
    for (int b = effector;; b = (*skeleton)[static_cast<std::size_t>(b)].parent) {
        const glm::quat& q = pose->rotations[static_cast<std::size_t>(b)];
        if (!is_finite(q) || glm::dot(q, q) < 1e-12f) {
            return Error{"ccd: the pose rotation of \"" + (*skeleton)[static_cast<std::size_t>(b)].name + "\" is not a rotation"};
        }
        if (b == root) break;
    }
    // The chain's ancestors place it; a non-finite one would make the whole result NaN.
    const Transform parent = chain_parent_frame(*skeleton, *pose, root, parent_frame);
    if (!is_finite(parent.translation) || !is_finite(parent.rotation)) return Error{"ccd: the chain's parent is not finite"};
    return check_solve_extent("ccd", *skeleton, *pose, root, effector, parent, target, std::nullopt);
}

IkResult CcdJob::run() const {
    assert_validated(*this, "CcdJob");
    const std::size_t n = chain_length(*skeleton, root, effector);
    bool constrained = false;
    const glm::vec3 local_target = prepare(*this, n, constrained);
    const float effector_length = posed_length(*skeleton, *pose, static_cast<std::size_t>(effector));
    // A chain already within tolerance is left as it is, and so is one the iterations bring no
    // closer than a hundredth of the tolerance: solving again toward a still target from the
    // pose the last solve left changes nothing. A start outside the limits is always replaced.
    IkResult start;
    start.error = glm::length(effector_tip(*this, n, effector_length) - local_target);
    start.reached = start.error <= settings.tolerance;
    if (start.reached && !constrained) return start;
    IkResult result = start;
    if (!start.reached) {
        result = dimensions == Dimensions::Two ? run_2d(*this, n, local_target) : run_3d(*this, n, local_target);
        result.reached = result.error <= settings.tolerance;
        const float gain = max_of(0.01f * settings.tolerance, 1e-7f * chain_reach(*this, n, effector_length));
        if (!constrained && !(result.error < start.error - gain)) {
            start.iterations = result.iterations;
            return start;
        }
    }
    const bool is_2d = dimensions == Dimensions::Two;
    for (std::size_t k = 0; k < n; ++k) {
        const CcdJoint& j = scratch[k];
        glm::quat& out = pose->rotations[static_cast<std::size_t>(j.bone)];
        if (is_2d) {
            out = j.kind == CcdJoint::Kind::Range ? rotation_2d(j.angle) : quat_from_rot2(conjugate(j.rest_turn) * j.turn);
        } else if (j.kind == CcdJoint::Kind::Hinge) {
            out = glm::angleAxis(j.angle, j.hinge_local);
        } else {
            out = normalized(glm::conjugate(j.rest) * j.rotation);
        }
    }
    return result;
}

}  // namespace marionette
