#include "core/io/spine_import/spine_json_values.hpp"

#include <charconv>

namespace marionette {

double spine_number_or(const JsonField& object, const char* key, double fallback) {
    const std::optional<JsonField> f = object.optional_member(key);
    return f ? double(f->number()) : fallback;
}

bool spine_boolean_or(const JsonField& object, const char* key, bool fallback) {
    const std::optional<JsonField> f = object.optional_member(key);
    return f ? f->boolean() : fallback;
}

std::string spine_string_or(const JsonField& object, const char* key, const std::string& fallback) {
    const std::optional<JsonField> f = object.optional_member(key);
    return f && !f->is_null() ? f->string() : fallback;
}

glm::dvec4 spine_color(const JsonField& f) {
    const std::string s = f.string();
    if (s.size() != 8 && s.size() != 6) f.fail("expected a colour \"RRGGBBAA\", got \"" + s + "\"");
    glm::dvec4 c(1.0);
    for (std::size_t i = 0; i * 2 < s.size(); ++i) {
        unsigned value = 0;
        const char* from = s.data() + i * 2;
        const auto [end, ec] = std::from_chars(from, from + 2, value, 16);
        if (ec != std::errc() || end != from + 2) f.fail("expected a colour \"RRGGBBAA\", got \"" + s + "\"");
        c[int(i)] = double(value) / 255.0;
    }
    return c;
}

}  // namespace marionette
