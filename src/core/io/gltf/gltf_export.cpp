#include "core/io/gltf/gltf_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <utility>


#include "core/anim/bake_cycle.hpp"
#include "core/anim/key_track.hpp"
#include "core/anim/state.hpp"
#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/gltf/gltf_bone_axis.hpp"
#include "core/io/gltf/gltf_export_mesh.hpp"
#include "core/io/gltf/gltf_export_pictures.hpp"
#include "core/io/gltf/gltf_node_scale.hpp"
#include "core/io/gltf/gltf_picture_deform.hpp"
#include "core/io/gltf/gltf_writer.hpp"
#include "core/math/rotation_math.hpp"
#include "core/math/unit_length.hpp"
#include "core/mesh/mesh_skinning.hpp"

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

// One channel's values, written as its node's: a bone's local rotation (kept on the side of the
// one before, the first canonical, so every turn between keys is short) or translation, or a
// node scale as node_scale gives it.
struct NodeValues {
    PoseProperty property = PoseProperty::Rotation;
    std::vector<float> values;
    glm::quat previous{1.0f, 0.0f, 0.0f, 0.0f};

    void add(const Transform& local) {
        const Transform node = node_local(local);
        if (property == PoseProperty::Translation) {
            for (double v : as_doubles(node.translation)) values.push_back(static_cast<float>(v));
            return;
        }
        glm::quat q = values.empty() ? canonical(node.rotation) : node.rotation;
        if (glm::dot(q, previous) < 0.0f) q = -q;
        previous = q;
        for (double v : as_doubles(q)) values.push_back(static_cast<float>(v) + 0.0f);  // +0, however the zero came
    }
    void add_scale(const glm::vec3& node_scale) {
        for (int i = 0; i < 3; ++i) values.push_back(node_scale[i]);
    }
};

// Adds a sampler over the times accessor `input` and the channel driving `bone`'s node with it.
void add_channel(Writer& w, tinygltf::Animation& anim, int input, const NodeValues& v, int bone, const char* interpolation) {
    const bool rotation = v.property == PoseProperty::Rotation;
    tinygltf::AnimationSampler sampler;
    sampler.input = input;
    sampler.output = w.floats(v.values, rotation ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, rotation ? 4 : 3);
    sampler.interpolation = interpolation;
    anim.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim.samplers.size()) - 1;
    channel.target_node = node_of(bone);
    channel.target_path = rotation ? "rotation" : (v.property == PoseProperty::Translation ? "translation" : "scale");
    anim.channels.push_back(channel);
}

// A bone's node scale in `pose`: its scale under the stretch its parent's gives it
// (gltf_node_scale.hpp). Adds the bone to `sheared` where glTF cannot undo that stretch: an
// uneven parent scale over a turned bone, or a parent scale of 0.
glm::vec3 bone_node_scale(const Skeleton& bones, const Pose& pose, std::size_t b, std::set<int>& sheared) {
    const int p = bones[b].parent;
    if (p < 0) return gltf::bone_to_node_scale(pose.scales[b]);
    const glm::vec3& parent = pose.scales[static_cast<std::size_t>(p)];
    const glm::quat turn = unit(bones[b].rest.rotation, pose.rotations[b]);
    const glm::vec3 inherited = gltf::stretched_axes(parent, turn);
    if (gltf::shears(parent, turn) || glm::any(glm::equal(inherited, glm::vec3(0.0f)))) sheared.insert(static_cast<int>(b));
    return gltf::node_scale(pose.scales[b], inherited);
}

// What the export writes alongside its nodes: the node scales of the pose the nodes show, and
// the bones glTF shears anywhere in the file.
struct Stills {
    std::vector<glm::vec3> node_scales;
    std::set<int> sheared;
};

// Linear channels over `times` for each (bone, property) in `driven`, from the bones' local
// transforms in `poses` (one per time; a root's translation carries the pose's root offset),
// and a scale channel for each bone whose node scale leaves its still one in them.
void add_pose_channels(Writer& w, tinygltf::Animation& anim, const Rig& rig, const std::vector<float>& times,
                       const std::vector<Pose>& poses, const std::set<std::pair<int, PoseProperty>>& driven, Stills& stills) {
    const int input = w.floats(times, TINYGLTF_TYPE_SCALAR, 1, true);
    for (const auto& [bone, property] : driven) {
        if (bone < 0 || static_cast<std::size_t>(bone) >= rig.skeleton.size() || property == PoseProperty::Scale) continue;
        const auto b = static_cast<std::size_t>(bone);
        const Bone& rest = rig.skeleton[b];
        NodeValues v;
        v.property = property;
        for (const Pose& p : poses) {
            const glm::vec3 offset = rest.parent < 0 ? p.root_offset : glm::vec3(0.0f);
            v.add(property == PoseProperty::Rotation ? Transform{rest.rest.translation, unit(rest.rest.rotation, p.rotations[b])}
                                                     : Transform{rest.rest.translation + p.translations[b] + offset, rest.rest.rotation});
        }
        add_channel(w, anim, input, v, bone, "LINEAR");
    }
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        NodeValues v;
        v.property = PoseProperty::Scale;
        bool moves = false;
        for (const Pose& p : poses) {
            const glm::vec3 s = bone_node_scale(rig.skeleton, p, b, stills.sheared);
            moves = moves || s != stills.node_scales[b];
            v.add_scale(s);
        }
        if (moves) add_channel(w, anim, input, v, static_cast<int>(b), "LINEAR");
    }
}

