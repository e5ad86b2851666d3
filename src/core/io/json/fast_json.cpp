#include "core/io/json/fast_json.hpp"

#include <cstring>
#include <string_view>

#include <simdjson.h>

#include "core/io/json/json_document.hpp"

namespace marionette {

using simdjson::dom::element;

struct FastJsonDocument::Impl {
    simdjson::dom::parser parser;
    element root;
};

FastJsonDocument::FastJsonDocument() : impl_(std::make_unique<Impl>()) {}
FastJsonDocument::~FastJsonDocument() = default;

std::unique_ptr<FastJsonDocument> FastJsonDocument::parse(std::string_view text) {
    std::unique_ptr<FastJsonDocument> doc(new FastJsonDocument());
    // The nesting parse_json_document allows, and no more (the document itself is level 1).
    if (doc->impl_->parser.allocate(text.size(), kMaxJsonDepth) != simdjson::SUCCESS) return nullptr;
    if (doc->impl_->parser.parse(text.data(), text.size(), true).get(doc->impl_->root) != simdjson::SUCCESS) return nullptr;
    return doc;
}

JsonField FastJsonDocument::root() const {
    JsonField::FastValue v;
    static_assert(sizeof v.bytes == sizeof(element));
    std::memcpy(v.bytes, static_cast<const void*>(&impl_->root), sizeof(element));
    return JsonField(v);
}

}  // namespace marionette
