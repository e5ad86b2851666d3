// Deform keys: a state's keyed offsets of a mesh's vertices, sampled between keys by their
// interpolation only while the slot shows that mesh, blended across a transition, kept by the
// rig file by name, and refused at their place when they do not fit the mesh.

#include <string>

#include <gtest/gtest.h>

#include "core/anim/deform_track.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

// A bone with a slot "face" showing a 3-vertex mesh "round" and a plain picture "flat".
const char* const kRig = R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
  "bones": [ { "name": "head", "length": 10 } ],
  "slots": [ { "name": "face", "bone": "head", "attachment": "round", "attachments": [
    { "name": "round", "image": "face.png", "size": [10, 10],
      "mesh": { "vertices": [[0, 0], [10, 0], [5, 10]], "uvs": [[0, 0], [1, 0], [0.5, 1]], "triangles": [[0, 1, 2]], "hull": 3 } },
    { "name": "flat", "image": "face.png", "size": [10, 10] } ] } ],
  "states": [ { "name": "squash", "channels": [], "deform": DEFORM } ] })";

std::string rig_text(const std::string& deform) {
    std::string text = kRig;
    text.replace(text.find("DEFORM"), 6, deform);
    return text;
}

std::string load_message(const std::string& deform) {
    Result<Rig> rig = parse_rig(rig_text(deform));
    return rig.ok() ? "loaded" : rig.message();
}

const char* const kSquash = R"([ { "slot": "face", "attachment": "round", "keys": [
    { "time": 0, "offsets": [[0, 0], [0, 0], [0, 0]] },
    { "time": 1, "offsets": [[-2, 0], [2, 0], [0, -4]], "interpolation": "step" },
    { "time": 2, "offsets": [[0, 0], [0, 0], [0, 2]] } ] } ])";

Rig squash_rig() {
    Result<Rig> rig = parse_rig(rig_text(kSquash));
    EXPECT_TRUE(rig.ok()) << rig.message();
    return rig.value();
}

}  // namespace

TEST(DeformTracks, OffsetsMoveOnByTheKeysInterpolationWhileTheSlotShowsTheMesh) {
    const Rig rig = squash_rig();
    const std::vector<DeformTrack>& tracks = rig.states[0].deform;
    SlotPose pose = setup_slot_pose(rig.slots, rig.skin);
    sample_deform_tracks(rig.slots, tracks, 0.25, pose);
    ASSERT_EQ(pose.deforms[0].size(), 3u);
    EXPECT_EQ(pose.deforms[0][1], glm::vec2(0.5f, 0.0f)) << "a quarter of the way, linear";
    sample_deform_tracks(rig.slots, tracks, 1.5, pose);
    EXPECT_EQ(pose.deforms[0][2], glm::vec2(0.0f, -4.0f)) << "a step holds until the next key";
    sample_deform_tracks(rig.slots, tracks, 9.0, pose);
    EXPECT_EQ(pose.deforms[0][2], glm::vec2(0.0f, 2.0f)) << "after the last key, the last";
    EXPECT_EQ(last_deform_key_time(tracks), 2.0f);
    EXPECT_EQ(state_length(rig.states[0]), 2.0f) << "deform keys make a state keyed and long";
    EXPECT_TRUE(is_keyed(rig.states[0]));
    // The slot showing its plain picture: the mesh's keys leave it alone.
    SlotPose flat = setup_slot_pose(rig.slots, rig.skin);
    flat.shown[0] = 1;
    sample_deform_tracks(rig.slots, tracks, 0.25, flat);
    EXPECT_TRUE(flat.deforms[0].empty());
    EXPECT_TRUE(shown_deform(flat, 0, rig.slots[0].attachments[1]).empty());
    EXPECT_EQ(shown_deform(pose, 0, rig.slots[0].attachments[0]).size(), 3u);
}