// A timeline's poses (one a frame): every rotation and translation that leaves the still pose
// in them, and every node scale.
tinygltf::Animation clip_animation(Writer& w, const Rig& rig, const Pose& still, const PoseClip& clip, Stills& stills) {
    tinygltf::Animation anim;
    anim.name = clip.name;
    std::set<std::pair<int, PoseProperty>> driven;
    std::vector<float> times;
    for (std::size_t i = 0; i < clip.poses.size(); ++i) {
        times.push_back(static_cast<float>(static_cast<double>(i) / clip.fps));
        const Pose& p = clip.poses[i];
        for (std::size_t b = 0; b < rig.skeleton.size() && p.fits(rig.skeleton.size()); ++b) {
            const int bone = static_cast<int>(b);
            const bool root = rig.skeleton[b].parent < 0;
            if (p.rotations[b] != still.rotations[b]) driven.emplace(bone, PoseProperty::Rotation);
            if (p.translations[b] != still.translations[b] || (root && p.root_offset != still.root_offset)) {
                driven.emplace(bone, PoseProperty::Translation);
            }
        }
    }
    add_pose_channels(w, anim, rig, times, clip.poses, driven, stills);
    return anim;
}

// A state with oscillator channels, sampled every frame (the rig's fps) over the frames its loop
// takes to close (bake_cycle, as "Bake to keys" does), one linear channel per rotation or
// translation it drives and per node scale that moves.
// A keyed state whose chains IK solves (state_ik.hpp) is sampled the same way over its length,
// its solved chains' bones baked: glTF has no IK. Returns the seconds it covers.
tinygltf::Animation sampled_animation(Writer& w, const Rig& rig, const State& state, std::vector<std::string>& warnings, Stills& stills,
                                      double& seconds) {
    tinygltf::Animation anim;
    anim.name = state.name;
    const double fps = static_cast<double>(rig.fps);
    std::size_t frames = 0;
    if (!state.channels.empty()) {
        const BakeCycle cycle = bake_cycle(state, fps);
        if (!cycle.closes) {
            warnings.push_back("state \"" + state.name + "\": its periods have no common loop within " + std::to_string(kMaxBakeFrames) +
                               " frames: exported over its longest, so its loop shows a seam");
        }
        frames = cycle.frames;
    } else {
        frames = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(state_length(state)) * fps - 1e-6)));
    }
    std::set<std::pair<int, PoseProperty>> driven;
    for (const StateChannel& c : state.channels) driven.emplace(c.bone, c.property);
    for (const KeyTrack& t : state.tracks) driven.emplace(t.bone, t.property);
    for (const int c : chains_solved_by(rig, state)) {
        const IkChain& chain = rig.chains[static_cast<std::size_t>(c)];
        for (const int b : chain_bones(rig.skeleton, chain.root, chain.effector)) driven.emplace(b, PoseProperty::Rotation);
    }
    std::vector<float> times;
    std::vector<Pose> poses;
    Pose pose = rig.pose;
    const double length = static_cast<double>(state_length(state));
    for (std::size_t i = 0; i <= frames; ++i) {
        const double t = static_cast<double>(i) / fps;
        if (!state.channels.empty()) {
            const double track_time = cycle_track_time(state, i, frames, fps);
            sample_state_at(state, rig.is_2d(), t, track_time, rig.pose, pose);
            solve_state_chains(rig, state, track_time, pose);
        } else {
            // The tracks' own time, so the last frame shows the last key (as the timeline does).
            const double track_time = std::min(t, length);
            sample_state_at(state, rig.is_2d(), track_time, track_time, rig.pose, pose);
            solve_state_chains(rig, state, track_time, pose);
        }
        times.push_back(static_cast<float>(t));
        poses.push_back(pose);
    }
    seconds = static_cast<double>(frames) / fps;
    add_pose_channels(w, anim, rig, times, poses, driven, stills);
    return anim;
}

