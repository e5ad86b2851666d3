#include "core/rig/editor_data.hpp"

#include <nlohmann/json.hpp>

namespace marionette {

EditorData::EditorData() = default;
EditorData::EditorData(Json value) : value_(std::make_unique<Json>(std::move(value))) {}
EditorData::EditorData(const EditorData& other) : value_(other.value_ ? std::make_unique<Json>(*other.value_) : nullptr) {}
EditorData::EditorData(EditorData&& other) noexcept = default;
EditorData& EditorData::operator=(EditorData&& other) noexcept = default;
EditorData::~EditorData() = default;

EditorData& EditorData::operator=(const EditorData& other) {
    if (this != &other) *this = EditorData(other);
    return *this;
}

bool EditorData::empty() const { return !value_ || value_->empty(); }

const Json& EditorData::json() const {
    static const Json none = Json::object();
    return value_ ? *value_ : none;
}

Json& EditorData::json() {
    if (!value_) value_ = std::make_unique<Json>(Json::object());
    return *value_;
}

bool EditorData::operator==(const EditorData& other) const { return json() == other.json(); }

}  // namespace marionette
