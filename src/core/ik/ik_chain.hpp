#pragma once
// An IK chain as the rig defines it: which bones, which solver, with which settings. The solvers
// themselves live in their own files; this is the document's description of a chain.

#include <optional>
#include <string>
#include <vector>

#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

enum class SolverKind { Ccd, TwoBone };

const char* solver_name(SolverKind kind);  // "ccd", "two_bone"

struct CcdSettings {
    int max_iterations = 20;
    float tolerance = 0.001f;
    float max_step = 3.14159265f;  // radians per joint per step

    bool operator==(const CcdSettings&) const = default;
};

struct TwoBoneSettings {
    int bend = 1;                   // 2D: +1 counter-clockwise, -1 clockwise
    std::optional<glm::vec3> pole;  // 3D: world-space point the middle joint bends toward
    float softness = 0.0f;          // [0, 1]

    bool operator==(const TwoBoneSettings&) const = default;
};

struct IkChain {
    std::string name;
    int root = -1;      // top bone of the chain
    int effector = -1;  // last bone; its tip is driven to the target
    SolverKind solver = SolverKind::Ccd;
    CcdSettings ccd;
    TwoBoneSettings two_bone;
    // A pinned chain's effector tip is held at this world point while other bones move (the
    // feet stay planted while the hips turn). Dragging the effector carries the pin along.
    std::optional<glm::vec3> pin;
    // How much of IK's answer the chain takes, in [0, 1] (Spine's mix, Blender's influence):
    // each bone ends `mix` of the way from its FK rotation (where it was before IK acted) to
    // the solve's. 1: IK alone; 0: the chain is posed by FK and a drag turns its bones.
    // A pin holds the chain only at a mix of 1: below, the pin is a target to snap to
    // (chain_snap.hpp), as a limb switched to FK keeps its IK controls in Rigify.
    float mix = 1.0f;

    bool operator==(const IkChain&) const = default;
};

// The chain's bones from root to effector, or empty when the effector is not below the root.
std::vector<int> chain_bones(const Skeleton& skeleton, int root, int effector);

// How far the chain reaches under `pose`: the joints' offsets below the root and the effector's
// length, end to end (infinite for offsets too large for float). `effector` must be below `root`.
float chain_reach(const Skeleton& skeleton, const Pose& pose, int root, int effector);

}  // namespace marionette
