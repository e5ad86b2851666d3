#include "core/io/spine/spine_playback.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <stdexcept>

#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/spine/spine_pose.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"

namespace marionette::testing {

using nlohmann::json;

std::filesystem::path asset_path(const char* name) { return std::filesystem::path(MARIONETTE_ASSETS) / name; }

Rig shipped_rig(const char* name) { return load_rig_file(asset_path(name)).value(); }

// The export of `rig`, its pictures read from `folder` when given.
SpineExport exported(const Rig& rig, const std::filesystem::path& folder) {
    SpineExportOptions options;
    if (!folder.empty()) options.pictures = read_spine_pictures(rig, folder);
    Result<SpineExport> out = export_spine(rig, options);
    EXPECT_TRUE(out.ok()) << out.message();
    return out.ok() ? out.value() : SpineExport{};
}

// The diagonal of the box around the rig's joints and tips at rest (at least 1).
double rig_size(const Rig& rig) {
    const std::vector<Transform> world = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value();
    glm::dvec2 lo{1e300}, hi{-1e300};
    for (std::size_t b = 0; b < world.size(); ++b) {
        for (const glm::vec3& p : {world[b].translation, bone_tip(world[b], rig.skeleton[b].length)}) {
            lo = glm::min(lo, glm::dvec2(p));
            hi = glm::max(hi, glm::dvec2(p));
        }
    }
    return std::max(1.0, glm::length(hi - lo));
}

bool is_sampled(const State& state) { return !state.channels.empty(); }

namespace {

// The pose Marionette shows `t` seconds into `state` as the export plays it: a state with
// channels on the shared clock (its tracks looping), a keyed state on its track time; then the
// chains it keys the mix of solved (state_ik.hpp).
Pose our_pose(const Rig& rig, const State& state, double t) {
    Pose pose = rig.pose;
    if (is_sampled(state)) {
        sample_state(state, true, t, t, rig.pose, pose);
        solve_state_chains(rig, state, keyed_time(state, t), pose);
    } else {
        sample_state_at(state, true, t, t, rig.pose, pose);
        solve_state_chains(rig, state, t, pose);
    }
    return pose;
}

// A pose as the tests compare it: every bone's joint and direction, and the corners of every
// picture of every slot, in the world.
struct PosePoints {
    std::vector<glm::dvec2> joints, directions, corners;
    std::vector<std::string> joint_names, corner_names;
};

// Marionette's.
PosePoints our_points(const Rig& rig, const State& state, double t) {
    const Pose pose = our_pose(rig, state, t);
    const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
    PosePoints out;
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        out.joints.emplace_back(world[b].translation);
        out.directions.push_back(glm::normalize(glm::dvec2(world[b].rotation * glm::vec3(1.0f, 0.0f, 0.0f))));
        out.joint_names.push_back(rig.skeleton[b].name);
    }
    for (const Slot& slot : rig.slots) {
        const auto b = static_cast<std::size_t>(slot.bone);
        for (const Attachment& a : slot.attachments) {
            for (const glm::vec3& c : attachment_world_corners(a, world[b], pose.scales[b])) {
                out.corners.emplace_back(c);
                out.corner_names.push_back(slot.name + "/" + a.name);
            }
        }
    }
    return out;
}

// Spine's, for the same bones and pictures, by the rig's names.
PosePoints spine_points(const Rig& rig, const SpineSkeleton& spine, const State& state, double t) {
    const std::vector<SpineWorld> world = spine.world(spine.animate(state.name, t), state.name, t);
    PosePoints out;
    const auto of = [&](const std::string& bone) -> const SpineWorld& {
        const int s = spine.bone(bone);
        if (s < 0) throw std::runtime_error("no bone " + bone + " in the Spine file");
        return world[static_cast<std::size_t>(s)];
    };
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        out.joints.push_back(of(rig.skeleton[b].name).position());
        out.directions.push_back(of(rig.skeleton[b].name).direction());
    }
    for (const Slot& slot : rig.slots) {
        const SpineWorld& w = of(rig.skeleton[static_cast<std::size_t>(slot.bone)].name);
        for (const Attachment& a : slot.attachments) {
            for (const glm::dvec2& c : SpineSkeleton::corners(spine.region(slot.name, a.name))) out.corners.push_back(w.apply(c));
        }
    }
    return out;
}

// How far two poses lie apart: the largest miss of a joint and of a picture's corner (as
// fractions of `size`), and of a bone's direction.
struct Miss {
    double joint = 0.0, direction = 0.0, corner = 0.0;
    std::string where;
};

Miss miss_between(const PosePoints& a, const PosePoints& b, double size) {
    Miss miss;
    const auto note = [&](double& worst, double value, const std::string& what) {
        if (value > worst) {
            worst = value;
            if (miss.where.find(what) == std::string::npos) miss.where += (miss.where.empty() ? "" : ", ") + what;
        }
    };
    for (std::size_t i = 0; i < a.joints.size(); ++i) {
        note(miss.joint, glm::length(a.joints[i] - b.joints[i]) / size, a.joint_names[i] + " joint");
        note(miss.direction, glm::length(a.directions[i] - b.directions[i]), a.joint_names[i] + " direction");
    }
    for (std::size_t i = 0; i < a.corners.size(); ++i)
        note(miss.corner, glm::length(a.corners[i] - b.corners[i]) / size, a.corner_names[i] + " corner");
    return miss;
}

