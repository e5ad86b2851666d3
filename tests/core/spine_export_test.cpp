// The Spine export played back by an independent reading of Spine's rules (spine_pose.hpp): for
// the shipped 2D rigs and for rigs built to stress the conversions (an uneven parent scale over
// turned children, several roots, a root offset), every bone's joint and direction at every
// frame, between frames and at every key are Marionette's; pictures land where
// attachment_corners puts them; slot keys and draw orders play as sample_slot_tracks does; and
// the file keeps Spine's structure rules.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/bake_cycle.hpp"
#include "core/forward_kinematics.hpp"
#include "core/rig_file.hpp"
#include "core/slot_images.hpp"
#include "core/spine_export.hpp"
#include "core/spine_pose.hpp"
#include "core/spine_slot_timelines.hpp"
#include "core/spine_test_rigs.hpp"
#include "core/state_pose.hpp"

using namespace marionette;
namespace mt = marionette::testing;
using nlohmann::json;

namespace {

std::filesystem::path asset(const char* name) { return std::filesystem::path(MARIONETTE_ASSETS) / name; }

Rig shipped(const char* name) { return load_rig_file(asset(name)).value(); }

// The export of `rig`, its pictures read from `folder` when given.
SpineExport exported(const Rig& rig, const std::filesystem::path& folder = {}) {
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

// The pose Marionette shows `t` seconds into `state` as the export plays it: a state with
// channels on the shared clock (its tracks looping), a keyed state on its track time.
Pose our_pose(const Rig& rig, const State& state, double t) {
    Pose pose = rig.pose;
    if (is_sampled(state)) {
        sample_state(state, true, t, t, rig.pose, pose);
    } else {
        sample_state_at(state, true, t, t, rig.pose, pose);
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
PosePoints spine_points(const Rig& rig, const mt::SpineSkeleton& spine, const State& state, double t) {
    const std::vector<mt::SpineWorld> world = spine.world(spine.animate(state.name, t), state.name, t);
    PosePoints out;
    const auto of = [&](const std::string& bone) -> const mt::SpineWorld& {
        const int s = spine.bone(bone);
        if (s < 0) throw std::runtime_error("no bone " + bone + " in the Spine file");
        return world[static_cast<std::size_t>(s)];
    };
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        out.joints.push_back(of(rig.skeleton[b].name).position());
        out.directions.push_back(of(rig.skeleton[b].name).direction());
    }
    for (const Slot& slot : rig.slots) {
        const mt::SpineWorld& w = of(rig.skeleton[static_cast<std::size_t>(slot.bone)].name);
        for (const Attachment& a : slot.attachments) {
            for (const glm::dvec2& c : mt::SpineSkeleton::corners(spine.region(slot.name, a.name))) out.corners.push_back(w.apply(c));
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
    for (std::size_t i = 0; i < a.corners.size(); ++i) note(miss.corner, glm::length(a.corners[i] - b.corners[i]) / size, a.corner_names[i] + " corner");
    return miss;
}

Miss pose_miss(const Rig& rig, const mt::SpineSkeleton& spine, const State& state, double t, double size) {
    return miss_between(our_points(rig, state, t), spine_points(rig, spine, state, t), size);
}

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

constexpr double kExact = 1e-4;  // of the rig's size: what "plays as in Marionette" means here

// Plays every state of `rig`'s export against Marionette's own poses: at every frame and key
// within kExact; between frames within kExact for the states in `exact_between`, and for the
// others (sampled keys, whose straight lines cut a curve's corners) within how far the pose
// moves over that frame.
void expect_plays_as_marionette(const Rig& rig, const SpineExport& out, const std::set<std::string>& exact_between) {
    const mt::SpineSkeleton spine(out.json);
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
                    bound = Miss{kExact + std::max(a.joint, b.joint), kExact + std::max(a.direction, b.direction), kExact + std::max(a.corner, b.corner), ""};
                }
                EXPECT_LT(miss.joint, bound.joint) << state.name << " between frames at " << t << ": " << miss.where;
                EXPECT_LT(miss.direction, bound.direction) << state.name << " between frames at " << t << ": " << miss.where;
                EXPECT_LT(miss.corner, bound.corner) << state.name << " between frames at " << t << ": " << miss.where;
            }
        }
    }
}

bool is_hex_color(const json& j) {
    if (!j.is_string() || j.get<std::string>().size() != 8) return false;
    return std::all_of(j.get<std::string>().begin(), j.get<std::string>().end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

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

}  // namespace

TEST(SpineExport, ShippedPuppetsPlayAsInMarionette) {
    for (const char* name : {"io.json", "hero.json", "arm.json"}) {
        SCOPED_TRACE(name);
        const Rig rig = shipped(name);
        const SpineExport out = exported(rig, rig_folder(asset(name)));
        expect_well_formed(out);
        // Their states are oscillators or cosine keys: exact at the frames, straight between.
        expect_plays_as_marionette(rig, out, {});
    }
}

TEST(SpineExport, AnUnevenParentScaleDoesNotSkewTurnedChildren) {
    const Rig rig = mt::uneven_scale_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    // The trunk's children do not inherit its scale; the trunk's parent's scale is never set.
    for (const json& b : doc.at("bones")) {
        const std::string n = b.at("name").get<std::string>();
        EXPECT_EQ(b.contains("inherit"), n == "arm" || n == "neck" || n == "leg") << n;
    }
    // Steps and a pose held still are exact between frames; a scale and a turn both moving are
    // keyed every frame.
    expect_plays_as_marionette(rig, out, {"held", "pose"});
}

TEST(SpineExport, SeveralRootsAndARootOffsetHangUnderAnAddedRoot) {
    const Rig rig = mt::two_root_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const json doc = json::parse(out.json);
    EXPECT_EQ(doc.at("bones")[0], json({{"name", "root"}}));
    EXPECT_EQ(doc.at("bones")[1].at("parent"), "root");
    EXPECT_EQ(doc.at("bones")[2].at("parent"), "root");
    // The pose's root offset moves the added root in every animation.
    EXPECT_EQ(doc.at("animations").at("curves").at("bones").at("root").at("translate"), json::parse(R"([{"time": 0, "x": 5, "y": -3}])"));
    expect_plays_as_marionette(rig, out, {"curves"});

    // A single root with an offset, and a bone named "root" already: the added root is "root_1".
    Rig one = rig;
    mt::add_bone(one, "root", "left", {0.0f, 0.0f}, 0.0f, 5.0f);
    one.pose.root_offset = {5.0f, -3.0f, 0.0f};
    const SpineExport renamed = exported(one);
    EXPECT_EQ(json::parse(renamed.json).at("bones")[0], json({{"name", "root_1"}}));
    expect_plays_as_marionette(one, renamed, {"curves"});
}

TEST(SpineExport, NoScaleCompensationIsTheTurnWhoseSkewedDirectionIsOurs) {
    // Spine's noScale child of a parent scaled (sx, sy) points along P (cos r, sin r): the
    // export's rotation for a wanted angle a must give the direction (cos a, sin a).
    const mt::SpineSkeleton probe(R"({"bones": [{"name": "p", "scaleX": 2, "scaleY": 0.5}, {"name": "c", "parent": "p", "inherit": "noScale"}]})");
    for (double wanted : {0.0, 30.0, 89.0, 120.0, -60.0, 179.0, -179.0}) {
        Rig rig;
        mt::add_bone(rig, "p", "", {0.0f, 0.0f}, 0.0f, 10.0f);
        mt::add_bone(rig, "c", "p", {10.0f, 0.0f}, static_cast<float>(wanted), 10.0f);
        State s;
        s.name = "s";
        s.tracks.push_back(mt::track(rig, "p", PoseProperty::Scale, {mt::vector_key(0.0f, {2.0f, 0.5f}, 1.0f)}));
        rig.states.push_back(s);
        const mt::SpineSkeleton spine(exported(rig).json);
        const std::vector<mt::SpineWorld> w = spine.world(spine.animate("s", 0.0));
        const double a = wanted * 3.14159265358979323846 / 180.0;
        EXPECT_NEAR(w[1].direction().x, std::cos(a), 1e-4) << wanted;
        EXPECT_NEAR(w[1].direction().y, std::sin(a), 1e-4) << wanted;
        // Without the turn, Spine would point elsewhere (but along the axes).
        std::vector<mt::SpineLocal> plain = probe.setup();
        plain[1].rotation = wanted;
        const glm::dvec2 skewed = probe.world(plain)[1].direction();
        if (std::fabs(std::sin(2.0 * a)) > 0.1) {
            EXPECT_GT(glm::length(skewed - glm::dvec2(std::cos(a), std::sin(a))), 0.05) << wanted;
        }
    }
}

TEST(SpineExport, RegionCornersAreAttachmentCorners) {
    Rig rig;
    mt::add_bone(rig, "b", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    Slot slot;
    slot.name = "s";
    slot.bone = 0;
    const glm::vec2 pivots[] = {{0.5f, 0.5f}, {0.0f, 0.0f}, {1.0f, 1.0f}, {0.3f, 0.8f}, {1.0f, 0.0f}};
    const float rotations[] = {0.0f, 30.0f, -90.0f, 200.0f, 12.5f};
    const glm::vec2 scales[] = {{1.0f, 1.0f}, {2.0f, 0.5f}, {-1.0f, 1.0f}, {0.7f, -1.3f}, {1.0f, 3.0f}};
    for (int i = 0; i < 5; ++i) {
        Attachment a;
        a.name = "a" + std::to_string(i);
        a.image = "pictures/" + a.name + ".png";
        a.size = {40.0f + 7.0f * static_cast<float>(i), 25.0f};
        a.offset = {3.0f * static_cast<float>(i) - 5.0f, 11.0f - 2.0f * static_cast<float>(i)};
        a.rotation = degrees_to_radians(rotations[i]);
        a.scale = scales[i];
        a.pivot = pivots[i];
        a.tint = {1.0f, 0.5f, 0.25f, 0.75f};
        slot.attachments.push_back(a);
    }
    slot.shown = 2;
    rig.slots.push_back(slot);
    const mt::SpineSkeleton spine(exported(rig).json);
    for (const Attachment& a : rig.slots[0].attachments) {
        const mt::SpineRegionData r = spine.region("s", a.name);
        const auto theirs = mt::SpineSkeleton::corners(r);
        const auto ours = attachment_corners(a);
        for (std::size_t c = 0; c < 4; ++c) EXPECT_LT(glm::length(glm::dvec2(ours[c]) - theirs[c]), 1e-4 * 100.0) << a.name << " corner " << c;
        EXPECT_EQ(r.path, "pictures/" + a.name);
        EXPECT_NEAR(r.color.g, 0.5, 1.0 / 255.0);
        EXPECT_NEAR(r.color.a, 0.75, 1.0 / 255.0);
    }
    EXPECT_EQ(spine.setup_slots().attachment[0], std::optional<std::string>("a2"));
}

TEST(SpineExport, DrawOrderOffsetsListTheFewestSlots) {
    using Offsets = std::vector<std::pair<int, int>>;
    // The bottom slot brought to the top is one slot moved up three places; the top one brought
    // to the bottom, one moved down three.
    EXPECT_EQ(draw_order_offsets({1, 2, 3, 0}), (Offsets{{0, 3}}));
    EXPECT_EQ(draw_order_offsets({3, 0, 1, 2}), (Offsets{{3, -3}}));
    EXPECT_EQ(draw_order_offsets({0, 1, 2, 3}), Offsets{});
    EXPECT_EQ(draw_order_offsets({3, 2, 1, 0}).size(), 3u);
    // Every order of four slots, read back by the format's rule, is the order given.
    Rig rig;
    mt::add_bone(rig, "b", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    for (const char* n : {"s0", "s1", "s2", "s3"}) {
        Slot s;
        s.name = n;
        s.bone = 0;
        rig.slots.push_back(s);
    }
    const mt::SpineSkeleton spine(exported(rig).json);
    std::vector<int> order{0, 1, 2, 3};
    do {
        json key = json::object();
        const Offsets offsets = draw_order_offsets(order);
        if (!offsets.empty()) key["offsets"] = json::array();
        for (const auto& [s, o] : offsets) key["offsets"].push_back({{"slot", "s" + std::to_string(s)}, {"offset", o}});
        EXPECT_EQ(spine.draw_order(key), order) << key;
    } while (std::next_permutation(order.begin(), order.end()));
}

namespace {

// Four slots on two bones, each with two drawings, and a state keying their drawings, colours
// (linear, step, Bézier, cosine) and draw order.
Rig slot_rig() {
    Rig rig;
    mt::add_bone(rig, "body", "", {0.0f, 0.0f}, 90.0f, 40.0f);
    mt::add_bone(rig, "head", "body", {40.0f, 0.0f}, 0.0f, 20.0f);
    for (int i = 0; i < 4; ++i) {
        Slot s;
        s.name = "slot" + std::to_string(i);
        s.bone = i % 2;
        for (const char* n : {"a", "b"}) {
            Attachment a;
            a.name = n;
            a.image = s.name + "-" + n + ".png";
            a.size = {10.0f, 10.0f};
            s.attachments.push_back(a);
        }
        s.shown = i == 3 ? -1 : 0;
        s.color = i == 2 ? glm::vec4(0.2f, 0.4f, 0.6f, 0.8f) : glm::vec4(1.0f);
        rig.slots.push_back(s);
    }
    State state;
    state.name = "blink";
    SlotTrack drawings;
    drawings.slot = 0;
    const auto drawing = [](float t, int a) {
        SlotKey k;
        k.time = t;
        k.attachment = a;
        return k;
    };
    drawings.keys = {drawing(0.2f, 1), drawing(0.5f, -1), drawing(0.9f, 0)};
    state.slot_tracks.push_back(drawings);
    SlotTrack colours;
    colours.slot = 1;
    colours.property = SlotProperty::Color;
    const auto colour = [](float t, glm::vec4 c, Interpolation i, BezierCurve curve = {}) {
        SlotKey k;
        k.time = t;
        k.color = c;
        k.interpolation = i;
        k.curve = curve;
        return k;
    };
    colours.keys = {colour(0.0f, {1, 1, 1, 1}, Interpolation::Linear), colour(0.4f, {1, 0, 0, 1}, Interpolation::Step),
                    colour(0.6f, {0, 1, 0, 0.5f}, Interpolation::Bezier, BezierCurve{0.3f, -0.2f, 0.7f, 1.4f}),
                    colour(1.0f, {0, 0, 1, 1}, Interpolation::Cosine), colour(1.4f, {0.5f, 0.5f, 0.5f, 1}, Interpolation::Linear)};
    state.slot_tracks.push_back(colours);
    SlotTrack late;  // a single key after 0: it holds from 0
    late.slot = 2;
    late.property = SlotProperty::Color;
    late.keys = {colour(0.3f, {0.1f, 0.9f, 0.1f, 1}, Interpolation::Linear)};
    state.slot_tracks.push_back(late);
    state.draw_order = {DrawOrderKey{0.25f, {1, 2, 3, 0}}, DrawOrderKey{0.75f, {3, 0, 1, 2}}, DrawOrderKey{1.2f, {0, 1, 2, 3}}};
    rig.states.push_back(state);
    return rig;
}

// The slots Spine shows at `t` of `animation` against ours at `track_time`: drawings and order
// the same, colours within a step of the file's 8 bits (and `slack` more; none checked when
// `slack` is negative).
void expect_same_slots(const Rig& rig, const mt::SpineSkeleton& spine, const State& state, double t, double track_time, double slack) {
    SlotPose ours = setup_slot_pose(rig.slots);
    sample_slot_tracks(state.slot_tracks, state.draw_order, track_time, ours);
    const mt::SpineSlotPose theirs = spine.slots(state.name, t);
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const int shown = ours.shown[s];
        const std::optional<std::string> expected = shown < 0 ? std::nullopt : std::optional<std::string>(rig.slots[s].attachments[static_cast<std::size_t>(shown)].name);
        EXPECT_EQ(theirs.attachment[s], expected) << "slot " << s << " at " << t;
        for (int c = 0; c < 4 && slack >= 0.0; ++c) EXPECT_NEAR(theirs.color[s][c], ours.colors[s][c], 0.5 / 255.0 + 1e-6 + slack) << "slot " << s << " at " << t;
    }
    EXPECT_EQ(theirs.order, ours.order) << "at " << t;
}

}  // namespace

TEST(SpineExport, SlotKeysAndDrawOrdersPlayAsSampleSlotTracks) {
    const Rig rig = slot_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const mt::SpineSkeleton spine(out.json);
    const State& state = rig.states[0];
    std::vector<double> times = key_times(state);
    for (double f = 0.0; f <= 45.0; f += 1.0) times.push_back(f / 30.0);  // frames, past the last key
    for (double t : times) expect_same_slots(rig, spine, state, t, t, 0.0);
    // Between frames: exact but where a cosine key went out as straight lines a frame apart.
    for (double t = 0.01; t < 1.5; t += 0.023) expect_same_slots(rig, spine, state, t, t, t > 1.0 && t < 1.4 ? 3e-3 : 0.0);

    // The same keys in a state with an oscillator: exported over the loop of both (a 0.7 s
    // period and the keys' 1.4 s: 1.4 s), the keys once per pass.
    Rig swaying = rig;
    swaying.states[0].name = "swaying";
    swaying.states[0].channels.push_back(mt::turn_channel(swaying, "head", 0.0f, 20.0f, 0.7f));
    const mt::SpineSkeleton spine2(exported(swaying).json);
    const State& s2 = swaying.states[0];
    const double end = static_cast<double>(bake_cycle(s2, 30.0).frames) / 30.0;
    EXPECT_NEAR(duration_of(spine2.json().at("animations").at("swaying")), end, 1e-6);
    // Drawings and orders switch exactly, at keys and between; colours are sampled every frame.
    for (double t = 0.0; t < end; t += 0.0371) expect_same_slots(swaying, spine2, s2, t, keyed_time(s2, t), -1.0);
    for (double t : key_times(s2)) expect_same_slots(swaying, spine2, s2, t, keyed_time(s2, t), -1.0);
    for (double f = 0.0; f / 30.0 <= end; f += 1.0) expect_same_slots(swaying, spine2, s2, f / 30.0, keyed_time(s2, f / 30.0), 0.0);
    expect_plays_as_marionette(swaying, exported(swaying), {});
}

TEST(SpineExport, TwoBoneChainsAreIkConstraintsMixedOutOfEveryAnimation) {
    const Rig rig = shipped("hero.json");
    const SpineExport out = exported(rig);
    const mt::SpineSkeleton spine(out.json);
    const json doc = spine.json();
    ASSERT_EQ(doc.at("ik").size(), 4u);  // the four limbs; the CCD chain has no counterpart
    EXPECT_EQ(doc.at("ik")[0].at("bones"), json({"arm_l_upper", "arm_l_lower"}));
    EXPECT_EQ(doc.at("ik")[0].at("target"), "arm_l-target");
    EXPECT_FALSE(doc.at("ik")[0].contains("bendPositive"));  // bend 1: counter-clockwise, Spine's default
    EXPECT_EQ(doc.at("ik")[2].at("bendPositive"), false);    // the legs bend -1
    // The targets sit at the chains' tips in the setup pose, and the setup pose solved by the
    // constraints (mix 1) is the rest pose: the arms, bent at rest, bend the side the chains do.
    const std::vector<Transform> rest = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value();
    const std::vector<mt::SpineWorld> plain = spine.world(spine.setup());
    const std::vector<mt::SpineWorld> solved = spine.world(spine.setup(), "", 0.0);
    const double size = rig_size(rig);
    for (const IkChain& chain : rig.chains) {
        if (chain.solver != SolverKind::TwoBone) continue;
        const auto lower = static_cast<std::size_t>(chain.effector);
        const glm::dvec2 tip(bone_tip(rest[lower], rig.skeleton[lower].length));
        EXPECT_LT(glm::length(plain[static_cast<std::size_t>(spine.bone(chain.name + "-target"))].position() - tip) / size, kExact) << chain.name;
    }
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        const mt::SpineWorld& w = solved[static_cast<std::size_t>(spine.bone(rig.skeleton[b].name))];
        EXPECT_LT(glm::length(w.position() - glm::dvec2(rest[b].translation)) / size, kExact) << rig.skeleton[b].name;
        // The legs are straight at rest, where the law of cosines turns a target a float's step
        // off its tip into a bend of sqrt(step): their directions hold to 1e-3 only.
        EXPECT_LT(glm::length(w.direction() - glm::dvec2(rest[b].rotation * glm::vec3(1, 0, 0))), 1e-3) << rig.skeleton[b].name;
    }
    // The other bend: a limb bent clockwise at rest with bend -1 solves to its rest pose too; with
    // bend 1 it would fold the other way, which the export warns of.
    Rig limb;
    mt::add_bone(limb, "base", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    mt::add_bone(limb, "upper", "base", {10.0f, 0.0f}, 20.0f, 100.0f);
    mt::add_bone(limb, "lower", "upper", {100.0f, 0.0f}, -40.0f, 60.0f);
    IkChain chain;
    chain.name = "leg";
    chain.root = 1;
    chain.effector = 2;
    chain.solver = SolverKind::TwoBone;
    chain.two_bone.bend = -1;
    chain.two_bone.softness = 0.5f;
    limb.chains.push_back(chain);
    const SpineExport limb_out = exported(limb);
    EXPECT_TRUE(limb_out.warnings.empty());
    const mt::SpineSkeleton limb_spine(limb_out.json);
    // Spine's softness is a distance: the chain's 0.5 of the reach's range, (100 + 60) - (100 - 60).
    EXPECT_DOUBLE_EQ(limb_spine.json().at("ik")[0].at("softness").get<double>(), 60.0);
    json hard = limb_spine.json();
    hard["ik"][0].erase("softness");
    const mt::SpineSkeleton hard_spine(hard.dump());
    const std::vector<mt::SpineWorld> limb_solved = hard_spine.world(hard_spine.setup(), "", 0.0);
    const std::vector<Transform> limb_rest = compute_world(limb.skeleton, Pose::rest(3)).value();
    for (std::size_t b = 0; b < 3; ++b) EXPECT_LT(glm::length(limb_solved[b].position() - glm::dvec2(limb_rest[b].translation)), 1e-3) << b;
    EXPECT_LT(glm::length(limb_solved[2].direction() - glm::dvec2(limb_rest[2].rotation * glm::vec3(1, 0, 0))), 1e-5);
    limb.chains[0].two_bone.bend = 1;
    const SpineExport against = exported(limb);
    ASSERT_EQ(against.warnings.size(), 1u);
    EXPECT_NE(against.warnings[0].find("bends against its bend direction"), std::string::npos) << against.warnings[0];

    // Every animation keys every constraint's mix to 0 from its start to its end, so the keys
    // play as they are (hero's states play as in Marionette above).
    for (const State& state : rig.states) {
        for (const json& c : doc.at("ik")) {
            for (double t : {0.0, 0.5, 10.0}) EXPECT_EQ(spine.ik_mix(state.name, c.at("name"), t), 0.0) << state.name;
        }
    }
    // A chain that starts at a root (the arm) gets an added root above it: Spine's two-bone IK
    // needs the upper bone's parent.
    const json arm = json::parse(exported(shipped("arm.json")).json);
    EXPECT_EQ(arm.at("bones")[0], json({{"name", "root"}}));
    EXPECT_EQ(arm.at("bones")[1].at("parent"), "root");
    EXPECT_EQ(arm.at("ik").size(), 1u);
}

TEST(SpineExport, ARigWithoutSlotsStillExportsItsBones) {
    const Rig rig = shipped("hero.json");
    const SpineExport out = exported(rig);
    const json doc = json::parse(out.json);
    EXPECT_EQ(doc.at("bones").size(), rig.skeleton.size() + 4);  // and the four IK targets
    EXPECT_FALSE(doc.contains("slots"));
    EXPECT_FALSE(doc.contains("skins"));
    EXPECT_EQ(out.atlas, "");
    EXPECT_TRUE(out.images.empty());
    EXPECT_EQ(out.bones, rig.skeleton.size() + 4);
    EXPECT_EQ(out.animations, 2u);
}

TEST(SpineExport, ThreeDRigsAreRefused) {
    const Result<SpineExport> out = export_spine(shipped("humanoid.json"));
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.message(), "a 3D rig cannot be exported to Spine, which is 2D: export it as glTF instead");
}

TEST(SpineExport, AMissingPictureIsAWarningAndItsAttachmentStays) {
    Rig rig = shipped("io.json");
    rig.slots[6].attachments[1].image = "io/nowhere.png";
    const SpineExport out = exported(rig, rig_folder(asset("io.json")));
    ASSERT_EQ(out.warnings.size(), 3u) << out.warnings[0];  // and the two loops that do not close
    EXPECT_EQ(out.warnings[0], "picture \"io/nowhere.png\" cannot open: No such file or directory: not copied and not in the atlas; its attachments "
                               "(\"eyes/closed\") are exported in their place, with the path \"io/nowhere\"");
    EXPECT_EQ(out.atlas.find("nowhere"), std::string::npos);
    EXPECT_EQ(out.images.size(), 4u);  // limb, body, head, pupils
    const mt::SpineSkeleton spine(out.json);
    EXPECT_EQ(spine.region("eyes", "closed").path, "io/nowhere");
    EXPECT_EQ(out.images[0].source, "io/limb.png");
    EXPECT_EQ(out.images[0].destination, "images/io/limb.png");
    EXPECT_NE(out.atlas.find("images/io/limb.png\nsize: 150, 20\nfilter: Linear, Linear\nio/limb\nbounds: 0, 0, 150, 20\n"), std::string::npos) << out.atlas;
}

TEST(SpineExport, NamesJsonMustEscapeComeBackAsTheyWere) {
    Rig rig;
    const std::string odd = "say \"hi\"\\ \n\ttab é ✓";
    mt::add_bone(rig, odd, "", {0.0f, 0.0f}, 0.0f, 10.0f);
    mt::add_bone(rig, "child/of " + odd, odd, {10.0f, 0.0f}, 30.0f, 10.0f);
    Slot slot;
    slot.name = "folder/slot \"x\"";
    slot.bone = 1;
    Attachment a;
    a.name = "pic: \"1\"";
    a.image = "../odd: dir/pic\n1.png";
    a.size = {5.0f, 5.0f};
    slot.attachments.push_back(a);
    slot.shown = 0;
    rig.slots.push_back(slot);
    State state;
    state.name = "state \"one\"\n";
    state.tracks.push_back(mt::track(rig, odd, PoseProperty::Rotation, {mt::angle_key(0.0f, 0.0f), mt::angle_key(1.0f, 45.0f)}));
    rig.states.push_back(state);
    SpinePictures pictures;
    pictures[a.image] = SpinePicture{{16, 8}, ""};
    SpineExportOptions options;
    options.pictures = pictures;
    const Result<SpineExport> out = export_spine(rig, options);
    ASSERT_TRUE(out.ok()) << out.message();
    expect_well_formed(out.value());
    const json doc = json::parse(out.value().json);
    EXPECT_EQ(doc.at("bones")[0].at("name"), odd);
    EXPECT_EQ(doc.at("bones")[1].at("parent"), odd);
    EXPECT_TRUE(doc.at("animations").contains("state \"one\"\n"));
    // A '/' in a slot's name reads as a folder in Spine: the slot is renamed, and said so.
    EXPECT_EQ(doc.at("slots")[0].at("name"), "folder_slot \"x\"");
    ASSERT_EQ(out.value().warnings.size(), 1u);
    EXPECT_NE(out.value().warnings[0].find("is exported as \"folder_slot \"x\"\""), std::string::npos) << out.value().warnings[0];
    // The picture's region and copy: no ':' or line break for the atlas, no way out of images/.
    ASSERT_EQ(out.value().images.size(), 1u);
    EXPECT_EQ(out.value().images[0].destination, "images/__/odd_ dir/pic_1.png");
    EXPECT_EQ(doc.at("skins")[0].at("attachments").at("folder_slot \"x\"").at("pic: \"1\"").at("path"), "__/odd_ dir/pic_1");
    EXPECT_EQ(out.value().atlas, "images/__/odd_ dir/pic_1.png\nsize: 16, 8\nfilter: Linear, Linear\n__/odd_ dir/pic_1\nbounds: 0, 0, 16, 8\n");

    Rig bad = rig;
    std::vector<Bone> bones = bad.skeleton.bones();
    bones[1].name = "bad \xff name";
    bad.skeleton = Skeleton(bones);
    const Result<SpineExport> refused = export_spine(bad);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), "bones[1].name: not UTF-8, which a JSON file cannot hold");
}

TEST(SpineExport, TheSameRigGivesTheSameFile) {
    const Rig rig = shipped("io.json");
    const SpineExport a = exported(rig);
    const SpineExport b = exported(rig);
    EXPECT_EQ(a.json, b.json);
    Rig other = rig;
    other.fps = 24.0f;
    EXPECT_NE(json::parse(exported(other).json).at("skeleton").at("hash"), json::parse(a.json).at("skeleton").at("hash"));
}
