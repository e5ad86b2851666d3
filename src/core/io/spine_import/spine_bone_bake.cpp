#include "core/io/spine_import/spine_bone_bake.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "core/base/extents.hpp"
#include "core/io/spine_import/spine_curves.hpp"
#include "core/io/spine_import/spine_ik.hpp"
#include "core/io/spine_import/spine_pose_sampler.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

constexpr double kTurn = 2.0 * 3.14159265358979323846;

using Samples = std::vector<std::pair<double, glm::dvec2>>;

// The fewest of `samples` whose straight lines pass every sample within `tolerance` (each
// value within tolerance / sqrt 2): from each kept sample, the farthest one whose line to it
// passes every sample between. The slopes from a kept sample that pass the samples so far are
// an interval per value, narrowed by each sample in turn.
Samples fewest_lines(const Samples& samples, double tolerance) {
    if (samples.size() < 3) return samples;
    const double allowed = tolerance / std::sqrt(2.0);
    Samples kept{samples.front()};
    std::size_t from = 0;
    while (from + 1 < samples.size()) {
        const auto& [t0, v0] = samples[from];
        glm::dvec2 lo(-std::numeric_limits<double>::infinity()), hi(std::numeric_limits<double>::infinity());
        std::size_t to = from + 1;
        for (; to + 1 < samples.size(); ++to) {
            // Sample `to` joins the ones the line must pass; can the line reach the next?
            const double dt = samples[to].first - t0;
            lo = glm::max(lo, (samples[to].second - allowed - v0) / dt);
            hi = glm::min(hi, (samples[to].second + allowed - v0) / dt);
            const glm::dvec2 slope = (samples[to + 1].second - v0) / (samples[to + 1].first - t0);
            if (glm::any(glm::lessThan(slope, lo)) || glm::any(glm::greaterThan(slope, hi))) break;
        }
        kept.push_back(samples[to]);
        from = to;
    }
    return kept;
}

class Baker {
public:
    Baker(const SpineSkeletonData& data, const Rig& rig, const SpineAnimationData& anim, const SpineReaches& reaches, double tolerance)
        : data_(data), rig_(rig), anim_(anim), reach_(reaches.reach), tolerance_(tolerance), ik_acts_(spine_ik_acts(data, anim)) {}

    std::vector<std::string> run(State& state) {
        const std::size_t n = data_.bones.size();
        std::set<double> base{0.0, anim_.duration};
        for (const SpineBoneTimeline& t : anim_.bones)
            for (const SpineTimelineKey& k : t.keys) base.insert(k.time);
        if (ik_acts_) add_ik_times(base);
        for (double t = 0.0; t < anim_.duration; t += 1.0 / 60.0) base.insert(t);
        std::vector<bool> turn(n, false), stretch(n, false);
        for (const double time : base) {
            const std::vector<SpineLocal> locals = spine_locals(data_, &anim_, time);
            const std::vector<SpineRigidFrame>& frames = frames_.try_emplace(time, frames_of(locals, time)).first->second;
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
        // Every track is sampled where any needed it: the bones an IK constraint turns bend
        // together, and a bend one shows at a span's middle the other may show off it.
        std::vector<std::pair<std::size_t, PoseProperty>> tracks;
        std::vector<std::string> baked;
        for (std::size_t b = 0; b < n; ++b) {
            if (turn[b]) tracks.emplace_back(b, PoseProperty::Rotation);
            if (stretch[b]) tracks.emplace_back(b, PoseProperty::Scale);
            if (turn[b] || stretch[b]) baked.push_back(data_.bones[b].name);
        }
        std::set<double> times = base;
        for (const auto& [b, property] : tracks)
            for (const auto& sample : refined_samples(b, property, base)) times.insert(sample.first);
        for (const auto& [b, property] : tracks) key_track(b, property, times, state);
        return baked;
    }

private:
    // The IK timelines' keys and the points their mix and softness curves bend at: an IK mix
    // that eases in swings its bones fastest there.
    void add_ik_times(std::set<double>& times) const {
        for (const SpineIkTimeline& t : anim_.ik) {
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                times.insert(t.keys[i].time);
                if (i + 1 == t.keys.size()) continue;
                for (const std::size_t v : {std::size_t{0}, std::size_t{1}})
                    for (const double bend : spine_bend_times(t.keys[i], t.keys[i + 1], v)) times.insert(bend);
            }
        }
    }

    // The rigid world frames of every bone with local values `locals` at `time`, as the runtime
    // poses them, its IK constraints acting.
    std::vector<SpineRigidFrame> frames_of(std::vector<SpineLocal> locals, double time) const {
        const std::vector<SpineWorld> world =
            ik_acts_ ? spine_constrained_world(data_, spine_ik_poses(data_, &anim_, time), locals) : spine_world(data_.bones, locals);
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
        return frames_.emplace(time, frames_of(spine_locals(data_, &anim_, time), time)).first->second;
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

    // Bone `b`'s `property` at `times`.
    Samples samples_at(std::size_t b, PoseProperty property, const std::set<double>& times) {
        Samples samples;
        double previous = 0.0;
        for (const double t : times) {
            samples.emplace_back(t, baked_value(b, property, t, previous));
            previous = samples.back().second.x;
        }
        return samples;
    }

    // The samples at `base` and, up to twelve times over (down to a 245760th of a second), halfway
    // between any two whose middle strays from their straight line past the tolerance: a
    // two-bone limb straightening turns ever faster (an arccosine), which coarser halving misses.
    Samples refined_samples(std::size_t b, PoseProperty property, const std::set<double>& base) {
        Samples samples = samples_at(b, property, base);
        const double reach = std::max(reach_[b], 1e-9);
        for (int round = 0; round < 12; ++round) {
            Samples refined;
            bool split = false;
            for (std::size_t i = 0; i < samples.size(); ++i) {
                refined.push_back(samples[i]);
                if (i + 1 == samples.size()) break;
                const double t0 = samples[i].first, t1 = samples[i + 1].first, mid = 0.5 * (t0 + t1);
                if (float(mid) <= float(t0) || float(mid) >= float(t1)) continue;
                const glm::dvec2 at = baked_value(b, property, mid, samples[i].second.x);
                if (glm::length(at - 0.5 * (samples[i].second + samples[i + 1].second)) * reach > tolerance_) {
                    refined.emplace_back(mid, at);
                    split = true;
                }
            }
            samples = std::move(refined);
            if (!split) break;
        }
        return samples;
    }

    // Replaces the bone's track of `property` in `state` by keys from the fewest of its samples
    // at `times` whose straight lines pass them all.
    void key_track(std::size_t b, PoseProperty property, const std::set<double>& times, State& state) {
        const Samples samples = fewest_lines(samples_at(b, property, times), tolerance_ / std::max(reach_[b], 1e-9));
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
    const bool ik_acts_;
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
