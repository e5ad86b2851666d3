// Reading a rig from JSON. Bones may come in any order; they are stored parent-before-child,
// keeping the file's order whenever it already is.

#include <string>
#include <unordered_map>
#include <vector>

#include "core/angles.hpp"
#include "core/rig_json.hpp"

namespace marionette {

namespace {

struct BoneEntry {
    Bone bone;
    std::string parent_name;  // empty for a root
    bool has_translation = false;
    int parent_entry = -1;    // file index of the parent
};

JointLimits read_limits(const JsonField& f, int dims) {
    JointLimits limits;
    if (dims == 2) {
        f.allow_only({"min", "max"});
    } else {
        f.allow_only({"hinge", "min", "max"});
        if (auto h = f.optional_member("hinge")) limits.hinge = h->direction();
    }
    if (auto m = f.optional_member("min")) {
        if (dims == 3 && !limits.hinge) m->fail("a 3D joint without a hinge takes only \"max\" (its largest turn from rest)");
        limits.min_angle = m->degrees(-180, 180);
    }
    if (auto m = f.optional_member("max")) {
        limits.max_angle = m->degrees(dims == 3 && !limits.hinge ? 0 : -180, 180);
    }
    if (limits.min_angle && limits.max_angle && *limits.min_angle > *limits.max_angle) {
        f.fail("\"min\" must not exceed \"max\"");
    }
    return limits;
}

BoneEntry read_bone(const JsonField& f, int dims) {
    f.allow_only({"name", "parent", "length", "translation", "rotation", "limits"});
    BoneEntry e;
    e.bone.name = f.member("name").non_empty_string();
    if (auto p = f.optional_member("parent"); p && !p->raw().is_null()) {
        if (!p->raw().is_string()) p->fail("expected a bone name or null, got " + json_type_name(p->raw()));
        e.parent_name = p->non_empty_string();
    }
    const JsonField length = f.member("length");
    e.bone.length = length.number();
    if (e.bone.length < 0.0f) length.fail("must be >= 0, got " + length.raw().dump());
    if (auto t = f.optional_member("translation")) {
        e.bone.rest.translation = t->vector(dims);
        e.has_translation = true;
    }
    if (auto r = f.optional_member("rotation")) e.bone.rest.rotation = r->rotation(dims);
    if (auto l = f.optional_member("limits")) e.bone.limits = read_limits(*l, dims);
    return e;
}

// Orders entries parent-before-child, reporting unknown parents and cycles. Each bone is placed
// once, after its unplaced ancestors, so a file already in order keeps its order.
std::vector<int> order_bones(std::vector<BoneEntry>& entries, const JsonField& bones_field) {
    std::unordered_map<std::string, int> by_name;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        auto [it, inserted] = by_name.emplace(entries[i].bone.name, static_cast<int>(i));
        if (!inserted) {
            bones_field.element(i).member("name").fail("duplicate name \"" + entries[i].bone.name + "\" (also bones[" +
                                                        std::to_string(it->second) + "])");
        }
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].parent_name.empty()) continue;
        auto it = by_name.find(entries[i].parent_name);
        if (it == by_name.end()) {
            bones_field.element(i).member("parent").fail("\"" + entries[i].parent_name + "\" is not a bone");
        }
        entries[i].parent_entry = it->second;
    }

    enum class Mark { Unplaced, OnWalk, Placed };
    std::vector<Mark> mark(entries.size(), Mark::Unplaced);
    std::vector<int> order;
    order.reserve(entries.size());
    std::vector<int> walk;
    for (std::size_t start = 0; start < entries.size(); ++start) {
        walk.clear();
        for (int b = static_cast<int>(start); b >= 0 && mark[static_cast<std::size_t>(b)] != Mark::Placed;
             b = entries[static_cast<std::size_t>(b)].parent_entry) {
            if (mark[static_cast<std::size_t>(b)] == Mark::OnWalk) {
                std::string cycle = entries[static_cast<std::size_t>(b)].bone.name;
                for (int c = entries[static_cast<std::size_t>(b)].parent_entry;; c = entries[static_cast<std::size_t>(c)].parent_entry) {
                    cycle += " -> " + entries[static_cast<std::size_t>(c)].bone.name;
                    if (c == b) break;
                }
                bones_field.element(static_cast<std::size_t>(b)).member("parent").fail("cycle: " + cycle);
            }
            mark[static_cast<std::size_t>(b)] = Mark::OnWalk;
            walk.push_back(b);
        }
        for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
            mark[static_cast<std::size_t>(*it)] = Mark::Placed;
            order.push_back(*it);
        }
    }
    return order;
}