Miss pose_miss(const Rig& rig, const SpineSkeleton& spine, const State& state, double t, double size) {
    return miss_between(our_points(rig, state, t), spine_points(rig, spine, state, t), size);
}

}  // namespace

// The latest key time of an animation in the file.
double duration_of(const json& animation) {
    double last = 0.0;
    const std::function<void(const json&)> walk = [&](const json& j) {
        if (j.is_object()) {
            if (j.contains("time") && j.at("time").is_number()) last = std::max(last, j.at("time").get<double>());
            for (const auto& [k, v] : j.items()) walk(v);
        } else if (j.is_array()) {
            for (const json& v : j) walk(v);
        }
    };
    walk(animation);
    return last;
}

// A key's time as the file gives it (the float's shortest decimal, read as a double): 0.9, not
// 0.89999997615814209, which would fall just before a key at 0.9 in the file.
double file_time(float t) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, t).ptr;
    return std::strtod(std::string(text, end).c_str(), nullptr);
}

// Every key time of a state: its tracks', slot tracks' and draw-order keys'.
std::vector<double> key_times(const State& state) {
    std::vector<double> out;
    for (const KeyTrack& t : state.tracks) {
        for (const Key& k : t.keys) out.push_back(file_time(k.time));
    }
    for (const SlotTrack& t : state.slot_tracks) {
        for (const SlotKey& k : t.keys) out.push_back(file_time(k.time));
    }
    for (const DrawOrderKey& k : state.draw_order) out.push_back(file_time(k.time));
    return out;
}


// Plays every state of `rig`'s export against Marionette's own poses: at every frame and key
// within kExact; between frames within kExact for the states in `exact_between`, and for the
// others (sampled keys, whose straight lines cut a curve's corners) within how far the pose
// moves over that frame.
void expect_plays_as_marionette(const Rig& rig, const SpineExport& out, const std::set<std::string>& exact_between) {
    const SpineSkeleton spine(out.json);
    const double size = rig_size(rig);
    const double fps = static_cast<double>(rig.fps);
    for (const State& state : rig.states) {
        const double duration = duration_of(spine.json().at("animations").at(state.name));
        // A sampled state's bones are keyed at its frames, a keyed state's at its keys as well.
        std::vector<double> exact_times = is_sampled(state) ? std::vector<double>{} : key_times(state);
        for (double f = 0.0; f / fps <= duration + 1e-9; f += 1.0) exact_times.push_back(f / fps);
        for (double t : exact_times) {
            const Miss miss = pose_miss(rig, spine, state, t, size);
            EXPECT_LT(miss.joint, kExact) << state.name << " at " << t << ": " << miss.where;
            EXPECT_LT(miss.direction, kExact) << state.name << " at " << t << ": " << miss.where;
            EXPECT_LT(miss.corner, kExact) << state.name << " at " << t << ": " << miss.where;
        }
        // Between frames: exact where the keys are the rig's own; else (a frame's samples joined
        // by a straight line) within the way the pose itself goes over that frame, from where
        // it is at either frame.
        const bool exact = exact_between.count(state.name) > 0;
        for (double f = 0.0; (f + 0.5) / fps < duration; f += 1.0) {
            const PosePoints before = our_points(rig, state, f / fps), after = our_points(rig, state, (f + 1.0) / fps);
            for (double part : {0.25, 0.5, 0.8}) {
                const double t = (f + part) / fps;
                const PosePoints ours = our_points(rig, state, t);
                const Miss miss = miss_between(ours, spine_points(rig, spine, state, t), size);
                Miss bound{kExact, kExact, kExact, ""};
                if (!exact) {
                    const Miss a = miss_between(ours, before, size), b = miss_between(ours, after, size);
                    bound = Miss{kExact + std::max(a.joint, b.joint), kExact + std::max(a.direction, b.direction),
                                 kExact + std::max(a.corner, b.corner), ""};
                }
                EXPECT_LT(miss.joint, bound.joint) << state.name << " between frames at " << t << ": " << miss.where;
                EXPECT_LT(miss.direction, bound.direction) << state.name << " between frames at " << t << ": " << miss.where;
                EXPECT_LT(miss.corner, bound.corner) << state.name << " between frames at " << t << ": " << miss.where;
            }
        }
    }
}

