#include "editor/edits/mirror_edits.hpp"

#include <algorithm>

#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/mirror_pairs.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

namespace {

std::vector<Transform> rest_world(const Rig& rig) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size()));
    return world ? std::move(world).value() : std::vector<Transform>(rig.skeleton.size());
}

std::optional<JointLimits> mirrored_limits(const Rig& rig, const std::optional<JointLimits>& limits, const glm::quat& source_frame,
                                           const glm::quat& twin_frame, const glm::mat3& reflect) {
    if (!limits) return std::nullopt;
    JointLimits out = *limits;
    if (limits->twist) out.twist = TwistRange{-limits->twist->max, -limits->twist->min};
    if (rig.is_2d() || !limits->hinge) {
        // A turn about z (2D) reflects to the opposite turn; a cone about the bone is itself.
        if (rig.is_2d() && limits->min_angle && limits->max_angle) {
            out.min_angle = -*limits->max_angle;
            out.max_angle = -*limits->min_angle;
        }
        return out;
    }
    // A turn t about axis a reflects to a turn t about -S a: the twin's hinge is that axis in
    // its own frame, with the same range.
    const glm::vec3 world_axis = source_frame * *limits->hinge;
    out.hinge = glm::normalize(glm::conjugate(twin_frame) * -(reflect * world_axis));
    return out;
}

}  // namespace

Result<Rig> mirror_rest_and_limits(const Rig& before, const Rig& edited, std::span<const int> bones, const glm::vec3& axis) {
    if (before.skeleton.size() != edited.skeleton.size()) return edited;  // the tree changed: nothing is a twin's edit
    const std::vector<int> twins = mirror_twins(edited.skeleton);
    const glm::mat3 reflect = glm::mat3(1.0f) - 2.0f * glm::outerProduct(axis, axis);
    const std::vector<Transform> old_rest = rest_world(before);
    std::vector<int> sources(bones.begin(), bones.end());
    std::sort(sources.begin(), sources.end());
    Rig out = edited;
    for (const int b : sources) {
        if (b < 0 || static_cast<std::size_t>(b) >= twins.size()) continue;
        const int t = twins[static_cast<std::size_t>(b)];
        if (t < 0 || std::binary_search(sources.begin(), sources.end(), t)) continue;
        const auto bi = static_cast<std::size_t>(b);
        const auto ti = static_cast<std::size_t>(t);
        const Bone& source = edited.skeleton[bi];
        const Bone& was = before.skeleton[bi];
        const bool moved = source.rest.translation != was.rest.translation;
        const bool rest_changed = moved || source.rest.rotation != was.rest.rotation;
        const std::string twin = "the twin \"" + out.skeleton[ti].name + "\": ";
        if (rest_changed) {
            const std::vector<Transform> world = rest_world(out);
            const int tp = out.skeleton[ti].parent;
            const Transform parent = tp < 0 ? Transform{} : world[static_cast<std::size_t>(tp)];
            const glm::mat3 turned = reflect * glm::mat3_cast(world[bi].rotation) * glm::transpose(glm::mat3_cast(old_rest[bi].rotation)) *
                                     reflect * glm::mat3_cast(old_rest[ti].rotation);
            glm::quat local = normalized(glm::conjugate(parent.rotation) * glm::quat_cast(turned));
            glm::vec3 at = glm::conjugate(parent.rotation) * (reflect * world[bi].translation - parent.translation);
            if (out.is_2d()) {
                local = rotation_2d(angle_2d(local));
                at.z = 0.0f;
            }
            // The joint follows only a move: a turn alone leaves it where it is.
            Result<Rig> placed = moved ? set_rest_translation(out, t, at) : Result<Rig>(out);
            if (!placed) return Error{twin + placed.message()};
            Result<Rig> turned_rig = set_rest_rotation(placed.value(), t, local);
            if (!turned_rig) return Error{twin + turned_rig.message()};
            out = std::move(turned_rig).value();
        }
        if (source.length != was.length) {
            Result<Rig> lengthened = set_bone_length(out, t, source.length);
            if (!lengthened) return Error{twin + lengthened.message()};
            out = std::move(lengthened).value();
        }
        if (source.limits != was.limits) {
            const std::vector<Transform> world = rest_world(out);
            Result<Rig> limited = set_limits(out, t, mirrored_limits(out, source.limits, world[bi].rotation, world[ti].rotation, reflect));
            if (!limited) return Error{twin + limited.message()};
            out = std::move(limited).value();
        }
    }
    return out;
}

}  // namespace marionette
