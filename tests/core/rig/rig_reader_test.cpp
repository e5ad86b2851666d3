// Every bad input a user can give the loader gets a clear error naming the place.

#include <gtest/gtest.h>

#include <functional>

#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// A valid 2D arm; each case breaks one thing in it.
Json valid_2d() {
    return Json::parse(R"({
      "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [
        {"name": "upper", "length": 100, "rotation": -30},
        {"name": "fore", "parent": "upper", "length": 80, "limits": {"min": -10, "max": 150}},
        {"name": "hand", "parent": "fore", "length": 20}
      ],
      "chains": [{"name": "arm", "root": "upper", "effector": "fore", "solver": "two_bone", "settings": {"bend": -1}}],
      "states": [{"name": "wave", "channels": [{"bone": "fore", "base": 10, "amplitude": 20, "period": 1.5, "phase": 90}]}]
    })");
}

Json valid_3d() {
    return Json::parse(R"({
      "format": "marionette-rig", "version": 1, "dimensions": 3,
      "bones": [
        {"name": "thigh", "length": 0.4, "rotation": [0, 0, -0.7071068, 0.7071068], "limits": {"max": 90}},
        {"name": "shin", "parent": "thigh", "length": 0.4, "limits": {"hinge": [0, 1, 0], "min": 0, "max": 150}}
      ],
      "chains": [{"name": "leg", "root": "thigh", "effector": "shin", "solver": "two_bone", "settings": {"pole": [0, 0.5, 1]}}]
    })");
}

struct BadCase {
    const char* name;
    std::function<std::string()> text;  // the whole file
    const char* expected;               // must appear in the message
};

std::string edit2d(const std::function<void(Json&)>& f) {
    Json j = valid_2d();
    f(j);
    return j.dump();
}
std::string edit3d(const std::function<void(Json&)>& f) {
    Json j = valid_3d();
    f(j);
    return j.dump();
}

