#pragma once
// Rigs built in code for the Spine export's tests: bones, keys and channels written out, so each
// test says what it exercises (an uneven parent scale over turned children, several roots, a
// root offset, slots reordered and recoloured).

#include <string>
#include <vector>

#include "core/math/angles.hpp"
#include "core/rig/rig.hpp"

namespace marionette::testing {

// Adds a bone under `parent` (empty: a root) at `at` in the parent's frame, turned `degrees`.
inline int add_bone(Rig& rig, const std::string& name, const std::string& parent, glm::vec2 at, float degrees, float length) {
    Bone b;
    b.name = name;
    b.parent = parent.empty() ? -1 : rig.skeleton.find(parent);
    b.rest.translation = glm::vec3(at, 0.0f);
    b.rest.rotation = rotation_2d(degrees_to_radians(degrees));
    b.length = length;
    std::vector<Bone> bones = rig.skeleton.bones();
    bones.push_back(b);
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return static_cast<int>(rig.skeleton.size()) - 1;
}

inline Key angle_key(float time, float degrees, Interpolation i = Interpolation::Linear, BezierCurve curve = {}) {
    Key k;
    k.time = time;
    k.angle = degrees_to_radians(degrees);
    k.interpolation = i;
    k.curve = curve;
    return k;
}

inline Key vector_key(float time, glm::vec2 v, float z, Interpolation i = Interpolation::Linear, BezierCurve curve = {}) {
    Key k;
    k.time = time;
    k.vector = glm::vec3(v, z);
    k.interpolation = i;
    k.curve = curve;
    return k;
}

inline KeyTrack track(const Rig& rig, const std::string& bone, PoseProperty property, std::vector<Key> keys) {
    KeyTrack t;
    t.bone = rig.skeleton.find(bone);
    t.property = property;
    t.keys = std::move(keys);
    return t;
}

inline StateChannel turn_channel(const Rig& rig, const std::string& bone, float base_degrees, float amplitude_degrees, float period) {
    StateChannel c;
    c.bone = rig.skeleton.find(bone);
    c.base = rotation_2d(degrees_to_radians(base_degrees));
    c.amplitude = degrees_to_radians(amplitude_degrees);
    c.period = period;
    return c;
}

inline StateChannel vector_channel(const Rig& rig, const std::string& bone, PoseProperty property, glm::vec2 center, glm::vec2 swing,
                                   float period, float phase_degrees = 0.0f) {
    StateChannel c;
    c.bone = rig.skeleton.find(bone);
    c.property = property;
    c.center = glm::vec3(center, property == PoseProperty::Scale ? 1.0f : 0.0f);
    c.swing = glm::vec3(swing, 0.0f);
    c.period = period;
    c.phase = degrees_to_radians(phase_degrees);
    return c;
}

// A trunk scaled unevenly (2 along, 0.5 across, and so on) with children turned every way off
// it, and a hand on one of them: Spine's noScale skews such children unless the export turns
// them back. Its pose holds the trunk at another uneven scale, a turned neck and a moved leg,
// which every state keeps where it does not drive them.
inline Rig uneven_scale_rig() {
    Rig rig;
    add_bone(rig, "hips", "", {10.0f, 20.0f}, 15.0f, 30.0f);
    add_bone(rig, "torso", "hips", {30.0f, 0.0f}, 10.0f, 60.0f);
    add_bone(rig, "arm", "torso", {40.0f, 12.0f}, 30.0f, 45.0f);
    add_bone(rig, "neck", "torso", {60.0f, -5.0f}, 120.0f, 20.0f);
    add_bone(rig, "leg", "torso", {0.0f, 8.0f}, -60.0f, 50.0f);
    add_bone(rig, "hand", "arm", {45.0f, 0.0f}, 20.0f, 15.0f);
    const auto torso = static_cast<std::size_t>(rig.skeleton.find("torso"));
    rig.pose.scales[torso] = {1.5f, 0.7f, 1.0f};
    rig.pose.rotations[static_cast<std::size_t>(rig.skeleton.find("neck"))] = rotation_2d(degrees_to_radians(-25.0f));
    rig.pose.translations[static_cast<std::size_t>(rig.skeleton.find("leg"))] = {3.0f, -4.0f, 0.0f};

    State held;  // steps only: exact between keys as well
    held.name = "held";
    held.tracks.push_back(track(rig, "torso", PoseProperty::Scale, {vector_key(0.0f, {2.0f, 0.5f}, 1.0f, Interpolation::Step)}));
    held.tracks.push_back(
        track(rig, "arm", PoseProperty::Rotation,
              {angle_key(0.0f, 10.0f, Interpolation::Step), angle_key(0.5f, 40.0f, Interpolation::Step), angle_key(1.0f, -20.0f)}));
    rig.states.push_back(held);

    State stretch;  // a scale and a turn both moving: the turn made up for Spine's skew at every frame
    stretch.name = "stretch";
    stretch.tracks.push_back(
        track(rig, "torso", PoseProperty::Scale,
              {vector_key(0.0f, {1.0f, 1.0f}, 1.0f), vector_key(1.0f, {2.0f, 0.5f}, 1.0f), vector_key(2.0f, {0.5f, 1.5f}, 1.0f)}));
    stretch.tracks.push_back(track(rig, "arm", PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(2.0f, 90.0f)}));
    stretch.tracks.push_back(track(rig, "hand", PoseProperty::Rotation, {angle_key(0.3f, -30.0f), angle_key(1.7f, 60.0f)}));
    rig.states.push_back(stretch);

