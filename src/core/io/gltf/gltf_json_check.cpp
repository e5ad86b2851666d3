#include "core/io/gltf/gltf_json_check.hpp"

#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>

#include <simdjson.h>

#include "core/base/read_budget.hpp"
#include "core/io/json/json_document.hpp"

namespace marionette::gltf {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

struct Refused {
    std::string message;
};

std::string indexed_place(const std::string& place, std::size_t i) { return place + "[" + std::to_string(i) + "]"; }

// The JSON as a message quotes a number: its value, or its type when it is none.
std::string shown(element e) {
    switch (e.type()) {
        case simdjson::dom::element_type::INT64: return std::to_string(int64_t(e));
        case simdjson::dom::element_type::UINT64: return std::to_string(uint64_t(e));
        case simdjson::dom::element_type::DOUBLE: {
            char text[32];
            std::snprintf(text, sizeof text, "%.17g", double(e));
            return text;
        }
        case simdjson::dom::element_type::STRING: return "a string";
        case simdjson::dom::element_type::ARRAY: return "an array";
        case simdjson::dom::element_type::OBJECT: return "an object";
        case simdjson::dom::element_type::BOOL: return "a boolean";
        default: return "null";
    }
}

// A whole number within [lo, hi], or the place refused.
std::int64_t whole(element e, const std::string& place, std::int64_t lo, std::int64_t hi, const char* what) {
    std::int64_t v = 0;
    bool ok = false;
    if (e.is_int64()) {
        v = int64_t(e);
        ok = true;
    } else if (e.is_double()) {
        const double d = double(e);
        ok = d == static_cast<double>(static_cast<std::int64_t>(d)) && d >= -9e18 && d <= 9e18;
        v = ok ? static_cast<std::int64_t>(d) : 0;
    }
    if (!ok || v < lo || v > hi) throw Refused{place + ": " + shown(e) + " is not " + what};
    return v;
}

std::size_t size_of(object top, const char* key) {
    array a;
    return top[key].get(a) == simdjson::SUCCESS ? a.size() : 0;
}

// Each element of the array at `key` (when given), as an object, with its place.
template <class Visit>
void each_object(object o, const char* key, const std::string& place, Visit visit) {
    element given;
    if (o[key].get(given) != simdjson::SUCCESS) return;
    array a;
    if (given.get(a) != simdjson::SUCCESS) throw Refused{(place.empty() ? std::string(key) : place + "." + key) + ": expected an array"};
    std::size_t i = 0;
    for (element e : a) {
        object item;
        const std::string here = indexed_place(place.empty() ? key : place + "." + key, i++);
        if (e.get(item) != simdjson::SUCCESS) throw Refused{here + ": expected an object"};
        visit(item, here);
    }
}

// An index into an array of `count` things named `what` ("a buffer view").
void index_value(element e, const std::string& place, std::size_t count, const char* what) {
    std::int64_t v = 0;
    if (!e.is_int64() || (v = int64_t(e)) < 0 || static_cast<std::uint64_t>(v) >= count) {
        throw Refused{place + ": " + shown(e) + " is not " + what + " (there are " + std::to_string(count) + ")"};
    }
}

// `o[key]`, when given, such an index.
void index_into(object o, const char* key, const std::string& place, std::size_t count, const char* what) {
    element e;
    if (o[key].get(e) == simdjson::SUCCESS) index_value(e, place + "." + key, count, what);
}

void whole_member(object o, const char* key, const std::string& place, std::int64_t lo, std::int64_t hi, const char* what) {
    element e;
    if (o[key].get(e) == simdjson::SUCCESS) whole(e, place + "." + key, lo, hi, what);
}

void check(object top) {
    const std::size_t buffers = size_of(top, "buffers"), views = size_of(top, "bufferViews"), accessors = size_of(top, "accessors");
    const std::size_t nodes = size_of(top, "nodes"), meshes = size_of(top, "meshes"), skins = size_of(top, "skins");
    const std::size_t images = size_of(top, "images"), materials = size_of(top, "materials");
    const std::size_t cameras = size_of(top, "cameras");
    constexpr std::int64_t kMaxBytes = std::int64_t{1} << 53;  // far past any file; a double holds it exactly
    each_object(top, "buffers", "", [&](object b, const std::string& place) {
        whole_member(b, "byteLength", place, 1, kMaxBytes, "a length in bytes (at least 1)");
    });
    each_object(top, "bufferViews", "", [&](object v, const std::string& place) {
        if (v["buffer"].error()) throw Refused{place + ": names no buffer"};
        index_into(v, "buffer", place, buffers, "a buffer");
        whole_member(v, "byteOffset", place, 0, kMaxBytes, "an offset in bytes");
        whole_member(v, "byteLength", place, 1, kMaxBytes, "a length in bytes (at least 1)");
        element stride;
        if (v["byteStride"].get(stride) == simdjson::SUCCESS) {
            const std::int64_t s = whole(stride, place + ".byteStride", 4, 252, "a stride from 4 to 252 bytes");
            if (s % 4 != 0) throw Refused{place + ".byteStride: " + std::to_string(s) + " is not a multiple of 4"};
        }
    });
    each_object(top, "accessors", "", [&](object a, const std::string& place) {
        if (a["count"].error()) throw Refused{place + ": gives no count"};
        whole_member(a, "count", place, 1, std::int64_t{1} << 32, "a count of elements (at least 1)");
        index_into(a, "bufferView", place, views, "a buffer view");
        whole_member(a, "byteOffset", place, 0, kMaxBytes, "an offset in bytes");
        element type;
        if (a["componentType"].get(type) != simdjson::SUCCESS) throw Refused{place + ": gives no componentType"};
        const std::int64_t t = whole(type, place + ".componentType", 5120, 5126, "a component type (5120 to 5126)");
        if (t == 5124) throw Refused{place + ".componentType: 5124 (a signed int) is not a glTF component type"};
    });
    each_object(top, "images", "", [&](object i, const std::string& place) { index_into(i, "bufferView", place, views, "a buffer view"); });
    each_object(top, "textures", "", [&](object t, const std::string& place) { index_into(t, "source", place, images, "an image"); });
    each_object(top, "nodes", "", [&](object n, const std::string& place) {
        index_into(n, "mesh", place, meshes, "a mesh");
        index_into(n, "skin", place, skins, "a skin");
        index_into(n, "camera", place, cameras, "a camera");
    });
    each_object(top, "skins", "", [&](object s, const std::string& place) {
        index_into(s, "inverseBindMatrices", place, accessors, "an accessor");
        index_into(s, "skeleton", place, nodes, "a node");
    });
    each_object(top, "meshes", "", [&](object m, const std::string& mesh) {
        each_object(m, "primitives", mesh, [&](object p, const std::string& place) {
            index_into(p, "indices", place, accessors, "an accessor");
            index_into(p, "material", place, materials, "a material");
            object attributes;
            if (p["attributes"].get(attributes) == simdjson::SUCCESS) {
                for (auto field : attributes)
                    index_value(field.value, place + ".attributes." + std::string(field.key), accessors, "an accessor");
            }
        });
    });
    each_object(top, "animations", "", [&](object a, const std::string& animation) {
        const std::size_t samplers = size_of(a, "samplers");
        each_object(a, "samplers", animation, [&](object s, const std::string& place) {
            index_into(s, "input", place, accessors, "an accessor");
            index_into(s, "output", place, accessors, "an accessor");
        });
        each_object(a, "channels", animation, [&](object c, const std::string& place) {
            index_into(c, "sampler", place, samplers, "a sampler");
            object target;
            if (c["target"].get(target) == simdjson::SUCCESS) index_into(target, "node", place + ".target", nodes, "a node");
        });
    });
}

}  // namespace

Status check_gltf_json(std::string_view json) {
    simdjson::dom::parser parser;
    element root;
    if (parser.allocate(json.size(), kMaxJsonDepth) != simdjson::SUCCESS) return Error{"the JSON is too large to read"};
    if (const auto error = parser.parse(json.data(), json.size(), true).get(root); error != simdjson::SUCCESS) {
        // The careful reader says what is wrong and where (the line, or the place nested too deep).
        Result<Json> careful = parse_json_document(json);
        return Error{"not a glTF file it can read: " +
                     (careful ? std::string("not valid JSON: ") + simdjson::error_message(error) : careful.message())};
    }
    object top;
    if (root.get(top) != simdjson::SUCCESS) return Error{"not a glTF file it can read: its JSON is not an object"};
    try {
        check(top);
    } catch (const Refused& r) {
        return Error{r.message};
    }
    return {};
}

}  // namespace marionette::gltf
