#pragma once
// States: named, time-varying poses (walking, climbing). This file holds their data as the rig
// file stores it; state_pose.hpp evaluates and blends them, state_machine.hpp switches them.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette {

// What a channel drives: a bone's pose rotation, translation or scale (pose.hpp).
enum class ChannelProperty { Rotation, Translation, Scale };

const char* channel_property_name(ChannelProperty p);  // "rotation", "translation", "scale"

// One oscillator driving one property of one bone, a wave w(t) = sin(2*pi*t/period + phase):
//   rotation:    base * turn(axis, amplitude * w(t))   (2D: every rotation turns about z)
//   translation: center + swing * w(t)                 (in the parent's frame, on the rest translation)
//   scale:       center + swing * w(t)                 (per axis of the bone's frame)
// A (bone, property) driven by several channels takes them all, in the order listed: rotations
// multiply, translations add, scales multiply (the sum and product clamped to the pose's ranges).
// A property no channel drives keeps the rig's pose.
struct StateChannel {
    int bone = -1;
    ChannelProperty property = ChannelProperty::Rotation;
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
StateChannel still_channel(int bone, ChannelProperty property);

// The rule every translation or scale channel keeps, so that what it drives stays in the pose's
// range at every time: per axis, center - |swing| and center + |swing| within +-kMaxCoordinate
// (translation) or [0, kMaxPoseScale] (scale), every number finite. Rotation channels always
// pass. channel_range_rule words it for messages.
bool channel_stays_in_range(const StateChannel& c);
std::string channel_range_rule(ChannelProperty p);

struct State {
    std::string name;
    std::vector<StateChannel> channels;

    bool operator==(const State&) const = default;
};

enum class Easing { Cosine, Linear, Smoothstep };

const char* easing_name(Easing e);  // "cosine", "linear", "smoothstep"

struct TransitionSettings {
    float duration = 0.5f;  // seconds, >= 0
    Easing easing = Easing::Cosine;

    bool operator==(const TransitionSettings&) const = default;
};

}  // namespace marionette