// A keyed state's node scales. A bone's own scale track goes key for key where its parent's
// scale holds still in the state (and, under an uneven parent scale, the bone does not turn):
// its node scale is then its scale over a fixed stretch. The others (a bone under a scaled
// bone, whose node undoes the parent's changing scale, 1/s, which no key interpolation draws)
// are sampled at every key and every frame of the tracks they hang on, and left out where
// they hold their still value.
void add_keyed_scales(Writer& w, tinygltf::Animation& anim, const Rig& rig, const State& state, std::map<std::vector<float>, int>& inputs,
                      Stills& stills) {
    const Skeleton& bones = rig.skeleton;
    const bool is_2d = rig.is_2d();
    const auto track_of = [&](int bone, PoseProperty property) -> const KeyTrack* {
        const int i = track_driving(state, bone, property);
        return i < 0 ? nullptr : &state.tracks[static_cast<std::size_t>(i)];
    };
    // Without scale tracks, only a turn under an uneven pose scale moves a node's scale.
    const bool scale_tracks =
        std::any_of(state.tracks.begin(), state.tracks.end(), [](const KeyTrack& t) { return t.property == PoseProperty::Scale; });
    const bool uneven_scales =
        std::any_of(rig.pose.scales.begin(), rig.pose.scales.end(), [](const glm::vec3& s) { return !gltf::is_even(s); });
    if (!scale_tracks && !uneven_scales) return;
    Pose pose = rig.pose;
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const int bone = static_cast<int>(b);
        const int p = bones[b].parent;
        const KeyTrack* own = track_of(bone, PoseProperty::Scale);
        const KeyTrack* parent = p < 0 ? nullptr : track_of(p, PoseProperty::Scale);
        const glm::vec3 parent_scale = p < 0 ? glm::vec3(1.0f) : rig.pose.scales[static_cast<std::size_t>(p)];
        // Uneven in the pose or in any of its keys: the bone's turns change its node's scale.
        const bool uneven = !gltf::is_even(parent_scale) || (parent && std::any_of(parent->keys.begin(), parent->keys.end(),
                                                                                   [](const Key& k) { return !gltf::is_even(k.vector); }));
        const KeyTrack* turn = uneven ? track_of(bone, PoseProperty::Rotation) : nullptr;
        std::vector<const KeyTrack*> hangs_on;
        for (const KeyTrack* t : {own, parent, turn}) {
            if (t && !t->keys.empty()) hangs_on.push_back(t);
        }
        if (hangs_on.empty()) continue;
        bool all_step = false;
        const std::vector<float> times = shared_sample_times(hangs_on, rig.fps, all_step);
        NodeValues v;
        v.property = PoseProperty::Scale;
        bool moves = false;
        for (float t : times) {
            sample_state_at(state, is_2d, static_cast<double>(t), static_cast<double>(t), rig.pose, pose);
            const glm::vec3 s = bone_node_scale(bones, pose, b, stills.sheared);
            moves = moves || s != stills.node_scales[b];
            v.add_scale(s);
        }
        if (!moves) continue;
        auto input = inputs.find(times);
        if (input == inputs.end()) input = inputs.emplace(times, w.floats(times, TINYGLTF_TYPE_SCALAR, 1, true)).first;
        add_channel(w, anim, input->second, v, bone, all_step ? "STEP" : "LINEAR");
    }
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
    Stills stills;
    tinygltf::Scene scene;
    // The armature: the one root, turned so that its bone nodes' transforms are their bones'
    // conjugated by the turn (gltf_bone_axis.hpp).
    tinygltf::Node armature;
    armature.name = "armature";
    armature.rotation = as_doubles(gltf::kNodeToBone);
    armature.extras = tinygltf::Value(
        tinygltf::Value::Object{{"marionette", tinygltf::Value(tinygltf::Value::Object{{"armature", tinygltf::Value(true)}})}});
    w.model.nodes.push_back(armature);
    scene.nodes.push_back(kArmatureNode);
    std::vector<Transform> world(bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const Bone& bone = bones[b];
        const Transform local{bone.rest.translation + pose.translations[b] + (bone.parent < 0 ? pose.root_offset : glm::vec3{0.0f}),
                              unit(bone.rest.rotation, pose.rotations[b])};
        const Transform rest_local{bone.rest.translation, bone.rest.rotation};
        world[b] = bone.parent < 0 ? rest_local : world[static_cast<std::size_t>(bone.parent)] * rest_local;
        const Transform node = node_local(local);
        tinygltf::Node n;
        n.name = bone.name;
        n.translation = as_doubles(node.translation);
        n.rotation = as_doubles(canonical(node.rotation));
        stills.node_scales.push_back(bone_node_scale(bones, pose, b, stills.sheared));
        if (stills.node_scales.back() != glm::vec3(1.0f)) n.scale = as_doubles(stills.node_scales.back());
        tinygltf::Value::Object extras;
        extras["marionette"] = tinygltf::Value(tinygltf::Value::Object{{"length", tinygltf::Value(static_cast<double>(bone.length))}});
        n.extras = tinygltf::Value(extras);
        w.model.nodes.push_back(n);
        w.model.nodes[static_cast<std::size_t>(bone.parent < 0 ? kArmatureNode : node_of(bone.parent))].children.push_back(
            node_of(static_cast<int>(b)));
    }
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
    const gltf::PictureNodes pictures =
        options.pictures_folder ? gltf::export_pictures(w, rig, *options.pictures_folder, out.warnings) : gltf::PictureNodes{};
    const auto add_switches = [&](tinygltf::Animation& anim, const State& state, double seconds) {
        if (!options.pictures_folder) return;
        gltf::add_drawing_switches(w, anim, rig, state, seconds, pictures, out.warnings);
        gltf::add_deform_weights(w, anim, rig, state, seconds, pictures.nodes);
    };

    // Keyed states as animations, key for key where glTF has the interpolation; cosine and
    // Bézier keys as linear keys every frame between.
    const bool is_2d = rig.is_2d();
    if (options.timeline) {
        if (options.timeline->poses.empty() || !(options.timeline->fps > 0.0)) return Error{"the timeline to export has no frames"};
        if (tinygltf::Animation anim = clip_animation(w, rig, pose, *options.timeline, stills); !anim.channels.empty())
            w.model.animations.push_back(anim);
    }
    // A timeline is the one animation; else every state is one.
    const std::span<const State> states = options.timeline ? std::span<const State>() : std::span<const State>(rig.states);
    for (const State& state : states) {
        if (!state.channels.empty() || !chains_solved_by(rig, state).empty()) {
            double seconds = 0.0;
            tinygltf::Animation anim = sampled_animation(w, rig, state, out.warnings, stills, seconds);
            add_switches(anim, state, seconds);
            if (!anim.channels.empty()) w.model.animations.push_back(anim);
            continue;
        }
        if (!is_keyed(state)) continue;
        tinygltf::Animation anim;
        anim.name = state.name;
        // Tracks keyed at the same times share one times accessor (as a sampled state's do), so
        // a sampled state exported, imported and exported again is the same file.
        std::map<std::vector<float>, int> inputs;
        for (const KeyTrack& track : state.tracks) {
            if (track.property == PoseProperty::Scale) continue;  // add_keyed_scales
            const auto b = static_cast<std::size_t>(track.bone);
            const Bone& bone = bones[b];
            bool all_step = false;
            const std::vector<float> times = shared_sample_times({&track}, rig.fps, all_step);
            // A root's keyed translation moves it from where the pose's root offset puts it, as
            // it plays in the editor and in --animate (state_pose.hpp).
            const glm::vec3 offset = bone.parent < 0 ? rig.pose.root_offset : glm::vec3(0.0f);
            NodeValues v;
            v.property = track.property;
            for (float t : times) {
                const Key k = sample_track(track, is_2d, static_cast<double>(t));
                v.add(v.property == PoseProperty::Rotation
                          ? Transform{bone.rest.translation, unit(bone.rest.rotation, key_rotation(k, is_2d))}
                          : Transform{bone.rest.translation + k.vector + offset, bone.rest.rotation});
            }
            auto input = inputs.find(times);
            if (input == inputs.end()) input = inputs.emplace(times, w.floats(times, TINYGLTF_TYPE_SCALAR, 1, true)).first;
            add_channel(w, anim, input->second, v, track.bone, all_step ? "STEP" : "LINEAR");
        }
        add_keyed_scales(w, anim, rig, state, inputs, stills);
        add_switches(anim, state, static_cast<double>(state_length(state)));
        if (!anim.channels.empty()) w.model.animations.push_back(anim);
    }
    gltf::export_meshes(w, rig);
    if (!stills.sheared.empty()) {
        out.warnings.push_back(std::to_string(stills.sheared.size()) +
                               " bones hang under an uneven or zero scale of their parent's, which glTF passes down to them: they show "
                               "sheared or flattened in the file (docs/gltf.md)");
    }
    tinygltf::TinyGLTF writer;
    std::ostringstream stream;
    if (!writer.WriteGltfSceneToStream(&w.model, stream, !options.binary, options.binary)) return Error{"the glTF writer failed"};
    out.bytes = stream.str();
    out.animations = w.model.animations.size();
    return out;
}

}  // namespace marionette
