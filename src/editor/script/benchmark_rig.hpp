#pragma once
// A generated rig for timing the editor's frame: many bones, several IK chains of both kinds.

#include "core/rig/rig.hpp"

namespace marionette {

// A 3D rig of `branches` arms of `bones_per_branch` bones each, hanging off one root. Each arm
// ends in an IK chain: even arms a CCD chain over their last `ccd_length` bones (a tentacle),
// odd arms a two-bone chain over their last two (a limb).
Rig make_benchmark_rig(int branches = 10, int bones_per_branch = 100, int ccd_length = 16);

}  // namespace marionette
