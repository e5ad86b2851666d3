#include "core/forward_kinematics.hpp"

#include <string>

#include "core/job_validated.hpp"

namespace marionette {

Status ForwardKinematicsJob::validate() const {
    if (!skeleton || !pose) return Error{"forward kinematics: missing skeleton or pose"};
    const std::size_t n = skeleton->size();
    if (!pose->fits(n)) return Error{"forward kinematics: the pose has " + pose->misfit(n) + " for " + std::to_string(n) + " bones"};
    if (world.size() != n) {
        return Error{"forward kinematics: the output holds " + std::to_string(world.size()) + " transforms for " +
                     std::to_string(n) + " bones"};
    }
    if (!skeleton->is_parent_before_child()) return Error{"forward kinematics: bones are not parent-before-child"};
    return {};
}

void ForwardKinematicsJob::run() const {
    assert_validated(*this, "ForwardKinematicsJob");
    const Skeleton& bones = *skeleton;
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const Transform local = local_transform(bones, *pose, i);
        const int parent = bones[i].parent;
        world[i] = parent < 0 ? local : world[static_cast<std::size_t>(parent)] * local;
    }
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
