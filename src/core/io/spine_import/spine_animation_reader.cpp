#include "core/io/spine_import/spine_animation_reader.hpp"

#include <cstdio>
#include <unordered_map>

#include "core/io/spine_import/spine_json_values.hpp"

namespace marionette {

namespace {

std::unordered_map<std::string, int> index_of(const std::vector<std::string>& names) {
    std::unordered_map<std::string, int> index;
    for (std::size_t i = 0; i < names.size(); ++i) index.emplace(names[i], int(i));
    return index;
}

template <class T>
std::vector<std::string> names_of(const std::vector<T>& items) {
    std::vector<std::string> names;
    for (const T& item : items) names.push_back(item.name);
    return names;
}

// A key's time as the file writes it: a runtime compares the playing time with it as a float,
// and which side of that float the written time lies on decides where a switch goes.
double time_or_zero(const JsonField& key) {
    const std::optional<JsonField> f = key.optional_member("time");
    return f ? f->number_exact() : 0.0;
}

std::string time_text(double t) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", t);
    return text;
}

// A key's "curve", before the next key is known: Spine 4's handles are kept as given; 3.8's
// one normalised curve is kept in `fractions` to be turned into each value's handles.
struct RawCurve {
    SpineKeyCurve curve;
    bool normalised = false;
    std::array<double, 4> fractions{};
};

RawCurve read_curve(const JsonField& key, std::size_t values) {
    RawCurve raw;
    const std::optional<JsonField> c = key.optional_member("curve");
    if (!c) return raw;
    if (c->is_string()) {
        if (c->string() != "stepped") c->fail("expected \"stepped\" or Bezier handles, got \"" + c->string() + "\"");
        raw.curve.kind = SpineKeyCurve::Kind::Stepped;
    } else if (c->is_number()) {
        raw.curve.kind = SpineKeyCurve::Kind::Bezier;
        raw.normalised = true;
        raw.fractions = {c->number(), spine_number_or(key, "c2", 0.0), spine_number_or(key, "c3", 1.0), spine_number_or(key, "c4", 1.0)};
    } else {
        if (c->array_size() < 4 * values)
            c->fail("expected " + std::to_string(4 * values) + " numbers (4 a value), got " + std::to_string(c->array_size()));
        raw.curve.kind = SpineKeyCurve::Kind::Bezier;
        for (std::size_t v = 0; v < values; ++v) {
            std::array<double, 4> h{};
            for (std::size_t k = 0; k < 4; ++k) h[k] = c->element(4 * v + k).number();
            raw.curve.handles.push_back(h);
        }
    }
    return raw;
}

// The keys of one timeline: times from 0, not going back; `read_values` fills a key's values
// (and name); curves over `values` values made absolute once each next key is known.
template <class ReadValues>
std::vector<SpineTimelineKey> read_keys(const JsonField& list, std::size_t values, ReadValues read_values) {
    std::vector<SpineTimelineKey> keys;
    std::vector<RawCurve> curves;
    const std::size_t n = list.array_size();
    for (std::size_t i = 0; i < n; ++i) {
        const JsonField k = list.element(i);
        k.require_object();
        SpineTimelineKey key;
        key.time = time_or_zero(k);
        if (key.time < 0.0) k.member("time").fail("a key's time must not be negative");
        if (!keys.empty() && key.time < keys.back().time)
            k.member("time").fail(time_text(key.time) + " is before the key before it (" + time_text(keys.back().time) + ")");
        read_values(k, key);
        curves.push_back(read_curve(k, values));
        keys.push_back(std::move(key));
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        SpineTimelineKey& key = keys[i];
        key.curve = curves[i].curve;
        if (!curves[i].normalised) continue;
        // 3.8: the curve runs from this key to the next in fractions of each; the last key's
        // curve leads nowhere.
        const SpineTimelineKey* next = i + 1 < keys.size() ? &keys[i + 1] : nullptr;
        const std::array<double, 4>& f = curves[i].fractions;
        for (std::size_t v = 0; v < values; ++v) {
            const double t0 = key.time, t1 = next ? next->time : key.time;
            const double v0 = key.values[v], v1 = next ? next->values[v] : key.values[v];
            key.curve.handles.push_back({t0 + f[0] * (t1 - t0), v0 + f[1] * (v1 - v0), t0 + f[2] * (t1 - t0), v0 + f[3] * (v1 - v0)});
        }
    }
    return keys;
}

std::vector<SpineTimelineKey> read_values_keys(const JsonField& list, const char* a, const char* b, double fallback) {
    return read_keys(list, 2, [&](const JsonField& k, SpineTimelineKey& key) {
        key.values[0] = spine_number_or(k, a, fallback);
        key.values[1] = spine_number_or(k, b, fallback);
    });
}

std::vector<SpineTimelineKey> read_value_keys(const JsonField& list, double fallback, const char* old_name = nullptr) {
    return read_keys(list, 1, [&](const JsonField& k, SpineTimelineKey& key) {
        key.values[0] = k.optional_member("value") ? spine_number_or(k, "value", fallback)
                                                   : spine_number_or(k, old_name ? old_name : "value", fallback);
    });
}

void read_bones(const JsonField& bones, const std::unordered_map<std::string, int>& index, SpineAnimationData& out) {
    bones.for_each_member([&](const std::string& bone_name, const JsonField& timelines) {
        const auto bone = index.find(bone_name);
        if (bone == index.end()) timelines.fail("\"" + bone_name + "\" is not a bone");
        timelines.for_each_member([&](const std::string& kind, const JsonField& list) {
            SpineBoneTimeline t;
            t.bone = bone->second;
            if (kind == "rotate") {
                t.property = SpineBoneProperty::Rotate;
                t.keys = read_value_keys(list, 0.0, "angle");
            } else if (kind == "translate" || kind == "scale" || kind == "shear") {
                t.property = kind == "translate" ? SpineBoneProperty::Translate
                             : kind == "scale"   ? SpineBoneProperty::Scale
                                                 : SpineBoneProperty::Shear;
                t.keys = read_values_keys(list, "x", "y", kind == "scale" ? 1.0 : 0.0);
            } else if (kind == "translatex" || kind == "translatey" || kind == "scalex" || kind == "scaley" || kind == "shearx" ||
                       kind == "sheary") {
                const bool x = kind.back() == 'x';
                const std::string base = kind.substr(0, kind.size() - 1);
                t.property = base == "translate" ? (x ? SpineBoneProperty::TranslateX : SpineBoneProperty::TranslateY)
                             : base == "scale"   ? (x ? SpineBoneProperty::ScaleX : SpineBoneProperty::ScaleY)
                                                 : (x ? SpineBoneProperty::ShearX : SpineBoneProperty::ShearY);
                t.keys = read_value_keys(list, base == "scale" ? 1.0 : 0.0);
            } else {
                out.passed_over.push_back("bone " + bone_name + " " + kind);
                return;
            }
            if (!t.keys.empty()) out.bones.push_back(std::move(t));
        });
    });
}

void read_slots(const JsonField& slots, const std::unordered_map<std::string, int>& index, SpineAnimationData& out) {
    slots.for_each_member([&](const std::string& slot_name, const JsonField& timelines) {
        const auto slot = index.find(slot_name);
        if (slot == index.end()) timelines.fail("\"" + slot_name + "\" is not a slot");
        timelines.for_each_member([&](const std::string& kind, const JsonField& list) {
            SpineSlotTimeline t;
            t.slot = slot->second;
            if (kind == "attachment") {
                t.property = SpineSlotProperty::Attachment;
                t.keys = read_keys(list, 0, [](const JsonField& k, SpineTimelineKey& key) {
                    const std::optional<JsonField> name = k.optional_member("name");
                    key.name = name && !name->is_null() ? name->string() : std::string();
                });
            } else if (kind == "rgba" || kind == "color" || kind == "rgb") {
                const bool rgb = kind == "rgb";
                t.property = rgb ? SpineSlotProperty::Rgb : SpineSlotProperty::Rgba;
                t.keys = read_keys(list, rgb ? 3 : 4, [](const JsonField& k, SpineTimelineKey& key) {
                    const glm::dvec4 c = spine_color(k.member("color"));
                    key.values = {c.r, c.g, c.b, c.a};
                });
            } else if (kind == "alpha") {
                t.property = SpineSlotProperty::Alpha;
                t.keys = read_value_keys(list, 1.0);
            } else {
                out.passed_over.push_back("slot " + slot_name + " " + kind);
                return;
            }
            if (!t.keys.empty()) out.slots.push_back(std::move(t));
        });
    });
}

void read_ik(const JsonField& ik, const std::unordered_map<std::string, int>& index, SpineAnimationData& out) {
    ik.for_each_member([&](const std::string& name, const JsonField& list) {
        const auto constraint = index.find(name);
        if (constraint == index.end()) list.fail("\"" + name + "\" is not an IK constraint");
        SpineIkTimeline t;
        t.constraint = constraint->second;
        t.keys = read_keys(list, 2, [](const JsonField& k, SpineTimelineKey& key) {
            key.values[0] = spine_number_or(k, "mix", 1.0);
            key.values[1] = spine_number_or(k, "softness", 0.0);
            const std::optional<JsonField> bend = k.optional_member("bendPositive");
            key.bend_positive = bend ? bend->boolean() : true;
            key.compress = spine_boolean_or(k, "compress", false);
            key.stretch = spine_boolean_or(k, "stretch", false);
        });
        if (!t.keys.empty()) out.ik.push_back(std::move(t));
    });
}

std::vector<SpineDeformKey> read_deform_keys(const JsonField& list) {
    // The keys' times and curves as any timeline's (one value: the fraction of the way).
    std::vector<SpineTimelineKey> timed = read_keys(list, 1, [](const JsonField&, SpineTimelineKey& key) { key.values[0] = 0.0; });
    std::vector<SpineDeformKey> keys;
    for (std::size_t i = 0; i < timed.size(); ++i) {
        const JsonField k = list.element(i);
        SpineDeformKey key;
        key.time = timed[i].time;
        key.curve = timed[i].curve;
        // The curve of a deform key runs from 0 to 1: 3.8's fractions already are.
        if (key.curve.kind == SpineKeyCurve::Kind::Bezier && k.optional_member("curve")->is_number()) {
            const double t0 = key.time, t1 = i + 1 < timed.size() ? timed[i + 1].time : key.time;
            const JsonField c = k.member("curve");
            key.curve.handles = {{t0 + c.number() * (t1 - t0), spine_number_or(k, "c2", 0.0),
                                  t0 + spine_number_or(k, "c3", 1.0) * (t1 - t0), spine_number_or(k, "c4", 1.0)}};
        }
        const std::optional<JsonField> offset = k.optional_member("offset");
        key.offset = offset ? offset->integer() : 0;
        if (key.offset < 0) offset->fail("a deform key's offset must not be negative");
        if (const std::optional<JsonField> v = k.optional_member("vertices")) {
            key.vertices.resize(v->array_size());
            for (std::size_t n = 0; n < key.vertices.size(); ++n) key.vertices[n] = v->element(n).number();
        }
        keys.push_back(std::move(key));
    }
    return keys;
}

void read_deform(const JsonField& skins, bool spine4, const SpineSkeletonData& skeleton, SpineAnimationData& out) {
    const auto skin_index = index_of(names_of(skeleton.skins));
    const auto slot_index = index_of(names_of(skeleton.slots));
    skins.for_each_member([&](const std::string& skin_name, const JsonField& slots) {
        const auto skin = skin_index.find(skin_name);
        if (skin == skin_index.end()) slots.fail("\"" + skin_name + "\" is not a skin");
        slots.for_each_member([&](const std::string& slot_name, const JsonField& attachments) {
            const auto slot = slot_index.find(slot_name);
            if (slot == slot_index.end()) attachments.fail("\"" + slot_name + "\" is not a slot");
            attachments.for_each_member([&](const std::string& attachment, const JsonField& timelines) {
                std::optional<JsonField> list;
                if (spine4) {
                    timelines.for_each_member([&](const std::string& kind, const JsonField& l) {
                        if (kind == "deform") list = l;
                        else out.passed_over.push_back("attachment " + attachment + " " + kind);
                    });
                } else {
                    list = timelines;
                }
                if (!list) return;
                SpineDeformTimeline t{skin->second, slot->second, attachment, read_deform_keys(*list)};
                if (!t.keys.empty()) out.deform.push_back(std::move(t));
            });
        });
    });
}

void read_draw_order(const JsonField& list, const std::unordered_map<std::string, int>& slots, SpineAnimationData& out) {
    for (std::size_t i = 0; i < list.array_size(); ++i) {
        const JsonField k = list.element(i);
        SpineDrawOrderKey key;
        key.time = time_or_zero(k);
        if (key.time < 0.0 || (!out.draw_order.empty() && key.time < out.draw_order.back().time))
            k.member("time").fail("a draw order key's time must not be negative or before the key before it");
        if (const std::optional<JsonField> offsets = k.optional_member("offsets")) {
            for (std::size_t o = 0; o < offsets->array_size(); ++o) {
                const JsonField e = offsets->element(o);
                const JsonField name = e.member("slot");
                const auto slot = slots.find(name.string());
                if (slot == slots.end()) name.fail("\"" + name.string() + "\" is not a slot");
                key.offsets.push_back({slot->second, e.member("offset").integer()});
            }
        }
        out.draw_order.push_back(std::move(key));
    }
}

void read_events(const JsonField& list, const SpineSkeletonData& skeleton, SpineAnimationData& out) {
    const auto events = index_of(skeleton.events);
    for (std::size_t i = 0; i < list.array_size(); ++i) {
        const JsonField k = list.element(i);
        SpineEventKey key;
        key.time = time_or_zero(k);
        const JsonField name = k.member("name");
        key.name = name.string();
        if (!events.contains(key.name)) name.fail("\"" + key.name + "\" is not an event");
        key.int_value = k.optional_member("int") ? k.member("int").integer() : 0;
        key.float_value = spine_number_or(k, "float", 0.0);
        key.string_value = k.optional_member("string") ? k.member("string").string() : std::string();
        out.events.push_back(std::move(key));
    }
}

double latest_time(const SpineAnimationData& a) {
    double t = 0.0;
    for (const auto& tl : a.bones) t = std::max(t, tl.keys.back().time);
    for (const auto& tl : a.slots) t = std::max(t, tl.keys.back().time);
    for (const auto& tl : a.ik) t = std::max(t, tl.keys.back().time);
    for (const auto& tl : a.deform) t = std::max(t, tl.keys.back().time);
    if (!a.draw_order.empty()) t = std::max(t, a.draw_order.back().time);
    for (const auto& e : a.events) t = std::max(t, e.time);
    return t;
}

}  // namespace

std::vector<SpineAnimationData> read_spine_animations(const JsonField& animations, const SpineSkeletonData& skeleton) {
    animations.require_object();
    const auto bones = index_of(names_of(skeleton.bones));
    const auto slots = index_of(names_of(skeleton.slots));
    const auto ik = index_of(names_of(skeleton.ik));
    std::vector<SpineAnimationData> out;
    animations.for_each_member([&](const std::string& name, const JsonField& a) {
        a.require_object();
        SpineAnimationData anim;
        anim.name = name;
        a.for_each_member([&](const std::string& kind, const JsonField& f) {
            if (kind == "bones") read_bones(f, bones, anim);
            else if (kind == "slots") read_slots(f, slots, anim);
            else if (kind == "ik") read_ik(f, ik, anim);
            else if (kind == "attachments") read_deform(f, true, skeleton, anim);
            else if (kind == "deform") read_deform(f, false, skeleton, anim);
            else if (kind == "drawOrder" || kind == "draworder") read_draw_order(f, slots, anim);
            else if (kind == "events") read_events(f, skeleton, anim);
            else anim.passed_over.push_back(kind);
        });
        anim.duration = latest_time(anim);
        out.push_back(std::move(anim));
    });
    return out;
}

}  // namespace marionette
