#pragma once
// The edits of a 2D puppet's pictures, as pure functions in the style of edits.hpp: each takes
// the rig and returns the edited copy, or an error naming the problem and leaving nothing
// changed. Every result keeps the slots' one rule (slots_problem, core/mesh/slot.hpp), so it saves
// and loads back as it is. Slots and attachments are named by index; one out of range is an
// error, not a crash. Recording the step for undo is the caller's part (history.hpp).

#include <string_view>

#include "core/base/result.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SlotEdit {
    Rig rig;
    int slot = -1;        // the slot made or changed
    int attachment = -1;  // the attachment made or changed in it, or -1
};

// A new slot on `bone`, drawn on top of every other, showing one new attachment of `image` (a
// path relative to the rig's folder) of `size` (the picture's pixels: one rig unit a pixel).
// Both are named after the image's file name without its extension, numbered when taken. The
// picture is centred on the bone's middle and turned so that it stands upright in the world
// while the bone's frame is `bone_world` (the pose shown), as a picture dropped on a bone in
// Spine keeps the way it was drawn.
Result<SlotEdit> add_picture_slot(const Rig& rig, int bone, std::string_view image, glm::vec2 size, const Transform& bone_world);

// One more attachment of `image` in `slot`, placed where the slot's shown one is (or as
// add_picture_slot places one when it shows nothing), and shown: another drawing of the same
// part (eyes closed, a hand's other shape) that switching swaps in place.
Result<SlotEdit> add_slot_attachment(const Rig& rig, int slot, std::string_view image, glm::vec2 size, const Transform& bone_world);

// The slot's name, bone, shown attachment and colour as `value` has them; its attachments
// must be the ones it has (set_attachment changes those).
Result<Rig> set_slot(const Rig& rig, int slot, const Slot& value);

// One attachment's name, image, size, placement and tint as `value` has them.
Result<Rig> set_attachment(const Rig& rig, int slot, int attachment, const Attachment& value);

// Moves slot `from` to position `to` of the draw order (0: drawn first, under all others),
// the others keeping their order. The states' slot tracks and draw-order keys follow their
// slots (delete_slot removes the deleted slot's tracks, and the slot from each order).
Result<Rig> move_slot(const Rig& rig, int from, int to);

// Removes a slot with its attachments.
Result<Rig> delete_slot(const Rig& rig, int slot);

// Removes one attachment from its slot; the slot shows nothing if it showed that one, and
// keeps showing its picture if it showed another; so do the states' keys of the slot.
Result<Rig> delete_attachment(const Rig& rig, int slot, int attachment);

// Keys slot `slot`'s `property` into state `state` at `time` seconds: the drawing
// `key.attachment` (switching there) or the colour `key.color` (moving on to the next key by
// `key.interpolation`). A key already at that time is replaced; a slot without such a track
// gets one. As Spine's animate mode keys what is changed at the playhead.
Result<Rig> key_slot(const Rig& rig, int state, int slot, SlotProperty property, float time, const SlotKey& key);

// Keys the draw order `order` (every slot's index once, bottom first) into state `state` at
// `time`, replacing a draw-order key at that time.
Result<Rig> key_draw_order(const Rig& rig, int state, float time, std::vector<int> order);

}  // namespace marionette
