#include "core/anim/state_machine.hpp"

#include "core/anim/state_ik.hpp"
#include "core/anim/state_pose.hpp"

namespace marionette {

namespace {

float progress(const StateLayer& layer, double clock) {
    if (!(layer.duration > 0.0f)) return 1.0f;
    const double t = (clock - layer.start) / static_cast<double>(layer.duration);
    return t <= 0.0 ? 0.0f : (t >= 1.0 ? 1.0f : static_cast<float>(t));
}

void sample_layer(const StateLayer& layer, const Rig& rig, double clock, Pose& out, KeyedClipCache* clips = nullptr) {
    if (layer.state >= 0 && static_cast<std::size_t>(layer.state) < rig.states.size()) {
        const auto state = static_cast<std::size_t>(layer.state);
        const State& st = rig.states[state];
        const double local = clock - layer.start;
        if (clips && !st.tracks.empty()) {
            sample_state(st, clips->playback(rig, state), clock, local, rig.pose, out);
        } else {
            sample_state(st, rig.is_2d(), clock, local, rig.pose, out);
        }
        // keyed_time measures the state's length: only for a state that keys a chain's mix.
        if (!st.chain_tracks.empty()) solve_state_chains(rig, st, keyed_time(st, local), out);
    } else {
        out = rig.pose;
    }
}

}  // namespace

int active_state(const StateMachine& m) { return m.layers.back().state; }

bool in_transition(const StateMachine& m) { return m.layers.size() > 1 && progress(m.layers.back(), m.clock) < 1.0f; }

std::optional<int> blending_from(const StateMachine& m) {
    if (!in_transition(m)) return std::nullopt;
    return m.layers[m.layers.size() - 2].state;
}

float blend_weight(const StateMachine& m) {
    if (m.layers.size() < 2) return 1.0f;
    const StateLayer& top = m.layers.back();
    return ease(top.easing, progress(top, m.clock));
}

void switch_state(StateMachine& m, const Rig& rig, int state, const TransitionSettings& settings) {
    if (state == active_state(m)) return;
    m.layers.push_back(StateLayer{state, m.clock, settings.duration, settings.easing});
    if (!(settings.duration > 0.0f)) {
        // Arrived at once: nothing beneath can show again.
        m.layers.erase(m.layers.begin(), m.layers.end() - 1);
        m.frozen_bottom.reset();
        return;
    }
    if (m.layers.size() > kMaxStateLayers) {
        // Flatten the two bottom layers into the pose they show now. From here on that part
        // stands still under the blends above it: a change of speed, not of position.
        Pose bottom;
        if (m.frozen_bottom) {
            bottom = *m.frozen_bottom;
        } else {
            sample_layer(m.layers[0], rig, m.clock, bottom);
        }
        Pose next;
        sample_layer(m.layers[1], rig, m.clock, next);
        if (next.rotations.size() == bottom.rotations.size()) {
            blend_poses(bottom, next, ease(m.layers[1].easing, progress(m.layers[1], m.clock)), bottom);
        }
        m.frozen_bottom = std::move(bottom);
        m.layers.erase(m.layers.begin());
        m.layers.front().duration = 0.0f;  // it is the frozen bottom now, shown at full weight
    }
}

void jump_to_state(StateMachine& m, int state) {
    m.layers.assign(1, StateLayer{state, m.clock, 0.0f, Easing::Cosine});
    m.frozen_bottom.reset();
}

namespace {
void drop_hidden_layers(StateMachine& m) {
    // The topmost layer that has fully arrived hides everything under it.
    for (std::size_t i = m.layers.size(); i-- > 1;) {
        if (progress(m.layers[i], m.clock) >= 1.0f) {
            m.layers.erase(m.layers.begin(), m.layers.begin() + static_cast<std::ptrdiff_t>(i));
            m.frozen_bottom.reset();
            return;
        }
    }
}
}  // namespace

void advance(StateMachine& m, double dt) {
    if (dt > 0.0) m.clock += dt;
    drop_hidden_layers(m);
}

void set_clock(StateMachine& m, double clock) {
    m.clock = clock;
    drop_hidden_layers(m);
}

void sample(const StateMachine& m, const Rig& rig, Pose& out, KeyedClipCache* clips) {
    if (m.frozen_bottom && m.frozen_bottom->rotations.size() == rig.pose.rotations.size()) {
        out = *m.frozen_bottom;
    } else {
        sample_layer(m.layers[0], rig, m.clock, out, clips);
    }
    if (m.layers.size() < 2) return;
    Pose local;
    Pose& layer = clips ? clips->scratch_pose() : local;
    for (std::size_t i = 1; i < m.layers.size(); ++i) {
        sample_layer(m.layers[i], rig, m.clock, layer, clips);
        blend_poses(out, layer, ease(m.layers[i].easing, progress(m.layers[i], m.clock)), out);
    }
}

namespace {

void sample_slot_layer(const StateLayer& layer, const Rig& rig, double clock, SlotPose& out) {
    setup_slot_pose(rig.slots, rig.skin, out);
    if (layer.state < 0 || static_cast<std::size_t>(layer.state) >= rig.states.size()) return;
    const State& state = rig.states[static_cast<std::size_t>(layer.state)];
    const double time = keyed_time(state, clock - layer.start);
    sample_skin_keys(state.skin_keys, time, out);
    sample_slot_tracks(state.slot_tracks, state.draw_order, time, out);
    sample_deform_tracks(rig.slots, state.deform, time, out);
}

}  // namespace

void sample_slots(const StateMachine& m, const Rig& rig, SlotPose& out) {
    sample_slot_layer(m.layers[0], rig, m.clock, out);
    SlotPose layer;
    for (std::size_t i = 1; i < m.layers.size(); ++i) {
        sample_slot_layer(m.layers[i], rig, m.clock, layer);
        blend_slot_poses(out, layer, ease(m.layers[i].easing, progress(m.layers[i], m.clock)), out);
    }
}

void forget_missing_states(StateMachine& m, const Rig& rig, const std::vector<int>* remap) {
    const int count = static_cast<int>(rig.states.size());
    for (StateLayer& layer : m.layers) {
        if (remap && layer.state >= 0) {
            layer.state =
                static_cast<std::size_t>(layer.state) < remap->size() ? (*remap)[static_cast<std::size_t>(layer.state)] : kRigPose;
        }
        if (layer.state >= count) layer.state = kRigPose;
    }
    if (m.frozen_bottom && m.frozen_bottom->rotations.size() != rig.pose.rotations.size()) m.frozen_bottom.reset();
}

}  // namespace marionette