// One bad file a line, as a table: clang-format would break the cases apart.
// clang-format off
const BadCase kBadCases[] = {
    // Not JSON, not a rig, not this version.
    {"MalformedJson", [] { return std::string(R"({"format": "marionette-rig", "bones": [ )"); }, "not valid JSON: line 1, column"},
    {"TrailingGarbage", [] { return valid_2d().dump() + " }"; }, "not valid JSON"},
    {"EmptyFile", [] { return std::string(); }, "not valid JSON"},
    {"NanLiteral", [] { return std::string(R"({"format": "marionette-rig", "length": NaN})"); }, "not valid JSON"},
    {"InvalidUtf8", [] { return std::string("{\"format\": \"marionette-rig\", \"x\": \"\xff\xfe\"}"); }, "not valid JSON"},
    {"ArrayNotRig", [] { return std::string("[1, 2, 3]"); }, "not a Marionette rig: missing \"format\""},
    {"OtherJsonNotRig", [] { return std::string(R"({"name": "my-package", "version": "1.0.0"})"); }, "not a Marionette rig"},
    {"WrongFormatName", [] { return edit2d([](Json& j) { j["format"] = "gltf"; }); }, "not a Marionette rig: \"format\" is \"gltf\""},
    {"UnknownVersion", [] { return edit2d([](Json& j) { j["version"] = 7; }); }, "version: unsupported format version 7 (this build reads version 1)"},
    {"VersionWrongType", [] { return edit2d([](Json& j) { j["version"] = "1"; }); }, "version: expected an integer, got string"},
    {"MissingVersion", [] { return edit2d([](Json& j) { j.erase("version"); }); }, "missing required \"version\""},
    {"UnknownTopLevelKey", [] { return edit2d([](Json& j) { j["bonez"] = Json::array(); }); }, "unknown key \"bonez\""},
    {"MissingDimensions", [] { return edit2d([](Json& j) { j.erase("dimensions"); }); }, "missing required \"dimensions\""},
    {"BadDimensions", [] { return edit2d([](Json& j) { j["dimensions"] = 4; }); }, "dimensions: must be 2 or 3, got 4"},
    // Bones: types and required fields.
    {"MissingBones", [] { return edit2d([](Json& j) { j.erase("bones"); }); }, "missing required \"bones\""},
    {"BonesNotArray", [] { return edit2d([](Json& j) { j["bones"] = Json::object(); }); }, "bones: expected an array, got object"},
    {"NoBones", [] { return edit2d([](Json& j) { j["bones"] = Json::array(); j.erase("chains"); j.erase("states"); }); }, "bones: a rig needs at least one bone"},
    {"BoneNotObject", [] { return edit2d([](Json& j) { j["bones"][1] = 5; }); }, "bones[1]: expected an object, got number"},
    {"BoneMissingName", [] { return edit2d([](Json& j) { j["bones"][1].erase("name"); }); }, "bones[1]: missing required \"name\""},
    {"BoneEmptyName", [] { return edit2d([](Json& j) { j["bones"][0]["name"] = ""; }); }, "bones[0].name: must not be empty"},
    {"BoneMissingLength", [] { return edit2d([](Json& j) { j["bones"][2].erase("length"); }); }, "bones[2]: missing required \"length\""},
    {"LengthWrongType", [] { return edit2d([](Json& j) { j["bones"][1]["length"] = "long"; }); }, "bones[1].length: expected a number, got string"},
    {"NegativeLength", [] { return edit2d([](Json& j) { j["bones"][2]["length"] = -4; }); }, "bones[2].length: must be >= 0, got -4"},
    {"InfiniteLength", [] { return std::string(R"({"format":"marionette-rig","version":1,"dimensions":2,"bones":[{"name":"a","length":1e999}]})"); }, "not valid JSON: line 1, column 85 (bones[0].length): number 1e999 is out of range"},
    {"LengthOverflowsFloat", [] { return edit2d([](Json& j) { j["bones"][0]["length"] = 1e39; }); }, "bones[0].length: must be a finite number"},
    // Found by fuzzing: two bones 3e38 long put the second one's tip at infinity (core/base/extents.hpp).
    {"LengthBeyondRigLimit", [] { return edit2d([](Json& j) { j["bones"][0]["length"] = 2e15; }); }, "bones[0].length: must be at most 1e15"},
    {"TranslationBeyondRigLimit", [] { return edit2d([](Json& j) { j["bones"][1]["translation"] = {3e38, 0}; }); }, "bones[1].translation[0]: must be between -1e15 and 1e15"},
    {"RootOffsetBeyondRigLimit", [] { return edit2d([](Json& j) { j["pose"] = {{"root_offset", {0, -1e16}}}; }); }, "pose.root_offset[1]: must be between -1e15 and 1e15"},
    {"PinBeyondRigLimit", [] { return edit2d([](Json& j) { j["chains"][0]["pin"] = {1e20, 0}; }); }, "chains[0].pin[0]: must be between -1e15 and 1e15"},
    {"PoleBeyondRigLimit", [] { return edit3d([](Json& j) { j["chains"][0]["settings"]["pole"] = {0, 0, -1e16}; }); }, "chains[0].settings.pole[2]: must be between -1e15 and 1e15"},
    {"MisspeltKey", [] { return edit2d([](Json& j) { j["bones"][1]["lenght"] = 3; }); }, "bones[1]: unknown key \"lenght\""},
    {"TranslationWrongSize", [] { return edit2d([](Json& j) { j["bones"][0]["translation"] = {1, 2, 3}; }); }, "bones[0].translation: expected 2 numbers (a 2D vector), got 3"},
    {"TranslationNotNumbers", [] { return edit2d([](Json& j) { j["bones"][0]["translation"] = {1, nullptr}; }); }, "bones[0].translation[1]: expected a number, got null"},
    {"TranslationHuge", [] { return std::string(R"({"format":"marionette-rig","version":1,"dimensions":2,"bones":[{"name":"a","length":1,"translation":[-1e400, 0]}]})"); }, "not valid JSON: line 1, column 102 (bones[0].translation[0]): number -1e400 is out of range"},
    {"Rotation2DAsArray", [] { return edit2d([](Json& j) { j["bones"][0]["rotation"] = {0, 0, 0, 1}; }); }, "bones[0].rotation: expected a number (an angle in degrees"},
    {"Rotation3DAsNumber", [] { return edit3d([](Json& j) { j["bones"][0]["rotation"] = 30; }); }, "bones[0].rotation: expected a quaternion [x, y, z, w], got number"},
    {"Rotation3DZero", [] { return edit3d([](Json& j) { j["bones"][0]["rotation"] = {0, 0, 0, 0}; }); }, "bones[0].rotation: a rotation quaternion must not be zero"},
    // Hierarchy.
    {"UnknownParent", [] { return edit2d([](Json& j) { j["bones"][2]["parent"] = "elbow"; }); }, "bones[2].parent: \"elbow\" is not a bone"},
    {"ParentWrongType", [] { return edit2d([](Json& j) { j["bones"][2]["parent"] = 1; }); }, "bones[2].parent: expected a bone name or null, got number"},
    {"SelfParent", [] { return edit2d([](Json& j) { j["bones"][0]["parent"] = "upper"; }); }, "bones[0].parent: cycle: upper -> upper"},
    {"Cycle", [] { return edit2d([](Json& j) { j["bones"][0]["parent"] = "hand"; }); }, "cycle: upper -> hand -> fore -> upper"},
    {"DuplicateBoneName", [] { return edit2d([](Json& j) { j["bones"][2]["name"] = "fore"; }); }, "bones[2].name: duplicate name \"fore\" (also bones[1])"},
    // Limits.
    {"LimitsMinAboveMax", [] { return edit2d([](Json& j) { j["bones"][1]["limits"] = {{"min", 90}, {"max", 10}}; }); }, "bones[1].limits: \"min\" must not exceed \"max\""},
    {"LimitsOutOfRange", [] { return edit2d([](Json& j) { j["bones"][1]["limits"]["max"] = 270; }); }, "bones[1].limits.max: must be between -180 and 180 degrees, got 270"},
    {"HingeIn2D", [] { return edit2d([](Json& j) { j["bones"][1]["limits"]["hinge"] = {0, 0, 1}; }); }, "bones[1].limits: unknown key \"hinge\""},
    {"BallJointWithMin", [] { return edit3d([](Json& j) { j["bones"][0]["limits"]["min"] = -10; }); }, "bones[0].limits.min: a 3D joint without a hinge takes only \"max\""},
    {"BallJointNegativeMax", [] { return edit3d([](Json& j) { j["bones"][0]["limits"]["max"] = -10; }); }, "bones[0].limits.max: must be between 0 and 180 degrees"},
    {"SwingWithHinge", [] { return edit3d([](Json& j) { j["bones"][1]["limits"]["swing"] = 30; }); }, "bones[1].limits.swing: a hinge turns about its axis only"},
    {"TwistWithMax", [] { return edit3d([](Json& j) { j["bones"][0]["limits"]["twist"] = {-10, 10}; }); }, "bones[0].limits: a ball joint takes either \"max\" (its largest turn from rest) or \"swing\" and \"twist\", not both"},
    {"TwistNotAPair", [] { return edit3d([](Json& j) { j["bones"][0]["limits"] = {{"twist", 10}}; }); }, "bones[0].limits.twist: expected [min, max] in degrees, got 10"},
    {"TwistMinAboveMax", [] { return edit3d([](Json& j) { j["bones"][0]["limits"] = {{"twist", {40, 10}}}; }); }, "bones[0].limits.twist: min must not exceed max, got [40,10]"},
    {"TwistOutOfRange", [] { return edit3d([](Json& j) { j["bones"][0]["limits"] = {{"twist", {-200, 10}}}; }); }, "bones[0].limits.twist[0]: must be between -180 and 180 degrees"},
    {"SwingOutOfRange", [] { return edit3d([](Json& j) { j["bones"][0]["limits"] = {{"swing", 190}}; }); }, "bones[0].limits.swing: must be between 0 and 180 degrees"},
    {"SwingIn2D", [] { return edit2d([](Json& j) { j["bones"][1]["limits"]["swing"] = 30; }); }, "bones[1].limits: unknown key \"swing\""},
    {"ZeroHinge", [] { return edit3d([](Json& j) { j["bones"][1]["limits"]["hinge"] = {0, 0, 0}; }); }, "bones[1].limits.hinge: must be a non-zero direction"},
    // IK chains.
    {"ChainMissingEffector", [] { return edit2d([](Json& j) { j["chains"][0].erase("effector"); }); }, "chains[0]: missing required \"effector\""},
    {"ChainEffectorNotABone", [] { return edit2d([](Json& j) { j["chains"][0]["effector"] = "elbow"; }); }, "chains[0].effector: \"elbow\" is not a bone"},
    {"ChainRootNotABone", [] { return edit2d([](Json& j) { j["chains"][0]["root"] = "shoulder"; }); }, "chains[0].root: \"shoulder\" is not a bone"},
    {"ChainNotAParentPath", [] { return edit2d([](Json& j) { j["chains"][0]["root"] = "hand"; }); }, "chains[0].effector: \"fore\" is not below \"hand\""},
    {"ChainUnknownSolver", [] { return edit2d([](Json& j) { j["chains"][0]["solver"] = "fabrik"; }); }, "chains[0].solver: unknown solver \"fabrik\""},
    {"TwoBoneWithThreeBones", [] { return edit2d([](Json& j) { j["chains"][0]["effector"] = "hand"; }); }, "chains[0].solver: a two_bone chain has exactly two bones, this one has 3"},
    {"DuplicateChainName", [] { return edit2d([](Json& j) { j["chains"].push_back(j["chains"][0]); }); }, "chains[1].name: duplicate chain name \"arm\""},
    {"MixAboveOne", [] { return edit2d([](Json& j) { j["chains"][0]["mix"] = 1.5; }); }, "chains[0].mix: must be between 0 and 1"},
    {"MixNegative", [] { return edit2d([](Json& j) { j["chains"][0]["mix"] = -0.25; }); }, "chains[0].mix: must be between 0 and 1"},
    {"MixNotANumber", [] { return edit2d([](Json& j) { j["chains"][0]["mix"] = "half"; }); }, "chains[0].mix"},
    {"BendNotUnit", [] { return edit2d([](Json& j) { j["chains"][0]["settings"]["bend"] = 0; }); }, "chains[0].settings.bend: must be 1 or -1"},
    {"PoleIn2D", [] { return edit2d([](Json& j) { j["chains"][0]["settings"]["pole"] = {1, 2, 3}; }); }, "chains[0].settings: unknown key \"pole\""},
    {"CcdZeroIterations", [] { return edit2d([](Json& j) { j["chains"].push_back({{"name", "c"}, {"root", "upper"}, {"effector", "hand"}, {"solver", "ccd"}, {"settings", {{"iterations", 0}}}}); }); }, "chains[1].settings.iterations: must be between 1 and 10000"},
    {"PinWrongSize", [] { return edit2d([](Json& j) { j["chains"][0]["pin"] = {1, 2, 3}; }); }, "chains[0].pin: expected 2 numbers"},
    {"PinNotNumbers", [] { return edit2d([](Json& j) { j["chains"][0]["pin"] = {"a", 2}; }); }, "chains[0].pin[0]:"},
    {"Pin3dTooShort", [] { return edit3d([](Json& j) { j["chains"][0]["pin"] = {0.1, 0.2}; }); }, "chains[0].pin: expected 3 numbers"},
    {"CcdSettingForTwoBone", [] { return edit2d([](Json& j) { j["chains"][0]["settings"]["iterations"] = 5; }); }, "chains[0].settings: unknown key \"iterations\""},
    // Pose, states, transition, editor.
    {"PoseUnknownBone", [] { return edit2d([](Json& j) { j["pose"] = {{"rotations", {{"elbow", 10}}}}; }); }, "pose.rotations.elbow: \"elbow\" is not a bone"},
    {"StateUnknownBone", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["bone"] = "tail"; }); }, "states[0].channels[0].bone: \"tail\" is not a bone"},
    {"StateZeroPeriod", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["period"] = 0; }); }, "states[0].channels[0].period: must be > 0 seconds"},
    {"ChannelUnknownProperty", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["property"] = "colour"; }); }, "states[0].channels[0].property: unknown property \"colour\" (expected \"rotation\", \"translation\" or \"scale\")"},
    {"PosePropertyNotAString", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["property"] = 2; }); }, "states[0].channels[0].property: expected a string"},
    {"TranslationChannelWithAmplitude", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["property"] = "translation"; }); }, "states[0].channels[0]: unknown key \"amplitude\""},
    {"RotationChannelWithSwing", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0]["swing"] = {1, 2}; }); }, "states[0].channels[0]: unknown key \"swing\""},
    {"TranslationBaseWrongSize", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0] = {{"bone", "fore"}, {"property", "translation"}, {"base", {1, 2, 3}}}; }); }, "states[0].channels[0].base: expected 2 numbers"},
    {"TranslationOutOfRange", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0] = {{"bone", "fore"}, {"property", "translation"}, {"base", {9e14, 0}}, {"swing", {2e14, 0}}}; }); }, "states[0].channels[0].swing: center +- swing must stay between -1e15 and 1e15 on every axis"},
    {"ScaleBelowZero", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0] = {{"bone", "fore"}, {"property", "scale"}, {"base", {0.5, 1}}, {"swing", {0.6, 0}}}; }); }, "states[0].channels[0].swing: center +- swing must stay between 0 and 1000 on every axis"},
    {"ScaleBaseNegative", [] { return edit2d([](Json& j) { j["states"][0]["channels"][0] = {{"bone", "fore"}, {"property", "scale"}, {"base", {-1, 1}}}; }); }, "states[0].channels[0].base: center +- swing must stay between 0 and 1000"},
    {"ScaleSwingNotNumbers", [] { return edit3d([](Json& j) { j["states"] = Json::parse(R"([{"name": "s", "channels": [{"bone": "shin", "property": "scale", "swing": [0, "a", 0]}]}])"); }); }, "states[0].channels[0].swing[1]: expected a number"},
    {"ScaleChannelWithAxis", [] { return edit3d([](Json& j) { j["states"] = Json::parse(R"([{"name": "s", "channels": [{"bone": "shin", "property": "scale", "axis": [0, 1, 0]}]}])"); }); }, "states[0].channels[0]: unknown key \"axis\""},
    {"TrackWithoutKeys", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": []}])"); }); }, "states[0].tracks[0].keys: a track needs at least one key"},
    {"TrackMissingKeys", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore"}])"); }); }, "states[0].tracks[0]: missing required \"keys\""},
    {"TrackUnknownBone", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "tail", "keys": [{"time": 0, "value": 1}]}])"); }); }, "states[0].tracks[0].bone: \"tail\" is not a bone"},
    {"KeysOutOfOrder", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 1, "value": 0}, {"time": 0.5, "value": 10}]}])"); }); }, "states[0].tracks[0].keys[1]: keys must be in strictly increasing time"},
    {"KeyNegativeTime", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": -1, "value": 0}]}])"); }); }, "states[0].tracks[0].keys[0]: a key's time must be between 0 and 3600 seconds"},
    {"KeyMissingValue", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0}]}])"); }); }, "states[0].tracks[0].keys[0]: missing required \"value\""},
    {"KeyUnknownInterpolation", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "interpolation": "smooth"}]}])"); }); }, "states[0].tracks[0].keys[0].interpolation: unknown interpolation \"smooth\" (expected \"step\", \"linear\", \"cosine\" or \"bezier\")"},
    {"CurveOnALinearKey", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "curve": [0, 0, 1, 1]}]}])"); }); }, "states[0].tracks[0].keys[0].curve: only a \"bezier\" key has a curve"},
    {"CurveWrongSize", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "interpolation": "bezier", "curve": [0, 0, 1]}]}])"); }); }, "states[0].tracks[0].keys[0].curve: expected [x1, y1, x2, y2], got 3 numbers"},
    {"CurveHandleBackInTime", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "interpolation": "bezier", "curve": [1.2, 0, 1, 1]}]}])"); }); }, "states[0].tracks[0].keys[0]: a curve's x handles must lie between 0 and 1"},
    {"CurveLinesNotTen", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "interpolation": "bezier", "curve": [0, 0, 1, 1], "curve_lines": 12}]}])"); }); }, "states[0].tracks[0].keys[0].curve_lines: a curve's lines are 10 (drawn as Spine's runtimes draw it) or left out (the curve itself)"},
    {"CurveLinesWithoutCurve", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 0, "interpolation": "bezier", "curve_lines": 10}]}])"); }); }, "states[0].tracks[0].keys[0].curve_lines: only a key with a \"curve\" has lines"},
    {"TwoDKeyAsQuaternion", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": [0, 0, 0, 1]}]}])"); }); }, "states[0].tracks[0].keys[0].value: expected a number"},
    {"ThreeDKeyAsDegrees", [] { return edit3d([](Json& j) { j["states"] = Json::parse(R"([{"name": "s", "tracks": [{"bone": "shin", "keys": [{"time": 0, "value": 30}]}]}])"); }); }, "states[0].tracks[0].keys[0].value: expected a quaternion [x, y, z, w]"},
    {"ScaleKeyNegative", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "property": "scale", "keys": [{"time": 0, "value": [1, -2]}]}])"); }); }, "states[0].tracks[0].keys[0].value[1]: must be between 0 and 1000"},
    {"TranslationKeyWrongSize", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "property": "translation", "keys": [{"time": 0, "value": [1, 2, 3]}]}])"); }); }, "states[0].tracks[0].keys[0].value: expected 2 numbers"},
    {"TwoTracksOneProperty", [] { return edit2d([](Json& j) { j["states"][0]["tracks"] = Json::parse(R"([{"bone": "fore", "keys": [{"time": 0, "value": 1}]}, {"bone": "fore", "property": "rotation", "keys": [{"time": 0, "value": 2}]}])"); }); }, "states[0].tracks[1]: a second track for fore's rotation (also tracks[0])"},
    {"LoopNotABool", [] { return edit2d([](Json& j) { j["states"][0]["loop"] = 1; }); }, "states[0].loop: expected true or false"},
    {"FpsZero", [] { return edit2d([](Json& j) { j["fps"] = 0; }); }, "fps: frames per second must be above 0 and at most 1000, got 0"},
    {"FpsTooHigh", [] { return edit2d([](Json& j) { j["fps"] = 5000; }); }, "fps: frames per second must be above 0 and at most 1000, got 5000"},
    {"FpsNotANumber", [] { return edit2d([](Json& j) { j["fps"] = "24"; }); }, "fps: expected a number"},
    {"DuplicateStateName", [] { return edit2d([](Json& j) { j["states"].push_back(j["states"][0]); }); }, "states[1].name: duplicate state name \"wave\""},
    {"UnknownEasing", [] { return edit2d([](Json& j) { j["transition"] = {{"easing", "bounce"}}; }); }, "transition.easing: unknown easing \"bounce\""},
    {"NegativeDuration", [] { return edit2d([](Json& j) { j["transition"] = {{"duration", -1}}; }); }, "transition.duration: must be >= 0 seconds"},
    {"EditorNotObject", [] { return edit2d([](Json& j) { j["editor"] = "camera"; }); }, "editor: expected an object, got string"},
    // A bone's colour: three numbers, each within [0, 1].
    {"BoneColorNotList", [] { return edit2d([](Json& j) { j["bones"][1]["color"] = "red"; }); }, "bones[1].color: expected [r, g, b], got \"red\""},
    {"BoneColorTwoNumbers", [] { return edit2d([](Json& j) { j["bones"][1]["color"] = {1, 0}; }); }, "bones[1].color: expected [r, g, b], got [1,0]"},
    {"BoneColorWithAlpha", [] { return edit2d([](Json& j) { j["bones"][1]["color"] = {1, 0, 0, 1}; }); }, "bones[1].color: expected [r, g, b]"},
    {"BoneColorAboveOne", [] { return edit2d([](Json& j) { j["bones"][0]["color"] = {0.5, 1.5, 0}; }); }, "bones[0].color[1]: must be between 0 and 1, got 1.5"},
    {"BoneColorNegative", [] { return edit3d([](Json& j) { j["bones"][1]["color"] = {-0.1, 0, 0}; }); }, "bones[1].color[0]: must be between 0 and 1, got -0.1"},
    {"BoneColorNotNumber", [] { return edit2d([](Json& j) { j["bones"][2]["color"] = {0, "1", 0}; }); }, "bones[2].color[1]: expected a number, got string"},
};
// clang-format on

