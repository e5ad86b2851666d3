#include "editor/edits/state_edits.hpp"

#include <cmath>
#include <unordered_set>

#include "core/base/utf8.hpp"
#include "core/math/angles.hpp"
#include "core/math/unit_length.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/unique_name.hpp"

namespace marionette {

using namespace edit_checks;

namespace {

constexpr float kMaxChannelAngle = static_cast<float>(kMaxFileDegrees * kPiDouble / 180.0);
constexpr float kMaxTransitionSeconds = 3600.0f;

std::string state_label(const Rig& rig, int state) { return "state \"" + rig.states[static_cast<std::size_t>(state)].name + "\""; }

bool is_identity(const glm::quat& q) { return q.x == 0.0f && q.y == 0.0f && q.z == 0.0f; }

// Whether the rig's pose has `bone`'s `property` away from rest.
bool is_posed(const Pose& pose, std::size_t bone, PoseProperty property) {
    switch (property) {
        case PoseProperty::Rotation: return !is_identity(pose.rotations[bone]);
        case PoseProperty::Translation: return pose.translations[bone] != glm::vec3{0.0f};
        case PoseProperty::Scale: return pose.scales[bone] != glm::vec3{1.0f};
    }
    return false;
}

// Sets the still value of `c` (its rotation base or its center) to the pose's value of its
// property, or to rest when `at_rest`.
void hold_at(StateChannel& c, const Pose& pose, bool at_rest) {
    const auto b = static_cast<std::size_t>(c.bone);
    switch (c.property) {
        case PoseProperty::Rotation: c.base = at_rest ? glm::quat{1.0f, 0.0f, 0.0f, 0.0f} : pose.rotations[b]; break;
        case PoseProperty::Translation: c.center = at_rest ? glm::vec3{0.0f} : pose.translations[b]; break;
        case PoseProperty::Scale: c.center = at_rest ? glm::vec3{1.0f} : pose.scales[b]; break;
    }
}

StateChannel still_channel(const Rig& rig, const State& state, int bone, PoseProperty property) {
    StateChannel c = still_channel(bone, property);
    hold_at(c, rig.pose, false);
    if (!state.channels.empty()) c.period = state.channels.front().period;
    const auto& limits = rig.skeleton[static_cast<std::size_t>(bone)].limits;
    if (property == PoseProperty::Rotation && !rig.is_2d() && limits && limits->hinge) c.axis = *limits->hinge;
    return c;
}

std::string channel_label(const Rig& rig, const StateChannel& c) {
    return rig.skeleton[static_cast<std::size_t>(c.bone)].name + "'s " + pose_property_name(c.property);
}

Result<float> checked_angle(float angle, const std::string& what) {
    if (!std::isfinite(angle) || std::fabs(angle) > kMaxChannelAngle) {
        return Error{what + ": must be a finite angle within +-36000 degrees, got " + number_text(angle)};
    }
    return angle;
}

}  // namespace

Status check_state_name(const Rig& rig, std::string_view name, int renamed) {
    if (name.empty()) return Error{"a state name must not be empty"};
    if (auto bad = find_invalid_utf8(name)) {
        return Error{"the name is not valid UTF-8 (byte " + std::to_string(*bad + 1) + " of " + std::to_string(name.size()) +
                     " starts an invalid sequence)"};
    }
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        if (rig.states[i].name == name && static_cast<int>(i) != renamed) {
            return Error{"the name \"" + std::string(name) + "\" is already taken by state " + std::to_string(i)};
        }
    }
    return {};
}

std::string unique_state_name(const Rig& rig, std::string_view base) {
    std::unordered_set<std::string_view> taken;
    for (const State& s : rig.states) taken.insert(s.name);
    return unique_name(taken, base.empty() ? std::string_view("state") : base);
}

Result<Rig> add_state(const Rig& rig, std::optional<std::string> name) {
    std::string state_name = name ? std::move(*name) : unique_state_name(rig, "state");
    if (Status s = check_state_name(rig, state_name, -1); !s) return Error{"cannot add a state: " + s.message()};
    Rig out = rig;
    out.states.push_back(State{std::move(state_name), {}, {}, true});
    return out;
}

