// The Spine export's pictures and slots: regions land where attachment_corners puts the
// pictures, draw-order keys are the fewest offsets Spine's rule reads back as the order, and slot
// drawings, colours and draw orders play as sample_slot_tracks does, in keyed states and in
// states with oscillators.

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/anim/bake_cycle.hpp"
#include "core/anim/state.hpp"
#include "core/io/spine/spine_playback.hpp"
#include "core/io/spine/spine_pose.hpp"
#include "core/io/spine/spine_slot_timelines.hpp"
#include "core/io/spine/spine_test_rigs.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/mesh/vertex_weights.hpp"
#include "core/rig/forward_kinematics.hpp"

using namespace marionette;
using namespace marionette::testing;
using nlohmann::json;

TEST(SpineExport, RegionCornersAreAttachmentCorners) {
    Rig rig;
    add_bone(rig, "b", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    Slot slot;
    slot.name = "s";
    slot.bone = 0;
    const glm::vec2 pivots[] = {{0.5f, 0.5f}, {0.0f, 0.0f}, {1.0f, 1.0f}, {0.3f, 0.8f}, {1.0f, 0.0f}};
    const float rotations[] = {0.0f, 30.0f, -90.0f, 200.0f, 12.5f};
    const glm::vec2 scales[] = {{1.0f, 1.0f}, {2.0f, 0.5f}, {-1.0f, 1.0f}, {0.7f, -1.3f}, {1.0f, 3.0f}};
    for (int i = 0; i < 5; ++i) {
        Attachment a;
        a.name = "a" + std::to_string(i);
        a.image = "pictures/" + a.name + ".png";
        a.size = {40.0f + 7.0f * static_cast<float>(i), 25.0f};
        a.offset = {3.0f * static_cast<float>(i) - 5.0f, 11.0f - 2.0f * static_cast<float>(i)};
        a.rotation = degrees_to_radians(rotations[i]);
        a.scale = scales[i];
        a.pivot = pivots[i];
        a.tint = {1.0f, 0.5f, 0.25f, 0.75f};
        slot.attachments.push_back(a);
    }
    slot.shown = 2;
    rig.slots.push_back(slot);
    const SpineSkeleton spine(exported(rig).json);
    for (const Attachment& a : rig.slots[0].attachments) {
        const SpineRegionData r = spine.region("s", a.name);
        const auto theirs = SpineSkeleton::corners(r);
        const auto ours = attachment_corners(a);
        for (std::size_t c = 0; c < 4; ++c)
            EXPECT_LT(glm::length(glm::dvec2(ours[c]) - theirs[c]), 1e-4 * 100.0) << a.name << " corner " << c;
        EXPECT_EQ(r.path, "pictures/" + a.name);
        EXPECT_NEAR(r.color.g, 0.5, 1.0 / 255.0);
        EXPECT_NEAR(r.color.a, 0.75, 1.0 / 255.0);
    }
    EXPECT_EQ(spine.setup_slots().attachment[0], std::optional<std::string>("a2"));
}

namespace {

// An arm of two bones turned at rest with one slot on the upper bone showing a 20 x 4 picture
// cut into a 6 x 2 grid: "bending" weighted from the upper bone to the lower across the elbow,
// "stiff" the same mesh rigid.
Rig bending_arm() {
    Rig rig;
    add_bone(rig, "upper", "", {0.0f, 0.0f}, 20.0f, 10.0f);
    add_bone(rig, "lower", "upper", {10.0f, 0.0f}, 30.0f, 10.0f);
    Slot slot;
    slot.name = "arm";
    slot.bone = 0;
    Attachment a;
    a.name = "bending";
    a.image = "pictures/arm.png";
    a.size = {20.0f, 4.0f};
    a.pivot = {0.0f, 0.5f};
    a.rotation = degrees_to_radians(5.0f);
    a.mesh = grid_mesh(a.size, 6, 2);
    a.mesh->weights = test::ramp_weights(a.mesh->vertices, 6.0f, 14.0f);
    slot.attachments.push_back(a);
    a.name = "stiff";
    a.mesh->weights.clear();
    slot.attachments.push_back(a);
    slot.shown = 0;
    rig.slots.push_back(slot);
    return rig;
}

}  // namespace

// Meshes, rigid and weighted, are Spine meshes whose vertices Spine's rule puts where
// Marionette's skinning does, at rest and with the elbow bent; UVs run down the region.
TEST(SpineExport, MeshVerticesAreWhereMarionettePutsThem) {
    const Rig rig = bending_arm();
    const Attachment& a = rig.slots[0].attachments[0];
    const SpineSkeleton spine(exported(rig).json);
    EXPECT_EQ(spine.attachment("arm", "bending").at("hull"), a.mesh->hull);
    EXPECT_EQ(spine.attachment("arm", "bending").at("uvs")[1], 1.0) << "the first vertex, the picture's bottom left, at v 1";
    for (const float bend : {0.0f, 60.0f, -100.0f}) {
        Pose pose = Pose::rest(2);
        pose.rotations[1] = rotation_2d(degrees_to_radians(bend));
        pose.scales[1] = {1.2f, 1.0f, 1.0f};
        const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
        std::vector<SpineLocal> local = spine.setup();
        local[static_cast<std::size_t>(spine.bone("lower"))].rotation += bend;
        local[static_cast<std::size_t>(spine.bone("lower"))].scale_x = 1.2;
        const std::vector<SpineWorld> theirs_world = spine.world(local);
        const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
        for (const Attachment& m : rig.slots[0].attachments) {
            std::vector<glm::vec3> ours;
            attachment_world_vertices(m, 0, world, pose, skinning, ours);
            const std::vector<glm::dvec2> theirs = spine.mesh_world_vertices("arm", m.name, theirs_world);
            ASSERT_EQ(theirs.size(), ours.size());
            for (std::size_t i = 0; i < ours.size(); ++i)
                EXPECT_LT(glm::length(glm::dvec2(ours[i]) - theirs[i]), 1e-4 * 20.0) << m.name << " vertex " << i << " bent " << bend;
        }
    }
}

// Deform keys of both meshes, by every interpolation, play in Spine's deform timelines as they
// play in Marionette, at the keys and between them.
TEST(SpineExport, DeformKeysPlayAsMarionettePlaysThem) {
    Rig rig = bending_arm();
    State squash;
    squash.name = "squash";
    const std::size_t n = rig.slots[0].attachments[0].mesh->vertices.size();
    const auto shape = [&](float amount) {
        std::vector<glm::vec2> offsets(n);
        for (std::size_t i = 0; i < n; ++i) {
            const glm::vec2 v = rig.slots[0].attachments[0].mesh->vertices[i];
            offsets[i] = amount * glm::vec2(0.1f * v.y, v.x > 10.0f ? 1.5f : -0.5f);
        }
        return offsets;
    };
    const Interpolation kinds[] = {Interpolation::Linear, Interpolation::Bezier, Interpolation::Cosine, Interpolation::Step};
    for (int attachment = 0; attachment < 2; ++attachment) {
        DeformTrack t{0, attachment, {}};
        for (int k = 0; k < 5; ++k) {
            DeformKey key{0.25f + 0.5f * static_cast<float>(k), shape(k % 2 == 0 ? 1.0f : -2.0f), kinds[(k + attachment) % 4], {}};
            key.curve = BezierCurve{0.1f, 0.9f, 0.6f, -0.3f};
            t.keys.push_back(key);
        }
        squash.deform.push_back(t);
    }
    rig.states.push_back(squash);
    const SpineSkeleton spine(exported(rig).json);
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const std::vector<SpineWorld> theirs_world = spine.world(spine.setup());
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, rig.pose, world);
    for (int attachment = 0; attachment < 2; ++attachment) {
        for (double time = 0.0; time <= 2.5; time += 1.0 / 64.0) {
            SlotPose slots = setup_slot_pose(rig.slots, rig.skin);
            slots.shown[0] = attachment;
            sample_deform_tracks(rig.slots, rig.states[0].deform, keyed_time(rig.states[0], time), slots);
            const Attachment& m = rig.slots[0].attachments[static_cast<std::size_t>(attachment)];
            std::vector<glm::vec3> ours;
            attachment_world_vertices(m, 0, world, rig.pose, skinning, ours, shown_deform(slots, 0, m));
            const std::vector<glm::dvec2> theirs = spine.mesh_world_vertices("arm", m.name, theirs_world, "squash", time);
            ASSERT_EQ(theirs.size(), ours.size());
            double worst = 0.0;
            for (std::size_t i = 0; i < ours.size(); ++i) worst = std::max(worst, glm::length(glm::dvec2(ours[i]) - theirs[i]));
            // Cosine keys are straight between frames in Spine: within a frame's worth of the curve.
            EXPECT_LT(worst, 1e-3 * 20.0) << m.name << " at " << time;
        }
    }
}

