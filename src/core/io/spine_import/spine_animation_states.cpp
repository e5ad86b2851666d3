#include "core/io/spine_import/spine_animation_states.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "core/base/extents.hpp"
#include "core/io/spine_import/spine_animation_warnings.hpp"
#include "core/io/spine_import/spine_bone_bake.hpp"
#include "core/io/spine_import/spine_curves.hpp"
#include "core/io/spine_import/spine_name_list.hpp"
#include "core/io/spine_import/spine_setup_world.hpp"

namespace marionette {

namespace {

// Of two keys at one time, the earlier is put this long before the later.
constexpr double kNudge = 1e-4;
// How far the import lets a played pose stray from the runtime's where it cannot follow it key
// for key (spine_bone_bake.hpp), as a fraction of the skeleton's size (a quarter of what the
// tests hold it to).
constexpr double kPoseTolerance = 0.25e-4;

// Where a key that switches (an attachment, a draw order, the end of a step) goes. A runtime
// switches once the playing time, a double, reaches the key's time as a float; Marionette
// compares the playing time as a float. At the key's own time (as the file writes it, a double)
// the two agree when the key goes at its float if that float is not above the time, else one
// float later.
float switch_time(double time) {
    const float t = float(time);
    return double(t) <= time ? t : std::nextafter(t, std::numeric_limits<float>::infinity());
}

// One value of a Spine timeline, with the value it has before its first key (the setup's).
struct Component {
    std::span<const SpineTimelineKey> keys;
    std::size_t value = 0;
    double setup = 0.0;
};

double component_at(const Component& c, double time) {
    if (time < c.keys.front().time) return c.setup;
    return spine_timeline_value(c.keys, c.value, time);
}

// Spine's key values turned into one Marionette value at `time` (a Key's or a SlotKey's).
template <class Out>
using Make = std::function<Out(double time, const std::array<double, 4>& values)>;

template <class Out>
void set_interpolation(Out& key, Interpolation i, const BezierCurve& c) {
    key.interpolation = i;
    key.curve = c;
}

// Keys of one timeline whose values `values` make one Marionette value: each Spine key kept
// with its curve where one curve holds it (drawn in the runtime's lines), else followed by the
// points the runtime draws.
template <class Out>
std::vector<Out> direct_keys(std::span<const SpineTimelineKey> keys, const std::vector<std::size_t>& values,
                             const std::array<double, 4>& setup, const Make<Out>& make) {
    std::vector<Out> out;
    bool after_step = false;
    const auto push = [&](double time, const std::array<double, 4>& v) -> Out* {
        // A runtime holds a step until its time passes the next key's as a float; Marionette
        // switches at the key's float: the key goes one float later.
        const float t = after_step ? switch_time(time) : float(time);
        after_step = false;
        if (!is_key_time(t) || (!out.empty() && !(t > out.back().time))) return nullptr;
        out.push_back(make(time, v));
        out.back().time = t;
        return &out.back();
    };
    if (keys.front().time > 0.0) {
        if (Out* k = push(0.0, setup)) set_interpolation(*k, Interpolation::Step, {});
        after_step = true;
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const SpineTimelineKey& key = keys[i];
        if (i + 1 < keys.size() && keys[i + 1].time == key.time) {
            // The later of two keys at one time holds; the earlier ends the curve into it.
            if (Out* k = push(key.time - kNudge, key.values)) set_interpolation(*k, Interpolation::Linear, {});
            continue;
        }
        Out* made = push(key.time, key.values);
        if (!made || i + 1 == keys.size()) continue;
        const SpineTimelineKey& next = keys[i + 1];
        if (const std::optional<MarionetteCurve> c = marionette_curve(key, next, values)) {
            set_interpolation(*made, c->interpolation, c->curve);
            after_step = c->interpolation == Interpolation::Step;
            continue;
        }
        set_interpolation(*made, Interpolation::Linear, {});
        std::set<double> bends;
        for (const std::size_t v : values)
            for (const double t : spine_bend_times(key, next, v)) bends.insert(t);
        for (const double t : bends) {
            std::array<double, 4> at = key.values;
            for (const std::size_t v : values) at[v] = spine_timeline_value(keys, v, t);
            if (Out* k = push(t, at)) set_interpolation(*k, Interpolation::Linear, {});
        }
    }
    return out;
}

// Keys of several timelines keying one Marionette value (translatex and translatey): straight
// lines through every key and every point the runtime draws, a step held until just before
// the next key.
template <class Out>
std::vector<Out> merged_keys(const std::vector<Component>& components, const Make<Out>& make) {
    std::set<double> times{0.0};
    for (const Component& c : components) {
        for (std::size_t i = 0; i < c.keys.size(); ++i) {
            times.insert(c.keys[i].time);
            if (i + 1 == c.keys.size()) continue;
            if (c.keys[i].curve.kind == SpineKeyCurve::Kind::Stepped && c.keys[i + 1].time - kNudge > c.keys[i].time)
                times.insert(c.keys[i + 1].time - kNudge);
            for (const double t : spine_bend_times(c.keys[i], c.keys[i + 1], c.value)) times.insert(t);
        }
        // Before the first key the setup holds, up to just before it.
        if (c.keys.front().time - kNudge > 0.0) times.insert(c.keys.front().time - kNudge);
    }
    std::vector<Out> out;
    for (const double t : times) {
        const float ft = float(t);
        if (!is_key_time(ft) || (!out.empty() && !(ft > out.back().time))) continue;
        std::array<double, 4> v{};
        for (std::size_t k = 0; k < components.size(); ++k) v[k] = component_at(components[k], t);
        out.push_back(make(t, v));
        set_interpolation(out.back(), Interpolation::Linear, {});
    }
    return out;
}

class StateBuilder {
public:
    StateBuilder(const SpineSkeletonData& data, const Rig& rig, const SpineReaches& reaches, const SpineAnimationData& anim,
                 AnimationWarnings& warnings)
        : data_(data), rig_(rig), anim_(anim), warnings_(warnings), reaches_(reaches), tolerance_(kPoseTolerance * reaches.size) {
        state_.name = anim.name;
        state_.loop = true;
    }

