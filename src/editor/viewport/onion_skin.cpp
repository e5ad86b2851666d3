#include "editor/viewport/onion_skin.hpp"

#include <algorithm>
#include <cmath>

#include "editor/edits/key_edits.hpp"

namespace marionette {

namespace {

// The nearest ghost is this opaque; the farthest still a third of it.
constexpr float kNearestOpacity = 0.5f;

float opacity(int distance, int count) {
    if (count <= 1) return kNearestOpacity;
    const float far = static_cast<float>(distance - 1) / static_cast<float>(count - 1);
    return kNearestOpacity * (1.0f - 0.67f * far);
}

// Every key time of the state, sorted, each once.
std::vector<double> key_times(const State& state) {
    std::vector<double> times;
    for (const KeyTrack& t : state.tracks) {
        for (const Key& k : t.keys) times.push_back(static_cast<double>(k.time));
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return b - a <= static_cast<double>(kSameKeyTime); }),
                times.end());
    return times;
}

}  // namespace

std::vector<OnionGhost> onion_ghosts(const State& state, double fps, double playhead, const OnionSkin& settings) {
    std::vector<OnionGhost> ghosts;
    if (!std::isfinite(playhead)) return ghosts;
    const int before = std::clamp(settings.before, 0, kMaxOnionGhosts);
    const int after = std::clamp(settings.after, 0, kMaxOnionGhosts);
    const double length = static_cast<double>(state_length(state));
    const bool wraps = state.loop && length > 0.0;
    if (settings.spacing == OnionSkin::Spacing::Keys) {
        const std::vector<double> times = key_times(state);
        const double eps = static_cast<double>(kSameKeyTime);
        // Before: the keys earlier than the playhead, latest first.
        const auto first_after = std::upper_bound(times.begin(), times.end(), playhead + eps);
        const auto first_at = std::lower_bound(times.begin(), times.end(), playhead - eps);
        int k = 1;
        for (auto it = first_at; it != times.begin() && k <= before; ++k) ghosts.push_back(OnionGhost{*--it, -k, opacity(k, before)});
        k = 1;
        for (auto it = first_after; it != times.end() && k <= after; ++it, ++k) ghosts.push_back(OnionGhost{*it, k, opacity(k, after)});
        return ghosts;
    }
    if (!(fps > 0.0) || !std::isfinite(fps)) return ghosts;
    const double step = static_cast<double>(std::clamp(settings.frames_apart, 1, 60)) / fps;
    const auto place = [&](int offset, int count) {
        double t = playhead + offset * step;
        if (wraps) {
            t = std::fmod(t, length);
            if (t < 0.0) t += length;
        } else if (t < 0.0 || (!state.loop && length > 0.0 && t > length + 1e-9)) {
            return;
        }
        ghosts.push_back(OnionGhost{t, offset, opacity(std::abs(offset), count)});
    };
    for (int k = 1; k <= before; ++k) place(-k, before);
    for (int k = 1; k <= after; ++k) place(k, after);
    return ghosts;
}

glm::vec4 onion_tint(const OnionGhost& ghost) {
    const glm::vec3 rgb = ghost.offset < 0 ? glm::vec3{0.95f, 0.35f, 0.3f} : glm::vec3{0.35f, 0.9f, 0.5f};
    return {rgb, ghost.opacity};
}

}  // namespace marionette
