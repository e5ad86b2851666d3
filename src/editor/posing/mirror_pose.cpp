#include "editor/posing/mirror_pose.hpp"

#include <cmath>

#include "core/math/rotation_math.hpp"
#include "core/math/unit_length.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/mirror_pairs.hpp"

namespace marionette {

namespace {

Status check_axis(const glm::vec3& axis) {
    if (!is_finite(axis) || std::fabs(glm::length(axis) - 1.0f) > 1e-4f) return Error{"the mirror axis must be a unit vector"};
    return {};
}

// The rig's pose with bone b posed as bone source[b] is in `from` mirrored across the plane
// through the origin across `axis` (source[b] -1: b keeps its pose).
Result<Pose> mirrored(const Rig& rig, const Pose& from, const std::vector<int>& source, const glm::vec3& axis) {
    const Skeleton& skeleton = rig.skeleton;
    const Pose& pose = from;
    if (!from.fits(skeleton.size())) return Error{"the pose does not fit the skeleton"};
    Result<std::vector<Transform>> rest = compute_world(skeleton, Pose::rest(skeleton.size()));
    if (!rest) return Error{rest.message()};
    Result<std::vector<Transform>> posed = compute_world(skeleton, pose);
    if (!posed) return Error{posed.message()};
    const glm::mat3 reflect = glm::mat3(1.0f) - 2.0f * glm::outerProduct(axis, axis);
    Pose out = rig.pose;
    std::vector<Transform> world(skeleton.size());
    for (std::size_t b = 0; b < skeleton.size(); ++b) {
        const Bone& bone = skeleton[b];
        const Transform parent = bone.parent < 0 ? Transform{} : world[static_cast<std::size_t>(bone.parent)];
        if (const int s = source[b]; s >= 0) {
            const auto src = static_cast<std::size_t>(s);
            // The source's turn from its rest, reflected, on the twin's rest: S R D with
            // D = R_source_rest^T S R_rest, a rotation however the two rests differ.
            const glm::mat3 turned = reflect * glm::mat3_cast(posed.value()[src].rotation) *
                                     glm::transpose(glm::mat3_cast(rest.value()[src].rotation)) * reflect *
                                     glm::mat3_cast(rest.value()[b].rotation);
            const glm::quat local = glm::conjugate(parent.rotation) * glm::quat_cast(turned);
            glm::quat q = normalized(glm::conjugate(bone.rest.rotation) * local);
            if (rig.is_2d()) q = rotation_2d(angle_2d(q));
            out.rotations[b] = q;
            // The pose move, in the source's parent's frame, reflected into the twin's parent's.
            const int sp = skeleton[src].parent;
            const glm::quat source_parent =
                sp < 0 ? glm::quat{1.0f, 0.0f, 0.0f, 0.0f} : posed.value()[static_cast<std::size_t>(sp)].rotation;
            glm::vec3 move = glm::conjugate(parent.rotation) * (reflect * (source_parent * pose.translations[src]));
            if (rig.is_2d()) move.z = 0.0f;
            out.translations[b] = move;
            out.scales[b] = pose.scales[src];
        }
        world[b] = parent * local_transform(skeleton, out, b);
    }
    return out;
}

}  // namespace

std::vector<int> mirror_sources(const Rig& rig, int bone) {
    std::vector<int> sources;
    if (bone < 0 || static_cast<std::size_t>(bone) >= rig.skeleton.size()) return sources;
    const std::vector<int> twins = mirror_twins(rig.skeleton);
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        if (twins[b] >= 0 && rig.skeleton.is_ancestor_or_self(bone, static_cast<int>(b))) sources.push_back(static_cast<int>(b));
    }
    return sources;
}

Result<Rig> mirror_pose(const Rig& rig, std::span<const int> sources, const glm::vec3& axis) {
    if (Status s = check_axis(axis); !s) return Error{"cannot mirror the pose: " + s.message()};
    if (!rig.pose.fits(rig.skeleton.size())) return Error{"cannot mirror the pose: it does not fit the skeleton"};
    const std::vector<int> twins = mirror_twins(rig.skeleton);
    std::vector<int> source(rig.skeleton.size(), -1);
    for (int b : sources) {
        if (b < 0 || static_cast<std::size_t>(b) >= rig.skeleton.size())
            return Error{"cannot mirror the pose: no bone " + std::to_string(b)};
        const int twin = twins[static_cast<std::size_t>(b)];
        if (twin < 0) continue;
        if (source[static_cast<std::size_t>(b)] >= 0) {
            return Error{"cannot mirror the pose: " + rig.skeleton[static_cast<std::size_t>(b)].name + " and " +
                         rig.skeleton[static_cast<std::size_t>(twin)].name + " are both to be copied; choose one side"};
        }
        source[static_cast<std::size_t>(twin)] = b;
    }
    Result<Pose> pose = mirrored(rig, rig.pose, source, axis);
    if (!pose) return Error{"cannot mirror the pose: " + pose.message()};
    Rig out = rig;
    out.pose = std::move(pose).value();
    return out;
}

Result<Rig> flip_pose(const Rig& rig, const glm::vec3& axis) {
    if (Status s = check_axis(axis); !s) return Error{"cannot flip the pose: " + s.message()};
    if (!rig.pose.fits(rig.skeleton.size())) return Error{"cannot flip the pose: it does not fit the skeleton"};
    std::vector<int> source = mirror_twins(rig.skeleton);
    for (std::size_t b = 0; b < source.size(); ++b) {
        if (source[b] < 0) source[b] = static_cast<int>(b);
    }
    Result<Pose> pose = mirrored(rig, rig.pose, source, axis);
    if (!pose) return Error{"cannot flip the pose: " + pose.message()};
    Rig out = rig;
    out.pose = std::move(pose).value();
    const glm::mat3 reflect = glm::mat3(1.0f) - 2.0f * glm::outerProduct(axis, axis);
    out.pose.root_offset = reflect * rig.pose.root_offset;
    return out;
}

Result<Rig> mirror_bones_from(const Rig& rig, const Pose& from, std::span<const int> bones, const glm::vec3& axis) {
    if (Status s = check_axis(axis); !s) return Error{"cannot mirror the pose: " + s.message()};
    if (!rig.pose.fits(rig.skeleton.size())) return Error{"cannot mirror the pose: it does not fit the skeleton"};
    const std::vector<int> twins = mirror_twins(rig.skeleton);
    std::vector<int> source(rig.skeleton.size(), -1);
    for (const int b : bones) {
        if (b < 0 || static_cast<std::size_t>(b) >= rig.skeleton.size())
            return Error{"cannot mirror the pose: no bone " + std::to_string(b)};
        const int twin = twins[static_cast<std::size_t>(b)];
        source[static_cast<std::size_t>(twin >= 0 ? twin : b)] = b;  // twins pair one to one: no target twice
    }
    Result<Pose> pose = mirrored(rig, from, source, axis);
    if (!pose) return Error{"cannot mirror the pose: " + pose.message()};
    Rig out = rig;
    out.pose = std::move(pose).value();
    return out;
}

Result<Rig> set_side_axis(const Rig& rig, const std::optional<glm::vec3>& axis) {
    Rig out = rig;
    out.side_axis.reset();
    if (!axis) return out;
    if (rig.is_2d()) return Error{"a 2D rig mirrors across x: it takes no side axis"};
    const std::optional<glm::vec3> unit = unit_direction(*axis);
    if (!unit) return Error{"the side axis must be a finite, non-zero direction"};
    out.side_axis = *unit;
    return out;
}

}  // namespace marionette
