// Writing a rig as JSON. Numbers are written in the shortest form that reads back as the same
// float, so a saved file stays readable (0.1, not 0.10000000149011612) and reloads exactly.

#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "core/anim/chain_track_json.hpp"
#include "core/anim/deform_track_json.hpp"
#include "core/anim/key_curve_json.hpp"
#include "core/anim/slot_track_json.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/io/text_file.hpp"
#include "core/math/angles.hpp"
#include "core/mesh/mesh_json.hpp"
#include "core/mesh/slot_json.hpp"
#include "core/rig/rig_json.hpp"
#include "core/rig/stored_pose_json.hpp"

namespace marionette {

namespace {

Json degrees(float radians) { return json_number(radians_to_degrees(radians)); }

Json vector(const glm::vec3& v, bool is_2d) { return json_vector(v, is_2d); }
Json rotation(const glm::quat& q, bool is_2d) { return json_rotation(q, is_2d); }

Json bone_json(const Skeleton& skeleton, const Bone& b, bool is_2d, RigJsonStyle style) {
    // Readable files spell every bone's rest out; compact ones (rigs too large to read anyway)
    // leave out what the reader would take by default, read back to the same bits.
    const bool compact = style == RigJsonStyle::Compact;
    Json j;
    j["name"] = b.name;
    if (!compact || b.parent >= 0) {
        j["parent"] = b.parent < 0 ? Json(nullptr) : Json(skeleton[static_cast<std::size_t>(b.parent)].name);
    }
    j["length"] = json_float(b.length);
    const glm::vec3 default_translation =
        b.parent < 0 ? glm::vec3(0.0f) : bone_axis() * skeleton[static_cast<std::size_t>(b.parent)].length;
    if (!compact || b.rest.translation != default_translation) j["translation"] = vector(b.rest.translation, is_2d);
    Json rest_rotation = rotation(b.rest.rotation, is_2d);
    const bool identity = is_2d ? rest_rotation == Json(0) : rest_rotation == Json::array({0, 0, 0, 1});
    if (!compact || !identity) j["rotation"] = std::move(rest_rotation);
    if (b.limits) {
        Json l = Json::object();
        if (b.limits->hinge) l["hinge"] = vector(*b.limits->hinge, false);
        if (b.limits->min_angle) l["min"] = degrees(*b.limits->min_angle);
        if (b.limits->max_angle) l["max"] = degrees(*b.limits->max_angle);
        if (b.limits->swing) l["swing"] = degrees(*b.limits->swing);
        if (b.limits->twist) l["twist"] = Json::array({degrees(b.limits->twist->min), degrees(b.limits->twist->max)});
        j["limits"] = l;
    }
    if (b.color) j["color"] = Json::array({json_float(b.color->r), json_float(b.color->g), json_float(b.color->b)});
    return j;
}

Json chain_json(const Skeleton& skeleton, const IkChain& c, bool is_2d) {
    Json j;
    j["name"] = c.name;
    j["root"] = skeleton[static_cast<std::size_t>(c.root)].name;
    j["effector"] = skeleton[static_cast<std::size_t>(c.effector)].name;
    j["solver"] = solver_name(c.solver);
    Json s = Json::object();
    if (c.solver == SolverKind::Ccd) {
        s["iterations"] = c.ccd.max_iterations;
        s["tolerance"] = json_float(c.ccd.tolerance);
        s["max_step"] = degrees(c.ccd.max_step);
    } else {
        if (is_2d) s["bend"] = c.two_bone.bend;
        if (!is_2d && c.two_bone.pole) s["pole"] = vector(*c.two_bone.pole, false);
        s["softness"] = json_float(c.two_bone.softness);
    }
    j["settings"] = s;
    if (c.pin) j["pin"] = vector(*c.pin, is_2d);
    if (c.mix != 1.0f) j["mix"] = json_float(c.mix);
    return j;
}

Json pose_json(const Skeleton& skeleton, const Pose& pose, bool is_2d) {
    Json rotations = Json::object();
    for (std::size_t i = 0; i < pose.rotations.size() && i < skeleton.size(); ++i) {
        const glm::quat& q = pose.rotations[i];
        if (q.x == 0.0f && q.y == 0.0f && q.z == 0.0f) continue;  // at rest
        Json written = rotation(q, is_2d);
        // A 2D turn of a whole number of revolutions, or within the 1e-4 degree grid of one, is
        // written as 0 and reads back at rest: leave it out now, or the next save would, and
        // saving a reopened file would not write the same text (found by fuzzing).
        if (is_2d && written == 0) continue;
        append_member(rotations, skeleton[i].name, std::move(written));
    }
    // Only moved or scaled bones, as only turned ones above; a rig without any writes no member,
    // as files before pose translations and scales were.
    Json translations = Json::object();
    for (std::size_t i = 0; i < pose.translations.size() && i < skeleton.size(); ++i) {
        const glm::vec3& t = pose.translations[i];
        if (t == glm::vec3{0.0f}) continue;
        append_member(translations, skeleton[i].name, vector(t, is_2d));
    }
    Json scales = Json::object();
    for (std::size_t i = 0; i < pose.scales.size() && i < skeleton.size(); ++i) {
        const glm::vec3& s = pose.scales[i];
        if (s == glm::vec3{1.0f}) continue;
        append_member(scales, skeleton[i].name, vector(s, is_2d));
    }
    Json j;
    j["root_offset"] = vector(pose.root_offset, is_2d);
    j["rotations"] = std::move(rotations);
    if (!translations.empty()) j["translations"] = std::move(translations);
    if (!scales.empty()) j["scales"] = std::move(scales);
    return j;
}

Json key_json(const Key& k, PoseProperty property, bool is_2d) {
    Json j;
    j["time"] = json_float(k.time);
    switch (property) {
        case PoseProperty::Rotation:
            if (is_2d) {
                j["value"] = degrees(k.angle);  // not wrapped: 360 stays a whole turn
            } else {
                j["value"] =
                    Json::array({json_float(k.rotation.x), json_float(k.rotation.y), json_float(k.rotation.z), json_float(k.rotation.w)});
            }
            break;
        case PoseProperty::Translation:
        case PoseProperty::Scale: j["value"] = vector(k.vector, is_2d); break;
    }
    write_key_curve(j, k.interpolation, k.curve);
    return j;
}

Json track_json(const Skeleton& skeleton, const KeyTrack& t, bool is_2d) {
    Json keys = Json::array();
    for (const Key& k : t.keys) keys.push_back(key_json(k, t.property, is_2d));
    Json j;
    j["bone"] = skeleton[static_cast<std::size_t>(t.bone)].name;
    if (t.property != PoseProperty::Rotation) j["property"] = pose_property_name(t.property);
    j["keys"] = std::move(keys);
    return j;
}

Json state_json(const Skeleton& skeleton, const std::vector<Slot>& slots, const std::vector<Skin>& skins,
                const std::vector<IkChain>& chains, const State& s, bool is_2d) {
    Json channels = Json::array();
    for (const StateChannel& c : s.channels) {
        Json j;
        j["bone"] = skeleton[static_cast<std::size_t>(c.bone)].name;
        if (c.property == PoseProperty::Rotation) {
            // No "property": rotation is the default, and files before the others stay as they were.
            if (!is_2d) j["axis"] = vector(c.axis, false);
            j["base"] = rotation(c.base, is_2d);
            j["amplitude"] = degrees(c.amplitude);
        } else {
            j["property"] = pose_property_name(c.property);
            j["base"] = vector(c.center, is_2d);
            j["swing"] = vector(c.swing, is_2d);
        }
        j["period"] = json_float(c.period);
        j["phase"] = degrees(c.phase);
        channels.push_back(j);
    }
    Json j{{"name", s.name}, {"channels", channels}};
    // Keyed states only: files of oscillator states stay as they were.
    if (!s.tracks.empty()) {
        Json tracks = Json::array();
        for (const KeyTrack& t : s.tracks) tracks.push_back(track_json(skeleton, t, is_2d));
        j["tracks"] = std::move(tracks);
    }
    write_slot_timelines(s, slots, j);
    write_chain_tracks(s, chains, j);
    write_deform_tracks(s, slots, skins, j);
    write_skin_keys(s, skins, j);
    if (!s.loop) j["loop"] = false;
    return j;
}

}  // namespace

Json rig_to_json(const Rig& rig, RigJsonStyle style, const PackedMeshes* meshes) {
    const bool is_2d = rig.is_2d();
    const Skeleton& sk = rig.skeleton;
    Json j;
    j["format"] = kRigFormatName;
    j["version"] = kRigFormatVersion;
    j["dimensions"] = is_2d ? 2 : 3;
    Json bones = Json::array();
    for (const Bone& b : sk.bones()) bones.push_back(bone_json(sk, b, is_2d, style));
    j["bones"] = std::move(bones);
    Json chains = Json::array();
    for (const IkChain& c : rig.chains) chains.push_back(chain_json(sk, c, is_2d));
    j["chains"] = std::move(chains);
    j["pose"] = pose_json(sk, rig.pose, is_2d);
    Json states = Json::array();
    for (const State& s : rig.states) states.push_back(state_json(sk, rig.slots, rig.skins, rig.chains, s, is_2d));
    j["states"] = std::move(states);
    j["transition"] = Json{{"duration", json_float(rig.transition.duration)}, {"easing", easing_name(rig.transition.easing)}};
    if (rig.fps != kDefaultFps) j["fps"] = json_float(rig.fps);  // files at the default stay as they were
    if (!rig.meshes.empty()) put_meshes_json(rig, meshes ? *meshes : pack_meshes(rig.meshes.set()), j);
    if (!rig.skins.empty()) {
        Json skins = Json::array();
        for (const Skin& skin : rig.skins) skins.push_back(skin.name);
        j["skins"] = std::move(skins);
    }
    if (rig.skin >= 0) j["skin"] = rig.skins[static_cast<std::size_t>(rig.skin)].name;
    if (!rig.slots.empty()) j["slots"] = slots_json(rig);
    if (!rig.poses.empty()) j["poses"] = stored_poses_json(rig);
    if (rig.side_axis && !rig.is_2d()) j["side_axis"] = json_vector(*rig.side_axis, false);
    if (!rig.editor.empty()) j["editor"] = rig.editor.json();
    return j;
}

Result<std::string> serialize_rig(const Rig& rig, std::uintmax_t max_bytes, const PackedMeshes* meshes) {
    if (std::optional<std::string> problem = mesh_set_problem(rig.meshes.set(), rig.skeleton.size())) {
        return Error{"cannot write the rig: " + *problem};
    }
    if (std::optional<std::string> problem = skins_problem(rig.skins, rig.skin)) return Error{"cannot write the rig: " + *problem};
    if (std::optional<std::string> problem = slots_problem(rig.slots, rig.skeleton.size(), rig.skins.size()))
        return Error{"cannot write the rig: " + *problem};
    if (std::optional<std::string> problem = stored_poses_problem(rig.poses, rig.skeleton.size()))
        return Error{"cannot write the rig: " + *problem};
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        std::string place;
        const State& st = rig.states[i];
        if (std::string problem = slot_timelines_problem(st.slot_tracks, st.draw_order, rig.slots, &place); !problem.empty()) {
            return Error{"cannot write the rig: states[" + std::to_string(i) + "]." + place + ": " + problem};
        }
        if (std::string problem = chain_tracks_problem(st.chain_tracks, rig.chains.size(), &place); !problem.empty()) {
            return Error{"cannot write the rig: states[" + std::to_string(i) + "]." + place + ": " + problem};
        }
        if (std::string problem = deform_tracks_problem(st.deform, rig.slots, &place); !problem.empty()) {
            return Error{"cannot write the rig: states[" + std::to_string(i) + "]." + place + ": " + problem};
        }
        if (std::string problem = skin_keys_problem(st.skin_keys, rig.skins.size(), &place); !problem.empty()) {
            return Error{"cannot write the rig: states[" + std::to_string(i) + "]." + place + ": " + problem};
        }
    }
    // Packed once for both the readable and the compact text.
    const PackedMeshes embedded = meshes || rig.meshes.empty() ? PackedMeshes{} : pack_meshes(rig.meshes.set());
    if (!meshes && !rig.meshes.empty()) meshes = &embedded;
    try {
        Json j = rig_to_json(rig, RigJsonStyle::Readable, meshes);
        // Other tools' data under "editor" is written on one line: indented, its size would grow
        // with the square of its depth.
        Json editor;
        if (const auto it = j.find("editor"); it != j.end()) {
            editor = std::move(*it);
            j.erase(it);
        }
        std::string text = j.dump(2);  // ends with "\n}"
        if (!editor.is_null()) {
            text.resize(text.size() - 2);
            text += ",\n  \"editor\": " + editor.dump() + "\n}";
        }
        text += "\n";
        if (text.size() > max_bytes) {
            // Indentation and spelt-out defaults make a large rig's file some three times its
            // compact size.
            text = rig_to_json(rig, RigJsonStyle::Compact, meshes).dump() + "\n";
        }
        if (text.size() > max_bytes) {
            return Error{"the rig takes " + megabytes_text(text.size()) + " of JSON, and a rig file may be at most " +
                         megabytes_text(max_bytes) + " (the most that is read back); not written"};
        }
        return text;
    } catch (const Json::type_error& e) {
        // Only invalid UTF-8 in a name gets here; refusing beats writing a file we cannot read.
        return Error{std::string("cannot write the rig: a name is not valid UTF-8 (") + e.what() + ")"};
    }
}

}  // namespace marionette
