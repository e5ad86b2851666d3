#include "core/io/spine_import/spine_bone_bake.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "core/base/extents.hpp"
#include "core/io/spine_import/spine_pose_sampler.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

constexpr double kTurn = 2.0 * 3.14159265358979323846;

class Baker {
public:
    Baker(const SpineSkeletonData& data, const Rig& rig, const SpineAnimationData& anim, const SpineReaches& reaches, double tolerance)
        : data_(data), rig_(rig), anim_(anim), reach_(reaches.reach), tolerance_(tolerance) {}

    std::vector<std::string> run(State& state) {
        const std::size_t n = data_.bones.size();
        std::set<double> base{0.0, anim_.duration};
        for (const SpineBoneTimeline& t : anim_.bones)
            for (const SpineTimelineKey& k : t.keys) base.insert(k.time);
        for (double t = 0.0; t < anim_.duration; t += 1.0 / 60.0) base.insert(t);
        std::vector<bool> turn(n, false), stretch(n, false);
        for (const double time : base) {
            const std::vector<SpineLocal> locals = spine_locals(data_, &anim_, time);
            const std::vector<SpineRigidFrame>& frames = frames_.try_emplace(time, frames_of(locals)).first->second;
            for (std::size_t b = 0; b < n; ++b) {
                const SpineBoneData& setup = data_.bones[b];
                const SpineLocal& local = locals[b];
                const SpineRigidFrame& frame = frames[b];
                // What the bone's own keys give in the rig, its parent where Spine has it.
                const double parent_angle = setup.parent < 0 ? 0.0 : frames[std::size_t(setup.parent)].angle;
                const double keyed = parent_angle + rest_turn(b) + (local.rotation - setup.rotation) * kSpineRadiansPerDegree;
                const double reach = reach_[b];
                if (std::abs(std::remainder(frame.angle - keyed, kTurn)) * reach > tolerance_) turn[b] = true;
                const glm::vec3 s = rig_.pose.scales[b];
                const double sx = setup.scale_x != 0.0 ? double(s.x) * local.scale_x / setup.scale_x : double(s.x);
                const double sy = setup.scale_y != 0.0 ? double(s.y) * local.scale_y / setup.scale_y : double(s.y);
                if ((std::abs(frame.scale.x - std::abs(sx)) + std::abs(frame.scale.y - std::abs(sy))) * reach > tolerance_)
                    stretch[b] = true;
            }
        }
        std::vector<std::string> baked;
        for (std::size_t b = 0; b < n; ++b) {
            if (turn[b]) bake_track(b, PoseProperty::Rotation, base, state);
            if (stretch[b]) bake_track(b, PoseProperty::Scale, base, state);
            if (turn[b] || stretch[b]) baked.push_back(data_.bones[b].name);
        }
        return baked;
    }

private:
    // The rigid world frames of every bone with local values `locals`, as the runtime poses them.
    std::vector<SpineRigidFrame> frames_of(const std::vector<SpineLocal>& locals) const {
        const std::vector<SpineWorld> world = spine_world(data_.bones, locals);
        std::vector<SpineRigidFrame> frames(world.size());
        for (std::size_t b = 0; b < world.size(); ++b) {
            const int parent = data_.bones[b].parent;
            frames[b] = spine_rigid_frame(world[b], parent < 0 ? 0.0 : frames[std::size_t(parent)].angle);
        }
        return frames;
    }

    const std::vector<SpineRigidFrame>& frames_at(double time) {
        const auto known = frames_.find(time);
        if (known != frames_.end()) return known->second;
        return frames_.emplace(time, frames_of(spine_locals(data_, &anim_, time))).first->second;
    }

    // A bone's rest turn in the rig (from its parent's frame), radians.
    double rest_turn(std::size_t b) const { return double(angle_2d(rig_.skeleton[b].rest.rotation)); }

    // The rig's value of `property` for bone `b` at `time`: its turn from rest (radians,
    // continuing `previous`) or its scale.
    glm::dvec2 baked_value(std::size_t b, PoseProperty property, double time, double previous) {
        const std::vector<SpineRigidFrame>& frames = frames_at(time);
        if (property == PoseProperty::Scale) return glm::min(frames[b].scale, glm::dvec2(kMaxPoseScale));
        const int parent = data_.bones[b].parent;
        const double turn = frames[b].angle - (parent < 0 ? 0.0 : frames[std::size_t(parent)].angle) - rest_turn(b);
        return glm::dvec2(previous + std::remainder(turn - previous, kTurn), 0.0);
    }

