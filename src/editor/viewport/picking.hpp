#pragma once
// What is under the mouse: bones and point handles (IK targets), found in screen space so a
// tolerance is the same number of pixels at any zoom and depth.
//
// Rules, for both: a thing is hit when the cursor is within the tolerance of it on screen; the
// nearest in pixels wins, except that anything within kPickTieBand pixels of the nearest and
// nearer the camera wins instead (a parent's tip and its child's joint coincide on screen, and
// in 3D the bone in front is the one the user sees). Whatever lies behind the camera's near
// plane is ignored.

#include <optional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"
#include "editor/viewport/view_camera.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

inline constexpr float kPickTieBand = 0.5f;  // pixels

struct BoneHit {
    int bone = -1;
    float distance_pixels = 0.0f;
    // Of the bone's point nearest the cursor on screen (ViewCamera's depth).
    float depth = 0.0f;
};

// A bone is the segment from its joint to its tip as the camera shows it (a zero-length bone,
// or one seen end-on, is its joint). `world` holds each bone's joint frame, as forward
// kinematics gives it from `pose` (whose scales stretch the bones); bones beyond the end of
// `world` are not considered.
std::optional<BoneHit> pick_bone(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                                 const Viewport& viewport, glm::vec2 pixel, float tolerance_pixels);

// Every bone within the tolerance of `pixel`, the nearest the camera first (then the nearest on
// screen): what Alt-click cycles through.
std::vector<int> bones_under(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                             const Viewport& viewport, glm::vec2 pixel, float tolerance_pixels);

// Every bone whose segment, as the camera shows it, touches the screen rectangle with corners
// `a` and `b` (box select), in skeleton order.
std::vector<int> bones_in_box(const Skeleton& skeleton, const Pose& pose, std::span<const Transform> world, const ViewCamera& camera,
                              const Viewport& viewport, glm::vec2 a, glm::vec2 b);

// The index of the point hit.
std::optional<int> pick_point(std::span<const glm::vec3> points, const ViewCamera& camera, const Viewport& viewport, glm::vec2 pixel,
                              float tolerance_pixels);

}  // namespace marionette