    State build() {
        bones();
        bake();
        slots();
        draw_order();
        ik();
        left_out();
        return std::move(state_);
    }

private:
    void bones() {
        // Each bone's timelines by the property they key: several for one (the x and y splits)
        // are merged.
        std::map<std::pair<int, int>, std::vector<const SpineBoneTimeline*>> by_property;
        for (const SpineBoneTimeline& t : anim_.bones) {
            int property = -1;
            switch (t.property) {
                case SpineBoneProperty::Rotate: property = int(PoseProperty::Rotation); break;
                case SpineBoneProperty::Translate:
                case SpineBoneProperty::TranslateX:
                case SpineBoneProperty::TranslateY: property = int(PoseProperty::Translation); break;
                case SpineBoneProperty::Scale:
                case SpineBoneProperty::ScaleX:
                case SpineBoneProperty::ScaleY: property = int(PoseProperty::Scale); break;
                default: sheared_.insert(data_.bones[std::size_t(t.bone)].name); continue;
            }
            by_property[{t.bone, property}].push_back(&t);
        }
        for (const auto& [key, timelines] : by_property) {
            const int bone = key.first;
            const int property = key.second;
            KeyTrack track;
            track.bone = bone;
            track.property = PoseProperty(property);
            const glm::vec3 scale = rig_.pose.scales[std::size_t(bone)];
            const Make<Key> make = [&](double time, const std::array<double, 4>& v) {
                Key k;
                k.time = float(time);
                if (track.property == PoseProperty::Rotation) {
                    k.angle =
                        float(std::clamp(v[0], -double(kMaxAttachmentRotation), double(kMaxAttachmentRotation)) * kSpineRadiansPerDegree);
                } else if (track.property == PoseProperty::Translation) {
                    k.vector = glm::vec3(float(std::clamp(v[0], -double(kMaxCoordinate), double(kMaxCoordinate))),
                                         float(std::clamp(v[1], -double(kMaxCoordinate), double(kMaxCoordinate))), 0.0f);
                } else {
                    const double sx = double(scale.x) * v[0], sy = double(scale.y) * v[1];
                    if (sx < 0.0 || sy < 0.0) mirrored_.insert(data_.bones[std::size_t(bone)].name);
                    k.vector = glm::vec3(float(std::clamp(sx, 0.0, double(kMaxPoseScale))),
                                         float(std::clamp(sy, 0.0, double(kMaxPoseScale))), 1.0f);
                }
                return k;
            };
            const double rest = track.property == PoseProperty::Scale ? 1.0 : 0.0;
            if (timelines.size() == 1 && timelines[0]->property != SpineBoneProperty::TranslateY &&
                timelines[0]->property != SpineBoneProperty::ScaleY) {
                const SpineBoneTimeline& t = *timelines[0];
                const bool two = t.property == SpineBoneProperty::Translate || t.property == SpineBoneProperty::Scale;
                std::vector<SpineTimelineKey> keys = t.keys;
                // An x split keys x alone: y stays the setup's.
                if (!two)
                    for (SpineTimelineKey& k : keys) k.values[1] = rest;
                track.keys =
                    direct_keys<Key>(keys, two ? std::vector<std::size_t>{0, 1} : std::vector<std::size_t>{0}, {rest, rest, 0, 0}, make);
            } else {
                std::vector<Component> components{{{}, 0, rest}, {{}, 0, rest}};
                std::array<bool, 2> given{false, false};
                for (const SpineBoneTimeline* t : timelines) {
                    const bool both = t->property == SpineBoneProperty::Translate || t->property == SpineBoneProperty::Scale;
                    const bool y = t->property == SpineBoneProperty::TranslateY || t->property == SpineBoneProperty::ScaleY;
                    if (both || !y) components[0] = {t->keys, 0, rest}, given[0] = true;
                    if (both) components[1] = {t->keys, 1, rest}, given[1] = true;
                    if (y) components[1] = {t->keys, 0, rest}, given[1] = true;
                }
                // A value no timeline keys stays the setup's: a single key holding it.
                static const SpineTimelineKey kAtRest[2] = {SpineTimelineKey{0.0, {0.0, 0.0, 0.0, 0.0}, {}, {}, true},
                                                            SpineTimelineKey{0.0, {1.0, 1.0, 1.0, 1.0}, {}, {}, true}};
                for (int c = 0; c < 2; ++c)
                    if (!given[std::size_t(c)])
                        components[std::size_t(c)] = {std::span<const SpineTimelineKey>(&kAtRest[rest == 1.0 ? 1 : 0], 1), 0, rest};
                track.keys = merged_keys<Key>(components, make);
            }
            if (!track.keys.empty()) state_.tracks.push_back(std::move(track));
        }
    }

