#pragma once
// The setup part of a Spine 4.2 skeleton made from a 2D rig (docs/spine.md): its bones, slots,
// the default skin of region attachments, and the IK constraints of its two-bone chains. The
// setup pose is the rig's rest pose. The plan decides what the rig does not say outright:
//
// - Spine has one root bone. A rig with several roots, a root offset in its pose (which its
//   states keep), or a two-bone chain starting at a root (Spine's two-bone IK needs the upper
//   bone's parent) hangs its roots under an added root bone named so that it takes no bone's
//   name ("root", else "root_1", ...).
// - A bone whose parent is scaled anywhere (the rig's pose, a state's track or channel)
//   inherits "noScale", Spine's counterpart of Marionette's scale rule (pose.hpp); where that
//   scale is uneven the animations turn the child to make up for Spine's skew
//   (spine_inherit.hpp). In the setup pose every scale is 1.
// - Each two-bone chain is an IK constraint on [upper, lower] toward a bone "<chain>-target"
//   added under the root at the chain's tip in the setup pose. CCD chains have no counterpart.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/io/json/json_field.hpp"
#include "core/io/spine/spine_pictures.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SpineIkConstraint {
    std::string name;  // the chain's
    int chain = -1;    // the rig's chain
    int upper = -1;    // rig bones
    int lower = -1;
    std::string target;               // the added target bone
    glm::vec2 target_position{0.0f};  // in the root bone's frame, at the chain's tip in the setup pose
    bool bend_positive = true;        // the lower bone turns counter-clockwise from the upper (bend 1)
    double softness = 0.0;            // in rig units: the chain's fraction of its reach's range
    double mix = 1.0;                 // the chain's FK/IK mix, Spine's the same
};

// Whether Spine can hold `chain` as an IK constraint: a two-bone chain of a bone and its child.
bool is_two_bone_limb(const Rig& rig, const IkChain& chain);

struct SpineSkeletonPlan {
    std::string root;                     // the Spine root bone's name
    bool synthetic_root = false;          // true: added, the rig's roots hang under it
    std::vector<bool> no_scale;           // per rig bone: inherits "noScale"
    bool targets_no_scale = false;        // the IK targets inherit "noScale" (they hang on a rig bone that is scaled)
    std::vector<std::string> slot_names;  // per rig slot, as written
    std::vector<std::string> skin_names;  // per rig skin, as written (Spine's "default" is the rig's own attachments)
    std::vector<SpineIkConstraint> ik;    // the two-bone chains, in the rig's order
    std::size_t bone_count = 0;           // bones written: the rig's, the added root, the targets
};

// Whether a scale stretches a bone's two axes differently (Spine then skews its noScale children).
inline bool uneven_scale(const glm::vec3& s) { return s.x != s.y; }

// The plan for `rig` (2D), with a warning for each thing Spine will show otherwise: a slot
// renamed, an IK constraint Spine leaves idle, a rest pose bent against its chain.
Result<SpineSkeletonPlan> plan_spine_skeleton(const Rig& rig, std::vector<std::string>& warnings);

// The skeleton's "bones", parents before children: the added root, the rig's bones, the targets.
Json spine_bones(const Rig& rig, const SpineSkeletonPlan& plan);
// "slots", in the rig's draw order (bottom first).
Json spine_slots(const Rig& rig, const SpineSkeletonPlan& plan);
// "ik": one constraint per two-bone chain, mix 1 (the animations key it to 0: spine_animation.hpp).
Json spine_ik(const Rig& rig, const SpineSkeletonPlan& plan);
// "skins": the default skin (the rig's own attachments), then the rig's skins, each attachment a
// region or mesh whose "path" is its picture's region.
Json spine_skins(const Rig& rig, const SpineSkeletonPlan& plan, const SpineRegions& regions);

// A region attachment's placement: its picture's centre in the bone's frame (Spine turns and
// scales a region about its centre; Marionette about the attachment's pivot).
glm::vec2 attachment_centre(const Attachment& a);

}  // namespace marionette
