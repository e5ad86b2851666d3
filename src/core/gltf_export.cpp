#include "core/gltf_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <utility>


#include "core/bake_cycle.hpp"
#include "core/gltf_bone_axis.hpp"
#include "core/gltf_export_mesh.hpp"
#include "core/gltf_writer.hpp"
#include "core/key_track.hpp"
#include "core/mesh_skinning.hpp"
#include "core/state_pose.hpp"
#include "core/rotation_math.hpp"
#include "core/state.hpp"
#include "core/unit_length.hpp"

namespace marionette {

using gltf::kArmatureNode;
using gltf::node_of;
using gltf::Writer;

namespace {

// A rotation turned by another, in double (the importer splits a file's rotation into rest and
// key the same way), normalized only when rounding took it off unit length: a rotation read
// from a file is written back to the bit, or within one float step.
glm::quat unit(const glm::quat& a, const glm::quat& b) {
    const glm::quat q(glm::dquat(a) * glm::dquat(b));
    return unit_rotation(q).value_or(q);
}

std::vector<double> as_doubles(const glm::quat& q) { return {q.x, q.y, q.z, q.w}; }

// q and -q are one rotation: a node's is written with w >= 0, so the same rig writes the same
// numbers; a track's keys each on the side of the one before, so every turn between two keys
// is the short one in any reader.
// A half turn (w 0, as rounding leaves it: within 1e-6) takes its largest part positive.
glm::quat canonical(const glm::quat& q) {
    if (std::fabs(q.w) > 1e-6f) return q.w < 0.0f ? -q : q;
    const glm::vec3 v{q.x, q.y, q.z};
    const int i = std::fabs(v.x) >= std::fabs(v.y) && std::fabs(v.x) >= std::fabs(v.z) ? 0 : (std::fabs(v.y) >= std::fabs(v.z) ? 1 : 2);
    return v[i] < 0.0f ? -q : q;
}
std::vector<double> as_doubles(const glm::vec3& v) { return {v.x, v.y, v.z}; }

// A bone's node transform relative to its parent's node, for a bone transform `local`
// (relative to its parent bone, or for a root to the world, where the armature node stands
// turned by kNodeToBone): conjugated by the turn, exactly (gltf_bone_axis.hpp).
Transform node_local(const Transform& local) { return gltf::bone_to_node(local); }

// One channel's values: each a bone's local transform written as its node's, a rotation kept
// on the side of the one before (the first canonical), so every turn between keys is short.
struct NodeValues {
    bool rotation = true;
    std::vector<float> values;
    glm::quat previous{1.0f, 0.0f, 0.0f, 0.0f};