TEST(SpineExport, DrawOrderOffsetsListTheFewestSlots) {
    using Offsets = std::vector<std::pair<int, int>>;
    // The bottom slot brought to the top is one slot moved up three places; the top one brought
    // to the bottom, one moved down three.
    EXPECT_EQ(draw_order_offsets({1, 2, 3, 0}), (Offsets{{0, 3}}));
    EXPECT_EQ(draw_order_offsets({3, 0, 1, 2}), (Offsets{{3, -3}}));
    EXPECT_EQ(draw_order_offsets({0, 1, 2, 3}), Offsets{});
    EXPECT_EQ(draw_order_offsets({3, 2, 1, 0}).size(), 3u);
    // Every order of four slots, read back by the format's rule, is the order given.
    Rig rig;
    add_bone(rig, "b", "", {0.0f, 0.0f}, 0.0f, 10.0f);
    for (const char* n : {"s0", "s1", "s2", "s3"}) {
        Slot s;
        s.name = n;
        s.bone = 0;
        rig.slots.push_back(s);
    }
    const SpineSkeleton spine(exported(rig).json);
    std::vector<int> order{0, 1, 2, 3};
    do {
        json key = json::object();
        const Offsets offsets = draw_order_offsets(order);
        if (!offsets.empty()) key["offsets"] = json::array();
        for (const auto& [s, o] : offsets) key["offsets"].push_back({{"slot", "s" + std::to_string(s)}, {"offset", o}});
        EXPECT_EQ(spine.draw_order(key), order) << key;
    } while (std::next_permutation(order.begin(), order.end()));
}

