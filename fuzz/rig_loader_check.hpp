#pragma once
// The rig loader's contract, checked on any bytes: parse_rig either fails with a message, or
// gives a rig that is well formed (rig_invariants.hpp), whose rest pose, pose and states place
// every bone at a finite point, whose chains solve to finite poses, and that saves and loads
// back as the same rig, saving the same text again.
//
// The fuzz target (rig_loader_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_rig_text(std::string_view text);

// The checks after a successful load, on their own.
Violation check_loaded_rig(const Rig& rig);

}  // namespace marionette::fuzzing
