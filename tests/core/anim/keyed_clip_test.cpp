// Compiled clips (keyed_clip.hpp): played forwards, backwards and across loops they give the
// very numbers the state's own tracks give, for every interpolation, property and dimension,
// with tracks of one key, tracks that start late and several tracks on one property; the
// clip cache forgets what a changed rig makes stale.

#include <random>

#include <gtest/gtest.h>

#include "core/anim/keyed_clip.hpp"
#include "core/anim/keyed_clip_cache.hpp"
#include "core/anim/state_machine.hpp"
#include "core/anim/state_pose.hpp"
#include "core/ik/ik_test_rigs.hpp"
#include "core/rig/document.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

constexpr Interpolation kKinds[] = {Interpolation::Step, Interpolation::Linear, Interpolation::Cosine, Interpolation::Bezier};

// A state of `bones` bones' worth of random tracks: every property, 0 to 6 keys (an empty track
// too), random start times and gaps, every interpolation, Bézier curves that overshoot, and
// now and then a second track on a property already driven.
State random_state(std::mt19937& rng, int bones, bool is_2d) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    State state{"random", {}, {}, true};
    for (int b = 0; b < bones; ++b) {
        for (PoseProperty p : kPoseProperties) {
            const int copies = unit(rng) < 0.2f ? 2 : 1;
            for (int c = 0; c < copies; ++c) {
                KeyTrack t{b, p, {}};
                const int n = static_cast<int>(unit(rng) * 7.0f);
                float time = unit(rng) < 0.3f ? unit(rng) * 2.0f : 0.0f;
                for (int k = 0; k < n; ++k) {
                    Key key;
                    key.time = time;
                    time += 0.05f + unit(rng);
                    key.angle = (unit(rng) - 0.5f) * 8.0f;
                    key.rotation = glm::normalize(glm::quat{unit(rng) - 0.5f, unit(rng) - 0.5f, unit(rng) - 0.5f, unit(rng) - 0.5f});
                    key.vector = p == PoseProperty::Scale ? glm::vec3{0.5f + unit(rng), 0.5f + unit(rng), is_2d ? 1.0f : 0.5f + unit(rng)}
                                                          : glm::vec3{unit(rng) - 0.5f, unit(rng) - 0.5f, is_2d ? 0.0f : unit(rng) - 0.5f};
                    key.interpolation = kKinds[static_cast<std::size_t>(unit(rng) * 3.999f)];
                    key.curve = BezierCurve{unit(rng), -1.0f + 3.0f * unit(rng), unit(rng), -1.0f + 3.0f * unit(rng)};
                    t.keys.push_back(key);
                }
                state.tracks.push_back(std::move(t));
            }
        }
    }
    return state;
}

// Times that play forwards in uneven steps, wrap back, stop on key times, and go before the
// first key and past the last.
std::vector<double> play_times(std::mt19937& rng, const State& state) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> times{0.0, 0.0, 0.01};
    double t = 0.0;
    for (int i = 0; i < 400; ++i) {
        t += unit(rng) < 0.1 ? -unit(rng) * 3.0 : unit(rng) * 0.2;
        times.push_back(std::max(t, -0.5));
        if (unit(rng) < 0.05) t = 0.0;
    }
    for (const KeyTrack& track : state.tracks) {
        for (const Key& k : track.keys) times.push_back(static_cast<double>(k.time));
    }
    times.push_back(1e6);
    times.push_back(3.0);
    return times;
}

}  // namespace