    void add(const Transform& local) {
        const Transform node = node_local(local);
        if (!rotation) {
            for (double v : as_doubles(node.translation)) values.push_back(static_cast<float>(v));
            return;
        }
        glm::quat q = values.empty() ? canonical(node.rotation) : node.rotation;
        if (glm::dot(q, previous) < 0.0f) q = -q;
        previous = q;
        for (double v : as_doubles(q)) values.push_back(static_cast<float>(v) + 0.0f);  // +0, however the zero came
    }
};

// Adds a sampler over the times accessor `input` and the channel driving `bone`'s node with it.
void add_channel(Writer& w, tinygltf::Animation& anim, int input, const NodeValues& v, int bone, const char* interpolation) {
    tinygltf::AnimationSampler sampler;
    sampler.input = input;
    sampler.output = w.floats(v.values, v.rotation ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, v.rotation ? 4 : 3);
    sampler.interpolation = interpolation;
    anim.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim.samplers.size()) - 1;
    channel.target_node = node_of(bone);
    channel.target_path = v.rotation ? "rotation" : "translation";
    anim.channels.push_back(channel);
}

// Linear channels over `times` for each (bone, property) in `driven`, from the bones' local
// transforms in `poses` (one per time; a root's translation carries the pose's root offset).
void add_pose_channels(Writer& w, tinygltf::Animation& anim, const Rig& rig, const std::vector<float>& times, const std::vector<Pose>& poses,
                       const std::set<std::pair<int, PoseProperty>>& driven, std::size_t& scales) {
    const int input = w.floats(times, TINYGLTF_TYPE_SCALAR, 1, true);
    for (const auto& [bone, property] : driven) {
        if (bone < 0 || static_cast<std::size_t>(bone) >= rig.skeleton.size()) continue;
        if (property == PoseProperty::Scale) {
            ++scales;
            continue;
        }
        const auto b = static_cast<std::size_t>(bone);
        const Bone& rest = rig.skeleton[b];
        NodeValues v;
        v.rotation = property == PoseProperty::Rotation;
        for (const Pose& p : poses) {
            const glm::vec3 offset = rest.parent < 0 ? p.root_offset : glm::vec3(0.0f);
            v.add(v.rotation ? Transform{rest.rest.translation, unit(rest.rest.rotation, p.rotations[b])}
                             : Transform{rest.rest.translation + p.translations[b] + offset, rest.rest.rotation});
        }
        add_channel(w, anim, input, v, bone, "LINEAR");
    }
}

// A timeline's poses (one a frame): every rotation and translation that moves in them.
tinygltf::Animation clip_animation(Writer& w, const Rig& rig, const PoseClip& clip, std::size_t& scales) {
    tinygltf::Animation anim;
    anim.name = clip.name;
    std::set<std::pair<int, PoseProperty>> driven;
    std::vector<float> times;
    for (std::size_t i = 0; i < clip.poses.size(); ++i) {
        times.push_back(static_cast<float>(static_cast<double>(i) / clip.fps));
        const Pose& p = clip.poses[i];
        const Pose& first = clip.poses.front();
        for (std::size_t b = 0; b < rig.skeleton.size() && p.fits(rig.skeleton.size()); ++b) {
            const int bone = static_cast<int>(b);
            const bool root = rig.skeleton[b].parent < 0;
            if (p.rotations[b] != first.rotations[b]) driven.emplace(bone, PoseProperty::Rotation);
            if (p.translations[b] != first.translations[b] || (root && p.root_offset != first.root_offset)) {
                driven.emplace(bone, PoseProperty::Translation);
            }
            if (p.scales[b] != first.scales[b]) driven.emplace(bone, PoseProperty::Scale);
        }
    }
    add_pose_channels(w, anim, rig, times, clip.poses, driven, scales);
    return anim;
}

// A state with oscillator channels, sampled every frame (the rig's fps) over the frames its loop
// takes to close (bake_cycle, as "Bake to keys" does), one linear channel per rotation or
// translation it drives.
tinygltf::Animation sampled_animation(Writer& w, const Rig& rig, const State& state, std::vector<std::string>& warnings, std::size_t& scales) {
    tinygltf::Animation anim;
    anim.name = state.name;
    const double fps = static_cast<double>(rig.fps);
    const BakeCycle cycle = bake_cycle(state, fps);
    if (!cycle.closes) {
        warnings.push_back("state \"" + state.name + "\": its periods have no common loop within " + std::to_string(kMaxBakeFrames) +
                           " frames: exported over its longest, so its loop shows a seam");
    }
    std::set<std::pair<int, PoseProperty>> driven;
    for (const StateChannel& c : state.channels) driven.emplace(c.bone, c.property);
    for (const KeyTrack& t : state.tracks) driven.emplace(t.bone, t.property);
    std::vector<float> times;
    std::vector<Pose> poses;
    Pose pose = rig.pose;
    for (std::size_t i = 0; i <= cycle.frames; ++i) {
        const double t = static_cast<double>(i) / fps;
        sample_state(state, rig.is_2d(), t, t, rig.pose, pose);
        times.push_back(static_cast<float>(t));
        poses.push_back(pose);
    }
    add_pose_channels(w, anim, rig, times, poses, driven, scales);
    return anim;
}

}  // namespace