TEST(DeformTracks, ATransitionMixesTheShapesOfTheSidesShowingTheMesh) {
    const Rig rig = squash_rig();
    SlotPose from = setup_slot_pose(rig.slots, rig.skin), to = setup_slot_pose(rig.slots, rig.skin), out;
    sample_deform_tracks(rig.slots, rig.states[0].deform, 1.0, to);  // (-2, 0), (2, 0), (0, -4)
    blend_slot_poses(from, to, 0.25f, out);
    ASSERT_EQ(out.deforms[0].size(), 3u);
    EXPECT_EQ(out.deforms[0][2], glm::vec2(0.0f, -1.0f)) << "a quarter of the way from no offsets";
    blend_slot_poses(to, from, 0.25f, out);
    EXPECT_EQ(out.deforms[0][2], glm::vec2(0.0f, -3.0f)) << "and back";
    // `out` being `from`, as the state machine blends its layers.
    blend_slot_poses(to, from, 0.5f, to);
    EXPECT_EQ(to.deforms[0][0], glm::vec2(-1.0f, 0.0f));
    // The other side shows the plain picture: past half-way the plain picture shows, undeformed.
    SlotPose flat = setup_slot_pose(rig.slots, rig.skin);
    flat.shown[0] = 1;
    blend_slot_poses(to, flat, 0.75f, out);
    EXPECT_TRUE(out.deforms[0].empty());
    blend_slot_poses(to, flat, 0.25f, out);
    EXPECT_EQ(out.deforms[0][0], glm::vec2(-0.75f, 0.0f)) << "before half-way the mesh, its offsets fading";
}

TEST(DeformTracks, TheFileKeepsThemByNameAndReadsThemBackExactly) {
    const Rig rig = squash_rig();
    Result<std::string> text = serialize_rig(rig);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_NE(text.value().find("\"attachment\": \"round\""), std::string::npos);
    Result<Rig> back = parse_rig(text.value());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.value().states, rig.states);
}

TEST(DeformTracks, WhatDoesNotFitItsMeshIsRefusedAtItsPlace) {
    const std::string at = "states[0].deform[0]";
    EXPECT_EQ(load_message(R"([ { "slot": "body", "attachment": "round", "keys": [] } ])"), at + ".slot: \"body\" is not a slot");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "square", "keys": [] } ])"),
              at + ".attachment: \"square\" is not one of slot \"face\"'s attachments");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "flat", "keys": [ { "time": 0, "offsets": [] } ] } ])"),
              at + ": \"flat\" is a plain picture: only a mesh deforms");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "round", "keys": [] } ])"), at + ": a track needs a key at least");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "round", "keys": [ { "time": 0, "offsets": [[0, 0]] } ] } ])"),
              at + ".keys[0]: one offset a vertex of \"round\" (3), not 1");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "round", "keys": [
        { "time": 1, "offsets": [[0, 0], [0, 0], [0, 0]] }, { "time": 1, "offsets": [[0, 0], [0, 0], [0, 0]] } ] } ])"),
              at + ".keys[1]: keys must be in strictly increasing time");
    EXPECT_EQ(
        load_message(R"([ { "slot": "face", "attachment": "round", "keys": [ { "time": 0, "offsets": [[0, 0], [0, 1e20], [0, 0]] } ] } ])"),
        at + ".keys[0]: each offset must be between -1e15 and 1e15");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "round", "keys": [ { "time": 0, "offsets": [[0, 0], [0, 0], [0, 0]] } ] },
        { "slot": "face", "attachment": "round", "keys": [ { "time": 0, "offsets": [[0, 0], [0, 0], [0, 0]] } ] } ])"),
              "states[0].deform[1]: \"round\" has another deform track in the state");
    EXPECT_EQ(load_message(R"([ { "slot": "face", "attachment": "round", "keys": [ { "time": 0, "offsets": [[0, 0], [0, 0], [0]] } ] } ])"),
              at + ".keys[0].offsets[2]: must be a list of 2 numbers");
}

TEST(DeformTracks, ASaveNeverWritesKeysThatDoNotFitTheirMesh) {
    Rig rig = squash_rig();
    rig.states[0].deform[0].keys[1].offsets.pop_back();
    const Result<std::string> text = serialize_rig(rig);
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.message(), "cannot write the rig: states[0].deform[0].keys[1]: one offset a vertex of \"round\" (3), not 2");
}
