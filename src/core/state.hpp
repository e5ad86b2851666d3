#pragma once
// States: named, time-varying poses. This file holds their data as the rig file stores it;
// evaluating and blending them is the state machine's job.

#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace marionette {

// One oscillating rotation of one joint:
// angle(t) = base + amplitude * sin(2*pi*t/period + phase), about `axis` (2D: z).
struct StateChannel {
    int bone = -1;
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  // in the bone's rest frame, unit length
    float base = 0.0f;                 // radians
    float amplitude = 0.0f;            // radians
    float period = 1.0f;               // seconds, > 0
    float phase = 0.0f;                // radians
};

struct State {
    std::string name;
    std::vector<StateChannel> channels;
};

enum class Easing { Cosine, Linear, Smoothstep };

const char* easing_name(Easing e);  // "cosine", "linear", "smoothstep"

struct TransitionSettings {
    float duration = 0.5f;  // seconds
    Easing easing = Easing::Cosine;
};

}  // namespace marionette
