// Keyed states (issue 17, point 10): sampling a keyed state of 1,000 bones with 3 tracks each
// (target <= 50 us a frame, no allocation a frame), and loading a clip of 1,000,000 keys
// (target <= 0.3 s). Run with `./build/bench/keyed_state_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>

#include <string>

#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/io/json/fast_json.hpp"
#include "core/io/json/json_document.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/script/benchmark_rig.hpp"

using namespace marionette;

namespace {

// The --bench-frames rig grown to `bones` bones, with one keyed state: every bone's rotation,
// translation and scale keyed `keys` times over `keys / 30` seconds, with every interpolation.
Rig keyed_rig(int bones, int keys, bool mixed) {
    Rig rig = make_benchmark_rig(10, bones / 10);
    State walk{"walk", {}, {}, true};
    const Interpolation kinds[] = {Interpolation::Linear, Interpolation::Cosine, Interpolation::Bezier, Interpolation::Step};
    for (int b = 0; b < static_cast<int>(rig.skeleton.size()); ++b) {
        for (PoseProperty p : kPoseProperties) {
            KeyTrack t{b, p, {}};
            for (int k = 0; k < keys; ++k) {
                Key key;
                key.time = static_cast<float>(k) / 30.0f;
                const float wave = 0.2f * static_cast<float>((k * 7 + b) % 11) / 11.0f;
                key.rotation = glm::normalize(glm::quat{1.0f, wave, 0.5f * wave, 0.0f});
                key.vector = p == PoseProperty::Scale ? glm::vec3{1.0f + wave} : glm::vec3{wave, -wave, 0.5f * wave};
                key.interpolation = mixed ? kinds[static_cast<std::size_t>((k + b) % 4)] : Interpolation::Linear;
                t.keys.push_back(key);
            }
            walk.tracks.push_back(std::move(t));
        }
    }
    rig.states.push_back(std::move(walk));
    return rig;
}

// A frame of the state as the editor and --animate play it: the state machine showing it,
// its tracks read from the compiled clip with its cursor (keyed_clip.hpp).
void BM_PlayKeyedState(benchmark::State& state) {
    const Rig rig = keyed_rig(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), state.range(2) != 0);
    StateMachine machine;
    jump_to_state(machine, static_cast<int>(rig.states.size()) - 1);
    KeyedClipCache clips;
    clips.sync(rig, 0);
    Pose pose = rig.pose;
    sample(machine, rig, pose, &clips);  // compiles the clip: once, when the state is first shown
    for (auto _ : state) {
        sample(machine, rig, pose, &clips);
        benchmark::DoNotOptimize(pose.rotations.data());
        advance(machine, 1.0 / 60.0);
    }
    state.counters["tracks"] = static_cast<double>(rig.states.back().tracks.size());
}
// Arguments: bones, keys a track, and whether the keys mix every interpolation (1) or are all
// linear (0).
BENCHMARK(BM_PlayKeyedState)->Args({1000, 30, 0})->Args({1000, 30, 1})->Args({1000, 300, 1})->Unit(benchmark::kMicrosecond);

// The same frames sampled one at a time from the state's own tracks (a scrub, a ghost of the
// onion skin): each track's pair of keys found afresh.
void BM_SampleKeyedState(benchmark::State& state) {
    const Rig rig = keyed_rig(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), state.range(2) != 0);
    const State& walk = rig.states.back();
    Pose pose = rig.pose;
    double t = 0.0;
    for (auto _ : state) {
        sample_state(walk, false, t, t, rig.pose, pose);
        benchmark::DoNotOptimize(pose.rotations.data());
        t += 1.0 / 60.0;
    }
    state.counters["tracks"] = static_cast<double>(walk.tracks.size());
}
BENCHMARK(BM_SampleKeyedState)->Args({1000, 30, 0})->Args({1000, 30, 1})->Args({1000, 300, 1})->Unit(benchmark::kMicrosecond);

// A rig file's text whose state holds about `keys` keys: the --bench-frames rig of 1,001 bones,
// one rotation track each of keys / 1,001 keys.
std::string clip_text(int keys) {
    Rig rig = make_benchmark_rig(10, 100);
    State clip{"clip", {}, {}, true};
    const int per_track = keys / static_cast<int>(rig.skeleton.size());
    for (int b = 0; b < static_cast<int>(rig.skeleton.size()); ++b) {
        KeyTrack t{b, PoseProperty::Rotation, {}};
        for (int k = 0; k < per_track; ++k) {
            Key key;
            key.time = static_cast<float>(k) / 30.0f;
            key.rotation = glm::normalize(glm::quat{1.0f, 0.1f * static_cast<float>(k % 5), 0.0f, 0.05f * static_cast<float>(b % 3)});
            t.keys.push_back(key);
        }
        clip.tracks.push_back(std::move(t));
    }
    rig.states.push_back(std::move(clip));
    Result<std::string> text = serialize_rig(rig);
    return text ? std::move(text).value() : std::string();
}

// Reading a rig file whose state holds about 1,000,000 keys: the text parsed and checked into a
// Rig.
void BM_LoadKeyedClip(benchmark::State& state) {
    const std::string text = clip_text(static_cast<int>(state.range(0)));
    std::size_t loaded_keys = 0;
    for (auto _ : state) {
        Result<Rig> loaded = parse_rig(text);
        if (!loaded) {
            state.SkipWithError(loaded.message().c_str());
            return;
        }
        loaded_keys = 0;
        for (const KeyTrack& t : loaded.value().states.back().tracks) loaded_keys += t.keys.size();
        benchmark::DoNotOptimize(loaded_keys);
    }
    state.counters["keys"] = static_cast<double>(loaded_keys);
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(BM_LoadKeyedClip)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->Iterations(12);

// The same text parsed by the fast reader only (simdjson, with the duplicate-key check), no rig.
void BM_ParseKeyedClipFast(benchmark::State& state) {
    const std::string text = clip_text(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        std::unique_ptr<FastJsonDocument> doc = FastJsonDocument::parse(text);
        benchmark::DoNotOptimize(doc.get());
    }
}
BENCHMARK(BM_ParseKeyedClipFast)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same text parsed into a nlohmann tree only (what a load falls back to for its errors).
void BM_ParseKeyedClipJson(benchmark::State& state) {
    const std::string text = clip_text(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        Result<Json> doc = parse_json_document(text);
        benchmark::DoNotOptimize(doc.ok());
    }
}
BENCHMARK(BM_ParseKeyedClipJson)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
