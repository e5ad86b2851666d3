// Reading a rig from JSON: the top level, chains, pose, states. The bones are skeleton_reader's.

#include <string>
#include <unordered_map>
#include <vector>

#include "core/anim/chain_track_json.hpp"
#include "core/anim/deform_track_json.hpp"
#include "core/anim/key_curve_json.hpp"
#include "core/anim/slot_track_json.hpp"
#include "core/ik/chain_rules.hpp"
#include "core/io/json/fast_json.hpp"
#include "core/io/json/json_document.hpp"
#include "core/math/angles.hpp"
#include "core/mesh/mesh_json.hpp"
#include "core/mesh/slot_json.hpp"
#include "core/rig/rig_json.hpp"
#include "core/rig/skeleton_reader.hpp"
#include "core/rig/stored_pose_json.hpp"

namespace marionette {

namespace {

// Bone lookups by name after the skeleton is read: one hash map, so a rig whose pose or states
// name every bone still loads in linear time.
class BoneIndex {
public:
    explicit BoneIndex(const Skeleton& skeleton) : skeleton_(skeleton) {
        by_name_.reserve(skeleton.size());
        for (std::size_t i = 0; i < skeleton.size(); ++i) by_name_.emplace(skeleton[i].name, static_cast<int>(i));
    }
    const Skeleton& skeleton() const { return skeleton_; }
    int find(const std::string& name) const {
        auto it = by_name_.find(name);
        return it == by_name_.end() ? -1 : it->second;
    }
    // The bone named by `f`; an unknown name is an error at `f`.
    int require(const JsonField& f) const {
        const std::string name = f.non_empty_string();
        const int b = find(name);
        if (b < 0) f.fail("\"" + name + "\" is not a bone");
        return b;
    }

private:
    const Skeleton& skeleton_;
    std::unordered_map<std::string, int> by_name_;
};

void read_ccd_settings(const JsonField& f, CcdSettings& s) {
    f.allow_only({"iterations", "tolerance", "max_step"});
    if (auto v = f.optional_member("iterations")) {
        s.max_iterations = v->integer();
        if (auto problem = iterations_problem(s.max_iterations)) v->fail(*problem);
    }
    if (auto v = f.optional_member("tolerance")) {
        s.tolerance = v->number();
        if (auto problem = tolerance_problem(s.tolerance)) v->fail(*problem);
    }
    if (auto v = f.optional_member("max_step")) {
        s.max_step = v->degrees(0, kMaxStepDegrees);
        if (auto problem = max_step_problem(s.max_step)) v->fail(*problem);
    }
}

void read_two_bone_settings(const JsonField& f, TwoBoneSettings& s, int dims) {
    if (dims == 2) {
        f.allow_only({"bend", "softness"});
    } else {
        f.allow_only({"pole", "softness"});
    }
    if (auto v = f.optional_member("bend")) {
        s.bend = v->integer();
        if (auto problem = bend_problem(s.bend)) v->fail(*problem);
    }
    if (auto v = f.optional_member("pole")) s.pole = v->position(3);
    if (auto v = f.optional_member("softness")) {
        s.softness = v->number();
        if (auto problem = softness_problem(s.softness)) v->fail(*problem);
    }
}

IkChain read_chain(const JsonField& f, const BoneIndex& bones, int dims) {
    const Skeleton& skeleton = bones.skeleton();
    f.allow_only({"name", "root", "effector", "solver", "settings", "pin", "mix"});
    IkChain c;
    c.name = f.member("name").non_empty_string();
    c.root = bones.require(f.member("root"));
    const JsonField effector = f.member("effector");
    c.effector = bones.require(effector);
    const std::vector<int> path = chain_bones(skeleton, c.root, c.effector);
    if (path.empty()) {
        effector.fail("\"" + skeleton[static_cast<std::size_t>(c.effector)].name + "\" is not below \"" +
                      skeleton[static_cast<std::size_t>(c.root)].name +
                      "\": a chain runs from its root down a parent path to its effector");
    }
    const JsonField solver = f.member("solver");
    const std::string kind = solver.string();
    if (kind == "ccd") {
        c.solver = SolverKind::Ccd;
    } else if (kind == "two_bone") {
        c.solver = SolverKind::TwoBone;
        if (path.size() != 2) {
            solver.fail("a two_bone chain has exactly two bones, this one has " + std::to_string(path.size()));
        }
    } else {
        solver.fail("unknown solver \"" + kind + "\" (expected \"ccd\" or \"two_bone\")");
    }
    if (auto s = f.optional_member("settings")) {
        if (c.solver == SolverKind::Ccd) {
            read_ccd_settings(*s, c.ccd);
        } else {
            read_two_bone_settings(*s, c.two_bone, dims);
        }
    }
    if (auto pin = f.optional_member("pin")) c.pin = pin->position(dims);
    if (auto mix = f.optional_member("mix")) {
        c.mix = mix->number();
        if (auto problem = mix_problem(c.mix)) mix->fail(*problem);
    }
    return c;
}

// Reads the object member `name` of `f`, if present: bone names to values, each read by
// `read(value field)` into `out[bone]`.
template <class T, class Read>
void read_per_bone(const JsonField& f, const char* name, const BoneIndex& bones, std::vector<T>& out, Read read) {
    const auto member = f.optional_member(name);
    if (!member) return;
    member->for_each_member([&](const std::string& key, const JsonField& value) {
        const int b = bones.find(key);
        if (b < 0) value.fail("\"" + key + "\" is not a bone");
        out[static_cast<std::size_t>(b)] = read(value);
    });
}

Pose read_pose(const JsonField& f, const BoneIndex& bones, int dims) {
    f.allow_only({"root_offset", "rotations", "translations", "scales"});
    Pose pose = Pose::rest(bones.skeleton().size());
    if (auto o = f.optional_member("root_offset")) pose.root_offset = o->position(dims);
    read_per_bone(f, "rotations", bones, pose.rotations, [dims](const JsonField& v) { return v.rotation(dims); });
    read_per_bone(f, "translations", bones, pose.translations, [dims](const JsonField& v) { return v.position(dims); });
    read_per_bone(f, "scales", bones, pose.scales, [dims](const JsonField& v) { return v.scale(dims); });
    return pose;
}

PoseProperty read_pose_property(const JsonField& f) {
    const std::string p = f.string();
    if (const auto known = pose_property_named(p)) return *known;
    f.fail("unknown property \"" + p + "\" (expected \"rotation\", \"translation\" or \"scale\")");
}

// A translation or scale channel's base (its center) and swing: vectors of the rig's dimensions.
void read_vector_channel(const JsonField& f, int dims, StateChannel& c) {
    f.allow_only({"bone", "property", "base", "swing", "period", "phase"});
    const auto base = f.optional_member("base");
    const auto swing = f.optional_member("swing");
    if (base) c.center = base->vector(dims);
    if (dims == 2 && c.property == PoseProperty::Scale) c.center.z = 1.0f;
    if (swing) c.swing = swing->vector(dims);
    if (!channel_stays_in_range(c)) (swing ? *swing : *base).fail(channel_range_rule(c.property));
}

StateChannel read_channel(const JsonField& f, const BoneIndex& bones, int dims) {
    StateChannel c;
    if (auto v = f.optional_member("property")) c = still_channel(-1, read_pose_property(*v));
    c.bone = bones.require(f.member("bone"));
    if (c.property != PoseProperty::Rotation) {
        read_vector_channel(f, dims, c);
    } else {
        if (dims == 2) {
            f.allow_only({"bone", "property", "base", "amplitude", "period", "phase"});
        } else {
            f.allow_only({"bone", "property", "axis", "base", "amplitude", "period", "phase"});
        }
        if (auto v = f.optional_member("axis")) c.axis = v->direction();
        if (auto v = f.optional_member("base")) {
            // 3D: a quaternion, or a number of degrees about the channel's axis (handy to write by hand).
            c.base =
                dims == 3 && v->is_number() ? glm::angleAxis(v->degrees(-kMaxFileDegrees, kMaxFileDegrees), c.axis) : v->rotation(dims);
        }
        if (auto v = f.optional_member("amplitude")) c.amplitude = v->degrees(-kMaxFileDegrees, kMaxFileDegrees);
    }
    if (auto v = f.optional_member("phase")) c.phase = v->degrees(-36000, 36000);
    if (auto v = f.optional_member("period")) {
        c.period = v->number();
        if (!(c.period > 0.0f)) v->fail("must be > 0 seconds");
    }
    return c;
}

// A key's value as its track's property reads it: a 2D rotation in degrees (not wrapped), a
// 3D rotation as a quaternion, a translation or scale as a vector of the rig's dimensions.
void read_key_value(const JsonField& v, PoseProperty property, int dims, Key& k) {
    switch (property) {
        case PoseProperty::Rotation:
            if (dims == 2) {
                k.angle = v.degrees(-kMaxFileDegrees, kMaxFileDegrees);
            } else {
                k.rotation = v.rotation(3);
            }
            break;
        case PoseProperty::Translation: k.vector = v.position(dims); break;
        case PoseProperty::Scale: k.vector = v.scale(dims); break;
    }
}

Key read_key(const JsonField& f, PoseProperty property, int dims) {
    // One walk of the object: a clip holds keys by the million.
    const auto [time, value, interpolation, curve, lines] = f.members({"time", "value", "interpolation", "curve", "curve_lines"});
    Key k;
    if (property == PoseProperty::Scale) k.vector = glm::vec3{1.0f};
    if (!time) f.fail("missing required \"time\"");
    if (!value) f.fail("missing required \"value\"");
    k.time = time->number();
    read_key_value(*value, property, dims, k);
    read_key_curve(interpolation, curve, lines, k.interpolation, k.curve);
    return k;
}

KeyTrack read_track(const JsonField& f, const BoneIndex& bones, int dims) {
    f.allow_only({"bone", "property", "keys"});
    KeyTrack t;
    t.bone = bones.require(f.member("bone"));
    if (auto v = f.optional_member("property")) t.property = read_pose_property(*v);
    const JsonField keys = f.member("keys");
    t.keys.reserve(keys.array_size());
    for (std::size_t k = 0; k < keys.array_size(); ++k) t.keys.push_back(read_key(keys.element(k), t.property, dims));
    int at = -1;
    if (const std::string problem = key_track_problem(t, dims == 2, &at); !problem.empty()) {
        (at >= 0 ? keys.element(static_cast<std::size_t>(at)) : keys).fail(problem);
    }
    return t;
}

std::vector<State> read_states(const JsonField& f, const BoneIndex& bones, const std::vector<Slot>& slots, const std::vector<Skin>& skins,
                               const std::vector<IkChain>& chains, int dims) {
    std::vector<State> states;
    std::unordered_map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < f.array_size(); ++i) {
        const JsonField s = f.element(i);
        s.allow_only({"name", "channels", "tracks", "loop", "slot_tracks", "draw_order", "chain_tracks", "deform", "skin_keys"});
        State state;
        const JsonField name = s.member("name");
        state.name = name.non_empty_string();
        if (auto [it, inserted] = seen.emplace(state.name, i); !inserted) {
            name.fail("duplicate state name \"" + state.name + "\" (also states[" + std::to_string(it->second) + "])");
        }
        if (auto channels = s.optional_member("channels")) {
            for (std::size_t c = 0; c < channels->array_size(); ++c) {
                state.channels.push_back(read_channel(channels->element(c), bones, dims));
            }
        }
        if (auto tracks = s.optional_member("tracks")) {
            for (std::size_t t = 0; t < tracks->array_size(); ++t) {
                const JsonField track = tracks->element(t);
                KeyTrack read = read_track(track, bones, dims);
                if (const int twin = track_driving(state, read.bone, read.property); twin >= 0) {
                    track.fail("a second track for " + bones.skeleton()[static_cast<std::size_t>(read.bone)].name + "'s " +
                               pose_property_name(read.property) + " (also tracks[" + std::to_string(twin) + "])");
                }
                state.tracks.push_back(std::move(read));
            }
        }
        if (auto loop = s.optional_member("loop")) state.loop = loop->boolean();
        read_slot_timelines(s.optional_member("slot_tracks"), s.optional_member("draw_order"), slots, state);
        read_chain_tracks(s.optional_member("chain_tracks"), chains, state);
        read_deform_tracks(s.optional_member("deform"), slots, skins, state);
        if (auto keys = s.optional_member("skin_keys")) read_skin_keys(*keys, skins, state);
        states.push_back(std::move(state));
    }
    return states;
}

TransitionSettings read_transition(const JsonField& f) {
    f.allow_only({"duration", "easing"});
    TransitionSettings t;
    if (auto v = f.optional_member("duration")) {
        t.duration = v->number();
        if (t.duration < 0.0f) v->fail("must be >= 0 seconds");
    }
    if (auto v = f.optional_member("easing")) {
        const std::string e = v->string();
        if (e == "cosine") {
            t.easing = Easing::Cosine;
        } else if (e == "linear") {
            t.easing = Easing::Linear;
        } else if (e == "smoothstep") {
            t.easing = Easing::Smoothstep;
        } else {
            v->fail("unknown easing \"" + e + "\" (expected \"cosine\", \"linear\" or \"smoothstep\")");
        }
    }
    return t;
}

Rig read_rig(const JsonField& top, const std::filesystem::path& folder) {
    if (!top.is_object() || !top.optional_member("format")) {
        top.fail(std::string("not a Marionette rig: missing \"format\": \"") + kRigFormatName + "\"");
    }
    const JsonField format = top.member("format");
    if (!format.is_string() || format.string() != kRigFormatName) {
        top.fail(std::string("not a Marionette rig: \"format\" is ") + format.excerpt() + ", expected \"" + kRigFormatName + "\"");
    }
    const JsonField version = top.member("version");
    if (const int v = version.integer(); v != kRigFormatVersion) {
        version.fail("unsupported format version " + std::to_string(v) + " (this build reads version " + std::to_string(kRigFormatVersion) +
                     ")");
    }
    top.allow_only({"format", "version", "dimensions", "bones", "chains", "pose", "states", "transition", "fps", "editor", "meshes",
                    "images", "mesh_data", "slots", "skins", "skin", "poses", "side_axis"});

    Rig rig;
    const JsonField dimensions = top.member("dimensions");
    const int dims = dimensions.integer();
    if (dims != 2 && dims != 3) dimensions.fail("must be 2 or 3, got " + std::to_string(dims));
    rig.dimensions = dims == 2 ? Dimensions::Two : Dimensions::Three;

    rig.skeleton = read_skeleton(top.member("bones"), dims);
    rig.pose = Pose::rest(rig.skeleton.size());
    const BoneIndex bones(rig.skeleton);

    if (auto chains = top.optional_member("chains")) {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < chains->array_size(); ++i) {
            IkChain chain = read_chain(chains->element(i), bones, dims);
            if (auto [it, inserted] = seen.emplace(chain.name, i); !inserted) {
                chains->element(i).member("name").fail("duplicate chain name \"" + chain.name + "\" (also chains[" +
                                                       std::to_string(it->second) + "])");
            }
            rig.chains.push_back(std::move(chain));
        }
    }
    if (auto pose = top.optional_member("pose")) rig.pose = read_pose(*pose, bones, dims);
    // Skins before slots, slots before states: attachments name skins, a state's timelines both.
    if (auto skins = top.optional_member("skins")) rig.skins = read_skins_json(*skins);
    if (auto skin = top.optional_member("skin"); skin && !skin->is_null()) rig.skin = read_skin_name(*skin, rig.skins);
    if (auto slots = top.optional_member("slots")) {
        rig.slots = read_slots_json(*slots, rig.skeleton, rig.skins);
        if (std::optional<std::string> problem = slots_problem(rig.slots, rig.skeleton.size(), rig.skins.size())) top.fail(*problem);
    }
    if (auto states = top.optional_member("states")) rig.states = read_states(*states, bones, rig.slots, rig.skins, rig.chains, dims);
    if (auto transition = top.optional_member("transition")) rig.transition = read_transition(*transition);
    if (auto poses = top.optional_member("poses")) rig.poses = read_stored_poses_json(*poses, rig.skeleton, dims);
    if (auto axis = top.optional_member("side_axis")) {
        if (dims == 2) axis->fail("a 2D rig mirrors across x: it takes no side axis");
        rig.side_axis = axis->direction();
    }
    if (auto fps = top.optional_member("fps")) {
        rig.fps = fps->number();
        if (!is_fps(rig.fps)) fps->fail(std::string("frames per second must be ") + kFpsRange + ", got " + fps->excerpt());
    }
    if (auto editor = top.optional_member("editor")) {
        editor->require_object();
        rig.editor = EditorData(editor->to_json());
    }
    rig.meshes = read_meshes_json(top, rig.skeleton, folder);
    return rig;
}

}  // namespace

Result<Rig> rig_from_json(const Json& document, const std::filesystem::path& folder) {
    try {
        return read_rig(JsonField(document, ""), folder);
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

Result<Rig> parse_rig(std::string_view text, const std::filesystem::path& folder) {
    // Read fast when the text allows (fast_json.hpp); any failure is read again through
    // parse_json_document, whose fields name the place of what is wrong.
    if (const std::unique_ptr<FastJsonDocument> fast = FastJsonDocument::parse(text)) {
        try {
            return read_rig(fast->root(), folder);
        } catch (const JsonFieldError&) {
        }
    }
    Result<Json> document = parse_json_document(text);
    if (!document) return Error{document.message()};
    return rig_from_json(document.value(), folder);
}

}  // namespace marionette
