#pragma once
// Where a Spine skeleton's bones stand in its setup pose, as Spine places them: each bone's
// world frame a 2x2 matrix (its x and y axes, scale and shear included) and a position, by the
// bone's inheritance (Bone.updateWorldTransform in Spine's runtimes, the skeleton unscaled).
// The import reads Marionette's rigid frames and scales off these. Pure functions.

#include <vector>

#include <glm/glm.hpp>

#include "core/io/spine_import/spine_skeleton_data.hpp"
#include "core/math/angles.hpp"

namespace marionette {

// Spine's angles are degrees; Marionette's radians. In double: the import reads Spine's frames
// exactly before it rounds them to the rig's floats.
inline constexpr double kSpineRadiansPerDegree = kPiDouble / 180.0;

inline double cross_2d(const glm::dvec2& a, const glm::dvec2& b) { return a.x * b.y - a.y * b.x; }

struct SpineWorld {
    glm::dmat2 axes{1.0};  // columns: the bone's x and y axes in the world
    glm::dvec2 position{0.0};
};

// Below this a scale is taken as none: nothing can be divided by it.
inline constexpr double kSpineNoScale = 1e-6;

// A world frame as a rig's bone holds it: an angle, a position and a scale along the frame's own
// axes, read off Spine's matrix; its skew and mirror, which a rig drops, told apart.
struct SpineRigidFrame {
    double angle = 0.0;  // radians
    glm::dvec2 position{0.0};
    glm::dvec2 scale{1.0};
    double skew = 0.0;  // degrees the y axis is off square to x
    bool mirrored = false;
};

// `w` as a rigid frame; `fallback_angle` when its x axis has no length to take an angle from.
SpineRigidFrame spine_rigid_frame(const SpineWorld& w, double fallback_angle);

// A bone's local values, as the setup gives them or an animation changes them (degrees).
struct SpineLocal {
    double x = 0.0, y = 0.0, rotation = 0.0, scale_x = 1.0, scale_y = 1.0, shear_x = 0.0, shear_y = 0.0;
};

// Every bone's local values in the setup pose.
std::vector<SpineLocal> spine_setup_locals(const std::vector<SpineBoneData>& bones);

// Bone `i`'s world frame from its local values and its parent's frame in `world` (a root's parent
// is the skeleton's frame).
SpineWorld spine_bone_world(const std::vector<SpineBoneData>& bones, const std::vector<SpineLocal>& locals,
                            const std::vector<SpineWorld>& world, std::size_t i);

// The world frames of `bones` with local values `locals`, in the skeleton's order (parents
// first); a root's parent is the skeleton's frame.
std::vector<SpineWorld> spine_world(const std::vector<SpineBoneData>& bones, const std::vector<SpineLocal>& locals);

// Every bone's world frame in the setup pose.
inline std::vector<SpineWorld> spine_setup_world(const std::vector<SpineBoneData>& bones) {
    return spine_world(bones, spine_setup_locals(bones));
}

// The frame of `bone` under its parent's `parent` frame, by its inheritance, from its local
// values (degrees): what a pose of the bone gives as much as its setup.
SpineWorld spine_child_world(const SpineWorld& parent, SpineInherit inherit, double x, double y, double rotation, double scale_x,
                             double scale_y, double shear_x, double shear_y);

}  // namespace marionette