class BadRigInput : public ::testing::TestWithParam<BadCase> {};

}  // namespace

// gtest prints parameters on failure; the case's name says more than its bytes.
namespace {
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

}  // namespace

TEST_P(BadRigInput, FailsWithMessageNamingThePlace) {
    const BadCase& c = GetParam();
    Result<Rig> rig = parse_rig(c.text());
    ASSERT_FALSE(rig.ok()) << c.name << " loaded";
    EXPECT_NE(rig.message().find(c.expected), std::string::npos) << "expected: " << c.expected << "\n     got: " << rig.message();
}

INSTANTIATE_TEST_SUITE_P(RigReader, BadRigInput, ::testing::ValuesIn(kBadCases),
                         [](const ::testing::TestParamInfo<BadCase>& p) { return std::string(p.param.name); });

TEST(RigReader, BaseCasesAreValid) {
    // The bad cases above each break one thing in these; they must load as they are.
    EXPECT_TRUE(parse_rig(valid_2d().dump()).ok()) << parse_rig(valid_2d().dump()).message();
    EXPECT_TRUE(parse_rig(valid_3d().dump()).ok()) << parse_rig(valid_3d().dump()).message();
}

TEST(RigReader, ChildTranslationDefaultsToParentTip) {
    Result<Rig> rig = parse_rig(valid_2d().dump());
    ASSERT_TRUE(rig.ok());
    const Skeleton& sk = rig.value().skeleton;
    EXPECT_FLOAT_EQ(sk[1].rest.translation.x, 100.0f);
    EXPECT_FLOAT_EQ(sk[2].rest.translation.x, 80.0f);
    EXPECT_FLOAT_EQ(sk[0].rest.translation.x, 0.0f);
}

