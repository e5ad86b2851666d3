#include "core/anim/key_reduction.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/extents.hpp"
#include "core/base/job_validated.hpp"
#include "core/math/angles.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"

namespace marionette {

namespace {

// The key holding frame `i`'s value of `p`; 2D angles are unwrapped against `previous` (the
// key before), so a turn through 180 degrees stays one smooth curve.
Key key_at(const KeyReductionJob& job, const BakedProperty& p, std::size_t i, const Key* previous) {
    const Pose& pose = job.frames[i];
    const auto b = static_cast<std::size_t>(p.bone);
    Key k;
    k.time = static_cast<float>(static_cast<double>(i) / job.fps);
    k.interpolation = Interpolation::Linear;
    switch (p.property) {
        case PoseProperty::Rotation:
            if (job.is_2d) {
                k.angle = angle_2d(pose.rotations[b]);
                if (previous) k.angle = nearest_turn(k.angle, previous->angle);
            } else {
                k.rotation = normalized(pose.rotations[b]);
                // The same hemisphere as the key before: q and -q are one rotation.
                if (previous && glm::dot(previous->rotation, k.rotation) < 0.0f) k.rotation = -k.rotation;
            }
            break;
        case PoseProperty::Translation: k.vector = pose.translations[b]; break;
        case PoseProperty::Scale: k.vector = pose.scales[b]; break;
    }
    return k;
}

// Whether `shown` is within the tolerance of `wanted` for a property.
bool close(const KeyReductionJob& job, PoseProperty property, const Key& shown, const Key& wanted) {
    switch (property) {
        case PoseProperty::Rotation:
            if (job.is_2d) return std::fabs(shown.angle - wanted.angle) <= degrees_to_radians(job.tolerance.degrees);
            {
                const float d = std::min(1.0f, std::fabs(glm::dot(normalized(shown.rotation), normalized(wanted.rotation))));
                return 2.0f * std::acos(d) <= degrees_to_radians(job.tolerance.degrees);
            }
        case PoseProperty::Translation: return glm::length(shown.vector - wanted.vector) <= job.tolerance.distance;
        case PoseProperty::Scale: {
            const glm::vec3 d = glm::abs(shown.vector - wanted.vector);
            return std::max({d.x, d.y, d.z}) <= job.tolerance.scale;
        }
    }
    return false;
}

}  // namespace

float bake_distance_tolerance(const Skeleton& skeleton, float degrees) {
    double total = 0.0;
    for (std::size_t i = 0; i < skeleton.size(); ++i) total += static_cast<double>(skeleton[i].length);
    const double mean = skeleton.size() > 0 ? total / static_cast<double>(skeleton.size()) : 0.0;
    const double tolerance = mean * static_cast<double>(degrees_to_radians(degrees));
    // A rig of zero-length bones still needs a tolerance above 0.
    return static_cast<float>(std::max(tolerance, 1e-6));
}

Status KeyReductionJob::validate() const {
    if (!tracks) return Error{"key reduction: no output"};
    if (frames.empty()) return Error{"key reduction: no frames to bake"};
    if (!is_fps(static_cast<float>(fps))) return Error{std::string("key reduction: the fps must be ") + kFpsRange};
    if (static_cast<double>(frames.size() - 1) / fps > static_cast<double>(kMaxKeyTime))
        return Error{"key reduction: more than an hour of frames"};
    if (!(std::isfinite(tolerance.degrees) && tolerance.degrees >= 0.0f && std::isfinite(tolerance.distance) && tolerance.distance > 0.0f &&
          std::isfinite(tolerance.scale) && tolerance.scale >= 0.0f)) {
        return Error{"key reduction: the tolerances must be finite and not below 0 (the distance above 0)"};
    }
    for (const BakedProperty& p : properties) {
        const auto b = static_cast<std::size_t>(p.bone);
        for (const Pose& pose : frames) {
            if (p.bone < 0 || b >= pose.rotations.size() || b >= pose.translations.size() || b >= pose.scales.size()) {
                return Error{"key reduction: bone " + std::to_string(p.bone) + " is not in every frame's pose"};
            }
        }
    }
    return {};
}

void KeyReductionJob::run() const {
    assert_validated(*this, "KeyReductionJob");
    tracks->clear();
    const std::size_t n = frames.size();
    std::vector<Key> all(n);
    for (const BakedProperty& p : properties) {
        for (std::size_t i = 0; i < n; ++i) all[i] = key_at(*this, p, i, i > 0 ? &all[i - 1] : nullptr);
        KeyTrack track{p.bone, p.property, {all[0]}};
        // Still throughout: one key.
        bool still = true;
        for (std::size_t i = 1; i < n && still; ++i) still = close(*this, p.property, all[0], all[i]);
        if (!still) {
            // Greedy: from each kept key, the farthest frame whose straight line to it
            // reproduces every frame between; that frame is the next key.
            KeyTrack span{p.bone, p.property, {Key{}, Key{}}};
            std::size_t a = 0;
            while (a + 1 < n) {
                std::size_t b = a + 1;
                while (b + 1 < n) {
                    const std::size_t c = b + 1;
                    span.keys[0] = all[a];
                    span.keys[1] = all[c];
                    bool reproduces = true;
                    for (std::size_t i = a + 1; i < c && reproduces; ++i) {
                        reproduces = close(*this, p.property, sample_track(span, is_2d, static_cast<double>(all[i].time)), all[i]);
                    }
                    if (!reproduces) break;
                    b = c;
                }
                track.keys.push_back(all[b]);
                a = b;
            }
        }
        tracks->push_back(std::move(track));
    }
}

}  // namespace marionette
