#pragma once
// What a state does to a puppet's slots, as Spine's slot timelines: which drawing a slot shows
// (keys that switch, never blend: eyes open, then closed), the slot's colour and alpha (keys
// that move on to the next by the keys' interpolation, as bone tracks do), and the draw order
// (keys that each give the whole order at once). A SlotPose is what they give at one moment;
// the rig's own slots are the pose they start from. Pure data and pure functions.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/key_track.hpp"
#include "core/mesh/skin.hpp"
#include "core/mesh/slot.hpp"

namespace marionette {

enum class SlotProperty { Attachment, Color };

const char* slot_property_name(SlotProperty p);  // "attachment", "color"

struct SlotKey {
    float time = 0.0f;                                    // seconds from the state's start, within [0, kMaxKeyTime]
    int attachment = -1;                                  // an attachment key's drawing: an index into the slot's attachments, -1 none
    glm::vec4 color{1.0f};                                // a colour key's value, each in [0, 1]
    Interpolation interpolation = Interpolation::Linear;  // a colour key's way on to the next
    BezierCurve curve{};                                  // when that is Bezier

    bool operator==(const SlotKey&) const = default;
};

struct SlotTrack {
    int slot = -1;  // index into the rig's slots
    SlotProperty property = SlotProperty::Attachment;
    std::vector<SlotKey> keys;  // at least one, in strictly increasing time

    bool operator==(const SlotTrack&) const = default;
};

// From `time` on (until the next key), the slots are drawn in `order`: every slot's index once,
// bottom first.
struct DrawOrderKey {
    float time = 0.0f;
    std::vector<int> order;

    bool operator==(const DrawOrderKey&) const = default;
};

// From `time` on (until the next key), the rig shows skin `skin` (an index into the rig's skins,
// or -1: none, only the rig's own attachments; skin.hpp).
struct SkinKey {
    float time = 0.0f;
    int skin = -1;

    bool operator==(const SkinKey&) const = default;
};

// The slots at one moment: each slot's asked-for drawing (-1 none; what it draws is that under
// `skin`, drawn_attachment), colour and deform, by slot index, and the order they are drawn in
// (slot indices, bottom first).
struct SlotPose {
    std::vector<int> shown;
    std::vector<glm::vec4> colors;
    std::vector<int> order;
    // Per slot: an offset for each vertex of the mesh it shows (deform_track.hpp), or none.
    std::vector<std::vector<glm::vec2>> deforms;
    int skin = -1;  // the skin shown (index into the rig's skins), or -1: none

    bool operator==(const SlotPose&) const = default;
    // Whether it holds a value for each of `slot_count` slots.
    bool fits(std::size_t slot_count) const {
        return shown.size() == slot_count && colors.size() == slot_count && order.size() == slot_count;
    }
};

// The slots as the rig sets them up: their own drawings and colours, in the rig's order, under
// the rig's skin `skin` (Rig::skin).
SlotPose setup_slot_pose(const std::vector<Slot>& slots, int skin);
void setup_slot_pose(const std::vector<Slot>& slots, int skin, SlotPose& out);

// The index of the drawing slot `slot` draws in `pose` (its asked-for one under the pose's skin,
// drawn_attachment), or -1.
int drawn_index(const std::vector<Slot>& slots, const SlotPose& pose, std::size_t slot);

// The drawing slot `slot` draws in `pose` (drawn_index), or nullptr when it draws none or hangs
// on a bone past `bone_count` (drawn frames that do not cover it): what drawing and picking
// look at.
const Attachment* shown_drawing(const std::vector<Slot>& slots, const SlotPose& pose, std::size_t slot, std::size_t bone_count);

// Sets the skin `keys` give at `time` seconds on `pose`: each key's from its time until the next,
// the first key's before it; no keys keep the pose's.
void sample_skin_keys(const std::vector<SkinKey>& keys, double time, SlotPose& pose);

// The latest skin key time (0 without any).
float last_skin_key_time(const std::vector<SkinKey>& keys);

// Why a state's skin keys break the rules over `skin_count` skins, or empty: times finite, in
// [0, kMaxKeyTime], strictly increasing; skins that exist or -1. `place` receives where
// ("skin_keys[1]").
std::string skin_keys_problem(const std::vector<SkinKey>& keys, std::size_t skin_count, std::string* place = nullptr);

// Sets what `tracks` and `draw_order` give at `time` seconds on `pose` (slots no track keys
// keep theirs): before a track's first key its first key's value, after its last the last's;
// an attachment holds each key's drawing until the next key; a colour moves on by the key's
// interpolation. Tracks and keys naming slots past the pose are passed over.
void sample_slot_tracks(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order, double time, SlotPose& pose);

// A blend from `from` to `to` with weight `w` in [0, 1] (a transition between states): colours
// mix; a drawing, the skin and the draw order switch to `to`'s half-way (w >= 0.5), as Spine's
// attachment and draw order thresholds do; a deform mixes between the sides showing the drawing
// shown under the skin shown (a side showing another, or no offsets, counts as offsets of
// nothing). Both must fit the same
// slots; `out` may be `from`.
void blend_slot_poses(const SlotPose& from, const SlotPose& to, float w, SlotPose& out);

// The latest key time of the tracks and draw-order keys (0 without any).
float last_slot_key_time(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order);

// Why a state's slot tracks or draw-order keys break the rules over `slots`, or empty: tracks
// on slots that exist, one per slot and property, with at least one key; times finite, in
// [0, kMaxKeyTime], strictly increasing; attachment keys naming the slot's drawings (or -1);
// colours in [0, 1]; curves valid; each draw-order key every slot once. `place` receives where
// ("slot_tracks[1].keys[0]", "draw_order[2]").
std::string slot_timelines_problem(const std::vector<SlotTrack>& tracks, const std::vector<DrawOrderKey>& draw_order,
                                   const std::vector<Slot>& slots, std::string* place = nullptr);

}  // namespace marionette