TEST(RigReader, ReadsUnitsAndSettings) {
    Result<Rig> rig = parse_rig(valid_2d().dump());
    ASSERT_TRUE(rig.ok());
    const Rig& r = rig.value();
    EXPECT_TRUE(r.is_2d());
    EXPECT_NEAR(angle_2d(r.skeleton[0].rest.rotation), glm::radians(-30.0f), 1e-6f);
    ASSERT_TRUE(r.skeleton[1].limits);
    EXPECT_NEAR(*r.skeleton[1].limits->min_angle, glm::radians(-10.0f), 1e-6f);
    EXPECT_NEAR(*r.skeleton[1].limits->max_angle, glm::radians(150.0f), 1e-6f);
    ASSERT_EQ(r.chains.size(), 1u);
    EXPECT_EQ(r.chains[0].solver, SolverKind::TwoBone);
    EXPECT_EQ(r.chains[0].two_bone.bend, -1);
    EXPECT_EQ(r.chains[0].root, 0);
    EXPECT_EQ(r.chains[0].effector, 1);
    ASSERT_EQ(r.states.size(), 1u);
    EXPECT_NEAR(r.states[0].channels[0].phase, glm::radians(90.0f), 1e-6f);
    EXPECT_FLOAT_EQ(r.states[0].channels[0].period, 1.5f);
    EXPECT_EQ(r.transition.easing, Easing::Cosine);
    EXPECT_EQ(r.pose.rotations.size(), 3u);
}

