// The one JSON reader every file goes through: depth, duplicate keys, numbers beyond a double.

#include <gtest/gtest.h>

#include <string>

#include "core/io/json/json_document.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

std::string nested_arrays(int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

std::string error_of(std::string_view text) {
    const Result<Json> parsed = parse_json_document(text);
    EXPECT_FALSE(parsed.ok()) << text.substr(0, 80);
    return parsed.ok() ? std::string() : parsed.message();
}

}  // namespace

TEST(JsonDocument, ReadsWhatTheLibraryReads) {
    const std::string text = R"({"b": [1, 2.5, -3, true, null, "x"], "a": {"c": {}}, "z": 18446744073709551615})";
    const Result<Json> parsed = parse_json_document(text);
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(parsed.value(), Json::parse(text));
    EXPECT_EQ(parsed.value().begin().key(), "b") << "keys keep the file's order";
    EXPECT_EQ(parse_json_document("  3 ").value(), Json(3));
}

TEST(JsonDocument, DepthUpToTheLimitIsRead) {
    EXPECT_TRUE(parse_json_document(nested_arrays(kMaxJsonDepth)).ok());
    std::string objects;
    for (int i = 0; i < kMaxJsonDepth; ++i) objects += "{\"k\":";
    objects += "1" + std::string(static_cast<std::size_t>(kMaxJsonDepth), '}');
    EXPECT_TRUE(parse_json_document(objects).ok());
}