    void bake() {
        const std::vector<std::string> baked = bake_unfollowed_bones(data_, rig_, anim_, reaches_, tolerance_, state_);
        if (!baked.empty()) warnings_.add(Omission::Baked, anim_.name, baked);
    }

    void slots() {
        std::map<int, std::vector<const SpineSlotTimeline*>> colours;
        for (const SpineSlotTimeline& t : anim_.slots) {
            if (t.property == SpineSlotProperty::Attachment) attachment_track(t);
            else colours[t.slot].push_back(&t);
        }
        for (const auto& [slot, timelines] : colours) colour_track(slot, timelines);
    }

    void attachment_track(const SpineSlotTimeline& t) {
        const Slot& slot = rig_.slots[std::size_t(t.slot)];
        const auto index_of = [&](const std::string& name) {
            if (name.empty()) return -1;
            for (std::size_t a = 0; a < slot.attachments.size(); ++a)
                if (slot.attachments[a].name == name) return int(a);
            missing_.insert(slot.name + "/" + name);
            return -1;
        };
        SlotTrack track;
        track.slot = t.slot;
        track.property = SlotProperty::Attachment;
        const auto push = [&](double time, int attachment) {
            const float ft = switch_time(time);
            if (!is_key_time(ft)) return;
            // Of keys at one time the later holds.
            if (!track.keys.empty() && !(ft > track.keys.back().time)) track.keys.pop_back();
            SlotKey k;
            k.time = ft;
            k.attachment = attachment;
            track.keys.push_back(k);
        };
        if (t.keys.front().time > 0.0) push(0.0, slot.shown);
        for (const SpineTimelineKey& k : t.keys) push(k.time, index_of(k.name));
        if (!track.keys.empty()) state_.slot_tracks.push_back(std::move(track));
    }

    void colour_track(int slot_index, const std::vector<const SpineSlotTimeline*>& timelines) {
        const glm::vec4 setup = rig_.slots[std::size_t(slot_index)].color;
        const std::array<double, 4> setup_values{setup.r, setup.g, setup.b, setup.a};
        SlotTrack track;
        track.slot = slot_index;
        track.property = SlotProperty::Color;
        const Make<SlotKey> make = [](double time, const std::array<double, 4>& v) {
            SlotKey k;
            k.time = float(time);
            k.color = glm::clamp(glm::vec4(float(v[0]), float(v[1]), float(v[2]), float(v[3])), glm::vec4(0.0f), glm::vec4(1.0f));
            return k;
        };
        if (timelines.size() == 1 && timelines[0]->property == SpineSlotProperty::Rgba) {
            track.keys = direct_keys<SlotKey>(timelines[0]->keys, {0, 1, 2, 3}, setup_values, make);
        } else {
            // rgb, alpha or both: each colour channel from the timeline keying it, the others
            // the setup's.
            const std::vector<SpineTimelineKey> held{SpineTimelineKey{0.0, setup_values, {}, {}, true}};
            std::vector<Component> components;
            for (std::size_t c = 0; c < 4; ++c) components.push_back({held, c, setup_values[c]});
            for (const SpineSlotTimeline* t : timelines) {
                if (t->property == SpineSlotProperty::Alpha) {
                    components[3] = {t->keys, 0, setup_values[3]};
                } else {
                    const std::size_t n = t->property == SpineSlotProperty::Rgb ? 3 : 4;
                    for (std::size_t c = 0; c < n; ++c) components[c] = {t->keys, c, setup_values[c]};
                }
            }
            track.keys = merged_keys<SlotKey>(components, make);
        }
        if (!track.keys.empty()) state_.slot_tracks.push_back(std::move(track));
    }