TEST(RigReader, Reads3DQuaternionsHingesAndPoles) {
    Json j = valid_3d();
    j["bones"][0]["rotation"] = {0, 0, -2, 2};  // not unit: normalised
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const Rig& r = rig.value();
    const glm::quat q = r.skeleton[0].rest.rotation;
    EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
    EXPECT_NEAR(q.z, -0.7071068f, 1e-6f);
    EXPECT_NEAR(q.w, 0.7071068f, 1e-6f);
    ASSERT_TRUE(r.skeleton[1].limits && r.skeleton[1].limits->hinge);
    EXPECT_FLOAT_EQ(r.skeleton[1].limits->hinge->y, 1.0f);
    EXPECT_FALSE(r.skeleton[0].limits->hinge);
    EXPECT_NEAR(*r.skeleton[0].limits->max_angle, glm::radians(90.0f), 1e-6f);
    ASSERT_TRUE(r.chains[0].two_bone.pole);
    EXPECT_FLOAT_EQ(r.chains[0].two_bone.pole->z, 1.0f);
}

TEST(RigReader, SortsBonesParentBeforeChildAndRemapsIndices) {
    Json j = valid_2d();
    std::swap(j["bones"][0], j["bones"][2]);  // hand, fore, upper
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const Rig& r = rig.value();
    ASSERT_TRUE(r.skeleton.is_parent_before_child());
    EXPECT_EQ(r.skeleton[0].name, "upper");
    EXPECT_EQ(r.skeleton[r.chains[0].effector].name, "fore");
    EXPECT_EQ(r.skeleton[r.chains[0].root].name, "upper");
    EXPECT_EQ(r.skeleton[r.states[0].channels[0].bone].name, "fore");
}

