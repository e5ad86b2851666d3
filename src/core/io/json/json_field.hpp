#pragma once
// Reading a JSON document with the place of every value kept at hand, so that each error says
// where it is: `bones[3].parent: "elbow" is not a bone`. Reading throws JsonFieldError, which
// the rig reader turns into an Error; nothing outside the reader sees the exception.
//
// A field reads a value of a nlohmann document (parse_json_document), or of a FastJsonDocument
// (fast_json.hpp): the same rules either way. A fast field keeps no place, so its errors name
// none; its reader reads again from parse_json_document to say where.

#include <array>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "core/io/json/json_fwd.hpp"

namespace marionette {

// Adds `key` to `object` (a JSON object) without looking for it first, for keys known to be new
// (bone names, unique in a rig): ordered_json's own insertion searches every earlier key, which
// made writing the pose of a 10,000-bone rig take a third of a second, and of 100,000 half a
// minute. Returns the added value.
inline Json& append_member(Json& object, std::string key, Json value) {
    auto& members = object.get_ref<Json::object_t&>();
    members.Container::emplace_back(std::move(key), std::move(value));
    return members.back().second;
}

struct JsonFieldError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class JsonField {
public:
    JsonField(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

    // A FastJsonDocument's value, held as simdjson's own element (16 bytes, opaque here so that
    // simdjson's large header stays in two .cpp files).
    struct FastValue {
        alignas(8) unsigned char bytes[16];
    };
    explicit JsonField(const FastValue& value) : fast_(value) {}

    const std::string& path() const { return path_; }
    // The nlohmann value; a fast field has none (JsonFieldError).
    const Json& raw() const;

    // Required member of an object; missing is an error.
    JsonField member(const char* key) const;
    // Member that may be absent.
    std::optional<JsonField> optional_member(const char* key) const;
    // Every key must be one of `allowed`.
    void allow_only(std::initializer_list<const char*> allowed) const;
    // The object's members named in `names`, in that order (nullopt for one not given), every
    // key being one of them (allow_only): one walk of the object, for the objects a file holds
    // by the million (keys).
    template <std::size_t N>
    std::array<std::optional<JsonField>, N> members(const char* const (&names)[N]) const {
        std::array<std::optional<JsonField>, N> found;
        members(names, N, found.data());
        return found;
    }
    // Each member of an object, in order.
    void for_each_member(const std::function<void(const std::string& key, const JsonField& value)>& visit) const;

    std::size_t array_size() const;
    // Elements are best read in order: a fast array walks to an element from the last one read.
    JsonField element(std::size_t i) const;

    bool is_null() const;
    bool is_object() const;
    bool is_string() const;
    bool is_number() const;
    bool is_array() const;
    // The value's JSON type as a user reads it: "string", "number", "object", ...
    std::string type_name() const;
    // The value as a message quotes it (json_excerpt).
    std::string excerpt() const;
    // A copy of the value as a nlohmann document.
    Json to_json() const;

    // Checks the value is an object.
    void require_object() const;
    // The object itself (a nlohmann field only).
    const Json& object() const;
    std::string string() const;
    bool boolean() const;
    std::string non_empty_string() const;
    float number() const;  // finite, representable as float
    // The same number as the file writes it, to a double's precision (a time another program
    // compares as a double).
    double number_exact() const;
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
    void members(const char* const* names, std::size_t count, std::optional<JsonField>* found) const;
    void allow_only_names(const char* const* names, std::size_t count) const;  // count <= 64
    void expect(bool ok, const char* what) const;
    double number_value() const;  // a number's value, checked to be one
    std::optional<JsonField> find(const char* key) const;

    const Json* value_ = nullptr;  // null for a fast field
    FastValue fast_{};
    // A fast array's last element read, to walk on from: simdjson finds an element by walking.
    mutable FastValue cursor_{};
    mutable std::size_t cursor_at_ = static_cast<std::size_t>(-1);
    std::string path_;
};

// The JSON type name as a user reads it: "string", "number", "object", ...
std::string json_type_name(const Json& j);

}  // namespace marionette
