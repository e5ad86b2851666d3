#pragma once
// The solve on the limb's shape (solve_on_shape, two_bone_paths.hpp) as its closest-tip search sees it: the limb
// set up once a solve (Limb), the closest aim the upper joint allows for a bend (closest_aim,
// two_bone_shaped.cpp), and the search over the bend for the least miss (closest_bend,
// two_bone_closest_bend.cpp). Internal to those two files.

#include <optional>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/ik/joint_limits.hpp"
#include "core/ik/two_bone/two_bone_limb.hpp"
#include "core/ik/two_bone/two_bone_swing_twist.hpp"

namespace marionette::shaped {

// How the upper joint's limits let it aim the tip.
enum class UpperKind { Free, Range2d, Cone, Hinge, SwingTwist };

struct Limb {
    LimbShape shape;
    bool is_2d = false;
    glm::vec3 root{0.0f};  // the root joint in the parent frame
    glm::quat rest_a{1.0f, 0.0f, 0.0f, 0.0f};
    UpperKind upper = UpperKind::Free;
    const JointLimits* upper_limits = nullptr;
    AngleRange upper_range{};                 // Range2d, Hinge
    glm::vec3 upper_hinge{0.0f};              // Hinge, in the upper bone's rest frame
    float cos_cone = -1.0f, sin_cone = 0.0f;  // Cone: of the largest turn from rest, for the closest-tip search
    float cos_half_cone = 0.0f;
    SwingTwistLimits swing_twist{};        // SwingTwist
    float rest_angle = 0.0f;               // 2D: the upper bone's rest rotation as an angle
    AngleRange bends{};                    // the middle joint's allowed bends
    glm::vec3 dir{1.0f, 0.0f, 0.0f};       // root joint -> target, unit
    glm::vec3 dir_rest{1.0f, 0.0f, 0.0f};  // dir in the upper bone's rest frame
    // The tip T(θ) = tip0 + cos θ tip_c + sin θ tip_s (LimbShape::tip's terms gathered).
    glm::vec3 tip0{0.0f}, tip_c{0.0f}, tip_s{0.0f};
    float goal = 0.0f;                           // the distance the tip is sent to along dir (within fold..reach)
    float wanted = 0.0f;                         // the same before clamping: where a limited tip gets as close as it can to
    glm::quat pose_now{1.0f, 0.0f, 0.0f, 0.0f};  // the upper joint's current pose rotation
    glm::vec3 hint{0.0f};                        // 3D: the pole (or the current middle joint) from the root joint
    // 3D: the bend normal kept next to the hint's line: the rest pose's for a pole (worked out
    // only when the pole is that near its line), else `normal`.
    bool normal_from_rest = false;
    glm::vec3 normal{0.0f, 0.0f, 1.0f};
    float tiny = 0.0f;
    float keep_side = 0.0f;  // the job's (kKeptSideTurn, search_band)
};

// The closest direction the upper joint can aim the tip of bend θ toward dir, the pose doing
// it, and how far the tip then is from the goal point.
struct Aim {
    glm::quat pose{1.0f, 0.0f, 0.0f, 0.0f};
    bool along_dir = false;  // the tip points along dir (3D: exact_aim chooses the swivel)
    float miss = 0.0f;
    bool within_limits = false;  // the pose keeps to the upper joint's limits as built, to rounding
};

Aim closest_aim(const Limb& L, Rot2 theta);

// The side of the straight limb the bend θ lies on: +1, -1, or 0 for (nearly) straight.
int branch_of(const LimbShape& shape, Rot2 theta);

// The upper joint's pose that aims the tip of bend θ exactly along dir, within its limits, or
// nothing. 3D: the tip direction goes onto dir and the bend plane's normal onto the one the
// hint asks for (`branch`: the side of the straight limb the bend is on); a cone then allows an
// interval of swivels about dir: that one when it is in the interval, else a point of the
// interval that moves continuously with it.
std::optional<glm::quat> exact_aim(const Limb& L, Rot2 theta, int branch);

// The bend whose closest tip misses least, within L.bends, and its closest aim; `bend_now`: the
// current bend (ties go to the minimum nearest the current pose), `tolerance`: the chain's.
struct ClosestBend {
    float bend = 0.0f;
    Aim aim;
    std::optional<Rot2> turn;  // the bend as a unit complex number, where the search has it
};
ClosestBend closest_bend(const Limb& L, Rot2 bend_now, float tolerance);

// closest_bend's answer for a swing-twist upper joint from the swing's rim
// (two_bone_closest_on_rim.cpp), where that applies: a limb whose bend plane holds the upper
// bone's axis, a swing under a half turn (RimPoses::of says).
std::optional<ClosestBend> closest_on_rim(const Limb& L, Rot2 bend_now, float tolerance);

// At most this many minima a closest-tip search keeps (a limb has one per side, a few more at
// limits).
inline constexpr int kMostBendMinima = 8;

// A swing-twist search's answer within this fraction of the tolerance of a lower bound of every
// pose's miss is taken without looking further (the closest-tip searches of both files).
inline constexpr float kCertainOfTolerance = 0.25f;

}  // namespace marionette::shaped