TEST(RigReader, KeepsFileOrderWhenAlreadyParentFirst) {
    Json j = valid_2d();
    j["bones"].push_back({{"name", "other_root"}, {"length", 1}});
    j["bones"].push_back({{"name", "thumb"}, {"parent", "upper"}, {"length", 1}});
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok());
    const char* expected[] = {"upper", "fore", "hand", "other_root", "thumb"};
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(rig.value().skeleton[i].name, expected[i]);
}

TEST(RigReader, IntegralFloatsCountAsIntegers) {
    Json j = valid_2d();
    j["version"] = 1.0;
    EXPECT_TRUE(parse_rig(j.dump()).ok());
    j["version"] = 1.5;
    EXPECT_FALSE(parse_rig(j.dump()).ok());
}

TEST(RigReader, ZeroLengthBoneIsAllowed) {
    Json j = valid_2d();
    j["bones"][2]["length"] = 0;
    EXPECT_TRUE(parse_rig(j.dump()).ok());
}

TEST(RigReader, EditorDataIsKeptVerbatim) {
    Json j = valid_2d();
    j["editor"] = {{"zoom", 2.5}, {"anything", {{"nested", {1, "two", nullptr}}}}};
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok());
    EXPECT_EQ(rig.value().editor.json(), j["editor"]);
}

TEST(RigReader, DeepHierarchyLoadsWithoutRecursion) {
    Json j = {{"format", "marionette-rig"}, {"version", 1}, {"dimensions", 2}, {"bones", Json::array()}};
    const int n = 20000;
    // Listed tip first, the worst order for the sort.
    auto name = [](int i) { return std::string("b").append(std::to_string(i)); };
    for (int i = n - 1; i >= 0; --i) {
        Json b = {{"name", name(i)}, {"length", 1}};
        if (i > 0) b["parent"] = name(i - 1);
        j["bones"].push_back(b);
    }
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    EXPECT_EQ(rig.value().skeleton.size(), static_cast<std::size_t>(n));
    EXPECT_TRUE(rig.value().skeleton.is_parent_before_child());
    EXPECT_EQ(rig.value().skeleton[0].name, "b0");
}

