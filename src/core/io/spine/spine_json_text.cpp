#include "core/io/spine/spine_json_text.hpp"

#include <cmath>

#include "core/io/json/json_numbers.hpp"

namespace marionette {

namespace {

// A container goes on one line when it fits in this many characters there.
constexpr std::size_t kLineWidth = 110;

void write_compact(const Json& value, std::string& out) {
    if (value.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, member] : value.items()) {
            if (!first) out += ", ";
            first = false;
            out += Json(key).dump();
            out += ": ";
            write_compact(member, out);
        }
        out += '}';
    } else if (value.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i > 0) out += ", ";
            write_compact(value[i], out);
        }
        out += ']';
    } else {
        out += value.dump();
    }
}

void write_indented(const Json& value, std::size_t depth, std::string& out) {
    std::string compact;
    write_compact(value, compact);
    const bool container = value.is_object() || value.is_array();
    if (!container || value.empty() || (depth > 0 && compact.size() + 2 * depth <= kLineWidth)) {
        out += compact;
        return;
    }
    const std::string indent(2 * (depth + 1), ' ');
    out += value.is_object() ? "{\n" : "[\n";
    bool first = true;
    if (value.is_object()) {
        for (const auto& [key, member] : value.items()) {
            if (!first) out += ",\n";
            first = false;
            out += indent + Json(key).dump() + ": ";
            write_indented(member, depth + 1, out);
        }
    } else {
        for (const Json& member : value) {
            if (!first) out += ",\n";
            first = false;
            out += indent;
            write_indented(member, depth + 1, out);
        }
    }
    out += "\n" + std::string(2 * depth, ' ') + (value.is_object() ? "}" : "]");
}

}  // namespace

Result<std::string> spine_json_text(const Json& document) {
    std::string out;
    try {
        write_indented(document, 0, out);
    } catch (const nlohmann::json::exception& e) {
        // The writer refuses text that is not UTF-8; the export checks names first, so this is
        // a last guard, not the usual message.
        return Error{std::string("the Spine file cannot be written: ") + e.what()};
    }
    out += '\n';
    return out;
}

Json spine_number(double v) { return json_float(static_cast<float>(v)); }

Json spine_switch_time(double t) {
    const float f = static_cast<float>(t);
    if (!(f > 0.0f)) return spine_number(t);
    return json_float(std::nextafter(f, 0.0f));
}

}  // namespace marionette
