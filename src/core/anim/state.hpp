#pragma once
// States: named, time-varying poses (walking, climbing). This file holds their data as the rig
// file stores it; state_pose.hpp evaluates and blends them, state_machine.hpp switches them.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/anim/chain_track.hpp"
#include "core/anim/deform_track.hpp"
#include "core/anim/key_track.hpp"
#include "core/anim/slot_track.hpp"
#include "core/rig/pose_property.hpp"

namespace marionette {

// One oscillator driving one property of one bone, a wave w(t) = sin(2*pi*t/period + phase):
//   rotation:    base * turn(axis, amplitude * w(t))   (2D: every rotation turns about z)
//   translation: center + swing * w(t)                 (in the parent's frame, on the rest translation)
//   scale:       center + swing * w(t)                 (per axis of the bone's frame)
// A (bone, property) driven by several channels takes them all, in the order listed: rotations
// multiply, translations add, scales multiply (the sum and product clamped to the pose's ranges).
// A property no channel drives keeps the rig's pose.
struct StateChannel {
    int bone = -1;
    PoseProperty property = PoseProperty::Rotation;
    // Rotation channels.
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  // unit length, in the frame the base leaves the bone in
    glm::quat base{1.0f, 0.0f, 0.0f, 0.0f};
    float amplitude = 0.0f;  // radians
    // Translation and scale channels (2D: z of center and swing is 0, but a scale's center z is 1).
    glm::vec3 center{0.0f};  // translation: 0 still; scale: 1 still (see still_channel)
    glm::vec3 swing{0.0f};
    float period = 1.0f;  // seconds, > 0
    float phase = 0.0f;   // radians

    bool operator==(const StateChannel&) const = default;
};

// A channel that holds `property` of `bone` still at its rest value (rotation identity,
// translation 0, scale 1).
StateChannel still_channel(int bone, PoseProperty property);

// The rule every translation or scale channel keeps, so that what it drives stays in the pose's
// range at every time: per axis, center - |swing| and center + |swing| within +-kMaxCoordinate
// (translation) or [0, kMaxPoseScale] (scale), every number finite. Rotation channels always
// pass. channel_range_rule words it for messages.
bool channel_stays_in_range(const StateChannel& c);
std::string channel_range_rule(PoseProperty p);

// A state's pose over time: oscillator channels, key tracks, or both. Tracks play on the
// state's own time (from when it was entered), looping at its length or holding the last frame;
// channels on the shared clock (state_machine.hpp), so oscillators keep their rhythm. A
// (bone, property) has one track at most; channels compose on top of it.
struct State {
    std::string name;
    std::vector<StateChannel> channels;
    std::vector<KeyTrack> tracks;
    bool loop = true;                        // tracks start again after the last key (else they hold it)
    std::vector<SlotTrack> slot_tracks{};    // a puppet's drawings and colours (slot_track.hpp)
    std::vector<DrawOrderKey> draw_order{};  // and the order its slots are drawn in
    std::vector<ChainTrack> chain_tracks{};  // IK chains' keyed mix (chain_track.hpp)
    std::vector<DeformTrack> deform{};       // meshes' keyed shapes (deform_track.hpp)
    std::vector<SkinKey> skin_keys{};        // the skin shown (slot_track.hpp)

    bool operator==(const State&) const = default;
};

// Whether the state holds keys (bone tracks, slot tracks, draw-order keys, chain mix keys,
// deform keys or skin keys), as against only oscillator channels.
bool is_keyed(const State& state);
// A keyed state's length: its latest key's time, bone, slot, draw order, chain, deform or skin
// (0 without keys).
float state_length(const State& state);
// The time on its tracks a state shows `local` seconds after it was entered: wrapped into
// [0, length) when it loops, held at its length when not; 0 for a length of 0.
double keyed_time(const State& state, double local);
// The same for a state `length` seconds long (state_length) that loops or not.
double keyed_time(double length, bool loop, double local);
// The track of `state` driving `bone`'s `property`, or -1.
int track_driving(const State& state, int bone, PoseProperty property);

enum class Easing { Cosine, Linear, Smoothstep };

const char* easing_name(Easing e);  // "cosine", "linear", "smoothstep"

struct TransitionSettings {
    float duration = 0.5f;  // seconds, >= 0
    Easing easing = Easing::Cosine;

    bool operator==(const TransitionSettings&) const = default;
};

}  // namespace marionette