Skeleton read_skeleton(const JsonField& bones_field, int dims) {
    const std::size_t n = bones_field.array_size();
    if (n == 0) bones_field.fail("a rig needs at least one bone");
    std::vector<BoneEntry> entries;
    entries.reserve(n);
    for (std::size_t i = 0; i < n; ++i) entries.push_back(read_bone(bones_field.element(i), dims));

    const std::vector<int> order = order_bones(entries, bones_field);
    std::vector<int> index_of_entry(n);
    for (std::size_t i = 0; i < n; ++i) index_of_entry[static_cast<std::size_t>(order[i])] = static_cast<int>(i);

    std::vector<Bone> bones;
    bones.reserve(n);
    for (int e : order) {
        BoneEntry& entry = entries[static_cast<std::size_t>(e)];
        Bone bone = std::move(entry.bone);
        if (entry.parent_entry >= 0) {
            bone.parent = index_of_entry[static_cast<std::size_t>(entry.parent_entry)];
            if (!entry.has_translation) {
                bone.rest.translation = bone_axis() * bones[static_cast<std::size_t>(bone.parent)].length;
            }
        }
        bones.push_back(std::move(bone));
    }
    return Skeleton(std::move(bones));
}

int bone_by_name(const Skeleton& skeleton, const JsonField& f) {
    const std::string name = f.non_empty_string();
    const int b = skeleton.find(name);
    if (b < 0) f.fail("\"" + name + "\" is not a bone");
    return b;
}

void read_ccd_settings(const JsonField& f, CcdSettings& s) {
    f.allow_only({"iterations", "tolerance", "max_step"});
    if (auto v = f.optional_member("iterations")) {
        s.max_iterations = v->integer();
        if (s.max_iterations < 1 || s.max_iterations > 10000) v->fail("must be between 1 and 10000");
    }
    if (auto v = f.optional_member("tolerance")) {
        s.tolerance = v->number();
        if (!(s.tolerance > 0.0f)) v->fail("must be > 0");
    }
    if (auto v = f.optional_member("max_step")) {
        s.max_step = v->degrees(0, 180);
        if (!(s.max_step > 0.0f)) v->fail("must be > 0 degrees");
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
        if (s.bend != 1 && s.bend != -1) v->fail("must be 1 or -1");
    }
    if (auto v = f.optional_member("pole")) s.pole = v->vector(3);
    if (auto v = f.optional_member("softness")) {
        s.softness = v->number();
        if (s.softness < 0.0f || s.softness > 1.0f) v->fail("must be between 0 and 1");
    }
}

IkChain read_chain(const JsonField& f, const Skeleton& skeleton, int dims) {
    f.allow_only({"name", "root", "effector", "solver", "settings"});
    IkChain c;
    c.name = f.member("name").non_empty_string();
    c.root = bone_by_name(skeleton, f.member("root"));
    const JsonField effector = f.member("effector");
    c.effector = bone_by_name(skeleton, effector);
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
    return c;
}

Pose read_pose(const JsonField& f, const Skeleton& skeleton, int dims) {
    f.allow_only({"root_offset", "rotations"});
    Pose pose = Pose::rest(skeleton.size());
    if (auto o = f.optional_member("root_offset")) pose.root_offset = o->vector(dims);
    if (auto r = f.optional_member("rotations")) {
        for (const auto& item : r->object().items()) {
            const JsonField value(item.value(), r->path() + "." + item.key());
            const int b = skeleton.find(item.key());
            if (b < 0) value.fail("\"" + item.key() + "\" is not a bone");
            pose.rotations[static_cast<std::size_t>(b)] = value.rotation(dims);
        }
    }
    return pose;
}

StateChannel read_channel(const JsonField& f, const Skeleton& skeleton, int dims) {
    if (dims == 2) {
        f.allow_only({"bone", "base", "amplitude", "period", "phase"});
    } else {
        f.allow_only({"bone", "axis", "base", "amplitude", "period", "phase"});
    }
    StateChannel c;
    c.bone = bone_by_name(skeleton, f.member("bone"));
    if (auto v = f.optional_member("axis")) c.axis = v->direction();
    if (auto v = f.optional_member("base")) c.base = v->degrees(-36000, 36000);
    if (auto v = f.optional_member("amplitude")) c.amplitude = v->degrees(-36000, 36000);
    if (auto v = f.optional_member("phase")) c.phase = v->degrees(-36000, 36000);
    if (auto v = f.optional_member("period")) {
        c.period = v->number();
        if (!(c.period > 0.0f)) v->fail("must be > 0 seconds");
    }
    return c;
}

