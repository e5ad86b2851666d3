#include "editor/state_player.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

void StatePlayer::tick(const Rig& rig, double seconds) {
    forget_missing_states(machine_, rig);
    if (!playing_ || !(seconds > 0.0)) {
        advance(machine_, 0.0);
        return;
    }
    const double dt = seconds * static_cast<double>(time_scale_);
    advance(machine_, dt);
    if (!auto_cycle_ || rig.states.empty()) return;
    since_switch_ += dt;
    if (since_switch_ < static_cast<double>(*auto_cycle_)) return;
    since_switch_ = std::fmod(since_switch_, static_cast<double>(*auto_cycle_));
    // The next state in the list after the active one (the rig's pose counts as before the first).
    const int next = (active_state(machine_) + 1) % static_cast<int>(rig.states.size());
    switch_state(machine_, rig, next, rig.transition);
}

void StatePlayer::show(const Rig& rig, int state) {
    if (state >= static_cast<int>(rig.states.size())) return;
    switch_state(machine_, rig, state < 0 ? kRigPose : state, rig.transition);
    since_switch_ = 0.0;
}

void StatePlayer::stop() {
    jump_to_state(machine_, kRigPose);
    since_switch_ = 0.0;
}

void StatePlayer::set_time_scale(float scale) {
    if (std::isfinite(scale) && scale >= 0.0f && scale <= 10.0f) time_scale_ = scale;
}

void StatePlayer::set_auto_cycle(std::optional<float> seconds) {
    if (seconds && !(std::isfinite(*seconds) && *seconds > 0.0f)) return;
    auto_cycle_ = seconds ? std::optional<float>(std::max(0.1f, *seconds)) : std::nullopt;
    since_switch_ = 0.0;
}

}  // namespace marionette
