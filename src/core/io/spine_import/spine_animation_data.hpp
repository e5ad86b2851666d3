#pragma once
// A Spine skeleton's animations as its JSON states them (spine_animation_reader.hpp): each
// timeline's keys with their values and curves, names resolved to indices, Spine 3.8's forms
// (`angle`, `color`, a curve as one number and c2 to c4) read into 4's.

#include <array>
#include <string>
#include <vector>

namespace marionette {

// How a key's values move on to the next key's. Bezier handles are per value, in the file's
// own units (seconds and the value's units, as Spine 4 writes them; 3.8's fractions are turned
// into those): (cx1, cy1) near this key, (cx2, cy2) near the next.
struct SpineKeyCurve {
    enum class Kind { Linear, Stepped, Bezier };
    Kind kind = Kind::Linear;
    std::vector<std::array<double, 4>> handles;  // Bezier: one per value
};

// Up to four values a key: rotate's angle; translate's, scale's and shear's x and y (one for the
// x and y splits); a colour's r, g, b, a; an IK constraint's mix and softness.
struct SpineTimelineKey {
    double time = 0.0;
    std::array<double, 4> values{};
    SpineKeyCurve curve;
    std::string name;           // an attachment key's attachment ("" for none)
    bool bend_positive = true;  // an IK key's
    bool compress = false, stretch = false;
};

enum class SpineBoneProperty { Rotate, Translate, TranslateX, TranslateY, Scale, ScaleX, ScaleY, Shear, ShearX, ShearY };
enum class SpineSlotProperty { Attachment, Rgba, Rgb, Alpha };

struct SpineBoneTimeline {
    int bone = -1;
    SpineBoneProperty property = SpineBoneProperty::Rotate;
    std::vector<SpineTimelineKey> keys;  // at least one, times not decreasing
};

struct SpineSlotTimeline {
    int slot = -1;
    SpineSlotProperty property = SpineSlotProperty::Attachment;
    std::vector<SpineTimelineKey> keys;
};

struct SpineIkTimeline {
    int constraint = -1;
    std::vector<SpineTimelineKey> keys;  // values: mix, softness
};

struct SpineDeformKey {
    double time = 0.0;
    int offset = 0;               // the first number `vertices` changes
    std::vector<float> vertices;  // offsets from the setup, x and y per vertex (per bone's for a weighted mesh)
    SpineKeyCurve curve;          // one value: the fraction of the way
};

struct SpineDeformTimeline {
    int skin = -1;
    int slot = -1;
    std::string attachment;
    std::vector<SpineDeformKey> keys;
};

struct SpineDrawOrderKey {
    double time = 0.0;
    std::vector<std::array<int, 2>> offsets;  // (slot, how far it moves up the order)
};

struct SpineEventKey {
    double time = 0.0;
    std::string name;
    int int_value = 0;
    double float_value = 0.0;
    std::string string_value;
};

struct SpineAnimationData {
    std::string name;
    std::vector<SpineBoneTimeline> bones;
    std::vector<SpineSlotTimeline> slots;
    std::vector<SpineIkTimeline> ik;
    std::vector<SpineDeformTimeline> deform;
    std::vector<SpineDrawOrderKey> draw_order;
    std::vector<SpineEventKey> events;
    // Timelines read and not kept ("transform", "path", "physics", "sequence", "inherit", a
    // slot's "rgba2"), one entry each, for a warning.
    std::vector<std::string> passed_over;
    double duration = 0.0;  // the latest key's time
};

}  // namespace marionette
