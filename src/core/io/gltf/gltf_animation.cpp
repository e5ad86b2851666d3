#include "core/io/gltf/gltf_animation.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>

#include <tiny_gltf.h>

#include "core/anim/key_track.hpp"
#include "core/base/extents.hpp"
#include "core/io/gltf/gltf_accessor.hpp"
#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/io/gltf/gltf_node_scale.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/unit_length.hpp"

namespace marionette::gltf {

namespace {

// One channel's keys as read: times, and a value (and for a cubic spline its two tangents)
// per time.
struct Curve {
    std::vector<float> times;
    std::vector<glm::vec4> values;   // a rotation's (x, y, z, w), or a vector in xyz
    std::vector<glm::vec4> in, out;  // CUBICSPLINE only
    Interpolation interpolation = Interpolation::Linear;
    bool cubic = false;
};

// A cubic spline's span of `span` seconds sampled at `fps`: the keys it makes (the first of the
// span's; its end is the next span's first). Only for key times (key_times_problem): a span of
// 1e27 seconds overflowed the conversion (found by fuzzing).
std::size_t span_samples(float span, float fps) { return static_cast<std::size_t>(std::max(1.0f, std::ceil(span * fps))); }

// What is wrong with `times` as a curve's key times (each within [0, kMaxKeyTime], increasing),
// at the first time that breaks a rule; nothing when they are key times.
std::optional<std::string> key_times_problem(const std::vector<float>& times) {
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (!is_key_time(times[i])) return "key times must lie between 0 and 3600 seconds";
        if (i > 0 && !(times[i] > times[i - 1])) return "key times must increase";
    }
    return std::nullopt;
}

// The keys a cubic spline curve with these key times is sampled into.
std::uint64_t sampled_key_count(const std::vector<float>& times, float fps) {
    std::uint64_t n = 1;
    for (std::size_t k = 0; k + 1 < times.size(); ++k) n += span_samples(times[k + 1] - times[k], fps);
    return n;
}

// The curve, read from accessors of at most `max_keys` keys (a cubic spline's output holds three
// values a key).
Result<Curve> read_curve(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler, int components, const std::string& where,
                         std::size_t max_keys) {
    Curve c;
    Result<std::vector<float>> times = read_floats(model, sampler.input, 1, where + ".input", max_keys);
    if (!times) return Error{times.message()};
    Result<std::vector<float>> values = read_floats(model, sampler.output, components, where + ".output", 3 * times.value().size());
    if (!values) return Error{values.message()};
    c.times = std::move(times).value();
    if (c.times.empty()) return Error{where + ".input: no key times"};
    if (const std::optional<std::string> problem = key_times_problem(c.times)) return Error{where + ".input: " + *problem};
    if (sampler.interpolation == "STEP") {
        c.interpolation = Interpolation::Step;
    } else if (sampler.interpolation == "CUBICSPLINE") {
        c.cubic = true;
    } else if (!sampler.interpolation.empty() && sampler.interpolation != "LINEAR") {
        return Error{where + ".interpolation: unknown \"" + sampler.interpolation + "\""};
    }
    const std::size_t per_key = c.cubic ? 3 : 1;
    const std::vector<float>& v = values.value();
    const auto n = static_cast<std::size_t>(components);
    if (v.size() != c.times.size() * per_key * n) {
        return Error{where + ".output: " + std::to_string(v.size() / n) + " values for " + std::to_string(c.times.size()) + " key times"};
    }
    const auto at = [&](std::size_t k) {
        glm::vec4 e{0.0f};
        for (std::size_t i = 0; i < n; ++i) e[static_cast<int>(i)] = v[k * n + i];
        return e;
    };
    for (std::size_t k = 0; k < c.times.size(); ++k) {
        if (c.cubic) {
            c.in.push_back(at(3 * k));
            c.values.push_back(at(3 * k + 1));
            c.out.push_back(at(3 * k + 2));
        } else {
            c.values.push_back(at(k));
        }
    }
    return c;
}

// A cubic spline curve sampled as linear keys: at each key and every 1/fps between.
void sample_cubic(Curve& c, float fps, bool rotation) {
    Curve s;
    for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
        const float t0 = c.times[k];
        const float span = c.times[k + 1] - t0;
        const std::size_t steps = span_samples(span, fps);
        for (std::size_t i = 0; i < steps; ++i) {
            const float u = static_cast<float>(i) / static_cast<float>(steps);
            const float u2 = u * u, u3 = u2 * u;
            glm::vec4 p = (2 * u3 - 3 * u2 + 1) * c.values[k] + (u3 - 2 * u2 + u) * span * c.out[k] + (-2 * u3 + 3 * u2) * c.values[k + 1] +
                          (u3 - u2) * span * c.in[k + 1];
            if (rotation && glm::length(p) > 0.0f) p = glm::normalize(p);
            s.times.push_back(t0 + span * u);
            s.values.push_back(p);
        }
    }
    s.times.push_back(c.times.back());
    s.values.push_back(c.values.back());
    c = std::move(s);
}

