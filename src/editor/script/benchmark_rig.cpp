#include "editor/script/benchmark_rig.hpp"

#include <string>

namespace marionette {

Rig make_benchmark_rig(int branches, int bones_per_branch, int ccd_length) {
    Rig rig;
    rig.dimensions = Dimensions::Three;
    std::vector<Bone> bones;
    Bone root;
    root.name = "root";
    root.length = 0.0f;
    bones.push_back(root);
    for (int b = 0; b < branches; ++b) {
        // Arms fan out around the root, curling gently so no chain starts straight.
        const float around = 6.2831853f * static_cast<float>(b) / static_cast<float>(branches);
        for (int i = 0; i < bones_per_branch; ++i) {
            Bone bone;
            bone.name = "arm" + std::to_string(b) + "_" + std::to_string(i);
            bone.parent = i == 0 ? 0 : static_cast<int>(bones.size()) - 1;
            bone.length = 0.1f;
            bone.rest.translation = {i == 0 ? 0.0f : 0.1f, 0.0f, 0.0f};
            bone.rest.rotation =
                i == 0 ? glm::angleAxis(around, glm::vec3{0.0f, 1.0f, 0.0f}) : glm::angleAxis(0.03f, glm::vec3{0.0f, 0.0f, 1.0f});
            bones.push_back(std::move(bone));
        }
        const int last = static_cast<int>(bones.size()) - 1;
        IkChain chain;
        chain.name = "arm" + std::to_string(b);
        chain.effector = last;
        if (b % 2 == 0) {
            chain.solver = SolverKind::Ccd;
            chain.root = last - (ccd_length - 1);
            chain.ccd.max_iterations = 20;
            chain.ccd.tolerance = 1e-4f;
        } else {
            chain.solver = SolverKind::TwoBone;
            chain.root = last - 1;
        }
        rig.chains.push_back(chain);
    }
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

}  // namespace marionette
