// The fast rig reading (fast_json.hpp) against the careful one it is a shortcut for
// (parse_json_document, then the same readers over nlohmann's values): the same rig from every
// shipped and test file, the same message for every bad one, a key given twice refused in
// every kind of object a rig holds, and nesting refused at the same depth.

#include <filesystem>
#include <functional>

#include <gtest/gtest.h>

#include "core/io/json/fast_json.hpp"
#include "core/io/json/json_document.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// The careful way: every value read from nlohmann's document, every error with its place.
Result<Rig> careful_parse_rig(std::string_view text) {
    Result<Json> document = parse_json_document(text);
    if (!document) return Error{document.message()};
    return rig_from_json(document.value());
}

void expect_same(std::string_view text, const std::string& what) {
    const Result<Rig> fast = parse_rig(text);
    const Result<Rig> careful = careful_parse_rig(text);
    ASSERT_EQ(fast.ok(), careful.ok()) << what << ": " << (fast.ok() ? careful.message() : fast.message());
    if (fast.ok()) {
        EXPECT_TRUE(fast.value() == careful.value()) << what;
    } else {
        EXPECT_EQ(fast.message(), careful.message()) << what;
    }
}

std::vector<std::filesystem::path> json_files_under(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    return files;
}

// A rig with an object of every kind the format has: a bone with limits, chains of both kinds
// with settings and a pin, a pose of every property, states with channels and tracks whose
// keys carry curves, a transition and editor data.
constexpr const char* kEveryObject = R"({
  "format": "marionette-rig", "version": 1, "dimensions": 3,
  "bones": [
    {"name": "hip", "length": 1},
    {"name": "thigh", "parent": "hip", "length": 1, "translation": [0, 1, 0], "limits": {"swing": 60, "twist": [-10, 10]}},
    {"name": "shin", "parent": "thigh", "length": 1, "translation": [1, 0, 0], "limits": {"hinge": [0, 0, 1], "min": -90, "max": 0}}
  ],
  "chains": [
    {"name": "leg", "root": "thigh", "effector": "shin", "solver": "two_bone", "settings": {"pole": [0, 0, 1], "softness": 0.1}},
    {"name": "all", "root": "hip", "effector": "shin", "solver": "ccd", "settings": {"iterations": 20, "tolerance": 0.01}, "pin": [1, 1, 1]}
  ],
  "pose": {"root_offset": [0, 0.5, 0], "rotations": {"thigh": [0, 0, 0.2, 0.98]}, "translations": {"hip": [0, 0.1, 0]}, "scales": {"shin": [1, 1.2, 1]}},
  "states": [
    {"name": "walk", "channels": [{"bone": "thigh", "axis": [0, 0, 1], "amplitude": 20, "period": 1}],
     "tracks": [{"bone": "shin", "property": "rotation", "keys": [
        {"time": 0, "value": [0, 0, 0, 1], "interpolation": "bezier", "curve": [0.2, 0, 0.8, 1]},
        {"time": 1, "value": [0, 0, 0.3, 0.95]}]}]}
  ],
  "transition": {"duration": 0.5, "easing": "smoothstep"},
  "editor": {"camera": {"yaw": 10, "nested": {"deep": [1, {"a": 2}]}}}
})";

// Every object in `j`, as a path of keys and indices, each visited by `visit`.
void each_object(Json& j, const std::function<void(Json&)>& visit) {
    if (j.is_object()) {
        visit(j);
        for (auto& item : j.items()) each_object(item.value(), visit);
    } else if (j.is_array()) {
        for (Json& item : j) each_object(item, visit);
    }
}

}  // namespace

TEST(FastJson, ReadsEveryShippedAndTestFileAsTheCarefulReaderDoes) {
    std::vector<std::filesystem::path> files = json_files_under(MARIONETTE_ASSETS);
    for (auto& f : json_files_under(MARIONETTE_TEST_DATA)) files.push_back(f);
    ASSERT_GT(files.size(), 20u);
    for (const auto& path : files) {
        const Result<std::string> text = read_text_file(path, 100'000'000, "test file");
        ASSERT_TRUE(text.ok()) << text.message();
        expect_same(text.value(), path.string());
    }
    expect_same(kEveryObject, "every object");
    ASSERT_TRUE(parse_rig(kEveryObject).ok()) << parse_rig(kEveryObject).message();
}

TEST(FastJson, AKeyGivenTwiceIsRefusedInEveryKindOfObject) {
    const Json original = parse_json_document(kEveryObject).value();
    std::size_t objects = 0;
    Json counting = original;
    each_object(counting, [&](Json&) { ++objects; });
    ASSERT_GT(objects, 20u);
    for (std::size_t target = 0; target < objects; ++target) {
        // The text of the rig with the target object's first key given again, at its end.
        Json copy = original;
        std::size_t seen = 0;
        std::string marker;
        each_object(copy, [&](Json& o) {
            if (seen++ == target && !o.empty()) {
                marker = o.begin().key();
                o["__twice__"] = o.begin().value();
            }
        });
        if (marker.empty()) continue;
        std::string text = copy.dump();
        const std::string placeholder = "\"__twice__\"";
        text.replace(text.find(placeholder), placeholder.size(), "\"" + marker + "\"");
        const Result<Rig> fast = parse_rig(text);
        ASSERT_FALSE(fast.ok()) << "object " << target << " with \"" << marker << "\" twice was accepted";
        EXPECT_EQ(fast.message(), careful_parse_rig(text).message());
        EXPECT_NE(fast.message().find("given twice"), std::string::npos) << fast.message();
    }
}

TEST(FastJson, NestingIsRefusedAtTheSameDepth) {
    for (int depth : {kMaxJsonDepth - 1, kMaxJsonDepth, kMaxJsonDepth + 1}) {
        // The document is level 1, "editor" level 2; then arrays to reach `depth`.
        const int arrays = depth - 2;
        const std::string text =
            std::string(
                R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "length": 1}], "editor": {"x": )") +
            std::string(static_cast<std::size_t>(arrays), '[') + std::string(static_cast<std::size_t>(arrays), ']') + "}}";
        expect_same(text, "depth " + std::to_string(depth));
        EXPECT_EQ(parse_rig(text).ok(), depth <= kMaxJsonDepth) << depth;
        EXPECT_EQ(FastJsonDocument::parse(text) != nullptr, depth <= kMaxJsonDepth) << depth;
    }
}

TEST(FastJson, WhatSimdjsonRefusesIsStillReadOrExplainedByTheCarefulReader) {
    // A whole number past 64 bits (simdjson refuses; JSON allows it, as a double), an
    // unpaired surrogate escape, a number beyond a double, bad UTF-8, a syntax error.
    const char* texts[] = {
        R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [], "editor": {"n": 123456789012345678901234567890}})",
        R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "\ud800", "length": 1}]})",
        R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "length": 1e999}]})",
        "{\"format\": \"marionette-rig\", \"version\": 1, \"dimensions\": 2, \"bones\": [{\"name\": \"\xff\", \"length\": 1}]}",
        R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [}})",
    };
    for (const char* text : texts) expect_same(text, text);
}
