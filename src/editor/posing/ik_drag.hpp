#pragma once
// Inverse-kinematics dragging: the grabbed effector's tip follows the cursor and its chain bends
// to reach it, solved every time the cursor moves, starting from the pose the last move left
// (so CCD keeps converging frame after frame and nothing flips). The target is the cursor plus
// the offset from the grab point to the tip at the start, so grabbing a hand by its middle does
// not make it jump.

#include <vector>

#include "core/base/result.hpp"
#include "core/ik/ik_result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

inline constexpr int kDefaultAutoChainLength = 2;
inline constexpr const char* kAutoChainName = "auto";  // the name drag_chain_for gives an automatic chain

// The chain a drag of `bone` uses: the rig's chain ending at that bone if there is one (the
// first), else an automatic CCD chain from the bone up `auto_length` parents (fewer near a root).
IkChain drag_chain_for(const Rig& rig, int bone, int auto_length);

class IkDrag {
public:
    // Starts dragging `chain`'s effector from `grab`, a world point (on the view plane through
    // the effector's tip). A pinned chain's target starts at its pin (at a mix of 1; below,
    // where the pin does not hold it, at the tip) and the pin moves with the cursor (grabbing
    // the pin handle or the bone moves the pin by as much as the cursor moves). A 3D two-bone chain without a pole bends toward where its middle joint
    // is now: the limb keeps the plane it had when the drag began.
    static Result<IkDrag> start(const Rig& rig, const Pose& pose, IkChain chain, const glm::vec3& grab);

    // Moves the target under the cursor and solves the chain; only the chain's bones change,
    // each `mix` of the way from where it was when the drag began to the solve's answer.
    // The solve starts from the pose the last solve left, and the chain shown in `pose` turns
    // toward its answer at once, unless that is a swing further than the target's step
    // accounts for (limb_swing.hpp): then it turns kSwingStepRadians a call, and settle()
    // carries it on while the cursor rests.
    // `precision` (world units; 0: none) tightens a CCD chain's tolerance for the drag: a rig's
    // tolerance can be coarser than a pixel at the zoom the user drags at, and the hand would
    // then stop visibly short of the cursor. The chain's iteration budget still bounds the work.
    Result<IkResult> move(const Rig& rig, Pose& pose, const glm::vec3& cursor, float precision = 0.0f);

    // One step of the drag on the document: move() on the rig's pose, then a pinned chain's pin
    // follows the target, and the rig's other pinned chains hold their pins.
    Result<IkResult> drag(Rig& rig, const glm::vec3& cursor, float precision = 0.0f);

    // One frame of a swing in progress (nothing when none is): the chain turns further toward
    // the last solve, pins held as drag() holds them. True while the swing goes on.
    bool settle(Rig& rig);
    // Ends a swing in progress at once (the drag ends: the document keeps the solve's answer).
    void finish(Rig& rig);
    bool swinging() const { return swinging_; }

    // The same drag (grab offset, target) on another chain: the automatic chain's length changed
    // mid-drag. Call move() to solve the new chain.
    Result<IkDrag> with_chain(const Rig& rig, const Pose& pose, IkChain chain) const;

    const IkChain& chain() const { return chain_; }
    // The world point under the cursor at the last move (the target minus the grab offset).
    glm::vec3 cursor() const { return target_ - offset_; }
    const glm::vec3& target() const { return target_; }
    // The last move's tip is short of a target within the chain's reach only by a two-bone
    // chain's softness (two_bone_goal_distance): as the chain asks, not a miss.
    bool softened() const { return softened_; }

private:
    IkDrag() = default;
    IkChain chain_;
    std::vector<int> bones_;  // the chain's, root first: the bones a pin must not take back
    glm::vec3 offset_{0.0f};  // tip minus grab point at the start
    glm::vec3 target_{0.0f};
    glm::vec3 pin_offset_{0.0f};     // a pin not held (mix below 1): where it lies from the target
    std::vector<glm::quat> solved_;  // the chain's rotations (bones_ order) as the last solve left them
    std::vector<glm::quat> fk_;      // the chain's rotations when the drag began: its FK, which its mix keeps some of
    std::vector<glm::quat> aim_;     // the solve's answer with the chain's mix: what the chain turns toward
    bool swinging_ = false;
    bool softened_ = false;
    float reach_ = 0.0f;  // the chain's bones end to end
    void hold_pins_after_move(Rig& rig);
};

}  // namespace marionette