// A bone's node scale read as its own pose scale, per bone axis: the key values over the node's
// rest scale (an axis at rest 0 stays 1 while it stays 0). Empty where a value is negative (a
// mirror, which no pose scale is) or past the pose's range.
std::optional<KeyTrack> own_scale_track(const Curve& curve, const glm::vec3& rest, int bone, bool exact, const glm::quat& axis_turn) {
    KeyTrack track{bone, PoseProperty::Scale, {}};
    for (std::size_t k = 0; k < curve.times.size(); ++k) {
        glm::vec3 ratio;
        for (int i = 0; i < 3; ++i) {
            const float v = curve.values[k][i];
            ratio[i] = rest[i] != 0.0f ? v / rest[i] : (v == 0.0f ? 1.0f : -1.0f);
        }
        if (!glm::all(glm::greaterThanEqual(ratio, glm::vec3(0.0f))) || !is_finite(ratio)) return std::nullopt;
        Key key;
        key.time = curve.times[k];
        key.interpolation = curve.interpolation;
        // Marionette's own nodes are their bones turned a quarter turn: the axes swap exactly.
        key.vector = exact ? node_to_bone_scale(ratio) : stretched_axes(ratio, axis_turn);
        track.keys.push_back(key);
    }
    return track;
}

// What a bone's scale comes to over its parent's: its own track (if any) times the stretch its
// parent's composed track (if any) gives its axes at the bone's turn (`rest` then its rotation
// track `turn`, if any; gltf_node_scale.hpp). Where one track is all there is, its keys are
// copied, so a single animated scale on a path of bones stays exact; otherwise the product is
// sampled (shared_sample_times) and `combined` says so.
// The keys it makes are counted against `budget` (but for a copy of the bone's own track, counted
// when read).
Result<KeyTrack> compose_scale(int bone, const KeyTrack* own, const KeyTrack* parent, const glm::quat& rest, const KeyTrack* turn,
                               float fps, ReadBudget& budget, const std::string& place, bool& combined) {
    const auto value = [&](double t) {
        const glm::vec3 mine = own ? sample_track(*own, false, t).vector : glm::vec3(1.0f);
        if (!parent) return mine;
        const glm::quat at = turn ? glm::normalize(rest * sample_track(*turn, false, t).rotation) : rest;
        return mine * stretched_axes(sample_track(*parent, false, t).vector, at);
    };
    // The bone's turn matters only under an uneven parent scale.
    if (!parent || !std::any_of(parent->keys.begin(), parent->keys.end(), [](const Key& k) { return !is_even(k.vector); })) {
        turn = nullptr;
    }
    std::vector<const KeyTrack*> sources;
    for (const KeyTrack* t : {own, parent, turn}) {
        if (t) sources.push_back(t);
    }
    KeyTrack out{bone, PoseProperty::Scale, {}};
    combined = sources.size() > 1;
    if (!combined) {
        if (!own) {
            if (Status s = budget.take(Budgeted::Keys, parent->keys.size(), place, "passing the scale above down"); !s)
                return Error{s.message()};
        }
        for (const Key& k : sources.front()->keys) {
            Key key = k;
            key.vector = value(k.time);
            out.keys.push_back(key);
        }
        return out;
    }
    bool step = false;
    const std::vector<float> times = shared_sample_times(sources, fps, step);
    if (Status s = budget.take(Budgeted::Keys, times.size(), place, "sampling its scale with the scale above"); !s)
        return Error{s.message()};
    for (float t : times) {
        Key key;
        key.time = t;
        key.interpolation = step ? Interpolation::Step : Interpolation::Linear;
        key.vector = value(static_cast<double>(t));
        out.keys.push_back(key);
    }
    return out;
}

