#include "editor/timeline/state_player.hpp"

#include "core/anim/state_ik.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/anim/state_pose.hpp"

namespace marionette {

void StatePlayer::tick(const Rig& rig, double seconds) {
    forget_missing_states(machine_, rig);
    if (active_state(machine_) == kRigPose) scrub_.reset();  // the scrubbed state was deleted
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
    if (scrub_ && state == active_state(machine_)) return;  // already showing, still: stay there
    scrub_.reset();
    switch_state(machine_, rig, state < 0 ? kRigPose : state, rig.transition);
    since_switch_ = 0.0;
}

void StatePlayer::seek(const Rig& rig, int state, double time) {
    if (state < 0 || state >= static_cast<int>(rig.states.size()) || !std::isfinite(time)) return;
    time = std::clamp(time, 0.0, static_cast<double>(kMaxKeyTime));
    // The layer starts at clock 0, so its local time is the clock: playing goes on from here.
    machine_.clock = 0.0;
    jump_to_state(machine_, state);
    set_clock(machine_, time);
    scrub_ = time;
    playing_ = false;
    since_switch_ = 0.0;
}

double StatePlayer::playhead(const Rig& rig) const {
    if (scrub_) return *scrub_;
    const int active = active_state(machine_);
    if (active < 0 || active >= static_cast<int>(rig.states.size())) return 0.0;
    const State& state = rig.states[static_cast<std::size_t>(active)];
    const double local = machine_.clock - machine_.layers.back().start;
    return !is_keyed(state) ? std::max(0.0, local) : keyed_time(state, local);
}

void StatePlayer::set_playing(bool playing) {
    playing_ = playing;
    if (playing) scrub_.reset();
}

void StatePlayer::sample(const Rig& rig, Pose& out) const { sample_into(rig, out, nullptr); }

void StatePlayer::sample(const Document& document, Pose& out) const {
    clips_.sync(document.rig(), document.revision());
    sample_into(document.rig(), out, &clips_);
}

void StatePlayer::sample_into(const Rig& rig, Pose& out, KeyedClipCache* clips) const {
    const int active = active_state(machine_);
    if (scrub_ && machine_.layers.size() == 1 && active >= 0 && active < static_cast<int>(rig.states.size())) {
        const State& state = rig.states[static_cast<std::size_t>(active)];
        if (clips) {
            sample_state_at(state, clips->playback(rig, static_cast<std::size_t>(active)), *scrub_, *scrub_, rig.pose, out);
        } else {
            sample_state_at(state, rig.is_2d(), *scrub_, *scrub_, rig.pose, out);
        }
        solve_state_chains(rig, state, *scrub_, out);
        return;
    }
    marionette::sample(machine_, rig, out, clips);
}

void StatePlayer::sample_slots(const Rig& rig, SlotPose& out) const {
    const int active = active_state(machine_);
    if (scrub_ && machine_.layers.size() == 1 && active >= 0 && active < static_cast<int>(rig.states.size())) {
        const State& state = rig.states[static_cast<std::size_t>(active)];
        setup_slot_pose(rig.slots, rig.skin, out);
        sample_skin_keys(state.skin_keys, *scrub_, out);
        sample_slot_tracks(state.slot_tracks, state.draw_order, *scrub_, out);
        sample_deform_tracks(rig.slots, state.deform, *scrub_, out);
        return;
    }
    marionette::sample_slots(machine_, rig, out);
}

void StatePlayer::stop() {
    scrub_.reset();
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

std::string shown_state_name(const Rig& rig, int state) {
    const std::string* name = state_name(rig, state);
    return name ? *name : std::string(kRigPoseName);
}

std::string playback_text(const Rig& rig, const StatePlayer& player) {
    const StateMachine& m = player.machine();
    char text[64];
    const int active = active_state(m);
    if (const std::optional<int> from = blending_from(m)) {
        std::snprintf(text, sizeof text, "  %.0f%%", 100.0 * blend_weight(m));
        return shown_state_name(rig, *from) + " -> " + shown_state_name(rig, active) + text;
    }
    if (active >= 0 && static_cast<std::size_t>(active) < rig.states.size() && is_keyed(rig.states[static_cast<std::size_t>(active)])) {
        // A keyed state's own time, where its keys are: the playhead (scrubbed, or since the
        // state was entered, looped or held). Scrubbed to a loop's end it says the end, as the
        // pose there shows the last key.
        const State& keyed = rig.states[static_cast<std::size_t>(active)];
        std::snprintf(text, sizeof text, "  %.2f s of %.2f", player.playhead(rig), static_cast<double>(state_length(keyed)));
        return keyed.name + text;
    }
    std::snprintf(text, sizeof text, "  %.2f s", m.clock);
    return shown_state_name(rig, active) + text;
}

}  // namespace marionette