namespace {

// Four slots on two bones, each with two drawings, and a state keying their drawings, colours
// (linear, step, Bézier, cosine) and draw order.
Rig slot_rig() {
    Rig rig;
    add_bone(rig, "body", "", {0.0f, 0.0f}, 90.0f, 40.0f);
    add_bone(rig, "head", "body", {40.0f, 0.0f}, 0.0f, 20.0f);
    for (int i = 0; i < 4; ++i) {
        Slot s;
        s.name = "slot" + std::to_string(i);
        s.bone = i % 2;
        for (const char* n : {"a", "b"}) {
            Attachment a;
            a.name = n;
            a.image = s.name + "-" + n + ".png";
            a.size = {10.0f, 10.0f};
            s.attachments.push_back(a);
        }
        s.shown = i == 3 ? -1 : 0;
        s.color = i == 2 ? glm::vec4(0.2f, 0.4f, 0.6f, 0.8f) : glm::vec4(1.0f);
        rig.slots.push_back(s);
    }
    State state;
    state.name = "blink";
    SlotTrack drawings;
    drawings.slot = 0;
    const auto drawing = [](float t, int a) {
        SlotKey k;
        k.time = t;
        k.attachment = a;
        return k;
    };
    drawings.keys = {drawing(0.2f, 1), drawing(0.5f, -1), drawing(0.9f, 0)};
    state.slot_tracks.push_back(drawings);
    SlotTrack colours;
    colours.slot = 1;
    colours.property = SlotProperty::Color;
    const auto colour = [](float t, glm::vec4 c, Interpolation i, BezierCurve curve = {}) {
        SlotKey k;
        k.time = t;
        k.color = c;
        k.interpolation = i;
        k.curve = curve;
        return k;
    };
    colours.keys = {colour(0.0f, {1, 1, 1, 1}, Interpolation::Linear), colour(0.4f, {1, 0, 0, 1}, Interpolation::Step),
                    colour(0.6f, {0, 1, 0, 0.5f}, Interpolation::Bezier, BezierCurve{0.3f, -0.2f, 0.7f, 1.4f}),
                    colour(1.0f, {0, 0, 1, 1}, Interpolation::Cosine), colour(1.4f, {0.5f, 0.5f, 0.5f, 1}, Interpolation::Linear)};
    state.slot_tracks.push_back(colours);
    SlotTrack late;  // a single key after 0: it holds from 0
    late.slot = 2;
    late.property = SlotProperty::Color;
    late.keys = {colour(0.3f, {0.1f, 0.9f, 0.1f, 1}, Interpolation::Linear)};
    state.slot_tracks.push_back(late);
    state.draw_order = {DrawOrderKey{0.25f, {1, 2, 3, 0}}, DrawOrderKey{0.75f, {3, 0, 1, 2}}, DrawOrderKey{1.2f, {0, 1, 2, 3}}};
    rig.states.push_back(state);
    return rig;
}

// The slots Spine shows at `t` of `animation` against ours at `track_time`: drawings and order
// the same, colours within a step of the file's 8 bits (and `slack` more; none checked when
// `slack` is negative).
void expect_same_slots(const Rig& rig, const SpineSkeleton& spine, const State& state, double t, double track_time, double slack) {
    SlotPose ours = setup_slot_pose(rig.slots, rig.skin);
    sample_slot_tracks(state.slot_tracks, state.draw_order, track_time, ours);
    const SpineSlotPose theirs = spine.slots(state.name, t);
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        const int shown = ours.shown[s];
        const std::optional<std::string> expected =
            shown < 0 ? std::nullopt : std::optional<std::string>(rig.slots[s].attachments[static_cast<std::size_t>(shown)].name);
        EXPECT_EQ(theirs.attachment[s], expected) << "slot " << s << " at " << t;
        for (int c = 0; c < 4 && slack >= 0.0; ++c)
            EXPECT_NEAR(theirs.color[s][c], ours.colors[s][c], 0.5 / 255.0 + 1e-6 + slack) << "slot " << s << " at " << t;
    }
    EXPECT_EQ(theirs.order, ours.order) << "at " << t;
}

}  // namespace

