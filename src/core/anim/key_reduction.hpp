#pragma once
// Baking: a property sampled frame by frame becomes a key track with as few linear keys as
// reproduce every frame within a tolerance (Blender's "Bake Action" with "Clean Curves", Spine's
// baked-constraint keys). A job in the ozz-animation style: inputs and outputs in a plain
// struct, validate() then run().
//
// The tolerance, and why: a key is dropped when the linear interpolation of the keys around it
// reproduces every frame it covers within
//   - `degrees` of rotation (default 0.1°: below what the eye tells apart on a bone of any size),
//   - `distance` of a move (by default what a turn of `degrees` moves the tip of a bone of the
//     rig's mean length, bake_distance_tolerance(): the same visible error as a rotation's),
//   - `scale` of a scale factor per axis (default 0.001, a thousandth of the bone's length).
// The first and last frames are always keys; a track that holds one value within the
// tolerance throughout keeps only its first key.

#include <span>
#include <vector>

#include "core/anim/key_track.hpp"
#include "core/base/result.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"

namespace marionette {

struct BakeTolerance {
    float degrees = 0.1f;
    float distance = 0.0f;  // rig units; 0: bake_distance_tolerance(skeleton, degrees)
    float scale = 0.001f;
};

// The move a turn of `degrees` gives the tip of a bone of the skeleton's mean length.
float bake_distance_tolerance(const Skeleton& skeleton, float degrees);

// One property of one bone to bake.
struct BakedProperty {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
};

struct KeyReductionJob {
    // Inputs.
    std::span<const Pose> frames;  // frame i at i / fps; every pose fits the bones named
    double fps = 30.0;             // finite, > 0, at most kMaxFps
    bool is_2d = true;
    std::span<const BakedProperty> properties;  // each bone in every frame's pose
    BakeTolerance tolerance;                    // finite, >= 0 (distance > 0)
    // Output: one track per property, in the same order, linear keys.
    std::vector<KeyTrack>* tracks = nullptr;

    Status validate() const;
    void run() const;
};

}  // namespace marionette
