#pragma once
// The Spine atlas reader's contract, checked on any text: reading fails with a message naming a
// line, or gives pages and regions where every region lies on a page that exists, its sizes and
// position within kMaxAtlasSide and not negative, its turn 0, 90, 180 or 270 degrees, its packed
// part inside its original picture and, when the page's size is given, inside the page.
//
// The fuzz target (spine_atlas_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_spine_atlas_text(std::string_view text);

}  // namespace marionette::fuzzing