// A 3D channel's base is a rotation: a quaternion, or (written by hand) degrees about its axis.
TEST(RigReader, ThreeDimensionalStateBaseIsAQuaternionOrDegreesAboutTheAxis) {
    Json j = valid_3d();
    j["states"] = Json::parse(R"([{"name": "s", "channels": [
        {"bone": "shin", "axis": [0, 2, 0], "base": 30, "amplitude": 10},
        {"bone": "thigh", "axis": [1, 0, 0], "base": [0, 0, 0.5, 0.8660254]}]}])");
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const auto& c = rig.value().states[0].channels;
    const glm::quat about_axis = glm::angleAxis(glm::radians(30.0f), glm::vec3{0, 1, 0});
    EXPECT_NEAR(std::fabs(glm::dot(c[0].base, about_axis)), 1.0f, 1e-6f);
    EXPECT_NEAR(c[1].base.z, 0.5f, 1e-7f);
    EXPECT_NEAR(c[1].base.w, 0.8660254f, 1e-7f);

    j["states"][0]["channels"][1]["base"] = {0, 0, 0, 0};
    Result<Rig> zero = parse_rig(j.dump());
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.message().find("states[0].channels[1].base: a rotation quaternion must not be zero"), std::string::npos)
        << zero.message();
    j["states"][0]["channels"][1]["base"] = "up";
    EXPECT_FALSE(parse_rig(j.dump()).ok());
}

TEST(RigReader, TranslationAndScaleChannelsReadAsVectorsOfTheRigsDimensions) {
    Json j = valid_2d();
    j["states"][0]["channels"].push_back(
        Json::parse(R"({"bone": "hand", "property": "translation", "base": [3, -4], "swing": [0, 2.5], "period": 2})"));
    j["states"][0]["channels"].push_back(Json::parse(R"({"bone": "upper", "property": "scale", "base": [1.5, 0.5], "phase": 90})"));
    j["states"][0]["channels"].push_back(Json::parse(R"({"bone": "upper", "property": "scale"})"));
    j["states"][0]["channels"].push_back(Json::parse(R"({"bone": "upper", "property": "rotation", "base": 5})"));
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const auto& c = rig.value().states[0].channels;
    ASSERT_EQ(c.size(), 5u);
    EXPECT_EQ(c[0].property, PoseProperty::Rotation) << "no property: a rotation, as before";
    EXPECT_EQ(c[1].property, PoseProperty::Translation);
    EXPECT_EQ(c[1].center, glm::vec3(3, -4, 0));
    EXPECT_EQ(c[1].swing, glm::vec3(0, 2.5f, 0));
    EXPECT_EQ(c[1].period, 2.0f);
    EXPECT_EQ(c[2].property, PoseProperty::Scale);
    EXPECT_EQ(c[2].center, glm::vec3(1.5f, 0.5f, 1)) << "2D: z stays 1";
    EXPECT_NEAR(c[2].phase, glm::radians(90.0f), 1e-6f);
    EXPECT_EQ(c[3].center, glm::vec3(1)) << "a scale without a base holds 1";
    EXPECT_EQ(c[3].swing, glm::vec3(0));
    EXPECT_EQ(c[4].property, PoseProperty::Rotation);

    // Written back: rotations as before (no "property"), the others with theirs; read back equal.
    const Json written = rig_to_json(rig.value());
    const Json& channels = written["states"][0]["channels"];
    EXPECT_FALSE(channels[0].contains("property"));
    EXPECT_FALSE(channels[4].contains("property"));
    EXPECT_EQ(channels[1].dump(), R"({"bone":"hand","property":"translation","base":[3,-4],"swing":[0,2.5],"period":2,"phase":0})");
    EXPECT_EQ(channels[2].dump(), R"({"bone":"upper","property":"scale","base":[1.5,0.5],"swing":[0,0],"period":1,"phase":90})");
    Result<Rig> again = parse_rig(written.dump());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().states, rig.value().states);
}

TEST(RigReader, KeyTracksReadWithTheirInterpolationsAndWriteBackTheSame) {
    Json j = valid_2d();
    j["states"][0]["loop"] = false;
    j["states"][0]["tracks"] = Json::parse(R"([
        {"bone": "fore", "keys": [
            {"time": 0, "value": 10},
            {"time": 0.5, "value": 370, "interpolation": "bezier", "curve": [0.1, 0.5, 0.3, 1.2]},
            {"time": 1.25, "value": -20, "interpolation": "step"},
            {"time": 2, "value": 0, "interpolation": "cosine"},
            {"time": 3, "value": 5, "interpolation": "bezier", "curve": [0.5, 0, 0.5, 1], "curve_lines": 10},
            {"time": 4, "value": 0}]},
        {"bone": "hand", "property": "scale", "keys": [{"time": 0.5, "value": [1.5, 0.5]}]},
        {"bone": "upper", "property": "translation", "keys": [{"time": 0, "value": [1, -2]}, {"time": 1, "value": [0, 0]}]}])");
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const State& s = rig.value().states[0];
    EXPECT_FALSE(s.loop);
    ASSERT_EQ(s.tracks.size(), 3u);
    const KeyTrack& fore = s.tracks[0];
    EXPECT_EQ(fore.property, PoseProperty::Rotation);
    ASSERT_EQ(fore.keys.size(), 6u);
    EXPECT_NEAR(fore.keys[1].angle, glm::radians(370.0f), 1e-5f) << "not wrapped";
    EXPECT_EQ(fore.keys[0].interpolation, Interpolation::Linear) << "the default";
    EXPECT_EQ(fore.keys[1].interpolation, Interpolation::Bezier);
    EXPECT_EQ(fore.keys[1].curve, (BezierCurve{0.1f, 0.5f, 0.3f, 1.2f}));
    EXPECT_EQ(fore.keys[2].interpolation, Interpolation::Step);
    EXPECT_EQ(fore.keys[3].interpolation, Interpolation::Cosine);
    EXPECT_EQ(fore.keys[4].curve, (BezierCurve{0.5f, 0.0f, 0.5f, 1.0f, kSpineCurveLines}));
    EXPECT_EQ(s.tracks[1].keys[0].vector, glm::vec3(1.5f, 0.5f, 1.0f));
    EXPECT_EQ(s.tracks[2].keys[0].vector, glm::vec3(1.0f, -2.0f, 0.0f));
    EXPECT_EQ(state_length(s), 4.0f);

    const Json written = rig_to_json(rig.value());
    EXPECT_EQ(written["states"][0]["tracks"][0]["keys"][1].dump(),
              R"({"time":0.5,"value":370,"interpolation":"bezier","curve":[0.1,0.5,0.3,1.2]})");
    EXPECT_EQ(written["states"][0]["tracks"][0]["keys"][0].dump(), R"({"time":0,"value":10})");
    EXPECT_EQ(written["states"][0]["tracks"][0]["keys"][4].dump(),
              R"({"time":3,"value":5,"interpolation":"bezier","curve":[0.5,0,0.5,1],"curve_lines":10})");
    EXPECT_EQ(written["states"][0]["loop"], false);
    Result<Rig> again = parse_rig(written.dump());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().states, rig.value().states);
    // An oscillator state writes neither tracks nor loop: old files stay as they were.
    const Json plain = rig_to_json(parse_rig(valid_2d().dump()).value());
    EXPECT_FALSE(plain["states"][0].contains("tracks"));
    EXPECT_FALSE(plain["states"][0].contains("loop"));
}

