#pragma once
// The status bar's message. A message belongs to the document as it was when said: it shows
// until the document changes again (an edit, an undo, a redo) or another message replaces it.
// A message about an edit is said after the edit, so it lasts until the next change, and the
// undo of that edit takes it away with it.

#include <cstdint>
#include <string>
#include <string_view>

namespace marionette {

class StatusLine {
public:
    // `revision`: the document's revision now (Document::revision()).
    void say(std::string text, std::uint64_t revision) {
        text_ = std::move(text);
        revision_ = revision;
    }
    // What to show with the document at `revision`: empty once the document has changed.
    std::string_view shown(std::uint64_t revision) const { return revision == revision_ ? std::string_view{text_} : std::string_view{}; }

private:
    std::string text_;
    std::uint64_t revision_ = 0;
};

}  // namespace marionette