TEST(KeyedClip, PlaysTheSameNumbersAsTheTracksForwardsBackwardsAndAtKeys) {
    std::mt19937 rng(17);
    for (bool is_2d : {true, false}) {
        const State state = random_state(rng, 40, is_2d);
        const KeyedClip clip = compile_keyed_clip(state, is_2d);
        ASSERT_EQ(clip.tracks.size(), state.tracks.size());
        ClipCursor cursor;
        std::vector<TrackValue> values(clip.tracks.size());
        int compared = 0;
        for (double time : play_times(rng, state)) {
            const ClipSamplingJob job{&clip, time, &cursor, values};
            ASSERT_TRUE(job.validate().ok());
            job.run();
            for (std::size_t i = 0; i < state.tracks.size(); ++i) {
                const KeyTrack& track = state.tracks[i];
                if (track.keys.empty()) continue;
                TrackValue expected;
                sample_track_value(track, is_2d, time, expected.rotation, expected.vector);
                if (track.property == PoseProperty::Rotation) {
                    ASSERT_EQ(values[i].rotation, expected.rotation) << "2D " << is_2d << ", track " << i << " at " << time;
                } else {
                    ASSERT_EQ(values[i].vector, expected.vector) << "2D " << is_2d << ", track " << i << " at " << time;
                }
                ++compared;
            }
        }
        EXPECT_GT(compared, 10000);
    }
}

TEST(KeyedClip, AStatePlayedFromItsClipShowsThePoseItShowsSampledAlone) {
    std::mt19937 rng(5);
    for (bool is_2d : {true, false}) {
        State state = random_state(rng, 12, is_2d);
        StateChannel wave;
        wave.bone = 3;
        wave.property = PoseProperty::Rotation;
        wave.amplitude = 0.4f;
        wave.period = 0.7f;
        state.channels.push_back(wave);
        Pose rest = Pose::rest(12);
        rest.translations[2] = glm::vec3{0.5f, 0.25f, 0.0f};
        ClipPlayback playback;
        playback.clip = compile_keyed_clip(state, is_2d);
        for (double local : play_times(rng, state)) {
            Pose alone, played;
            sample_state(state, is_2d, local, local, rest, alone);
            sample_state(state, playback, local, local, rest, played);
            ASSERT_EQ(played, alone) << "2D " << is_2d << " at " << local;
        }
    }
}

TEST(KeyedClip, SamplingRefusesWhatItCannotRead) {
    State state{"s", {}, {KeyTrack{0, PoseProperty::Rotation, {Key{}}}}, true};
    const KeyedClip clip = compile_keyed_clip(state, true);
    ClipCursor cursor;
    std::vector<TrackValue> values(1), none;
    EXPECT_FALSE((ClipSamplingJob{nullptr, 0.0, &cursor, values}.validate().ok()));
    EXPECT_FALSE((ClipSamplingJob{&clip, 0.0, nullptr, values}.validate().ok()));
    EXPECT_FALSE((ClipSamplingJob{&clip, 0.0, &cursor, none}.validate().ok()));
    EXPECT_FALSE((ClipSamplingJob{&clip, std::nan(""), &cursor, values}.validate().ok()));
    EXPECT_TRUE((ClipSamplingJob{&clip, 0.0, &cursor, values}.validate().ok()));
}

TEST(KeyedClipCache, TheStateMachinePlaysTheSamePosesWithAndWithoutIt) {
    std::mt19937 rng(9);
    Rig rig = chain_rig(Dimensions::Three, std::vector<float>(9, 1.0f));
    rig.states.push_back(random_state(rng, 10, false));
    State swing{"swing", {}, {}, true};
    StateChannel c;
    c.bone = 1;
    c.amplitude = 0.5f;
    swing.channels.push_back(c);
    rig.states.push_back(swing);
    StateMachine machine;
    KeyedClipCache clips;
    clips.sync(rig, 0);
    jump_to_state(machine, 0);
    for (int frame = 0; frame < 600; ++frame) {
        if (frame % 97 == 40) switch_state(machine, rig, active_state(machine) == 0 ? 1 : 0, TransitionSettings{0.8f, Easing::Cosine});
        Pose cached, plain;
        sample(machine, rig, cached, &clips);
        sample(machine, rig, plain);
        ASSERT_EQ(cached, plain) << "frame " << frame;
        advance(machine, 1.0 / 60.0);
    }
}

TEST(Document, NoTwoDocumentsShareARevision) {
    Document one, two;
    EXPECT_NE(one.revision(), two.revision());
    const std::uint64_t first = one.revision();
    one.edit([](Rig&) {});
    EXPECT_NE(one.revision(), first);
    EXPECT_NE(one.revision(), two.revision());
    Document three;
    EXPECT_NE(three.revision(), first);
}
