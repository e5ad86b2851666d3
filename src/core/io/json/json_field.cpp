#include "core/io/json/json_field.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include <simdjson.h>

#include "core/base/extents.hpp"
#include "core/io/json/json_document.hpp"
#include "core/math/angles.hpp"
#include "core/math/transform.hpp"
#include "core/math/unit_length.hpp"

namespace marionette {

namespace {

using FastElement = simdjson::dom::element;
using simdjson::dom::element_type;

static_assert(sizeof(FastElement) == sizeof(JsonField::FastValue) && std::is_trivially_copyable_v<FastElement>);
static_assert(sizeof(simdjson::dom::array::iterator) == sizeof(JsonField::FastValue) &&
              std::is_trivially_copyable_v<simdjson::dom::array::iterator>);

template <class T>
T from_fast(const JsonField::FastValue& v) {
    T t;
    std::memcpy(static_cast<void*>(&t), v.bytes, sizeof t);
    return t;
}

template <class T>
JsonField::FastValue to_fast(const T& t) {
    JsonField::FastValue v;
    std::memcpy(v.bytes, static_cast<const void*>(&t), sizeof t);
    return v;
}

// An array's or object's view, copied out of simdjson's result: a range-for straight over
// `get_array().value_unsafe()` would walk a reference into a temporary already gone.
simdjson::dom::array array_of(const FastElement& e) { return e.get_array().value_unsafe(); }
simdjson::dom::object object_of(const FastElement& e) { return e.get_object().value_unsafe(); }

// Refuses a key given twice in one object, as parse_json_document does (simdjson keeps both):
// a fast field checks the objects it walks (allow_only, for_each_member, to_json), and every
// object a reader accepts is walked by one of them.
class DistinctKeys {
public:
    // False when `key` was seen before in this object.
    bool add(std::string_view key) {
        if (keys_.size() < kPairwise) {
            for (std::string_view k : keys_) {
                if (k == key) return false;
            }
            keys_.push_back(key);
            return true;
        }
        if (set_.empty()) set_.insert(keys_.begin(), keys_.end());
        return set_.insert(key).second;
    }

private:
    static constexpr std::size_t kPairwise = 16;
    std::vector<std::string_view> keys_;
    std::unordered_set<std::string_view> set_;
};

[[noreturn]] void given_twice(std::string_view key) { throw JsonFieldError("\"" + std::string(key) + "\" is given twice"); }

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

Json fast_to_json(const FastElement& e) {
    switch (e.type()) {
        case element_type::ARRAY: {
            Json out = Json::array();
            for (FastElement item : array_of(e)) out.push_back(fast_to_json(item));
            return out;
        }
        case element_type::OBJECT: {
            Json out = Json::object();
            auto& members = out.get_ref<Json::object_t&>();
            DistinctKeys seen;
            for (simdjson::dom::key_value_pair m : object_of(e)) {
                if (!seen.add(m.key)) given_twice(m.key);
                members.Container::emplace_back(std::string(m.key), fast_to_json(m.value));
            }
            return out;
        }
        case element_type::INT64: {
            // As nlohmann reads them: whole numbers from 0 up are unsigned.
            const std::int64_t v = e.get_int64().value_unsafe();
            return v >= 0 ? Json(static_cast<std::uint64_t>(v)) : Json(v);
        }
        case element_type::UINT64: return Json(e.get_uint64().value_unsafe());
        case element_type::DOUBLE: return Json(e.get_double().value_unsafe());
        case element_type::STRING: return Json(std::string(e.get_string().value_unsafe()));
        case element_type::BOOL: return Json(e.get_bool().value_unsafe());
        case element_type::NULL_VALUE: return Json(nullptr);
    }
    return Json(nullptr);
}

}  // namespace

std::string json_type_name(const Json& j) {
    if (j.is_number()) return "number";
    if (j.is_boolean()) return "boolean";
    return j.type_name();
}

const Json& JsonField::raw() const {
    if (!value_) fail("a fast field has no nlohmann value");
    return *value_;
}

void JsonField::fail(const std::string& message) const { throw JsonFieldError(path_.empty() ? message : path_ + ": " + message); }

std::string JsonField::type_name() const {
    if (value_) return json_type_name(*value_);
    switch (from_fast<FastElement>(fast_).type()) {
        case element_type::ARRAY: return "array";
        case element_type::OBJECT: return "object";
        case element_type::INT64:
        case element_type::UINT64:
        case element_type::DOUBLE: return "number";
        case element_type::STRING: return "string";
        case element_type::BOOL: return "boolean";
        case element_type::NULL_VALUE: return "null";
    }
    return "?";
}

void JsonField::expect(bool ok, const char* what) const {
    if (!ok) fail(std::string("expected ") + what + ", got " + type_name());
}

bool JsonField::is_object() const { return value_ ? value_->is_object() : from_fast<FastElement>(fast_).is_object(); }
bool JsonField::is_null() const { return value_ ? value_->is_null() : from_fast<FastElement>(fast_).is_null(); }
bool JsonField::is_string() const { return value_ ? value_->is_string() : from_fast<FastElement>(fast_).is_string(); }
bool JsonField::is_number() const { return value_ ? value_->is_number() : from_fast<FastElement>(fast_).is_number(); }
bool JsonField::is_array() const { return value_ ? value_->is_array() : from_fast<FastElement>(fast_).is_array(); }

std::string JsonField::excerpt() const {
    if (value_) return json_excerpt(*value_);
    return "a value";  // a fast field's errors are never shown: its reader reads again to say where
}

Json JsonField::to_json() const { return value_ ? *value_ : fast_to_json(from_fast<FastElement>(fast_)); }

void JsonField::require_object() const { expect(is_object(), "an object"); }

const Json& JsonField::object() const {
    require_object();
    return raw();
}

std::optional<JsonField> JsonField::find(const char* key) const {
    require_object();
    if (value_) {
        auto it = value_->find(key);
        if (it == value_->end()) return std::nullopt;
        return JsonField(*it, join(path_, key));
    }
    FastElement found;
    if (object_of(from_fast<FastElement>(fast_)).at_key(key).get(found)) return std::nullopt;
    return JsonField(to_fast(found));
}

JsonField JsonField::member(const char* key) const {
    std::optional<JsonField> found = find(key);
    if (!found) fail(std::string("missing required \"") + key + "\"");
    return std::move(*found);
}

std::optional<JsonField> JsonField::optional_member(const char* key) const { return find(key); }

void JsonField::allow_only(std::initializer_list<const char*> allowed) const { allow_only_names(allowed.begin(), allowed.size()); }

void JsonField::allow_only_names(const char* const* names, std::size_t count) const {
    // Which of the names a key is (count when none).
    const auto which = [&](std::string_view key) {
        std::size_t i = 0;
        while (i < count && key != names[i]) ++i;
        return i;
    };
    require_object();
    if (value_) {
        for (const auto& item : value_->items()) {
            if (which(item.key()) == count) fail("unknown key \"" + item.key() + "\"");
        }
        return;
    }
    std::uint64_t seen = 0;  // which names were given (a rule lists a handful)
    for (simdjson::dom::key_value_pair m : object_of(from_fast<FastElement>(fast_))) {
        const std::size_t i = which(m.key);
        if (i == count) fail("unknown key \"" + std::string(m.key) + "\"");
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (seen & bit) given_twice(m.key);
        seen |= bit;
    }
}

void JsonField::members(const char* const* names, std::size_t count, std::optional<JsonField>* found) const {
    require_object();
    if (value_) {
        allow_only_names(names, count);
        for (std::size_t i = 0; i < count; ++i) found[i] = find(names[i]);
        return;
    }
    for (simdjson::dom::key_value_pair m : object_of(from_fast<FastElement>(fast_))) {
        std::size_t i = 0;
        while (i < count && m.key != names[i]) ++i;
        if (i == count) fail("unknown key \"" + std::string(m.key) + "\"");
        if (found[i]) given_twice(m.key);
        found[i] = JsonField(to_fast(m.value));
    }
}

void JsonField::for_each_member(const std::function<void(const std::string& key, const JsonField& value)>& visit) const {
    require_object();
    if (value_) {
        for (const auto& item : value_->items()) visit(item.key(), JsonField(item.value(), path_ + "." + item.key()));
    } else {
        std::string key;
        DistinctKeys seen;
        for (simdjson::dom::key_value_pair m : object_of(from_fast<FastElement>(fast_))) {
            if (!seen.add(m.key)) given_twice(m.key);
            key.assign(m.key);
            visit(key, JsonField(to_fast(m.value)));
        }
    }
}

std::size_t JsonField::array_size() const {
    expect(is_array(), "an array");
    return value_ ? value_->size() : array_of(from_fast<FastElement>(fast_)).size();
}

JsonField JsonField::element(std::size_t i) const {
    if (value_) return JsonField((*value_)[i], indexed(path_, i));
    using Iterator = simdjson::dom::array::iterator;
    const simdjson::dom::array array = array_of(from_fast<FastElement>(fast_));
    Iterator it;
    std::size_t at = 0;
    if (cursor_at_ != static_cast<std::size_t>(-1) && cursor_at_ <= i) {
        it = from_fast<Iterator>(cursor_);
        at = cursor_at_;
    } else {
        it = array.begin();
    }
    for (; at < i; ++at) ++it;
    cursor_ = to_fast(it);
    cursor_at_ = i;
    return JsonField(to_fast(*it));
}

std::string JsonField::string() const {
    expect(is_string(), "a string");
    return value_ ? value_->get<std::string>() : std::string(from_fast<FastElement>(fast_).get_string().value_unsafe());
}

bool JsonField::boolean() const {
    if (value_) {
        expect(value_->is_boolean(), "true or false");
        return value_->get<bool>();
    }
    const FastElement e = from_fast<FastElement>(fast_);
    expect(e.is_bool(), "true or false");
    return e.get_bool().value_unsafe();
}

std::string JsonField::non_empty_string() const {
    std::string s = string();
    if (s.empty()) fail("must not be empty");
    return s;
}

double JsonField::number_value() const {
    expect(is_number(), "a number");
    return value_ ? value_->get<double>() : from_fast<FastElement>(fast_).get_double().value_unsafe();
}

float JsonField::number() const {
    const double d = number_value();
    if (!std::isfinite(d) || std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
        fail("must be a finite number");
    }
    return static_cast<float>(d);
}

double JsonField::number_exact() const {
    number();  // the same checks
    return number_value();
}

int JsonField::integer() const {
    expect(is_number(), "an integer");
    const double d = number_value();
    if (d != std::floor(d)) fail("expected an integer, got " + excerpt());
    if (std::fabs(d) > 1e9) {
        // Whole, so written whole: 1e10 reads as a double, which JSON would quote as "10000000000.0".
        const std::string shown = std::fabs(d) < 1e18 ? std::to_string(static_cast<long long>(d)) : excerpt();
        fail("expected an integer between -1e9 and 1e9, got " + shown);
    }
    return static_cast<int>(d);
}

glm::vec3 JsonField::vector(int dims) const {
    const std::size_t size = array_size();
    if (size != static_cast<std::size_t>(dims)) {
        fail("expected " + std::to_string(dims) + " numbers (a " + std::to_string(dims) + "D vector), got " + std::to_string(size));
    }
    glm::vec3 v{0.0f};
    for (int i = 0; i < dims; ++i) v[i] = element(static_cast<std::size_t>(i)).number();
    return v;
}

glm::vec3 JsonField::position(int dims) const {
    const glm::vec3 v = vector(dims);
    for (int i = 0; i < dims; ++i) {
        if (std::fabs(v[i]) > kMaxCoordinate) {
            const JsonField e = element(static_cast<std::size_t>(i));
            e.fail(std::string("must be ") + kCoordinateRange + ", got " + e.excerpt());
        }
    }
    return v;
}

glm::vec3 JsonField::scale(int dims) const {
    glm::vec3 v = vector(dims);
    for (int i = 0; i < dims; ++i) {
        if (!is_pose_scale(v[i])) {
            const JsonField e = element(static_cast<std::size_t>(i));
            e.fail(std::string("must be ") + kPoseScaleRange + ", got " + e.excerpt());
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
        if (!is_number()) fail("expected a number (an angle in degrees; 2D rotations turn about z), got " + type_name());
        number();  // range and type checks
        return rotation_2d(degrees_to_radians(number_value()));
    }
    const bool array = is_array();
    const std::size_t size = array ? array_size() : 0;
    if (!array || size != 4) fail("expected a quaternion [x, y, z, w], got " + (array ? std::to_string(size) + " numbers" : type_name()));
    const float x = element(0).number();
    const float y = element(1).number();
    const float z = element(2).number();
    const float w = element(3).number();
    const std::optional<glm::quat> unit = unit_rotation(glm::quat{w, x, y, z});
    if (!unit) fail("a rotation quaternion must not be zero");
    return *unit;
}

float JsonField::degrees(int lo, int hi) const {
    number();  // type and finiteness
    const double deg = number_value();
    if (deg < lo || deg > hi) {
        fail("must be between " + std::to_string(lo) + " and " + std::to_string(hi) + " degrees, got " + excerpt());
    }
    return degrees_to_radians(deg);
}

}  // namespace marionette
