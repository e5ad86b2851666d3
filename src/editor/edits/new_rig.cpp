#include "editor/edits/new_rig.hpp"

#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"

namespace marionette {

Rig new_rig(Dimensions dimensions) {
    Rig rig;
    rig.dimensions = dimensions;
    Bone root;
    root.name = "root";
    root.length = dimensions == Dimensions::Two ? 100.0f : 0.5f;
    root.rest.rotation = rotation_2d(0.5f * kPi);  // along +y: up on screen in 2D, up in 3D
    rig.skeleton = Skeleton({root});
    rig.pose = Pose::rest(1);
    return rig;
}

}  // namespace marionette
