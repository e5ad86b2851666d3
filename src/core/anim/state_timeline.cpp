#include "core/anim/state_timeline.hpp"

#include <charconv>
#include <cmath>

#include "core/base/number_text.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

std::string in_quotes(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(' ');
    if (first == std::string_view::npos) return {};
    return std::string(text.substr(first, text.find_last_not_of(' ') - first + 1));
}

// The shortest text that reads back as `value`: 1000.001, 0.02, 1e+300, 1200000.
std::string number_text(double value) {
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
    (void)ec;  // 32 characters hold any double
    return std::string(text, end);
}

std::string state_list(const Rig& rig) {
    if (rig.states.empty()) return "it has no states";
    std::string names = "it has: ";
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        if (i) names += ", ";
        names += listed_state_name(rig.states[i].name);
    }
    return names;
}

int find_state(const Rig& rig, std::string_view name) {
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        if (rig.states[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

// Whether some state's name starts with `prefix` (which ends in a comma).
bool state_name_continues(const Rig& rig, std::string_view prefix) {
    for (const State& state : rig.states) {
        if (std::string_view(state.name).starts_with(prefix)) return true;
    }
    return false;
}

// One entry, "NAME@SECONDS"; `where` is its "entry N "TEXT": " prefix for messages.
Result<TimelineEntry> parse_entry(std::string_view entry, const std::string& where, const Rig& rig, const std::string& rig_name) {
    const std::size_t at = entry.rfind('@');
    if (at == std::string_view::npos) return Error{where + "expected NAME@SECONDS"};
    const std::string_view name = entry.substr(0, at);
    const std::string_view time = entry.substr(at + 1);
    if (name.empty()) return Error{where + "no state name before the '@'"};
    if (trimmed(time).empty()) return Error{where + "no time after the '@'"};

    const int state = find_state(rig, name);
    if (state < 0) {
        // A space typed after a comma is the likely slip; say so rather than only "not a state".
        const bool spaces = trimmed(name) != name && find_state(rig, trimmed(name)) >= 0;
        return Error{where + in_quotes(name) + " is not a state of " + rig_name + " (" + state_list(rig) + ")" +
                     (spaces ? "; names match exactly, spaces included" : "")};
    }
    const std::optional<double> seconds = parse_number_text(time);
    if (!seconds) return Error{where + in_quotes(time) + " is not a number of seconds"};
    if (!std::isfinite(*seconds)) return Error{where + in_quotes(time) + " is not a finite number of seconds"};
    if (*seconds < 0.0) return Error{where + in_quotes(time) + " is before the start; times are 0 seconds or more"};
    return TimelineEntry{state, *seconds + 0.0};  // + 0.0: "-0" is 0, not a negative zero in the output
}

// What bake_timeline needs of a timeline built by hand rather than parsed.
Status check_timeline(const Rig& rig, std::span<const TimelineEntry> timeline) {
    const int states = static_cast<int>(rig.states.size());
    double previous = 0.0;
    for (std::size_t i = 0; i < timeline.size(); ++i) {
        const TimelineEntry& e = timeline[i];
        const std::string where = "timeline entry " + std::to_string(i + 1) + ": ";
        if (e.state < kRigPose || e.state >= states) {
            return Error{where + "state " + std::to_string(e.state) + " is not one of the rig's " + std::to_string(states)};
        }
        if (!std::isfinite(e.at) || e.at < previous) {
            return Error{where + number_text(e.at) + " s is not a finite time at or after " + number_text(previous) + " s"};
        }
        previous = e.at;
    }
    return {};
}

}  // namespace

std::string listed_state_name(std::string_view name) {
    return name.find(',') == std::string_view::npos ? std::string(name) : in_quotes(name);
}

Result<std::vector<TimelineEntry>> parse_state_timeline(std::string_view text, const Rig& rig, const std::string& rig_name) {
    if (trimmed(text).empty()) return Error{"is empty: give NAME@SECONDS entries, such as walking@0,climbing@2"};
    std::vector<TimelineEntry> timeline;
    std::string previous_time;  // as typed, for the message when a time goes back
    std::size_t start = 0;
    for (std::size_t number = 1;; ++number) {
        std::size_t comma = text.find(',', start);
        // A state's name may hold commas ("run, fast"): a piece with no '@' yet runs on over the
        // next comma while some state's name goes on that way.
        while (comma != std::string_view::npos && text.substr(start, comma - start).find('@') == std::string_view::npos &&
               state_name_continues(rig, text.substr(start, comma - start + 1))) {
            comma = text.find(',', comma + 1);
        }
        const std::string_view entry = text.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (trimmed(entry).empty()) return Error{"entry " + std::to_string(number) + " is empty"};
        const std::string where = "entry " + std::to_string(number) + " " + in_quotes(entry) + ": ";
        Result<TimelineEntry> parsed = parse_entry(entry, where, rig, rig_name);
        if (!parsed) return Error{parsed.message()};
        const std::string time = trimmed(entry.substr(entry.rfind('@') + 1));
        if (!timeline.empty() && parsed.value().at < timeline.back().at) {
            return Error{where + in_quotes(time) + " is earlier than entry " + std::to_string(number - 1) + "'s " +
                         in_quotes(previous_time) + "; times must not decrease"};
        }
        timeline.push_back(parsed.value());
        previous_time = time;
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return timeline;
}

double default_bake_seconds(const Rig& rig, std::span<const TimelineEntry> timeline) {
    const double last = timeline.empty() ? 0.0 : timeline.back().at;
    return last + static_cast<double>(rig.transition.duration) + 1.0;
}

Result<std::size_t> baked_frame_count(double fps, double seconds) {
    if (!(std::isfinite(fps) && fps > 0.0) || !(std::isfinite(seconds) && seconds > 0.0)) {
        return Error{number_text(seconds) + " s at " + number_text(fps) + " fps: both must be finite and above 0"};
    }
    // Compared in double, before any conversion to an integer could overflow: a product too
    // large even for a double is infinite, which the cap refuses too.
    const double frames = std::round(seconds * fps);
    const std::string what = number_text(seconds) + " s at " + number_text(fps) + " fps";
    if (is_under_one_frame(fps, seconds)) return Error{what + " is less than one frame"};
    if (frames > static_cast<double>(kMaxBakedFrames)) {
        // Counted in whole frames while that is exact, not "2e+06".
        const std::string count = frames < 1e15 ? std::to_string(static_cast<long long>(frames)) : number_text(frames);
        return Error{what + " is " + count + " frames; a bake holds at most " + std::to_string(kMaxBakedFrames)};
    }
    return static_cast<std::size_t>(frames);
}

bool is_under_one_frame(double fps, double seconds) { return std::round(seconds * fps) < 1.0; }

Status play_timeline(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count, Pose& pose,
                     const std::function<void(double time, const StateMachine& machine)>& on_frame) {
    if (!(std::isfinite(fps) && fps > 0.0)) return Error{"bake: " + number_text(fps) + " fps is not a finite rate above 0"};
    if (Status s = check_timeline(rig, timeline); !s) return Error{"bake: " + s.message()};
    if (!rig.pose.fits(rig.skeleton.size())) {
        return Error{"bake: the pose holds " + rig.pose.misfit(rig.skeleton.size()) + " for " + std::to_string(rig.skeleton.size()) +
                     " bones"};
    }
    pose = rig.pose;
    StateMachine machine;
    KeyedClipCache clips;
    clips.sync(rig, 0);  // the rig stays as it is throughout
    std::size_t next = 0;
    for (std::size_t i = 0; i < frame_count; ++i) {
        // Frame i at i / fps, not a sum of 1 / fps steps, so frame 60 at 30 fps is 2 s exactly.
        const double time = static_cast<double>(i) / fps;
        // Each switch due by now happens at its own time. The clock is set, not advanced by a
        // difference, so it lands on every entry's and frame's time exactly.
        for (; next < timeline.size() && timeline[next].at <= time; ++next) {
            const TimelineEntry& e = timeline[next];
            set_clock(machine, e.at);
            if (e.at == 0.0) {
                jump_to_state(machine, e.state);
            } else {
                switch_state(machine, rig, e.state, rig.transition);
            }
        }
        set_clock(machine, time);
        sample(machine, rig, pose, &clips);
        on_frame(time, machine);
    }
    return {};
}

Status bake_timeline(const Rig& rig, std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count,
                     const std::function<void(const BakedFrame&)>& on_frame) {
    BakedFrame frame;
    frame.world.resize(rig.skeleton.size());
    Pose pose = rig.pose;
    // The machine's poses keep the rig pose's size, so one validation covers every frame.
    const ForwardKinematicsJob fk{&rig.skeleton, &pose, frame.world};
    if (Status s = fk.validate(); !s) return Error{"bake: " + s.message()};
    return play_timeline(rig, timeline, fps, frame_count, pose, [&](double time, const StateMachine& machine) {
        fk.run();
        frame.time = time;
        frame.state = active_state(machine);
        frame.from = blending_from(machine);
        frame.weight = blend_weight(machine);
        frame.scales = pose.scales;  // same size every frame: no allocation after the first
        on_frame(frame);
    });
}

}  // namespace marionette
