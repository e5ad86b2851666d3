#pragma once
// States: named, time-varying poses (walking, climbing). This file holds their data as the rig
// file stores it; state_pose.hpp evaluates and blends them, state_machine.hpp switches them.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace marionette {

// One driven rotation of one joint: a base rotation, then an oscillation about `axis`,
//   rotation(t) = base * turn(axis, amplitude * sin(2*pi*t/period + phase)),
// on top of the bone's rest rotation (2D: every rotation turns about z). A bone driven by
// several channels takes their product, in the order listed.
struct StateChannel {
    int bone = -1;
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  // unit length, in the frame the base leaves the bone in
    glm::quat base{1.0f, 0.0f, 0.0f, 0.0f};
    float amplitude = 0.0f;  // radians
    float period = 1.0f;     // seconds, > 0
    float phase = 0.0f;      // radians

    bool operator==(const StateChannel&) const = default;
};

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
