#pragma once
// A rig file's "editor" object: data only an editor reads (the camera, ...), kept apart from the
// rig and written back as read. A value of its own so that the rig holds it without the JSON
// library's definitions: every file that sees a Rig would otherwise parse them.

#include <memory>

#include "core/io/json/json_fwd.hpp"

namespace marionette {

class EditorData {
public:
    EditorData();
    explicit EditorData(Json value);
    // Copies copy the value: rigs are values (undo keeps whole rigs).
    EditorData(const EditorData& other);
    EditorData(EditorData&& other) noexcept;
    EditorData& operator=(const EditorData& other);
    EditorData& operator=(EditorData&& other) noexcept;
    ~EditorData();

    // Nothing to write: no value, or an empty one.
    bool empty() const;
    // The value; an empty object when there is none.
    const Json& json() const;
    // The value to change, an empty object made for it when there is none.
    Json& json();

    // No value equals an empty object, so a rig read from a file without "editor" equals one
    // made in the editor.
    bool operator==(const EditorData& other) const;

private:
    // None until something is put in: copying a rig (every edit, every undo step) then
    // allocates nothing for data most rigs do not have.
    std::unique_ptr<Json> value_;
};

}  // namespace marionette
