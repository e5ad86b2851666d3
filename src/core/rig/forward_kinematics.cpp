#include "core/rig/forward_kinematics.hpp"

#include <string>

#include "core/base/job_validated.hpp"
#include "core/math/transform_sse.hpp"

namespace marionette {

Status ForwardKinematicsJob::validate() const {
    if (!skeleton || !pose) return Error{"forward kinematics: missing skeleton or pose"};
    const std::size_t n = skeleton->size();
    if (!pose->fits(n)) return Error{"forward kinematics: the pose has " + pose->misfit(n) + " for " + std::to_string(n) + " bones"};
    if (world.size() != n) {
        return Error{"forward kinematics: the output holds " + std::to_string(world.size()) + " transforms for " + std::to_string(n) +
                     " bones"};
    }
    if (!skeleton->is_parent_before_child()) return Error{"forward kinematics: bones are not parent-before-child"};
    return {};
}

void ForwardKinematicsJob::run() const {
    assert_validated(*this, "ForwardKinematicsJob");
    const Skeleton& bones = *skeleton;
#if defined(__SSE2__)
    // The loop every frame runs over every bone, kept in SSE registers, which the scalar
    // operators leave for memory between steps; the same results to the bit (transform_sse.hpp).
    // It composes local_transform's frame (forward_kinematics.hpp) in registers; the #else
    // branch calls it, and ForwardKinematics.EqualsComposingTransformsToTheBit holds the two
    // together.
    const __m128 root_offset = sse::load(pose->root_offset);
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const Bone& b = bones[i];
        const __m128 rotation = sse::multiply(sse::load(b.rest.rotation), sse::load(pose->rotations[i]));
        const __m128 translation = sse::load(b.rest.translation) + sse::load(pose->translations[i]);
        Transform& out = world[i];
        if (b.parent < 0) {
            sse::store(out.translation, translation + root_offset);
            sse::store(out.rotation, rotation);
        } else {
            const auto parent = static_cast<std::size_t>(b.parent);
            const __m128 parent_rotation = sse::load(world[parent].rotation);
            const __m128 stretched = translation * sse::load(pose->scales[parent]);
            sse::store(out.translation, sse::load(world[parent].translation) + sse::rotate(parent_rotation, stretched));
            sse::store(out.rotation, sse::multiply(parent_rotation, rotation));
        }
    }
#else
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const Transform local = local_transform(bones, *pose, i);
        const int parent = bones[i].parent;
        world[i] = parent < 0 ? local : world[static_cast<std::size_t>(parent)] * local;
    }
#endif
}

Transform parent_world(const Skeleton& skeleton, const Pose& pose, int bone) {
    Transform w;
    // Composing is associative, so walking up and multiplying on the left builds
    // root * ... * parent without storing the path.
    for (int b = skeleton[static_cast<std::size_t>(bone)].parent; b >= 0; b = skeleton[static_cast<std::size_t>(b)].parent) {
        w = local_transform(skeleton, pose, static_cast<std::size_t>(b)) * w;
    }
    return w;
}

Result<std::vector<Transform>> compute_world(const Skeleton& skeleton, const Pose& pose) {
    std::vector<Transform> world(skeleton.size());
    const ForwardKinematicsJob job{&skeleton, &pose, world};
    if (Status s = job.validate(); !s) return Error{s.message()};
    job.run();
    return world;
}

}  // namespace marionette