    State sway;  // oscillators: sampled every frame
    sway.name = "sway";
    sway.channels.push_back(vector_channel(rig, "torso", PoseProperty::Scale, {1.5f, 0.8f}, {0.3f, -0.2f}, 1.0f));
    sway.channels.push_back(turn_channel(rig, "arm", 10.0f, 40.0f, 0.5f));
    sway.channels.push_back(turn_channel(rig, "hips", 0.0f, 15.0f, 1.0f));
    sway.channels.push_back(vector_channel(rig, "neck", PoseProperty::Translation, {0.0f, 0.0f}, {5.0f, 2.0f}, 0.5f, 90.0f));
    rig.states.push_back(sway);

    State pose;  // only the hand keyed: the trunk keeps the pose's uneven scale
    pose.name = "pose";
    pose.tracks.push_back(track(rig, "hand", PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.0f, 120.0f)}));
    rig.states.push_back(pose);
    return rig;
}

// Two roots, a root offset, and keys of every kind on them and a child.
inline Rig two_root_rig() {
    Rig rig;
    add_bone(rig, "left", "", {-40.0f, 0.0f}, 90.0f, 50.0f);
    add_bone(rig, "right", "", {40.0f, 10.0f}, 45.0f, 40.0f);
    add_bone(rig, "left_tip", "left", {50.0f, 0.0f}, -30.0f, 25.0f);
    add_bone(rig, "right_tip", "right", {40.0f, 5.0f}, 60.0f, 25.0f);
    add_bone(rig, "left_end", "left_tip", {25.0f, 0.0f}, 10.0f, 10.0f);
    rig.pose.root_offset = {5.0f, -3.0f, 0.0f};
    // A picture on a child of the scaled bone: it keeps its size (the child does not inherit the scale).
    Slot slot;
    slot.name = "tip";
    slot.bone = rig.skeleton.find("left_tip");
    Attachment picture;
    picture.name = "tip";
    picture.image = "tip.png";
    picture.size = {20.0f, 8.0f};
    picture.offset = {12.0f, 0.0f};
    picture.rotation = degrees_to_radians(15.0f);
    slot.attachments.push_back(picture);
    slot.shown = 0;
    rig.slots.push_back(slot);
    State curves;  // step, linear and Bézier keys: exact between frames
    curves.name = "curves";
    curves.tracks.push_back(track(rig, "left", PoseProperty::Translation,
                                  {vector_key(0.0f, {0.0f, 0.0f}, 0.0f, Interpolation::Bezier, BezierCurve{0.1f, 0.8f, 0.4f, 1.3f}),
                                   vector_key(0.8f, {20.0f, -10.0f}, 0.0f, Interpolation::Step), vector_key(1.2f, {-5.0f, 5.0f}, 0.0f)}));
    curves.tracks.push_back(
        track(rig, "right", PoseProperty::Rotation,
              {angle_key(0.2f, 0.0f, Interpolation::Bezier, BezierCurve{0.6f, -0.4f, 0.9f, 0.2f}), angle_key(1.0f, 370.0f)}));
    curves.tracks.push_back(track(rig, "left", PoseProperty::Scale,
                                  {vector_key(0.0f, {1.0f, 1.0f}, 1.0f), vector_key(0.6f, {1.6f, 1.6f}, 1.0f, Interpolation::Bezier),
                                   vector_key(1.2f, {0.8f, 0.8f}, 1.0f)}));
    curves.tracks.push_back(track(rig, "left_tip", PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.2f, -90.0f)}));
    rig.states.push_back(curves);
    State eased;  // cosine keys: linear keys a frame apart
    eased.name = "eased";
    eased.tracks.push_back(
        track(rig, "right_tip", PoseProperty::Rotation, {angle_key(0.0f, 0.0f, Interpolation::Cosine), angle_key(0.9f, 80.0f)}));
    eased.tracks.push_back(track(rig, "right", PoseProperty::Translation,
                                 {vector_key(0.1f, {0.0f, 0.0f}, 0.0f, Interpolation::Cosine), vector_key(0.7f, {10.0f, 30.0f}, 0.0f)}));
    rig.states.push_back(eased);
    return rig;
}

}  // namespace marionette::testing
