#include "core/io/gltf/gltf_picture_deform.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/anim/state.hpp"

namespace marionette::gltf {

namespace {

bool is_no_offset(const std::vector<glm::vec2>& offsets) {
    return std::all_of(offsets.begin(), offsets.end(), [](const glm::vec2& d) { return d == glm::vec2(0.0f); });
}

// Each key's place among the shapes (-1: no offset, no target).
std::vector<int> deform_key_targets(const DeformTrack& track, const std::vector<std::vector<glm::vec2>>& shapes) {
    std::vector<int> out;
    for (const DeformKey& k : track.keys) {
        const auto at = std::find(shapes.begin(), shapes.end(), k.offsets);
        out.push_back(at == shapes.end() ? -1 : static_cast<int>(at - shapes.begin()));
    }
    return out;
}

// The targets' weights at `time` (seconds into the track's keys), as sample_deform_track mixes
// the keys' offsets (deform_mix_at).
void add_deform_weights_at(const DeformTrack& track, const std::vector<int>& targets, std::size_t count, double time,
                           std::vector<float>& out) {
    std::vector<float> weights(count, 0.0f);
    const auto give = [&](std::size_t key, float weight) {
        if (targets[key] >= 0) weights[static_cast<std::size_t>(targets[key])] += weight;
    };
    const DeformKeyMix mix = deform_mix_at(track, time);
    if (mix.from == mix.to) {
        give(mix.from, 1.0f);
    } else {
        give(mix.from, 1.0f - mix.fraction);
        give(mix.to, mix.fraction);
    }
    out.insert(out.end(), weights.begin(), weights.end());
}

bool all_deform_keys_are(const DeformTrack& track, Interpolation interpolation) {
    return std::all_of(track.keys.begin(), track.keys.end() - 1, [&](const DeformKey& k) { return k.interpolation == interpolation; });
}

}  // namespace

std::vector<std::vector<glm::vec2>> deform_shapes(const Rig& rig, int slot, int attachment) {
    std::vector<std::vector<glm::vec2>> shapes;
    for (const State& state : rig.states) {
        for (const DeformTrack& track : state.deform) {
            if (track.slot != slot || track.attachment != attachment) continue;
            for (const DeformKey& k : track.keys) {
                if (!is_no_offset(k.offsets) && std::find(shapes.begin(), shapes.end(), k.offsets) == shapes.end())
                    shapes.push_back(k.offsets);
            }
        }
    }
    return shapes;
}

void add_deform_weights(Writer& w, tinygltf::Animation& anim, const Rig& rig, const State& state, double seconds,
                        const std::vector<std::vector<int>>& nodes) {
    // A state with channels is sampled over several loops of its keys, every frame; a keyed one
    // plays them once.
    const bool loops = !state.channels.empty() && state.loop;
    const double length = static_cast<double>(state_length(state));
    const double frame = 1.0 / static_cast<double>(rig.fps);
    for (const DeformTrack& track : state.deform) {
        if (track.keys.empty() || track.slot < 0 || static_cast<std::size_t>(track.slot) >= nodes.size()) continue;
        const std::vector<int>& slot_nodes = nodes[static_cast<std::size_t>(track.slot)];
        if (track.attachment < 0 || static_cast<std::size_t>(track.attachment) >= slot_nodes.size()) continue;
        const int node = slot_nodes[static_cast<std::size_t>(track.attachment)];
        const std::vector<std::vector<glm::vec2>> shapes = deform_shapes(rig, track.slot, track.attachment);
        if (node < 0 || shapes.empty()) continue;
        const bool linear = !loops && all_deform_keys_are(track, Interpolation::Linear);
        const bool step = !loops && all_deform_keys_are(track, Interpolation::Step);
        std::set<double> times;
        for (double start = 0.0; start <= seconds; start += length) {
            for (const DeformKey& k : track.keys) {
                if (start + static_cast<double>(k.time) <= seconds) times.insert(start + static_cast<double>(k.time));
            }
            if (!loops || !(length > 0.0)) break;
        }
        // Curves, and the seams between loops, are followed frame by frame.
        if (!linear && !step) {
            const double from = loops ? 0.0 : static_cast<double>(track.keys.front().time);
            const double to = loops ? seconds : static_cast<double>(track.keys.back().time);
            for (double i = std::ceil(from / frame); i * frame <= to + 1e-9; i += 1.0) times.insert(std::min(i * frame, to));
        }
        const std::vector<int> targets = deform_key_targets(track, shapes);
        std::vector<float> inputs, weights;
        for (double t : times) {
            // A key's time and a frame's can be two doubles but one float (0.8f and 24 / 30):
            // written once, or the times would not increase.
            if (!inputs.empty() && static_cast<float>(t) <= inputs.back()) continue;
            inputs.push_back(static_cast<float>(t));
            add_deform_weights_at(track, targets, shapes.size(), loops ? keyed_time(state, t) : t, weights);
        }
        tinygltf::AnimationSampler sampler;
        sampler.input = w.floats(inputs, TINYGLTF_TYPE_SCALAR, 1, true);
        sampler.output = w.floats(weights, TINYGLTF_TYPE_SCALAR, 1);
        sampler.interpolation = step ? "STEP" : "LINEAR";
        anim.samplers.push_back(sampler);
        tinygltf::AnimationChannel channel;
        channel.sampler = static_cast<int>(anim.samplers.size()) - 1;
        channel.target_node = node;
        channel.target_path = "weights";
        anim.channels.push_back(channel);
    }
}

}  // namespace marionette::gltf
