#pragma once
// The Spine export's tests' shared measure: an export played back by spine_pose.hpp's reading of
// Spine's rules against Marionette's own poses, and Spine's structure rules checked on the file.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/spine/spine_export.hpp"
#include "core/rig/rig.hpp"

namespace marionette::testing {

// A shipped rig's path, and the rig.
std::filesystem::path asset_path(const char* name);
Rig shipped_rig(const char* name);

// The export of `rig` (a test failure if it has none), its pictures read from `folder` when given.
SpineExport exported(const Rig& rig, const std::filesystem::path& folder = {});

// The diagonal of the box around the rig's joints and tips at rest (at least 1).
double rig_size(const Rig& rig);

// Whether the export samples `state` every frame (it has oscillator channels).
bool is_sampled(const State& state);

// The latest key time of an animation in the file.
double duration_of(const nlohmann::json& animation);

// A key's time as the file gives it (the float's shortest decimal, read as a double): 0.9, not
// 0.89999997615814209, which would fall just before a key at 0.9 in the file.
double file_time(float t);

// Every key time of a state, as the file gives it: its tracks', slot tracks' and draw-order keys'.
std::vector<double> key_times(const State& state);

// What "plays as in Marionette" means here: within this fraction of the rig's size (joints and
// picture corners) and this much of a bone's unit direction.
inline constexpr double kExact = 1e-4;

// Plays every state of `rig`'s export against Marionette's own poses (sample_state for a state
// with channels, sample_state_at for a keyed one, then compute_world): every bone's joint and
// direction, and every picture's corners, at every frame and (keyed states) every key within
// kExact; between frames within kExact for the states in `exact_between`, and for the others
// (sampled keys, whose straight lines cut a curve's corners) within how far the pose moves over
// that frame.
void expect_plays_as_marionette(const Rig& rig, const SpineExport& out, const std::set<std::string>& exact_between);

// Spine's structure rules: every name referenced is there (bones, slots, skin entries,
// attachments, constraints), parents come before children, one root and first, colours of 8
// hex digits, keys in increasing time, every copied picture a page of the atlas.
void expect_well_formed(const SpineExport& out);

}  // namespace marionette::testing
