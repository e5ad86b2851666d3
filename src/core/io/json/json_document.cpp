#include "core/io/json/json_document.hpp"

#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace marionette {

namespace {

// Messages quote the user's text (a key, a number, the library's "last read: '...'"); a file can
// make any of them megabytes long.
constexpr std::size_t kMaxQuotedBytes = 60;
constexpr std::size_t kMaxMessageBytes = 400;

std::string cut(std::string text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    // Back up to a UTF-8 lead byte so the cut does not split a character.
    std::size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    text.resize(end);
    return text + "...";
}

std::string line_and_column(std::string_view text, std::size_t at) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Builds the document from the parser's events (as nlohmann's own DOM builder does), keeping
// what the checks need: the open arrays and objects, where each sits in its parent, and for
// large objects a set of their keys.
class DocumentBuilder {
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    DocumentBuilder(Json& root, std::string_view text) : root_(root), text_(text) {}

    bool null() { return placed(Json(nullptr)); }
    bool boolean(bool v) { return placed(Json(v)); }
    bool number_integer(number_integer_t v) { return placed(Json(v)); }
    bool number_unsigned(number_unsigned_t v) { return placed(Json(v)); }
    bool number_float(number_float_t v, const string_t& /*as written*/) { return placed(Json(v)); }
    bool string(string_t& v) { return placed(Json(std::move(v))); }
    bool binary(binary_t& v) { return placed(Json(std::move(v))); }

    bool start_object(std::size_t /*unknown in text*/) { return open(Json::value_t::object); }
    bool start_array(std::size_t /*unknown in text*/) { return open(Json::value_t::array); }
    bool end_object() {
        open_.pop_back();
        return true;
    }
    bool end_array() {
        open_.pop_back();
        return true;
    }

    bool key(string_t& key) {
        Level& object = open_.back();
        auto& members = object.value->get_ref<Json::object_t&>();
        if (is_known(object, members, key)) {
            error_ = place_text(open_.size()) + ": \"" + cut(key, kMaxQuotedBytes) + "\" is given twice";
            return false;
        }
        if (object.keys) object.keys->insert(key);
        // Appended directly: ordered_map's own insertion would search every key again.
        members.Container::emplace_back(std::move(key), Json());
        next_key_ = &members.back().first;
        next_value_ = &members.back().second;
        return true;
    }

    template <class Exception>
    bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
        if (e.id == 406) {  // a number beyond a double
            const std::size_t start = position >= token.size() ? position - token.size() : 0;
            error_ = "not valid JSON: " + line_and_column(text_, start) + " (" + place_text(open_.size() + 1) + "): number " +
                     cut(token, kMaxQuotedBytes) + " is out of range (numbers must be finite)";
            return false;
        }
        // nlohmann says "[json.exception.parse_error.101] parse error at line 4, column 9: ...";
        // the user needs the place and the reason, not the library's tag.
        std::string message = e.what();
        const std::string tag = "parse error at ";
        if (auto at = message.find(tag); at != std::string::npos) message = message.substr(at + tag.size());
        error_ = "not valid JSON: " + cut(message, kMaxMessageBytes);
        return false;
    }

    const std::string& error() const { return error_; }

private:
    struct Level {
        Json* value = nullptr;
        const std::string* key = nullptr;                       // its key in the parent object, or
        std::size_t index = 0;                                  // its index in the parent array
        std::unique_ptr<std::unordered_set<std::string>> keys;  // objects past kLinearKeys keys
    };
    // Up to this many keys, a new key is compared with each; past it, looked up in a set.
    static constexpr std::size_t kLinearKeys = 16;

    static bool is_known(Level& object, const Json::object_t& members, const std::string& key) {
        if (object.keys) return object.keys->count(key) != 0;
        for (const auto& member : members) {
            if (member.first == key) return true;
        }
        if (members.size() >= kLinearKeys) {
            object.keys = std::make_unique<std::unordered_set<std::string>>();
            for (const auto& member : members) object.keys->insert(member.first);
        }
        return false;
    }

    // A scalar needs no check: it goes in place, and parsing goes on.
    bool placed(Json&& value) {
        place(std::move(value));
        return true;
    }

    // Puts the next value where it goes (the document, its array or its object's pending key).
    Json* place(Json&& value) {
        if (open_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Json& parent = *open_.back().value;
        if (parent.is_array()) {
            auto& items = parent.get_ref<Json::array_t&>();
            items.push_back(std::move(value));
            return &items.back();
        }
        *next_value_ = std::move(value);
        return next_value_;
    }

    bool open(Json::value_t type) {
        if (open_.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
            error_ =
                place_text(open_.size() + 1) + ": nested deeper than " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects";
            return false;
        }
        Level level;
        if (!open_.empty()) {
            const Json& parent = *open_.back().value;
            if (parent.is_array()) {
                level.index = parent.size();
            } else {
                level.key = next_key_;
            }
        }
        level.value = place(Json(type));
        open_.push_back(std::move(level));
        return true;
    }

    // The path of the value at `depth` (the document is 1) on the open path, as JsonField writes
    // paths ("bones[3].rest"); a value about to be placed at depth open_.size() + 1 gets the key
    // or index it is being placed at. Deep paths are cut after a few levels.
    std::string place_text(std::size_t depth) const {
        constexpr std::size_t kShownLevels = 8;
        std::string path;
        for (std::size_t d = 2; d <= depth; ++d) {
            if (d - 1 > kShownLevels) {
                path += "...";
                break;
            }
            const Level& parent = open_[d - 2];
            const bool in_array = parent.value->is_array();
            const std::string* key = nullptr;
            std::size_t index = 0;
            if (d - 1 < open_.size()) {
                key = open_[d - 1].key;
                index = open_[d - 1].index;
            } else if (in_array) {
                index = parent.value->size();
            } else {
                key = next_key_;
            }
            if (in_array) {
                path += "[" + std::to_string(index) + "]";
            } else {
                if (!path.empty()) path += ".";
                path += key ? cut(*key, kMaxQuotedBytes) : std::string("?");
            }
        }
        return path.empty() ? std::string("the document") : path;
    }

    Json& root_;
    std::string_view text_;
    std::vector<Level> open_;
    const std::string* next_key_ = nullptr;
    Json* next_value_ = nullptr;
    std::string error_;
};

}  // namespace

Result<Json> parse_json_document(std::string_view text) {
    Json document;
    DocumentBuilder builder(document, text);
    if (!Json::sax_parse(text.begin(), text.end(), &builder)) return Error{builder.error()};
    return document;
}

std::string json_excerpt(const Json& value, std::size_t max_chars) {
    if (value.is_string()) {
        const auto& s = value.get_ref<const std::string&>();
        const Json shown = cut(s.substr(0, max_chars + 4), max_chars);
        return shown.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    if (value.is_array() || value.is_object()) {
        // Quoted whole only when small and flat; a million-element array is not walked.
        bool flat = value.size() <= 8;
        for (auto it = value.begin(); flat && it != value.end(); ++it) {
            flat = !it->is_structured() && !(it->is_string() && it->get_ref<const std::string&>().size() > max_chars);
        }
        if (!flat) {
            return value.is_array() ? "an array of " + std::to_string(value.size()) + " values"
                                    : "an object of " + std::to_string(value.size()) + " keys";
        }
    }
    return cut(value.dump(-1, ' ', false, Json::error_handler_t::replace), max_chars);
}

}  // namespace marionette