Result<Rig> add_state_from_pose(const Rig& rig, std::optional<std::string> name) {
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot capture the pose: " + s.message()};
    Result<Rig> added = add_state(rig, std::move(name));
    if (!added) return added;
    return capture_pose(added.value(), static_cast<int>(added.value().states.size()) - 1);
}

Result<Rig> duplicate_state(const Rig& rig, int state) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot duplicate: " + s.message()};
    Rig out = rig;
    State copy = rig.states[static_cast<std::size_t>(state)];
    copy.name = unique_state_name(rig, copy.name);
    out.states.insert(out.states.begin() + state + 1, std::move(copy));
    return out;
}

Result<Rig> rename_state(const Rig& rig, int state, std::string_view name) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot rename: " + s.message()};
    if (Status s = check_state_name(rig, name, state); !s) return Error{"cannot rename " + state_label(rig, state) + ": " + s.message()};
    Rig out = rig;
    out.states[static_cast<std::size_t>(state)].name = std::string(name);
    return out;
}

Result<Rig> delete_state(const Rig& rig, int state) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot delete: " + s.message()};
    Rig out = rig;
    out.states.erase(out.states.begin() + state);
    return out;
}

Result<Rig> capture_pose(const Rig& rig, int state) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot capture the pose: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot capture the pose: " + s.message()};
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    // Per bone, which properties a channel drives already (bit i: kPoseProperties[i]).
    std::vector<unsigned> driven(rig.skeleton.size(), 0u);
    for (StateChannel& c : target.channels) {
        if (c.bone < 0 || static_cast<std::size_t>(c.bone) >= rig.skeleton.size()) continue;
        const auto b = static_cast<std::size_t>(c.bone);
        const unsigned bit = 1u << static_cast<unsigned>(c.property);
        hold_at(c, rig.pose, (driven[b] & bit) != 0);
        driven[b] |= bit;
        if (!channel_stays_in_range(c)) {
            return Error{"cannot capture the pose: " + channel_label(rig, c) + " would leave its range with the channel's swing (" +
                         channel_range_rule(c.property) + "): make the swing smaller first"};
        }
    }
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        for (PoseProperty p : kPoseProperties) {
            const bool is_driven = (driven[b] & (1u << static_cast<unsigned>(p))) != 0;
            if (!is_driven && is_posed(rig.pose, b, p)) target.channels.push_back(still_channel(rig, target, static_cast<int>(b), p));
        }
    }
    return out;
}

Result<Rig> add_channel(const Rig& rig, int state, int bone, PoseProperty property) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot add a channel: " + s.message()};
    if (Status s = check_bone(rig, bone); !s) return Error{"cannot add a channel: " + s.message()};
    if (Status s = check_pose_matches(rig); !s) return Error{"cannot add a channel: " + s.message()};
    const State& shown = rig.states[static_cast<std::size_t>(state)];
    if (const int row = channel_driving(shown, bone, property); row >= 0) {
        return Error{"cannot add a channel: " + state_label(rig, state) + " already drives " +
                     rig.skeleton[static_cast<std::size_t>(bone)].name + "'s " + pose_property_name(property) + " (row " +
                     std::to_string(row + 1) + "): edit that row"};
    }
    Rig out = rig;
    State& target = out.states[static_cast<std::size_t>(state)];
    target.channels.push_back(still_channel(rig, target, bone, property));
    return out;
}

int channel_driving(const State& state, int bone, PoseProperty property) {
    for (std::size_t i = 0; i < state.channels.size(); ++i) {
        if (state.channels[i].bone == bone && state.channels[i].property == property) return static_cast<int>(i);
    }
    return -1;
}

Result<Rig> remove_channel(const Rig& rig, int state, int channel) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot remove a channel: " + s.message()};
    const auto& channels = rig.states[static_cast<std::size_t>(state)].channels;
    if (channel < 0 || static_cast<std::size_t>(channel) >= channels.size()) {
        return Error{"cannot remove a channel: " + state_label(rig, state) + " has no channel " + std::to_string(channel)};
    }
    Rig out = rig;
    auto& edited = out.states[static_cast<std::size_t>(state)].channels;
    edited.erase(edited.begin() + channel);
    return out;
}