namespace {

bool is_hex_color(const json& j) {
    if (!j.is_string()) return false;
    const std::string text = j.get<std::string>();  // one string: begin() and end() of two copies would not make a range
    return text.size() == 8 &&
           std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

}  // namespace

// Spine's structure rules: every name referenced is there, parents come before children, one
// root, colours of 8 hex digits, keys in increasing time.
void expect_well_formed(const SpineExport& out) {
    const json doc = json::parse(out.json);
    std::set<std::string> bones, slots, atlas_regions;
    ASSERT_TRUE(doc.at("skeleton").at("spine").get<std::string>().rfind("4.2.", 0) == 0);
    int roots = 0;
    for (const json& b : doc.at("bones")) {
        EXPECT_TRUE(bones.insert(b.at("name").get<std::string>()).second) << "bone listed twice: " << b.at("name");
        if (!b.contains("parent")) {
            ++roots;
        } else {
            EXPECT_TRUE(bones.count(b.at("parent").get<std::string>())) << b.at("name") << "'s parent does not come before it";
        }
        if (b.contains("inherit")) {
            EXPECT_EQ(b.at("inherit"), "noScale");
        }
    }
    EXPECT_EQ(roots, 1);
    EXPECT_FALSE(doc.at("bones")[0].contains("parent")) << "the root comes first";
    std::map<std::string, std::set<std::string>> skin;  // slot -> its attachments
    if (doc.contains("skins")) {
        ASSERT_EQ(doc.at("skins").size(), 1u);
        EXPECT_EQ(doc.at("skins")[0].at("name"), "default");
        const json skin_attachments = doc.at("skins")[0].value("attachments", json::object());
        for (const auto& [slot, attachments] : skin_attachments.items()) {
            for (const auto& [name, a] : attachments.items()) {
                skin[slot].insert(name);
                EXPECT_TRUE(a.at("path").is_string());
                if (a.contains("color")) {
                    EXPECT_TRUE(is_hex_color(a.at("color"))) << a.at("color");
                }
            }
        }
    }
    for (const json& s : doc.value("slots", json::array())) {
        const std::string name = s.at("name").get<std::string>();
        EXPECT_TRUE(slots.insert(name).second);
        EXPECT_TRUE(bones.count(s.at("bone").get<std::string>()));
        if (s.contains("attachment")) {
            EXPECT_TRUE(skin[name].count(s.at("attachment").get<std::string>())) << name;
        }
        if (s.contains("color")) {
            EXPECT_TRUE(is_hex_color(s.at("color")));
        }
    }
    for (const auto& [slot, attachments] : skin) EXPECT_TRUE(slots.count(slot)) << "skin slot " << slot;
    std::set<std::string> constraints;
    for (const json& c : doc.value("ik", json::array())) {
        constraints.insert(c.at("name").get<std::string>());
        for (const json& b : c.at("bones")) EXPECT_TRUE(bones.count(b.get<std::string>()));
        EXPECT_TRUE(bones.count(c.at("target").get<std::string>()));
    }
    const auto increasing = [](const json& keys, const std::string& what) {
        double last = -1.0;
        for (const json& k : keys) {
            const double t = k.value("time", 0.0);
            EXPECT_GT(t, last) << what << ": keys not in increasing time";
            last = t;
        }
    };
    const json animations = doc.value("animations", json::object());
    for (const auto& [name, animation] : animations.items()) {
        const json bone_timelines = animation.value("bones", json::object());
        const json slot_timelines = animation.value("slots", json::object());
        const json ik_timelines = animation.value("ik", json::object());
        for (const auto& [bone, timelines] : bone_timelines.items()) {
            EXPECT_TRUE(bones.count(bone)) << name << ": bone " << bone;
            for (const auto& [kind, keys] : timelines.items()) increasing(keys, name + "/" + bone + "/" + kind);
        }
        for (const auto& [slot, timelines] : slot_timelines.items()) {
            EXPECT_TRUE(slots.count(slot)) << name << ": slot " << slot;
            for (const auto& [kind, keys] : timelines.items()) {
                increasing(keys, name + "/" + slot + "/" + kind);
                for (const json& k : keys) {
                    if (kind == "rgba") {
                        EXPECT_TRUE(is_hex_color(k.at("color"))) << k;
                    }
                    if (kind == "attachment" && !k.at("name").is_null()) {
                        EXPECT_TRUE(skin[slot].count(k.at("name").get<std::string>())) << k;
                    }
                }
            }
        }
        for (const auto& [c, keys] : ik_timelines.items()) {
            EXPECT_TRUE(constraints.count(c));
            increasing(keys, name + "/ik/" + c);
        }
        increasing(animation.value("drawOrder", json::array()), name + "/drawOrder");
        for (const json& k : animation.value("drawOrder", json::array())) {
            for (const json& o : k.value("offsets", json::array())) EXPECT_TRUE(slots.count(o.at("slot").get<std::string>()));
        }
    }
    // Every picture copied is a page of the atlas, its region named as the attachments' paths.
    for (const SpineImageCopy& copy : out.images) {
        EXPECT_EQ(copy.destination.rfind("images/", 0), 0u);
        EXPECT_NE(out.atlas.find(copy.destination + "\nsize: "), std::string::npos) << copy.destination;
    }
}

}  // namespace marionette::testing