    void bake_track(std::size_t b, PoseProperty property, const std::set<double>& base, State& state) {
        std::vector<std::pair<double, glm::dvec2>> samples;
        double previous = 0.0;
        for (const double t : base) {
            samples.emplace_back(t, baked_value(b, property, t, previous));
            previous = samples.back().second.x;
        }
        // Halve every span whose middle strays from the line past the tolerance, a few times.
        const double reach = std::max(reach_[b], 1e-9);
        for (int round = 0; round < 6; ++round) {
            std::vector<std::pair<double, glm::dvec2>> refined;
            bool split = false;
            for (std::size_t i = 0; i < samples.size(); ++i) {
                refined.push_back(samples[i]);
                if (i + 1 == samples.size()) break;
                const double t0 = samples[i].first, t1 = samples[i + 1].first, mid = 0.5 * (t0 + t1);
                if (float(mid) <= float(t0) || float(mid) >= float(t1)) continue;
                const glm::dvec2 at = baked_value(b, property, mid, samples[i].second.x);
                const glm::dvec2 line = 0.5 * (samples[i].second + samples[i + 1].second);
                if (glm::length(at - line) * reach > tolerance_) {
                    refined.emplace_back(mid, at);
                    split = true;
                }
            }
            samples = std::move(refined);
            if (!split) break;
        }
        KeyTrack track;
        track.bone = int(b);
        track.property = property;
        for (const auto& [t, v] : samples) {
            const float ft = float(t);
            if (!is_key_time(ft) || (!track.keys.empty() && !(ft > track.keys.back().time))) continue;
            Key k;
            k.time = ft;
            if (property == PoseProperty::Rotation)
                k.angle = float(std::clamp(v.x, -double(kMaxAttachmentRotation) * kSpineRadiansPerDegree,
                                           double(kMaxAttachmentRotation) * kSpineRadiansPerDegree));
            else k.vector = glm::vec3(float(v.x), float(v.y), 1.0f);
            track.keys.push_back(k);
        }
        std::erase_if(state.tracks, [&](const KeyTrack& t) { return t.bone == int(b) && t.property == property; });
        if (!track.keys.empty()) state.tracks.push_back(std::move(track));
    }

    const SpineSkeletonData& data_;
    const Rig& rig_;
    const SpineAnimationData& anim_;
    const std::vector<double>& reach_;
    const double tolerance_;
    std::map<double, std::vector<SpineRigidFrame>> frames_;  // the runtime's pose by time
};

}  // namespace

SpineReaches spine_bone_reaches(const Rig& rig) {
    SpineReaches out;
    out.reach.assign(rig.skeleton.size(), 0.0);
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return out;
    const std::vector<Transform>& w = world.value();
    glm::dvec2 lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
    const auto carry = [&](int bone, const glm::vec3& p) {
        lo = glm::min(lo, glm::dvec2(p));
        hi = glm::max(hi, glm::dvec2(p));
        for (int b = bone; b >= 0; b = rig.skeleton[std::size_t(b)].parent)
            out.reach[std::size_t(b)] = std::max(out.reach[std::size_t(b)], double(glm::length(p - w[std::size_t(b)].translation)));
    };
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        carry(int(b), w[b].translation);
        carry(int(b), bone_tip(w[b], posed_length(rig.skeleton, rig.pose, b)));
    }
    for (const Slot& slot : rig.slots) {
        for (const Attachment& a : slot.attachments) {
            const std::size_t b = std::size_t(slot.bone);
            for (const glm::vec3& p : attachment_world_corners(a, w[b], rig.pose.scales[b])) carry(slot.bone, p);
            // A weighted mesh's vertices are carried by each of their bones too.
            if (!a.mesh || !a.mesh->is_weighted()) continue;
            for (std::size_t v = 0; v < a.mesh->vertices.size(); ++v) {
                const glm::vec2 in_bone = picture_to_bone(a, a.mesh->vertices[v]);
                const glm::vec3 p = w[b].apply(glm::vec3(in_bone, 0.0f));
                const VertexWeights& vw = a.mesh->weights[v];
                for (std::size_t k = 0; k < vw.count; ++k) carry(int(vw.bones[k]), p);
            }
        }
    }
    out.size = std::max(hi.x - lo.x, hi.y - lo.y);
    return out;
}

std::vector<std::string> bake_unfollowed_bones(const SpineSkeletonData& skeleton, const Rig& rig, const SpineAnimationData& animation,
                                               const SpineReaches& reaches, double tolerance, State& state) {
    return Baker(skeleton, rig, animation, reaches, tolerance).run(state);
}

}  // namespace marionette
