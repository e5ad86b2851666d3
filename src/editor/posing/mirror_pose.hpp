#pragma once
// Mirroring a pose across the rig's side axis (core/rig/mirror_pairs.hpp), as Blender's "Paste
// X-Flipped Pose" and Maya's mirror pose do: "mirror" copies one side onto the other, "flip"
// swaps the sides (the spine and other bones without a twin turn to their own mirror image).
// A bone takes its source's world turn reflected across the plane through the origin across
// `axis`, measured from the rest: at rest a bone mirrors onto its twin's rest exactly, whether or
// not the rig's two sides were built alike. Its pose move is reflected the same way, its scale
// copied. Pure functions returning the edited rig, as the other edits (one undo step each).

#include <optional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

// `rig` with each of `sources`' twins posed as that source mirrored. Refused when a source is no
// bone, or a bone and its twin are both sources (which side is copied?), or `axis` is not a
// unit vector. Sources without a twin are passed over.
Result<Rig> mirror_pose(const Rig& rig, std::span<const int> sources, const glm::vec3& axis);

// What "copy to the other side" copies for the selected bone `bone`: it and the bones under it
// that have a twin (an arm from its shoulder down); empty for none (or no bone selected).
std::vector<int> mirror_sources(const Rig& rig, int bone);

// `rig` with every bone posed as its twin mirrored (a bone without one as itself mirrored), and
// the root offset reflected: flipping twice gives the pose back.
Result<Rig> flip_pose(const Rig& rig, const glm::vec3& axis);

// `rig` with each of `bones`, as `from` poses it, mirrored onto its twin (a bone without one,
// onto itself); every other bone keeps `rig`'s pose. Pasting a copied pose flipped: `from` is
// the rig with the copy pasted as it was.
Result<Rig> mirror_bones_from(const Rig& rig, const Pose& from, std::span<const int> bones, const glm::vec3& axis);

// Names the axis a 3D rig mirrors across (a finite, non-zero vector, stored unit), or with
// nullopt goes back to the one detected from the rest pose. A 2D rig mirrors across x: only
// nullopt is taken.
Result<Rig> set_side_axis(const Rig& rig, const std::optional<glm::vec3>& axis);

}  // namespace marionette