TEST(JsonDocument, DeeperIsRefusedWithThePlace) {
    EXPECT_EQ(error_of(nested_arrays(kMaxJsonDepth + 1)),
              "[0][0][0][0][0][0][0][0]...: nested deeper than 64 levels of arrays and objects");
    // The 176 KB file that overflowed the stack: 88,000 levels, refused without recursing.
    EXPECT_NE(error_of(nested_arrays(88'000)).find("nested deeper than 64 levels"), std::string::npos);
    std::string under_editor = R"({"format": "marionette-rig", "editor": {"view": )";
    for (int i = 0; i < 100'000; ++i) under_editor += "{\"a\":";
    EXPECT_EQ(error_of(under_editor), "editor.view.a.a.a.a.a.a...: nested deeper than 64 levels of arrays and objects");
    EXPECT_EQ(error_of(R"({"a": [{"b": )" + nested_arrays(70) + "}]}"),
              "a[0].b[0][0][0][0][0]...: nested deeper than 64 levels of arrays and objects");
}

TEST(JsonDocument, AKeyGivenTwiceIsRefusedWithThePlace) {
    EXPECT_EQ(error_of(R"({"a": 1, "a": 2})"), "the document: \"a\" is given twice");
    EXPECT_EQ(error_of(R"({"bones": [{"name": "x"}, {"name": "y", "length": 1, "name": "z"}]})"), "bones[1]: \"name\" is given twice");
    // Past the keys compared one by one, a set finds it.
    std::string wide = "{";
    for (int i = 0; i < 40; ++i) wide += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    EXPECT_TRUE(parse_json_document(wide + "\"last\": 0}").ok());
    EXPECT_EQ(error_of(wide + "\"k3\": 0}"), "the document: \"k3\" is given twice");
    // The same name in two objects is not a duplicate.
    EXPECT_TRUE(parse_json_document(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}}])").ok());
}

TEST(JsonDocument, AnObjectOfManyKeysIsReadInLinearTime) {
    // ordered_json's own insertion compares each new key with every earlier one: 100,000 keys
    // were 5e9 comparisons. Here they are one lookup each (a quadratic read would time out).
    std::string text = "{";
    for (int i = 0; i < 100'000; ++i) {
        const std::string n = std::to_string(i);
        text.append(i ? ",\"" : "\"").append(n).append("\":").append(n);
    }
    text += "}";
    const Result<Json> parsed = parse_json_document(text);
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(parsed.value().size(), 100'000u);
    EXPECT_EQ(parsed.value()["99999"], 99999);
}

TEST(JsonDocument, ANumberBeyondADoubleIsNamedWithItsLineAndPlace) {
    EXPECT_EQ(error_of("{\"steps\": [\n  {\"move\": [1e999, 0]}\n]}"),
              "not valid JSON: line 2, column 13 (steps[0].move[0]): number 1e999 is out of range (numbers must be finite)");
    EXPECT_EQ(error_of("-1e400"),
              "not valid JSON: line 1, column 1 (the document): number -1e400 is out of range (numbers must be finite)");
    // A number of a million digits is quoted, not copied into the message whole.
    const std::string message = error_of("[1" + std::string(1'000'000, '0') + "]");
    EXPECT_LT(message.size(), 300u) << message.substr(0, 300);
    EXPECT_NE(message.find("is out of range"), std::string::npos);
}

TEST(JsonDocument, SyntaxErrorsSayWhereWithoutTheLibrarysTag) {
    const std::string message = error_of("{\"a\": 1,\n \"b\" 2}");
    EXPECT_EQ(message.rfind("not valid JSON: line 2, column ", 0), 0u) << message;
    EXPECT_EQ(message.find("json.exception"), std::string::npos) << message;
    EXPECT_EQ(error_of("").rfind("not valid JSON: ", 0), 0u);
    EXPECT_EQ(error_of("{} {}").rfind("not valid JSON: ", 0), 0u) << "one document per file";
    // An unterminated string of 10 MB: the library quotes what it read; the message does not.
    EXPECT_LT(error_of("[\"" + std::string(10'000'000, 'x')).size(), 500u);
}

TEST(JsonDocument, KeysInMessagesAreCut) {
    const std::string key(100'000, 'k');
    const std::string message = error_of("{\"" + key + "\": 1, \"" + key + "\": 2}");
    EXPECT_LT(message.size(), 120u) << message.substr(0, 200);
    EXPECT_NE(message.find("...\" is given twice"), std::string::npos) << message.substr(0, 200);
}

TEST(JsonDocument, ExcerptsAreShort) {
    EXPECT_EQ(json_excerpt(Json(2.5)), "2.5");
    EXPECT_EQ(json_excerpt(Json("rig")), "\"rig\"");
    EXPECT_EQ(json_excerpt(Json(std::string(1'000'000, 'a'))), "\"" + std::string(60, 'a') + "...\"");
    EXPECT_EQ(json_excerpt(Json::array({1, 2})), "[1,2]");
    EXPECT_EQ(json_excerpt(Json::array({Json::array({1})})), "an array of 1 values");
}

// The rig reader goes through it too, and says what the format says on numbers.
TEST(JsonDocument, RigsAreReadThroughIt) {
    const std::string head = R"({"format": "marionette-rig", "version": 1, "dimensions": 3, "bones": [{"name": "a", "length": 1)";
    const Result<Rig> twice = parse_rig(head + R"(, "length": 2}]})");
    ASSERT_FALSE(twice.ok());
    EXPECT_EQ(twice.message(), "bones[0]: \"length\" is given twice");
    const Result<Rig> deep = parse_rig(head + R"(}], "editor": )" + nested_arrays(100) + "}");
    ASSERT_FALSE(deep.ok());
    EXPECT_EQ(deep.message(), "editor[0][0][0][0][0][0][0]...: nested deeper than 64 levels of arrays and objects");
}

TEST(JsonDocument, VersionAndNormalisedNumbersAreReadAsTheFormatSays) {
    const auto rig = [](const std::string& version, const std::string& bone_extra) {
        return parse_rig(R"({"format": "marionette-rig", "version": )" + version +
                         R"(, "dimensions": 3, "bones": [{"name": "a", "length": 1)" + bone_extra + "}]}");
    };
    const Result<Rig> huge = rig("1e10", "");
    ASSERT_FALSE(huge.ok());
    EXPECT_EQ(huge.message(), "version: expected an integer between -1e9 and 1e9, got 10000000000");
    const Result<Rig> half = rig("1.5", "");
    ASSERT_FALSE(half.ok());
    EXPECT_EQ(half.message(), "version: expected an integer, got 1.5");

    // Normalised after scaling by the largest component: not "zero", not overflowed.
    const Result<Rig> big_rotation = rig("1", R"(, "rotation": [1e20, 0, 0, 1e20])");
    ASSERT_TRUE(big_rotation.ok()) << big_rotation.message();
    const glm::quat q = big_rotation.value().skeleton.bones()[0].rest.rotation;
    EXPECT_NEAR(q.x, 0.70710678f, 1e-6f);
    EXPECT_NEAR(q.w, 0.70710678f, 1e-6f);
    const Result<Rig> tiny_rotation = rig("1", R"(, "rotation": [0, 1e-30, 0, 0])");
    ASSERT_TRUE(tiny_rotation.ok()) << tiny_rotation.message();
    EXPECT_FLOAT_EQ(tiny_rotation.value().skeleton.bones()[0].rest.rotation.y, 1.0f);
    const Result<Rig> zero = rig("1", R"(, "rotation": [0, 0, 0, 0])");
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.message(), "bones[0].rotation: a rotation quaternion must not be zero");
}
