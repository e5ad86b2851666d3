#pragma once
// The "marionette-frames" file: a baked timeline (state_timeline.hpp) as JSON a game or a test
// can read. Its shape is in docs/user-guide.md ("Baking states"). A header of one member a
// line, then the frames, one a line: readable, diffable and compact.

#include <cstddef>
#include <span>
#include <string>

#include "core/result.hpp"
#include "core/rig.hpp"
#include "core/state_timeline.hpp"

namespace marionette {

inline constexpr const char* kFramesFormatName = "marionette-frames";
inline constexpr int kFramesFormatVersion = 1;

// Bakes `timeline` (as bake_timeline does) into the whole document, ending with a newline.
// `rig_name` is stored as "rig". Fails as bake_timeline does, or on a name that is not UTF-8.
Result<std::string> bake_frames_json(const Rig& rig, const std::string& rig_name,
                                     std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count);

}  // namespace marionette