TEST(RigReader, ThreeDimensionalRotationKeysAreQuaternions) {
    Json j = valid_3d();
    j["states"] = Json::parse(R"([{"name": "s", "tracks": [{"bone": "shin", "keys": [
        {"time": 0, "value": [0, 0, 0, 1]}, {"time": 1, "value": [0, 0.5, 0, 0.8660254]}]}]}])");
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const Key& k = rig.value().states[0].tracks[0].keys[1];
    EXPECT_NEAR(k.rotation.y, 0.5f, 1e-7f);
    EXPECT_NEAR(k.rotation.w, 0.8660254f, 1e-7f);
    Result<Rig> again = parse_rig(rig_to_json(rig.value()).dump());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value().states, rig.value().states);
}

TEST(RigReader, FpsIsReadAndWrittenOnlyWhenNotTheDefault) {
    Json j = valid_2d();
    Result<Rig> plain = parse_rig(j.dump());
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain.value().fps, 30.0f);
    EXPECT_FALSE(rig_to_json(plain.value()).contains("fps")) << "files without it stay as they were";
    j["fps"] = 24;
    Result<Rig> film = parse_rig(j.dump());
    ASSERT_TRUE(film.ok()) << film.message();
    EXPECT_EQ(film.value().fps, 24.0f);
    EXPECT_EQ(rig_to_json(film.value())["fps"], 24);
}

TEST(RigReader, ReadsSwingTwistLimitsAndWritesThemBack) {
    Json j = valid_3d();
    j["bones"][0]["limits"] = {{"swing", 70}, {"twist", {-30, 45}}};
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    const JointLimits& l = *rig.value().skeleton[0].limits;
    EXPECT_FALSE(l.max_angle);
    EXPECT_FALSE(l.hinge);
    ASSERT_TRUE(l.swing && l.twist);
    EXPECT_NEAR(*l.swing, glm::radians(70.0f), 1e-6f);
    EXPECT_NEAR(l.twist->min, glm::radians(-30.0f), 1e-6f);
    EXPECT_NEAR(l.twist->max, glm::radians(45.0f), 1e-6f);
    // Either alone is a limit of its own.
    j["bones"][0]["limits"] = {{"twist", {-10, 10}}};
    Result<Rig> twist_only = parse_rig(j.dump());
    ASSERT_TRUE(twist_only.ok()) << twist_only.message();
    EXPECT_FALSE(twist_only.value().skeleton[0].limits->swing);
    // Saved and read again, as written.
    const Json saved = rig_to_json(rig.value());
    EXPECT_EQ(saved["bones"][0]["limits"].dump(), R"({"swing":70,"twist":[-30,45]})");
    Result<Rig> again = parse_rig(saved.dump());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_NEAR(again.value().skeleton[0].limits->twist->max, glm::radians(45.0f), 1e-6f);
}

TEST(RigReader, BoneColoursAreReadAndWrittenOnlyWhenGiven) {
    Json j = valid_2d();
    j["bones"][1]["color"] = {0.25, 0.5, 1};
    Result<Rig> rig = parse_rig(j.dump());
    ASSERT_TRUE(rig.ok()) << rig.message();
    EXPECT_FALSE(rig.value().skeleton[0].color) << "no colour: the editor's default";
    ASSERT_TRUE(rig.value().skeleton[1].color);
    EXPECT_EQ(*rig.value().skeleton[1].color, glm::vec3(0.25f, 0.5f, 1.0f));
    const Json saved = rig_to_json(rig.value());
    EXPECT_FALSE(saved["bones"][0].contains("color"));
    EXPECT_EQ(saved["bones"][1]["color"].dump(), "[0.25,0.5,1]");
    Result<Rig> again = parse_rig(saved.dump());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value(), rig.value());
}