Result<Rig> set_channel(const Rig& rig, int state, int channel, const StateChannel& value) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set a channel: " + s.message()};
    const auto& channels = rig.states[static_cast<std::size_t>(state)].channels;
    if (channel < 0 || static_cast<std::size_t>(channel) >= channels.size()) {
        return Error{"cannot set a channel: " + state_label(rig, state) + " has no channel " + std::to_string(channel)};
    }
    const std::string what = state_label(rig, state) + " channel " + std::to_string(channel);
    if (Status s = check_bone(rig, value.bone); !s) return Error{what + ": " + s.message()};
    StateChannel c = value;
    if (c.property == PoseProperty::Rotation) {
        const std::optional<glm::vec3> axis = is_finite(c.axis) ? unit_direction(c.axis) : std::nullopt;
        if (!axis) return Error{what + ": the axis must be a finite, non-zero direction"};
        c.axis = *axis;
        if (rig.is_2d() && (c.axis.x != 0.0f || c.axis.y != 0.0f || c.axis.z <= 0.0f)) {
            return Error{what + ": a 2D joint turns about z; the axis must be [0, 0, 1]"};
        }
        Result<glm::quat> base = checked_rotation(rig, c.base, what + ": base");
        if (!base) return Error{base.message()};
        c.base = base.value();
        if (Result<float> a = checked_angle(c.amplitude, what + ": amplitude"); !a) return Error{a.message()};
    } else {
        const float flat_z = c.property == PoseProperty::Scale ? 1.0f : 0.0f;
        if (rig.is_2d() && (c.center.z != flat_z || c.swing.z != 0.0f)) {
            return Error{what + ": a 2D rig has no z; the base's z must be " + number_text(flat_z) + " and the swing's 0"};
        }
        if (!channel_stays_in_range(c)) return Error{what + ": " + channel_range_rule(c.property)};
    }
    if (Result<float> a = checked_angle(c.phase, what + ": phase"); !a) return Error{a.message()};
    if (!std::isfinite(c.period) || !(c.period > 0.0f)) {
        return Error{what + ": the period must be a finite number of seconds > 0, got " + number_text(c.period)};
    }
    Rig out = rig;
    out.states[static_cast<std::size_t>(state)].channels[static_cast<std::size_t>(channel)] = c;
    return out;
}

Result<Rig> set_state_loop(const Rig& rig, int state, bool loop) {
    if (Status s = check_state(rig, state); !s) return Error{"cannot set looping: " + s.message()};
    Rig out = rig;
    out.states[static_cast<std::size_t>(state)].loop = loop;
    return out;
}

Result<Rig> take_pose(const Rig& rig, const Pose& pose) {
    if (!pose.fits(rig.skeleton.size())) {
        return Error{"cannot take the pose: it has " + pose.misfit(rig.skeleton.size()) + " for " + std::to_string(rig.skeleton.size()) +
                     " bones"};
    }
    Rig out = rig;
    for (std::size_t b = 0; b < pose.rotations.size(); ++b) {
        Result<glm::quat> q = checked_rotation(rig, pose.rotations[b], "pose of " + bone_label(rig, static_cast<int>(b)));
        if (!q) return Error{q.message()};
        out.pose.rotations[b] = q.value();
        Result<glm::vec3> t = checked_position(rig, pose.translations[b], "pose translation of " + bone_label(rig, static_cast<int>(b)));
        if (!t) return Error{t.message()};
        out.pose.translations[b] = t.value();
        Result<glm::vec3> s = checked_scale(rig, pose.scales[b], "pose scale of " + bone_label(rig, static_cast<int>(b)));
        if (!s) return Error{s.message()};
        out.pose.scales[b] = s.value();
    }
    Result<glm::vec3> offset = checked_position(rig, pose.root_offset, "root offset");
    if (!offset) return Error{offset.message()};
    out.pose.root_offset = offset.value();
    return out;
}

Result<Rig> set_transition(const Rig& rig, const TransitionSettings& settings) {
    if (!std::isfinite(settings.duration) || settings.duration < 0.0f || settings.duration > kMaxTransitionSeconds) {
        return Error{"the transition duration must be between 0 and 3600 seconds, got " + number_text(settings.duration)};
    }
    Rig out = rig;
    out.transition = settings;
    return out;
}

}  // namespace marionette