bool is_still_scale(const KeyTrack& t) {
    return std::all_of(t.keys.begin(), t.keys.end(), [](const Key& k) { return glm::length(k.vector - glm::vec3(1.0f)) <= 1e-6f; });
}

std::string animation_name(const tinygltf::Animation& a, std::size_t index, std::set<std::string>& taken) {
    std::string name = a.name.empty() ? "animation " + std::to_string(index) : a.name;
    if (!taken.insert(name).second) {
        name += " (" + std::to_string(index) + ")";
        taken.insert(name);
    }
    return name;
}

// Whether the channel moves a bone by a cubic spline, which is sampled into keys: its sampler
// and node in range (read_animations refuses them otherwise), a bone's, a path it imports.
bool moves_bone_by_cubic(const tinygltf::Model& model, const tinygltf::Animation& a, const tinygltf::AnimationChannel& ch,
                         const Joints& joints) {
    if (ch.sampler < 0 || ch.sampler >= static_cast<int>(a.samplers.size())) return false;
    if (ch.target_node < 0 || ch.target_node >= static_cast<int>(model.nodes.size())) return false;
    if (joints.bone_of_node[static_cast<std::size_t>(ch.target_node)] < 0) return false;
    if (ch.target_path != "rotation" && ch.target_path != "translation" && ch.target_path != "scale") return false;
    return a.samplers[static_cast<std::size_t>(ch.sampler)].interpolation == "CUBICSPLINE";
}

// The channels of an animation that moves_bone_by_cubic: sampled, they make `keys` keys (0 when
// none). Each sampler's times are read once however many channels share it; times that turn out
// bad are left to the channel's own read.
struct CubicChannels {
    std::size_t channels = 0;
    std::uint64_t keys = 0;
};

CubicChannels cubic_channels(const tinygltf::Model& model, const tinygltf::Animation& a, const Joints& joints, float fps) {
    CubicChannels out;
    std::vector<std::optional<std::uint64_t>> keys_of(a.samplers.size());  // by sampler; 0 for times that do not read
    for (const tinygltf::AnimationChannel& ch : a.channels) {
        if (!moves_bone_by_cubic(model, a, ch, joints)) continue;
        std::optional<std::uint64_t>& keys = keys_of[static_cast<std::size_t>(ch.sampler)];
        if (!keys) {
            const Result<std::vector<float>> times =
                read_floats(model, a.samplers[static_cast<std::size_t>(ch.sampler)].input, 1, "", kMaxFileKeys);
            keys = times && !key_times_problem(times.value()) ? sampled_key_count(times.value(), fps) : 0;
        }
        if (*keys == 0) continue;
        ++out.channels;
        out.keys += *keys;
    }
    return out;
}

}  // namespace

