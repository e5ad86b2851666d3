#include "core/rig/stored_pose_json.hpp"

#include <algorithm>

#include "core/io/json/json_document.hpp"
#include "core/io/json/json_numbers.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

constexpr int kPoseClipboardVersion = 1;

Json bone_values_json(const BonePose& b, bool is_2d) {
    Json j = Json::object();
    Json rotation = json_rotation(b.rotation, is_2d);
    const bool at_rest = is_2d ? rotation == Json(0) : rotation == Json::array({0, 0, 0, 1});
    if (!at_rest) j["rotation"] = std::move(rotation);
    if (b.translation != glm::vec3(0.0f)) j["translation"] = json_vector(b.translation, is_2d);
    if (b.scale != glm::vec3(1.0f)) j["scale"] = json_vector(b.scale, is_2d);
    return j;
}

Json bones_json(const Skeleton& skeleton, std::span<const BonePose> bones, bool is_2d) {
    Json j = Json::object();
    for (const BonePose& b : bones) {
        // A stored pose names each bone once (stored_poses_problem).
        if (b.bone >= 0 && static_cast<std::size_t>(b.bone) < skeleton.size()) {
            append_member(j, skeleton[static_cast<std::size_t>(b.bone)].name, bone_values_json(b, is_2d));
        }
    }
    return j;
}

BonePose read_bone_values(const JsonField& f, int dims) {
    f.allow_only({"rotation", "translation", "scale"});
    BonePose b;
    if (auto r = f.optional_member("rotation")) b.rotation = r->rotation(dims);
    if (auto t = f.optional_member("translation")) b.translation = t->position(dims);
    if (auto s = f.optional_member("scale")) b.scale = s->scale(dims);
    return b;
}

}  // namespace

Json stored_poses_json(const Rig& rig) {
    Json poses = Json::array();
    for (const StoredPose& p : rig.poses)
        poses.push_back(Json{{"name", p.name}, {"bones", bones_json(rig.skeleton, p.bones, rig.is_2d())}});
    return poses;
}

std::vector<StoredPose> read_stored_poses_json(const JsonField& f, const Skeleton& skeleton, int dims) {
    std::vector<StoredPose> poses;
    for (std::size_t i = 0; i < f.array_size(); ++i) {
        const JsonField p = f.element(i);
        p.allow_only({"name", "bones"});
        StoredPose pose;
        const JsonField name = p.member("name");
        pose.name = name.non_empty_string();
        for (const StoredPose& earlier : poses) {
            if (earlier.name == pose.name) name.fail("another pose is named \"" + pose.name + "\"");
        }
        const JsonField bones = p.member("bones");
        bones.require_object();
        bones.for_each_member([&](const std::string& key, const JsonField& value) {
            const int b = skeleton.find(key);
            if (b < 0) value.fail("\"" + key + "\" is not a bone");
            BonePose values = read_bone_values(value, dims);
            values.bone = b;
            pose.bones.push_back(values);
        });
        std::sort(pose.bones.begin(), pose.bones.end(), [](const BonePose& a, const BonePose& b) { return a.bone < b.bone; });
        poses.push_back(std::move(pose));
    }
    return poses;
}

std::string pose_clipboard_text(const Rig& rig, std::span<const int> bones) {
    Json j;
    j["format"] = kPoseClipboardFormat;
    j["version"] = kPoseClipboardVersion;
    j["dimensions"] = rig.is_2d() ? 2 : 3;
    j["bones"] = bones_json(rig.skeleton, capture_bones(rig.pose, bones), rig.is_2d());
    return j.dump(2) + "\n";
}

Result<CopiedPose> parse_pose_clipboard(std::string_view text) {
    const Result<Json> doc = parse_json_document(text);
    if (!doc || !doc.value().is_object() || !doc.value().contains("format") || doc.value()["format"] != kPoseClipboardFormat) {
        return Error{"the clipboard holds no pose (copy one with Copy pose, Ctrl+C in the viewport)"};
    }
    try {
        const JsonField root(doc.value(), "");
        root.allow_only({"format", "version", "dimensions", "bones"});
        const JsonField version = root.member("version");
        if (version.integer() != kPoseClipboardVersion) version.fail("unsupported version " + std::to_string(version.integer()));
        const JsonField dimensions = root.member("dimensions");
        const int dims = dimensions.integer();
        if (dims != 2 && dims != 3) dimensions.fail("must be 2 or 3");
        CopiedPose clip;
        clip.dimensions = dims == 2 ? Dimensions::Two : Dimensions::Three;
        const JsonField bones = root.member("bones");
        bones.require_object();
        bones.for_each_member(
            [&](const std::string& key, const JsonField& value) { clip.bones.emplace_back(key, read_bone_values(value, dims)); });
        return clip;
    } catch (const JsonFieldError& e) {
        return Error{std::string("the pose on the clipboard: ") + e.what()};
    }
}

}  // namespace marionette
