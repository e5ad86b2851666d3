#include "core/json_field.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/angles.hpp"
#include "core/extents.hpp"
#include "core/json_document.hpp"
#include "core/transform.hpp"
#include "core/unit_length.hpp"

namespace marionette {

namespace {
// Paths are built for every member and element read (a million keys: millions of them), so
// each is made in one allocation.
std::string join(const std::string& path, const char* key) {
    if (path.empty()) return key;
    const std::size_t length = std::strlen(key);
    std::string joined;
    joined.reserve(path.size() + 1 + length);
    joined.append(path).append(1, '.').append(key, length);
    return joined;
}

std::string indexed(const std::string& path, std::size_t i) {
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, i);
    const std::size_t length = static_cast<std::size_t>(end - digits);
    std::string joined;
    joined.reserve(path.size() + length + 2);
    joined.append(path).append(1, '[').append(digits, length).append(1, ']');
    return joined;
}
}  // namespace

std::string json_type_name(const Json& j) {
    if (j.is_number()) return "number";
    if (j.is_boolean()) return "boolean";
    return j.type_name();
}

void JsonField::fail(const std::string& message) const {
    throw JsonFieldError(path_.empty() ? message : path_ + ": " + message);
}

void JsonField::expect(bool ok, const char* what) const {
    if (!ok) fail(std::string("expected ") + what + ", got " + json_type_name(*value_));
}

const Json& JsonField::object() const {
    expect(value_->is_object(), "an object");
    return *value_;
}

JsonField JsonField::member(const char* key) const {
    const Json& obj = object();
    auto it = obj.find(key);
    if (it == obj.end()) fail(std::string("missing required \"") + key + "\"");
    return JsonField(*it, join(path_, key));
}

std::optional<JsonField> JsonField::optional_member(const char* key) const {
    const Json& obj = object();
    auto it = obj.find(key);
    if (it == obj.end()) return std::nullopt;
    return JsonField(*it, join(path_, key));
}

void JsonField::allow_only(std::initializer_list<const char*> allowed) const {
    for (const auto& item : object().items()) {
        bool known = false;
        for (const char* a : allowed) known = known || item.key() == a;
        if (!known) fail("unknown key \"" + item.key() + "\"");
    }
}

std::size_t JsonField::array_size() const {
    expect(value_->is_array(), "an array");
    return value_->size();
}

JsonField JsonField::element(std::size_t i) const {
    return JsonField((*value_)[i], indexed(path_, i));
}

std::string JsonField::string() const {
    expect(value_->is_string(), "a string");
    return value_->get<std::string>();
}

bool JsonField::boolean() const {
    expect(value_->is_boolean(), "true or false");
    return value_->get<bool>();
}

std::string JsonField::non_empty_string() const {
    std::string s = string();
    if (s.empty()) fail("must not be empty");
    return s;
}

float JsonField::number() const {
    expect(value_->is_number(), "a number");
    const double d = value_->get<double>();
    if (!std::isfinite(d) || std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
        fail("must be a finite number");
    }
    return static_cast<float>(d);
}

int JsonField::integer() const {
    expect(value_->is_number(), "an integer");
    const double d = value_->get<double>();
    if (d != std::floor(d)) fail("expected an integer, got " + json_excerpt(*value_));
    if (std::fabs(d) > 1e9) {
        // Whole, so written whole: 1e10 reads as a double, which JSON would quote as "10000000000.0".
        const std::string shown = std::fabs(d) < 1e18 ? std::to_string(static_cast<long long>(d)) : json_excerpt(*value_);
        fail("expected an integer between -1e9 and 1e9, got " + shown);
    }
    return static_cast<int>(d);
}

glm::vec3 JsonField::vector(int dims) const {
    if (array_size() != static_cast<std::size_t>(dims)) {
        fail("expected " + std::to_string(dims) + " numbers (a " + std::to_string(dims) + "D vector), got " +
             std::to_string(value_->size()));
    }
    glm::vec3 v{0.0f};
    for (int i = 0; i < dims; ++i) v[i] = element(static_cast<std::size_t>(i)).number();
    return v;
}

glm::vec3 JsonField::position(int dims) const {
    const glm::vec3 v = vector(dims);
    for (int i = 0; i < dims; ++i) {
        if (std::fabs(v[i]) > kMaxCoordinate) {
            element(static_cast<std::size_t>(i)).fail(std::string("must be ") + kCoordinateRange + ", got " + json_excerpt((*value_)[static_cast<std::size_t>(i)]));
        }
    }
    return v;
}

glm::vec3 JsonField::scale(int dims) const {
    glm::vec3 v = vector(dims);
    for (int i = 0; i < dims; ++i) {
        if (!is_pose_scale(v[i])) {
            element(static_cast<std::size_t>(i)).fail(std::string("must be ") + kPoseScaleRange + ", got " + json_excerpt((*value_)[static_cast<std::size_t>(i)]));
        }
    }
    if (dims == 2) v.z = 1.0f;
    return v;
}

glm::vec3 JsonField::direction() const {
    const std::optional<glm::vec3> unit = unit_direction(vector(3));  // its components are finite
    if (!unit) fail("must be a non-zero direction");
    return *unit;
}

glm::quat JsonField::rotation(int dims) const {
    if (dims == 2) {
        if (!value_->is_number()) {
            fail("expected a number (an angle in degrees; 2D rotations turn about z), got " + json_type_name(*value_));
        }
        number();  // range and type checks
        return rotation_2d(degrees_to_radians(value_->get<double>()));
    }
    if (!value_->is_array() || value_->size() != 4) {
        fail("expected a quaternion [x, y, z, w], got " +
             (value_->is_array() ? std::to_string(value_->size()) + " numbers" : json_type_name(*value_)));
    }
    const glm::quat q{element(3).number(), element(0).number(), element(1).number(), element(2).number()};
    const std::optional<glm::quat> unit = unit_rotation(q);
    if (!unit) fail("a rotation quaternion must not be zero");
    return *unit;
}

float JsonField::degrees(int lo, int hi) const {
    number();  // type and finiteness
    const double deg = value_->get<double>();
    if (deg < lo || deg > hi) {
        fail("must be between " + std::to_string(lo) + " and " + std::to_string(hi) + " degrees, got " + json_excerpt(*value_));
    }
    return degrees_to_radians(deg);
}

}  // namespace marionette
