#pragma once
// The PSD reader's and importer's contract, checked on any bytes: reading fails with a message,
// or gives a document whose every pixel layer's pixels cover its rectangle, with opacities in 0
// to 1 and groups nested within the reader's limit; importing those bytes then fails with a
// message or gives a rig that every loaded rig's checks pass (rig_loader_check.hpp), with a PNG
// file for each picture that decodes to the picture's size, and warnings that each say
// something.
//
// The fuzz target (psd_reader_fuzz.cpp) aborts on a violation; the corpus replay test
// (tests/fuzz) reports it.

#include <string_view>

#include "fuzz/rig_invariants.hpp"

namespace marionette::fuzzing {

Violation check_psd_bytes(std::string_view bytes);

}  // namespace marionette::fuzzing