Result<std::vector<State>> read_animations(const tinygltf::Model& model, const Scene& scene, const Skeleton& skeleton, const Joints& joints,
                                           float fps, ReadBudget& budget, std::vector<std::string>& warnings) {
    std::vector<State> states;
    std::set<std::string> taken;
    std::size_t off_bones = 0, mirrored = 0, combined = 0, uneven = 0, morphs = 0;
    std::vector<bool> has_children(skeleton.size(), false);
    for (std::size_t b = 0; b < skeleton.size(); ++b) {
        if (skeleton[b].parent >= 0) has_children[static_cast<std::size_t>(skeleton[b].parent)] = true;
    }
    for (std::size_t ai = 0; ai < model.animations.size(); ++ai) {
        const tinygltf::Animation& a = model.animations[ai];
        const std::string animation_place = "animations[" + std::to_string(ai) + "]";
        // Cubic splines are sampled into keys at every frame: what that makes is counted first,
        // for the animation's channels together (the other keys as each channel is read).
        if (const CubicChannels cubic = cubic_channels(model, a, joints, fps); cubic.channels > 0) {
            const std::string doing = "sampling " + with_thousands(cubic.channels) + " cubic channel" + (cubic.channels == 1 ? "" : "s");
            if (Status s = budget.take(Budgeted::Keys, cubic.keys, animation_place, doing); !s) return Error{s.message()};
        }
        State state{animation_name(a, ai, taken), {}, {}, true};
        std::vector<std::optional<KeyTrack>> own_scales(skeleton.size());
        for (std::size_t ci = 0; ci < a.channels.size(); ++ci) {
            const tinygltf::AnimationChannel& ch = a.channels[ci];
            const std::string where = "animations[" + std::to_string(ai) + "].channels[" + std::to_string(ci) + "]";
            if (ch.sampler < 0 || ch.sampler >= static_cast<int>(a.samplers.size())) return Error{where + ".sampler: not a sampler"};
            if (ch.target_node < 0 || ch.target_node >= static_cast<int>(model.nodes.size()))
                return Error{where + ".target.node: not a node"};
            const auto node = static_cast<std::size_t>(ch.target_node);
            const int bone = joints.bone_of_node[node];
            const bool rotation = ch.target_path == "rotation";
            if (ch.target_path == "weights") {
                ++morphs;
                continue;
            }
            if (!rotation && ch.target_path != "translation" && ch.target_path != "scale") {
                return Error{where + ".target.path: unknown \"" + ch.target_path + "\""};
            }
            const std::string sampler_place = "animations[" + std::to_string(ai) + "].samplers[" + std::to_string(ch.sampler) + "]";
            const tinygltf::AnimationSampler& sampler = a.samplers[static_cast<std::size_t>(ch.sampler)];
            const bool counted = moves_bone_by_cubic(model, a, ch, joints);  // counted as sampled, above
            Result<Curve> read =
                read_curve(model, sampler, rotation ? 4 : 3, sampler_place, counted ? kMaxFileKeys : budget.left(Budgeted::Keys));
            if (!read) return Error{read.message()};
            Curve curve = std::move(read).value();
            if (!counted) {
                if (Status s = budget.take(Budgeted::Keys, curve.times.size(), sampler_place, "its key times"); !s)
                    return Error{s.message()};
            }
            if (ch.target_path == "scale") {
                // A scale that stays the rest scale changes nothing.
                const glm::vec3 rest = scene.rest[node].scale;
                const bool still = std::all_of(curve.values.begin(), curve.values.end(), [&](const glm::vec4& v) {
                    return glm::length(glm::vec3(v) - rest) <= 1e-6f * (1.0f + glm::length(rest));
                });
                if (still) continue;
            }
            if (bone < 0) {
                ++off_bones;
                continue;
            }
            if (curve.cubic) sample_cubic(curve, fps, rotation);
            const auto b = static_cast<std::size_t>(bone);
            if (ch.target_path == "scale") {
                if (own_scales[b]) {
                    warnings.push_back(where + ": a second channel for " + skeleton[b].name + "'s scale is not imported");
                } else if (!(own_scales[b] = own_scale_track(curve, scene.rest[node].scale, bone, joints.exact[b], joints.axis_turn[b]))) {
                    ++mirrored;
                } else if (has_children[b] && std::any_of(own_scales[b]->keys.begin(), own_scales[b]->keys.end(),
                                                          [](const Key& k) { return !is_even(k.vector); })) {
                    ++uneven;
                }
                continue;
            }
            KeyTrack track{bone, rotation ? PoseProperty::Rotation : PoseProperty::Translation, {}};
            for (std::size_t k = 0; k < curve.times.size(); ++k) {
                NodeTrs local = scene.rest[node];
                if (rotation) {
                    const glm::vec4 v = curve.values[k];
                    const glm::quat q{v.w, v.x, v.y, v.z};
                    if (!(glm::length(q) > 0.5f)) return Error{sampler_place + ".output: a rotation must be a unit quaternion"};
                    local.rotation = unit_rotation(q).value_or(local.rotation);
                } else {
                    local.translation = glm::vec3(curve.values[k]);
                }
                const Transform moved = bone_local(skeleton, joints, b, local);
                Key key;
                key.time = curve.times[k];
                key.interpolation = curve.interpolation;
                if (rotation) {
                    // In double, so the export's rest * key gives the file's rotation back (gltf_export.cpp).
                    const glm::dquat relative = glm::conjugate(glm::dquat(skeleton[b].rest.rotation)) * glm::dquat(moved.rotation);
                    key.rotation = unit_rotation(glm::quat(glm::normalize(relative))).value_or(glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
                } else {
                    key.vector = moved.translation - skeleton[b].rest.translation;
                    if (!glm::all(glm::lessThanEqual(glm::abs(key.vector), glm::vec3(kMaxCoordinate)))) {
                        return Error{sampler_place + ".output: a key moves " + skeleton[b].name + " to a place not " + kCoordinateRange};
                    }
                }
                track.keys.push_back(key);
            }
            if (track_driving(state, bone, track.property) >= 0) {
                warnings.push_back(where + ": a second channel for " + skeleton[b].name + "'s " + ch.target_path + " is not imported");
                continue;
            }
            state.tracks.push_back(std::move(track));
        }
        // Scales, parents before children (the skeleton's order): each bone's is its own times
        // the stretch its parent's gives it, as glTF passes a scale down.
        std::vector<std::optional<KeyTrack>> scales(skeleton.size());
        for (std::size_t b = 0; b < skeleton.size(); ++b) {
            const int p = skeleton[b].parent;
            const KeyTrack* parent = p >= 0 && scales[static_cast<std::size_t>(p)] ? &*scales[static_cast<std::size_t>(p)] : nullptr;
            const KeyTrack* own = own_scales[b] ? &*own_scales[b] : nullptr;
            if (!own && !parent) continue;
            bool sampled = false;
            const int turn = track_driving(state, static_cast<int>(b), PoseProperty::Rotation);
            Result<KeyTrack> composed = compose_scale(static_cast<int>(b), own, parent, skeleton[b].rest.rotation,
                                                      turn < 0 ? nullptr : &state.tracks[static_cast<std::size_t>(turn)], fps, budget,
                                                      animation_place + " (the scale of " + skeleton[b].name + ")", sampled);
            if (!composed) return Error{composed.message()};
            KeyTrack track = std::move(composed).value();
            const bool in_range = std::all_of(track.keys.begin(), track.keys.end(), [](const Key& k) {
                return is_pose_scale(k.vector.x) && is_pose_scale(k.vector.y) && is_pose_scale(k.vector.z);
            });
            if (!in_range) {
                ++mirrored;
                continue;
            }
            if (is_still_scale(track)) continue;
            combined += sampled ? 1 : 0;
            scales[b] = track;
            state.tracks.push_back(std::move(track));
        }
        states.push_back(std::move(state));
    }
    if (off_bones) warnings.push_back(std::to_string(off_bones) + " animation channels move nodes that are not bones: not imported");
    if (mirrored)
        warnings.push_back(std::to_string(mirrored) + " animated scales are negative (a mirror) or past 1000 times the rest: not imported");
    if (uneven) {
        warnings.push_back(std::to_string(uneven) +
                           " animated scales stretch a bone unevenly over the bones under it: they come in without the shear glTF gives "
                           "those bones (docs/gltf.md)");
    }
    if (combined) {
        warnings.push_back(
            std::to_string(combined) +
            " bones hang under more than one animated scale: their scales are sampled at every key and frame (docs/gltf.md)");
    }
    if (morphs) warnings.push_back(std::to_string(morphs) + " morph target (weights) animations are not imported");
    return states;
}

}  // namespace marionette::gltf