std::vector<State> read_states(const JsonField& f, const Skeleton& skeleton, int dims) {
    std::vector<State> states;
    std::unordered_map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < f.array_size(); ++i) {
        const JsonField s = f.element(i);
        s.allow_only({"name", "channels"});
        State state;
        const JsonField name = s.member("name");
        state.name = name.non_empty_string();
        if (auto [it, inserted] = seen.emplace(state.name, i); !inserted) {
            name.fail("duplicate state name \"" + state.name + "\" (also states[" + std::to_string(it->second) + "])");
        }
        if (auto channels = s.optional_member("channels")) {
            for (std::size_t c = 0; c < channels->array_size(); ++c) {
                state.channels.push_back(read_channel(channels->element(c), skeleton, dims));
            }
        }
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

Rig read_rig(const Json& document) {
    const JsonField top(document, "");
    if (!document.is_object() || !document.contains("format")) {
        top.fail(std::string("not a Marionette rig: missing \"format\": \"") + kRigFormatName + "\"");
    }
    const JsonField format = top.member("format");
    if (!format.raw().is_string() || format.raw().get<std::string>() != kRigFormatName) {
        top.fail(std::string("not a Marionette rig: \"format\" is ") + format.raw().dump() + ", expected \"" +
                 kRigFormatName + "\"");
    }
    const JsonField version = top.member("version");
    if (const int v = version.integer(); v != kRigFormatVersion) {
        version.fail("unsupported format version " + std::to_string(v) + " (this build reads version " +
                     std::to_string(kRigFormatVersion) + ")");
    }
    top.allow_only({"format", "version", "dimensions", "bones", "chains", "pose", "states", "transition", "editor"});

    Rig rig;
    const JsonField dimensions = top.member("dimensions");
    const int dims = dimensions.integer();
    if (dims != 2 && dims != 3) dimensions.fail("must be 2 or 3, got " + std::to_string(dims));
    rig.dimensions = dims == 2 ? Dimensions::Two : Dimensions::Three;

    rig.skeleton = read_skeleton(top.member("bones"), dims);
    rig.pose = Pose::rest(rig.skeleton.size());

    if (auto chains = top.optional_member("chains")) {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < chains->array_size(); ++i) {
            IkChain chain = read_chain(chains->element(i), rig.skeleton, dims);
            if (auto [it, inserted] = seen.emplace(chain.name, i); !inserted) {
                chains->element(i).member("name").fail("duplicate chain name \"" + chain.name + "\" (also chains[" +
                                                       std::to_string(it->second) + "])");
            }
            rig.chains.push_back(std::move(chain));
        }
    }
    if (auto pose = top.optional_member("pose")) rig.pose = read_pose(*pose, rig.skeleton, dims);
    if (auto states = top.optional_member("states")) rig.states = read_states(*states, rig.skeleton, dims);
    if (auto transition = top.optional_member("transition")) rig.transition = read_transition(*transition);
    if (auto editor = top.optional_member("editor")) {
        editor->object();
        rig.editor = editor->raw();
    }
    return rig;
}

// "line 20, column 17: number 1e999 is out of range", from nlohmann's
// "[json.exception.out_of_range.406] number overflow parsing '1e999'".
std::string describe_number_overflow(std::string_view text, const std::string& what) {
    const auto open = what.find('\'');
    const auto close = what.rfind('\'');
    if (open == std::string::npos || close <= open) return what;
    const std::string number = what.substr(open + 1, close - open - 1);
    const auto at = text.find(number);
    if (at == std::string_view::npos) return "number " + number + " is out of range (numbers must be finite)";
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": number " + number +
           " is out of range (numbers must be finite)";
}

}  // namespace

Result<Rig> rig_from_json(const Json& document) {
    try {
        return read_rig(document);
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

Result<Rig> parse_rig(std::string_view text) {
    Json document;
    try {
        document = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        // nlohmann says "[json.exception.parse_error.101] parse error at line 4, column 9: ...";
        // the user needs the place and the reason, not the library's tag.
        std::string message = e.what();
        const std::string tag = "parse error at ";
        if (auto at = message.find(tag); at != std::string::npos) message = message.substr(at + tag.size());
        return Error{"not valid JSON: " + message};
    } catch (const Json::out_of_range& e) {
        // A number too large for a double (1e999): nlohmann names the number but not the place.
        return Error{"not valid JSON: " + describe_number_overflow(text, e.what())};
    }
    return rig_from_json(document);
}

}  // namespace marionette
