#include "core/io/spine_import/spine_animation_states.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "core/base/extents.hpp"
#include "core/io/spine_import/spine_animation_warnings.hpp"
#include "core/io/spine_import/spine_attachment_mesh.hpp"
#include "core/io/spine_import/spine_bone_bake.hpp"
#include "core/io/spine_import/spine_curves.hpp"
#include "core/io/spine_import/spine_name_list.hpp"
#include "core/io/spine_import/spine_setup_world.hpp"
#include "core/rig/forward_kinematics.hpp"

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
        deform();
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

    // Deform timelines as deform tracks: each Spine key's offsets turned into the rig mesh's
    // (its vertex order, offsets in its picture's space), the keys' curves kept where one holds
    // (the fraction of the way as the value: key i is value i), else the runtime's points.
    void deform() {
        for (const SpineDeformTimeline& t : anim_.deform) {
            const SpineAttachmentData* source = deformed_mesh(t);
            const int attachment = source ? rig_attachment(t) : -1;
            if (attachment < 0) {
                ++deform_left_;
                continue;
            }
            std::vector<std::vector<glm::vec2>> shapes;
            for (const SpineDeformKey& k : t.keys) shapes.push_back(rig_offsets(*source, t.slot, k));
            if (shapes.front().empty()) {
                ++deform_left_;
                continue;
            }
            std::vector<SpineTimelineKey> timed;
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                SpineTimelineKey k;
                k.time = t.keys[i].time;
                k.values[0] = double(i);
                k.curve = t.keys[i].curve;
                for (std::array<double, 4>& h : k.curve.handles) {
                    h[1] += double(i);
                    h[3] += double(i);
                }
                timed.push_back(std::move(k));
            }
            const std::size_t n = shapes.front().size();
            const Make<DeformKey> make = [&](double time, const std::array<double, 4>& v) {
                DeformKey k;
                k.time = float(time);
                // Before the first key the setup's shape (value -1); between keys i and i + 1 the
                // fraction of the way.
                if (v[0] < 0.0) {
                    k.offsets.assign(n, glm::vec2(0.0f));
                    return k;
                }
                const double at = std::min(v[0], double(shapes.size() - 1));
                const std::size_t i = std::min(std::size_t(std::floor(at)), shapes.size() - 1);
                const float f = float(at - double(i));
                k.offsets = shapes[i];
                if (f > 0.0f && i + 1 < shapes.size())
                    for (std::size_t j = 0; j < n; ++j) k.offsets[j] += (shapes[i + 1][j] - shapes[i][j]) * f;
                return k;
            };
            DeformTrack track;
            track.slot = t.slot;
            track.attachment = attachment;
            track.keys = direct_keys<DeformKey>(timed, {0}, {-1.0, 0.0, 0.0, 0.0}, make);
            if (track.keys.empty()) continue;
            // Linked meshes that take the parent's timelines (the goblin girl's feet) deform with it.
            for (const int linked : linked_attachments(t)) {
                DeformTrack copy = track;
                copy.attachment = linked;
                state_.deform.push_back(std::move(copy));
            }
            state_.deform.push_back(std::move(track));
        }
    }

    // The rig attachments of the linked meshes of the timeline's slot whose parent is the
    // timeline's mesh and which take its timelines.
    std::vector<int> linked_attachments(const SpineDeformTimeline& t) const {
        std::vector<int> out;
        const std::string& parent_skin = data_.skins[std::size_t(t.skin)].name;
        for (const SpineSkinData& skin : data_.skins) {
            for (const SpineSkinEntry& e : skin.attachments) {
                const SpineAttachmentData& d = e.attachment;
                if (e.slot != t.slot || d.type != SpineAttachmentType::LinkedMesh || d.parent != t.attachment ||
                    d.parent_skin != parent_skin || !d.parent_timelines)
                    continue;
                const int rig_skin = skin.name == "default" ? -1 : find_skin(rig_.skins, skin.name);
                const Slot& slot = rig_.slots[std::size_t(t.slot)];
                for (std::size_t a = 0; a < slot.attachments.size(); ++a)
                    if (slot.attachments[a].name == d.name && slot.attachments[a].skin == rig_skin && slot.attachments[a].mesh)
                        out.push_back(int(a));
            }
        }
        return out;
    }

    // The mesh a deform timeline keys, as the file has it: the skin's mesh attachment of the
    // timeline's slot and name (a linked mesh's keys are its parent's: not followed).
    const SpineAttachmentData* deformed_mesh(const SpineDeformTimeline& t) const {
        if (t.skin < 0 || std::size_t(t.skin) >= data_.skins.size()) return nullptr;
        for (const SpineSkinEntry& e : data_.skins[std::size_t(t.skin)].attachments)
            if (e.slot == t.slot && e.attachment.name == t.attachment)
                return e.attachment.type == SpineAttachmentType::Mesh ? &e.attachment : nullptr;
        return nullptr;
    }

    // The rig attachment a deform timeline keys: the slot's of its name in the skin the file's
    // skin became (the default skin: the rig's own), a mesh; -1 when the import left it out.
    int rig_attachment(const SpineDeformTimeline& t) const {
        if (t.slot < 0 || std::size_t(t.slot) >= rig_.slots.size()) return -1;
        const std::string& skin_name = data_.skins[std::size_t(t.skin)].name;
        const int skin = skin_name == "default" ? -1 : find_skin(rig_.skins, skin_name);
        if (skin_name != "default" && skin < 0) return -1;
        const Slot& slot = rig_.slots[std::size_t(t.slot)];
        for (std::size_t a = 0; a < slot.attachments.size(); ++a)
            if (slot.attachments[a].name == t.attachment && slot.attachments[a].skin == skin && slot.attachments[a].mesh) return int(a);
        return -1;
    }

    // A deform key's offsets for the rig's mesh made of `d` on slot `slot`: Spine's per vertex
    // (unweighted, in the slot bone's frame) or per vertex and bone (weighted, in each bone's
    // frame, averaged by weight at rest as the mesh's vertices are), in the rig's vertex order.
    // Empty when the mesh does not read.
    std::vector<glm::vec2> rig_offsets(const SpineAttachmentData& d, int slot, const SpineDeformKey& key) {
        // The mesh made again, as the import made it: its vertex order, and its vertices read.
        const std::vector<Transform>& rest = rest_world();
        const int bone = rig_.slots[std::size_t(slot)].bone;
        auto [known, fresh] = orders_.try_emplace(&d);
        if (fresh) {
            Attachment made;
            std::vector<std::string> notes;
            if (spine_attachment_mesh(d, bone, rest, made, notes, &known->second)) known->second.clear();
        }
        const std::vector<std::size_t>& order = known->second;
        if (order.empty()) return {};
        const std::size_t count = d.uvs.size() / 2;
        const bool weighted = d.vertices.size() != d.uvs.size();
        std::size_t numbers = 2 * count;
        if (weighted) {
            numbers = 0;
            for (std::size_t i = 0; i < d.vertices.size();) {
                const std::size_t bones = std::size_t(d.vertices[i]);
                numbers += 2 * bones;
                i += 1 + 4 * bones;
            }
        }
        std::vector<double> spine(numbers, 0.0);
        for (std::size_t i = 0; i < key.vertices.size(); ++i)
            if (std::size_t(key.offset) + i < numbers) spine[std::size_t(key.offset) + i] = key.vertices[i];
        std::vector<glm::vec2> per_vertex(count, glm::vec2(0.0f));
        if (!weighted) {
            for (std::size_t k = 0; k < count; ++k) per_vertex[k] = glm::vec2(float(spine[2 * k]), float(spine[2 * k + 1]));
        } else {
            const glm::quat back = glm::conjugate(rest[std::size_t(bone)].rotation);
            std::size_t i = 0, o = 0;
            for (std::size_t k = 0; k < count && i < d.vertices.size(); ++k) {
                const std::size_t bones = std::size_t(d.vertices[i++]);
                glm::dvec2 sum(0.0);
                double total = 0.0;
                for (std::size_t b = 0; b < bones && i + 3 < d.vertices.size(); ++b, i += 4, o += 2) {
                    const std::size_t of = std::size_t(d.vertices[i]);
                    const double w = d.vertices[i + 3];
                    if (of >= rest.size() || o + 1 >= spine.size()) continue;
                    const glm::vec3 turned = rest[of].rotation * glm::vec3(float(spine[o]), float(spine[o + 1]), 0.0f);
                    sum += glm::dvec2(turned) * w;
                    total += w;
                }
                if (total > 0.0) per_vertex[k] = glm::vec2(back * glm::vec3(glm::vec2(sum / total), 0.0f));
            }
        }
        std::vector<glm::vec2> out(count, glm::vec2(0.0f));
        for (std::size_t k = 0; k < count && k < order.size(); ++k)
            if (order[k] < out.size()) out[order[k]] = per_vertex[k];
        return out;
    }

    const std::vector<Transform>& rest_world() {
        if (rest_world_.empty()) {
            Result<std::vector<Transform>> w = compute_world(rig_.skeleton, Pose::rest(rig_.skeleton.size()));
            if (w) rest_world_ = std::move(w).value();
        }
        return rest_world_;
    }

    void left_out() {
        const auto list = [](const std::set<std::string>& names) { return std::vector<std::string>(names.begin(), names.end()); };
        const std::string& a = anim_.name;
        if (!sheared_.empty()) warnings_.add(Omission::Shear, a, list(sheared_));
        if (!mirrored_.empty()) warnings_.add(Omission::NegativeScale, a, list(mirrored_));
        if (!missing_.empty()) warnings_.add(Omission::MissingDrawing, a, list(missing_));
        if (bad_order_) warnings_.add(Omission::DrawOrder, a);
        if (deform_left_ > 0) warnings_.add(Omission::Deform, a, {}, deform_left_);
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
    std::size_t deform_left_ = 0;        // deform timelines on meshes the import left out
    std::vector<Transform> rest_world_;  // every bone's rest frame, once asked for
    // Per deformed mesh, the rig's index of each of its vertices (empty: it does not read).
    std::map<const SpineAttachmentData*, std::vector<std::size_t>> orders_;
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