    void draw_order() {
        const std::size_t n = rig_.slots.size();
        std::vector<int> setup(n);
        for (std::size_t i = 0; i < n; ++i) setup[i] = int(i);
        const auto push = [&](double time, std::vector<int> order) {
            const float ft = switch_time(time);
            if (!is_key_time(ft)) return;
            if (!state_.draw_order.empty() && !(ft > state_.draw_order.back().time)) state_.draw_order.pop_back();
            state_.draw_order.push_back(DrawOrderKey{ft, std::move(order)});
        };
        if (!anim_.draw_order.empty() && anim_.draw_order.front().time > 0.0) push(0.0, setup);
        for (const SpineDrawOrderKey& key : anim_.draw_order) {
            if (key.offsets.empty()) {
                push(key.time, setup);
                continue;
            }
            // Spine's rule: each slot named moves by its offset from where it stands in the
            // setup; the others keep their order in the places left.
            std::vector<int> order(n, -1);
            std::vector<int> unchanged;
            std::size_t original = 0;
            bool ok = true;
            for (const auto& [slot, offset] : key.offsets) {
                if (slot < int(original)) {
                    ok = false;
                    break;
                }
                while (int(original) != slot) unchanged.push_back(int(original++));
                const long long at = (long long)original + offset;
                if (at < 0 || at >= (long long)n || order[std::size_t(at)] != -1) {
                    ok = false;
                    break;
                }
                order[std::size_t(at)] = int(original++);
            }
            while (ok && original < n) unchanged.push_back(int(original++));
            for (std::size_t i = n; ok && i-- > 0;) {
                if (order[i] != -1) continue;
                if (unchanged.empty()) {
                    ok = false;
                    break;
                }
                order[i] = unchanged.back();
                unchanged.pop_back();
            }
            if (!ok) {
                bad_order_ = true;
                continue;
            }
            push(key.time, std::move(order));
        }
    }

    void ik() {
        for (const SpineIkTimeline& t : anim_.ik) {
            if (t.constraint < 0 || std::size_t(t.constraint) >= rig_.chains.size()) continue;
            ChainTrack track;
            track.chain = t.constraint;
            const Make<MixKey> make = [](double time, const std::array<double, 4>& v) {
                MixKey k;
                k.time = float(time);
                k.mix = float(std::clamp(v[0], 0.0, 1.0));
                return k;
            };
            const double setup = data_.ik[std::size_t(t.constraint)].mix;
            track.keys = direct_keys<MixKey>(t.keys, {0}, {setup, 0, 0, 0}, make);
            if (!track.keys.empty()) state_.chain_tracks.push_back(std::move(track));
        }
    }

    void left_out() {
        const auto list = [](const std::set<std::string>& names) { return std::vector<std::string>(names.begin(), names.end()); };
        const std::string& a = anim_.name;
        if (!sheared_.empty()) warnings_.add(Omission::Shear, a, list(sheared_));
        if (!mirrored_.empty()) warnings_.add(Omission::NegativeScale, a, list(mirrored_));
        if (!missing_.empty()) warnings_.add(Omission::MissingDrawing, a, list(missing_));
        if (bad_order_) warnings_.add(Omission::DrawOrder, a);
        if (!anim_.deform.empty()) warnings_.add(Omission::Deform, a, {}, anim_.deform.size());
        if (!anim_.events.empty()) warnings_.add(Omission::Events, a, {}, anim_.events.size());
        if (!anim_.passed_over.empty())
            warnings_.add(Omission::Timelines, a, list(std::set<std::string>(anim_.passed_over.begin(), anim_.passed_over.end())));
    }

    const SpineSkeletonData& data_;
    const Rig& rig_;
    const SpineAnimationData& anim_;
    AnimationWarnings& warnings_;
    const SpineReaches& reaches_;
    const double tolerance_;  // rig units
    State state_;
    std::set<std::string> sheared_, mirrored_, missing_;
    bool bad_order_ = false;
};

}  // namespace

void add_spine_states(const SpineSkeletonData& skeleton, Rig& rig, std::vector<std::string>& warnings) {
    const SpineReaches reaches = spine_bone_reaches(rig);
    AnimationWarnings said;
    for (const SpineAnimationData& anim : skeleton.animations)
        rig.states.push_back(StateBuilder(skeleton, rig, reaches, anim, said).build());
    said.say(warnings);
}

}  // namespace marionette
