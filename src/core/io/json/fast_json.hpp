#pragma once
// A second, fast way to read a JSON document, for files too big for parse_json_document's
// pace (a clip of a million keys is 56 MB of text: over 0.8 s through nlohmann's parser alone).
// simdjson (Debian's libsimdjson-dev) parses it in a few hundredths of a second into a tape
// that JsonField reads in place.
//
// The fast reading is only ever a shortcut: it accepts a document when it keeps every rule
// parse_json_document keeps (simdjson refuses what is not JSON, a number beyond a double, or
// nesting past kMaxJsonDepth; the fields refuse a key given twice in the objects they read),
// and its readers' errors name no place. Whoever reads fast must,
// on any failure, read again through parse_json_document, which says what is wrong and where
// (parse_rig does). A fuzz check holds both ways to the same answers.

#include <memory>
#include <optional>
#include <string_view>

#include "core/io/json/json_field.hpp"

namespace marionette {

class FastJsonDocument {
public:
    // The parsed document, or nullptr when simdjson refuses the text.
    static std::unique_ptr<FastJsonDocument> parse(std::string_view text);
    ~FastJsonDocument();

    // The document's top value; valid while the document lives.
    JsonField root() const;

private:
    FastJsonDocument();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace marionette
