#pragma once
// The "marionette-frames" file: a baked timeline (state_timeline.hpp) as JSON a game or a test
// can read. Its shape is in docs/user-guide.md ("Baking states"). A header of one member a
// line, then the frames, one a line: readable, diffable and compact.

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "core/anim/state_timeline.hpp"
#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

inline constexpr const char* kFramesFormatName = "marionette-frames";
inline constexpr int kFramesFormatVersion = 1;

// Where the document's text goes, a piece at a time (a file, a string); an error stops the bake.
using TextSink = std::function<Status(std::string_view)>;

// Bakes `timeline` (as bake_timeline does) into the whole document, ending with a newline, given
// to `sink` in pieces of about a megabyte: a bake of many frames of a large rig (a million frames
// may be asked for) is never held whole in memory. `rig_name` is stored as "rig". Fails as
// bake_timeline does, on a name that is not UTF-8, or as the sink does.
Status write_frames_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps,
                         std::size_t frame_count, const TextSink& sink);

// The same document as one string (for tests and small bakes).
Result<std::string> bake_frames_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps,
                                     std::size_t frame_count);

}  // namespace marionette
