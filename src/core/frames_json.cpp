#include "core/frames_json.hpp"

#include "core/angles.hpp"
#include "core/json_numbers.hpp"

namespace marionette {

namespace {

Json state_json(const Rig& rig, int state) {
    const std::string* name = state_name(rig, state);
    return name ? Json(*name) : Json(nullptr);  // null: the rig's own pose
}

// Degrees as a float: world angles are float quantities, and the shortest float form keeps a
// frame line short (84.5, not 84.49999850988388).
Json degrees_2d(const glm::quat& q) {
    return json_float(static_cast<float>(static_cast<double>(angle_2d(q)) * (180.0 / kPiDouble)));
}

Json bone_json(const Transform& world, bool is_2d) {
    const glm::vec3& p = world.translation;
    if (is_2d) {
        return Json{{"position", Json::array({json_float(p.x), json_float(p.y)})}, {"rotation", degrees_2d(world.rotation)}};
    }
    const glm::quat& q = world.rotation;
    return Json{{"position", Json::array({json_float(p.x), json_float(p.y), json_float(p.z)})},
                {"rotation", Json::array({json_float(q.x), json_float(q.y), json_float(q.z), json_float(q.w)})}};
}

Json frame_json(const Rig& rig, const BakedFrame& frame) {
    Json bones = Json::object();
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) bones[rig.skeleton[i].name] = bone_json(frame.world[i], rig.is_2d());
    return Json{{"time", json_number(frame.time)},
                {"state", state_json(rig, frame.state)},
                {"from", frame.from ? state_json(rig, *frame.from) : Json(nullptr)},
                {"weight", json_float(frame.weight)},
                {"bones", std::move(bones)}};
}

Json header_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps) {
    Json bones = Json::array();
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) bones.push_back(rig.skeleton[i].name);
    Json entries = Json::array();
    for (const TimelineEntry& e : timeline) entries.push_back(Json{{"state", state_json(rig, e.state)}, {"at", json_number(e.at)}});
    return Json{{"format", kFramesFormatName},
                {"version", kFramesFormatVersion},
                {"rig", rig_name},
                {"dimensions", rig.is_2d() ? 2 : 3},
                {"fps", json_number(fps)},
                {"bones", std::move(bones)},
                {"timeline", std::move(entries)}};
}

}  // namespace

Result<std::string> bake_frames_json(const Rig& rig, const std::string& rig_name,
                                     std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count) {
    try {
        // Kept in a variable: a range-for over a temporary's items() would outlive the temporary.
        const Json header = header_json(rig, rig_name, timeline, fps);
        std::string text;
        for (const auto& [key, value] : header.items()) {
            text += text.empty() ? "{" : ",\n";
            text += Json(key).dump() + ":" + value.dump();
        }
        text += ",\n\"frames\":[";
        bool first = true;
        Status baked = bake_timeline(rig, timeline, fps, frame_count, [&](const BakedFrame& frame) {
            text += first ? "\n" : ",\n";
            first = false;
            text += frame_json(rig, frame).dump();
        });
        if (!baked) return Error{baked.message()};
        text += "\n]}\n";
        return text;
    } catch (const Json::type_error& e) {
        // Only invalid UTF-8 in a name gets here; refusing beats writing a file nobody can read.
        return Error{std::string("cannot write the frames: a name is not valid UTF-8 (") + e.what() + ")"};
    }
}

}  // namespace marionette
