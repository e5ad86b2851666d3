#pragma once
// The Spine skeleton import's contract, checked on any text: the import (read_spine_skeleton,
// then SpineRigJob, without an atlas) either fails with a message, or makes a rig the rig
// loader reads back as it was. A rig the loader refuses ("the imported rig breaks a rule of
// the rig format") is a violation: the job must make only rigs the format holds.
//
// The fuzz target (spine_skeleton_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_spine_skeleton_text(std::string_view text);

}  // namespace marionette::fuzzing
