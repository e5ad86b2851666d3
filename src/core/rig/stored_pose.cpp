#include "core/rig/stored_pose.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "core/math/rotation_math.hpp"

namespace marionette {

std::vector<BonePose> capture_bones(const Pose& pose, std::span<const int> bones) {
    std::vector<int> chosen;
    if (!pose.fits(pose.rotations.size())) return {};
    for (const int b : bones) {
        if (b >= 0 && static_cast<std::size_t>(b) < pose.rotations.size()) chosen.push_back(b);
    }
    if (bones.empty()) {
        for (std::size_t i = 0; i < pose.rotations.size(); ++i) chosen.push_back(static_cast<int>(i));
    }
    std::sort(chosen.begin(), chosen.end());
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    std::vector<BonePose> out;
    out.reserve(chosen.size());
    for (const int b : chosen) {
        const auto i = static_cast<std::size_t>(b);
        out.push_back({b, pose.rotations[i], pose.translations[i], pose.scales[i]});
    }
    return out;
}

void blend_bones(Pose& pose, std::span<const BonePose> stored, float weight) {
    const float w = std::isnan(weight) ? 0.0f : std::clamp(weight, 0.0f, 1.0f);
    // None of the way leaves the pose as it is, to the bit: the blend below renormalizes the
    // rotation, and SSE's reciprocal square root differs between Intel and AMD processors in its
    // last bits (on Intel a rotation came back one unit off, and applying a pose at weight 0
    // counted as an edit).
    if (w <= 0.0f) return;
    const std::size_t count = pose.rotations.size();
    if (!pose.fits(count)) return;
    for (const BonePose& s : stored) {
        if (s.bone < 0 || static_cast<std::size_t>(s.bone) >= count) continue;
        const auto i = static_cast<std::size_t>(s.bone);
        if (w >= 1.0f) {
            pose.rotations[i] = s.rotation;
            pose.translations[i] = s.translation;
            pose.scales[i] = s.scale;
            continue;
        }
        const glm::quat from = pose.rotations[i];
        // The shorter arc: q and -q are the same turn.
        const glm::quat to = glm::dot(from, s.rotation) < 0.0f ? -s.rotation : s.rotation;
        pose.rotations[i] = normalized(glm::slerp(from, to, w));
        pose.translations[i] = glm::mix(pose.translations[i], s.translation, w);
        pose.scales[i] = glm::mix(pose.scales[i], s.scale, w);
    }
}

std::optional<std::string> stored_poses_problem(std::span<const StoredPose> poses, std::size_t bone_count) {
    std::unordered_set<std::string> names;
    for (std::size_t p = 0; p < poses.size(); ++p) {
        const std::string place = "poses[" + std::to_string(p) + "]";
        if (poses[p].name.empty()) return place + ".name: must not be empty";
        if (!names.insert(poses[p].name).second) return place + ".name: another pose is named \"" + poses[p].name + "\"";
        int last = -1;
        for (const BonePose& b : poses[p].bones) {
            if (b.bone < 0 || static_cast<std::size_t>(b.bone) >= bone_count)
                return place + ": bone " + std::to_string(b.bone) + " is not a bone";
            if (b.bone <= last) return place + ": bone " + std::to_string(b.bone) + " is out of order or repeated";
            last = b.bone;
        }
    }
    return std::nullopt;
}

}  // namespace marionette
