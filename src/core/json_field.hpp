#pragma once
// Reading a JSON document with the place of every value kept at hand, so that each error says
// where it is: `bones[3].parent: "elbow" is not a bone`. Reading throws JsonFieldError, which
// the rig reader turns into an Error; nothing outside the reader sees the exception.

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

namespace marionette {

using Json = nlohmann::ordered_json;

struct JsonFieldError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class JsonField {
public:
    JsonField(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

    const std::string& path() const { return path_; }
    const Json& raw() const { return *value_; }

    // Required member of an object; missing is an error.
    JsonField member(const char* key) const;
    // Member that may be absent.
    std::optional<JsonField> optional_member(const char* key) const;
    // Every key must be one of `allowed`.
    void allow_only(std::initializer_list<const char*> allowed) const;

    std::size_t array_size() const;
    JsonField element(std::size_t i) const;

    const Json& object() const;
    std::string string() const;
    bool boolean() const;
    std::string non_empty_string() const;
    float number() const;  // finite, representable as float
    int integer() const;
    // A vector of `dims` numbers (2 or 3); z is 0 for two.
    glm::vec3 vector(int dims) const;
    // A point or offset: a vector whose coordinates lie within +-kMaxCoordinate (extents.hpp).
    glm::vec3 position(int dims) const;
    // A pose scale: a vector of `dims` numbers each within is_pose_scale (extents.hpp); z is 1
    // for two.
    glm::vec3 scale(int dims) const;
    // A non-zero 3D vector, normalised.
    glm::vec3 direction() const;
    // 2D: a number of degrees about z. 3D: a quaternion [x, y, z, w], normalised.
    glm::quat rotation(int dims) const;
    // A number of degrees in [lo, hi], returned in radians.
    float degrees(int lo, int hi) const;

    [[noreturn]] void fail(const std::string& message) const;

private:
    void expect(bool ok, const char* what) const;

    const Json* value_;
    std::string path_;
};

// The JSON type name as a user reads it: "string", "number", "object", ...
std::string json_type_name(const Json& j);

}  // namespace marionette