Result<GltfExport> export_gltf(const Rig& rig, const GltfExportOptions& options) {
    GltfExport out;
    Writer w;
    w.model.asset.version = "2.0";
    w.model.asset.generator = "Marionette";
    w.model.buffers.emplace_back();
    const Skeleton& bones = rig.skeleton;
    if (bones.empty()) return Error{"a rig without bones has nothing to export"};
    const Pose& pose = options.rest_pose ? Pose::rest(bones.size()) : rig.pose;
    bool scaled = false;
    tinygltf::Scene scene;
    // The armature: the one root, turned so that its bone nodes' transforms are their bones'
    // conjugated by the turn (gltf_bone_axis.hpp).
    tinygltf::Node armature;
    armature.name = "armature";
    armature.rotation = as_doubles(gltf::kNodeToBone);
    armature.extras = tinygltf::Value(tinygltf::Value::Object{
        {"marionette", tinygltf::Value(tinygltf::Value::Object{{"armature", tinygltf::Value(true)}})}});
    w.model.nodes.push_back(armature);
    scene.nodes.push_back(kArmatureNode);
    std::vector<Transform> world(bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const Bone& bone = bones[b];
        const Transform local{bone.rest.translation + pose.translations[b] + (bone.parent < 0 ? pose.root_offset : glm::vec3{0.0f}),
                              unit(bone.rest.rotation, pose.rotations[b])};
        scaled = scaled || pose.scales[b] != glm::vec3{1.0f};
        const Transform rest_local{bone.rest.translation, bone.rest.rotation};
        world[b] = bone.parent < 0 ? rest_local : world[static_cast<std::size_t>(bone.parent)] * rest_local;
        const Transform node = node_local(local);
        tinygltf::Node n;
        n.name = bone.name;
        n.translation = as_doubles(node.translation);
        n.rotation = as_doubles(canonical(node.rotation));
        tinygltf::Value::Object extras;
        extras["marionette"] = tinygltf::Value(tinygltf::Value::Object{{"length", tinygltf::Value(static_cast<double>(bone.length))}});
        n.extras = tinygltf::Value(extras);
        w.model.nodes.push_back(n);
        w.model.nodes[static_cast<std::size_t>(bone.parent < 0 ? kArmatureNode : node_of(bone.parent))].children.push_back(node_of(static_cast<int>(b)));
    }
    if (scaled) out.warnings.push_back("the pose's scales are not exported (glTF scales pass down to children; Marionette's do not)");
    // The skin: every bone a joint, bound at rest.
    std::vector<float> inverse_binds;
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const glm::mat4 m = glm::inverse(to_matrix(world[b]) * gltf::node_in_bone_frame());
        for (int c = 0; c < 4; ++c) {
            for (int r = 0; r < 4; ++r) inverse_binds.push_back(m[c][r]);
        }
    }
    tinygltf::Skin skin;
    skin.name = "skeleton";
    for (std::size_t b = 0; b < bones.size(); ++b) skin.joints.push_back(node_of(static_cast<int>(b)));
    skin.inverseBindMatrices = w.floats(inverse_binds, TINYGLTF_TYPE_MAT4, 16);
    w.model.skins.push_back(skin);
    w.model.scenes.push_back(scene);
    w.model.defaultScene = 0;

    // Keyed states as animations, key for key where glTF has the interpolation; cosine and
    // Bézier keys as linear keys every frame between.
    const bool is_2d = rig.is_2d();
    const float step = 1.0f / rig.fps;
    std::size_t scale_tracks = 0;
    if (options.timeline) {
        if (options.timeline->poses.empty() || !(options.timeline->fps > 0.0)) return Error{"the timeline to export has no frames"};
        if (tinygltf::Animation anim = clip_animation(w, rig, *options.timeline, scale_tracks); !anim.channels.empty()) w.model.animations.push_back(anim);
    }
    // A timeline is the one animation; else every state is one.
    const std::span<const State> states = options.timeline ? std::span<const State>() : std::span<const State>(rig.states);
    for (const State& state : states) {
        if (!state.channels.empty()) {
            if (tinygltf::Animation anim = sampled_animation(w, rig, state, out.warnings, scale_tracks); !anim.channels.empty()) {
                w.model.animations.push_back(anim);
            }
            continue;
        }
        if (state.tracks.empty()) continue;
        tinygltf::Animation anim;
        anim.name = state.name;
        // Tracks keyed at the same times share one times accessor (as a sampled state's do), so
        // a sampled state exported, imported and exported again is the same file.
        std::map<std::vector<float>, int> inputs;
        for (const KeyTrack& track : state.tracks) {
            if (track.property == PoseProperty::Scale) {
                ++scale_tracks;
                continue;
            }
            const auto b = static_cast<std::size_t>(track.bone);
            const Bone& bone = bones[b];
            // The interpolation of every key that leads to another (the last leads nowhere).
            bool all_linear = true;
            bool all_step = true;
            for (std::size_t k = 0; k + 1 < track.keys.size(); ++k) {
                all_linear = all_linear && track.keys[k].interpolation == Interpolation::Linear;
                all_step = all_step && track.keys[k].interpolation == Interpolation::Step;
            }
            std::vector<float> times;
            if (all_linear || all_step) {
                for (const Key& k : track.keys) times.push_back(k.time);
            } else {
                for (float t = track.keys.front().time; t < track.keys.back().time; t += step) times.push_back(t);
                times.push_back(track.keys.back().time);
                all_step = false;
            }
            NodeValues v;
            v.rotation = track.property == PoseProperty::Rotation;
            for (float t : times) {
                const Key k = sample_track(track, is_2d, static_cast<double>(t));
                v.add(v.rotation ? Transform{bone.rest.translation, unit(bone.rest.rotation, key_rotation(k, is_2d))}
                                       : Transform{bone.rest.translation + k.vector, bone.rest.rotation});
            }
            auto input = inputs.find(times);
            if (input == inputs.end()) input = inputs.emplace(times, w.floats(times, TINYGLTF_TYPE_SCALAR, 1, true)).first;
            add_channel(w, anim, input->second, v, track.bone, all_step ? "STEP" : "LINEAR");
        }
        if (!anim.channels.empty()) w.model.animations.push_back(anim);
    }
    gltf::export_meshes(w, rig, out.warnings);
    if (scale_tracks) out.warnings.push_back(std::to_string(scale_tracks) + " scale tracks or channels are not exported (glTF scales pass down to children)");
    tinygltf::TinyGLTF writer;
    std::ostringstream stream;
    if (!writer.WriteGltfSceneToStream(&w.model, stream, !options.binary, options.binary)) return Error{"the glTF writer failed"};
    out.bytes = stream.str();
    out.animations = w.model.animations.size();
    return out;
}

}  // namespace marionette
