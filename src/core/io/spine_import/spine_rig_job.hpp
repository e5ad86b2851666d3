#pragma once
// A Spine skeleton's setup as a 2D rig (docs/spine.md, "Spine in"), as a job (validate() then
// run(), no hidden state):
//
// - Bones keep their names, tree and lengths. Marionette's bones are rigid frames whose scale
//   stretches the bone, its pictures and its children's joint offsets but not the children
//   (Spine's noScale, pose.hpp); each bone is placed where Spine's setup pose puts it
//   (spine_setup_world.hpp), whatever its inheritance, its world scale along its own axes
//   becoming the rig pose's scale. Shear, and the skew a parent's uneven scale gives a turned
//   child, are dropped (a warning names each bone and the degrees); so is a mirror.
// - Slots keep their names, bones, colours and draw order; each holds every skin's region and
//   mesh attachments for it, showing the setup's. The default skin's are the rig's own, each
//   other skin becomes a skin of the rig (skin.hpp) holding its own. The rig shows no skin, as
//   Spine's setup pose, unless a slot's setup attachment is in no default skin: then the first
//   skin holding it, so that a character whose parts are all in skins opens dressed. Bones and
//   constraints a skin lists act whatever the skin (warned). Each atlas region an attachment
//   shows becomes a picture: cut from its page, turned upright, its trimmed margins restored
//   (spine_region_picture.hpp), one PNG file per region under the picture folder.
// - Meshes keep their triangles, hull and UVs; weighted ones their bones and weights (the four
//   heaviest), bound at the rig's rest. A linked mesh takes its parent's mesh.
// - IK constraints become chains on their bones: two bones a two-bone chain with Spine's bend
//   and softness, one bone a one-bone chain; their target bones stay plain bones.
// Everything else (other constraints, clipping, bounding boxes, paths, points,
// linked meshes of meshes not read, events) is a warning naming what is left out; the
// animations become states (spine_animation_states.hpp).

#include <span>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/image/image_decode.hpp"
#include "core/io/import/imported_rig.hpp"
#include "core/io/spine_import/spine_atlas_reader.hpp"
#include "core/io/spine_import/spine_skeleton_data.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SpineRigOutput {
    Rig rig;
    std::vector<RigPicture> pictures;  // one per atlas region shown, in the order first met
    std::vector<std::string> warnings;
};

struct SpineRigJob {
    // Inputs: the skeleton as read_spine_skeleton gives it; its atlas, or null when none was
    // found (attachments then name pictures that are not written); the atlas's pages decoded,
    // one per page (an empty image for a page that did not load); the pictures' folder from the
    // rig's (is_picture_folder).
    const SpineSkeletonData* skeleton = nullptr;
    const SpineAtlas* atlas = nullptr;
    std::span<const DecodedImage> pages;
    std::string picture_folder;
    // Output.
    SpineRigOutput* output = nullptr;

    Status validate() const;
    void run() const;
};

}  // namespace marionette