TEST(SpineExport, SlotKeysAndDrawOrdersPlayAsSampleSlotTracks) {
    const Rig rig = slot_rig();
    const SpineExport out = exported(rig);
    expect_well_formed(out);
    const SpineSkeleton spine(out.json);
    const State& state = rig.states[0];
    std::vector<double> times = key_times(state);
    for (double f = 0.0; f <= 45.0; f += 1.0) times.push_back(f / 30.0);  // frames, past the last key
    for (double t : times) expect_same_slots(rig, spine, state, t, t, 0.0);
    // Between frames: exact but where a cosine key went out as straight lines a frame apart.
    for (double t = 0.01; t < 1.5; t += 0.023) expect_same_slots(rig, spine, state, t, t, t > 1.0 && t < 1.4 ? 3e-3 : 0.0);

    // The same keys in a state with an oscillator: exported over the loop of both (a 0.7 s
    // period and the keys' 1.4 s: 1.4 s), the keys once per pass.
    Rig swaying = rig;
    swaying.states[0].name = "swaying";
    swaying.states[0].channels.push_back(turn_channel(swaying, "head", 0.0f, 20.0f, 0.7f));
    const SpineSkeleton spine2(exported(swaying).json);
    const State& s2 = swaying.states[0];
    const double end = static_cast<double>(bake_cycle(s2, 30.0).frames) / 30.0;
    EXPECT_NEAR(duration_of(spine2.json().at("animations").at("swaying")), end, 1e-6);
    // Drawings and orders switch exactly, at keys and between; colours are sampled every frame.
    for (double t = 0.0; t < end; t += 0.0371) expect_same_slots(swaying, spine2, s2, t, keyed_time(s2, t), -1.0);
    for (double t : key_times(s2)) expect_same_slots(swaying, spine2, s2, t, keyed_time(s2, t), -1.0);
    // At the frames. At the loop's end the drawings and the order are the loop's start again,
    // while the colours' last key holds where the keys got to (read from the left,
    // cycle_track_time), which a player reaches only as the loop closes.
    const std::size_t frames = bake_cycle(s2, 30.0).frames;
    for (std::size_t f = 0; f <= frames; ++f) {
        const double t = static_cast<double>(f) / 30.0;
        expect_same_slots(swaying, spine2, s2, t, keyed_time(s2, t), f < frames ? 0.0 : -1.0);
    }
    SlotPose left = setup_slot_pose(swaying.slots, swaying.skin);
    sample_slot_tracks(s2.slot_tracks, s2.draw_order, cycle_track_time(s2, frames, frames, 30.0), left);
    const SpineSlotPose last = spine2.slots(s2.name, static_cast<double>(frames) / 30.0);
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(last.color[1][c], left.colors[1][c], 0.5 / 255.0 + 1e-6) << "the colour keys' end";
    expect_plays_as_marionette(swaying, exported(swaying), {});
}
