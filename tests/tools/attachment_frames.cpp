// The world vertices of the pictures a rig's slots show (a mesh's vertices, a plain picture's
// four corners), at every frame of a timeline played as `marionette --animate` plays it: the
// answer an exported file's own player (tests/tools/compare_spine.mjs) is held to. The frames
// file of --animate holds bones only; the product has no mode that writes vertices, and needs
// none, so this test-side program links the core library and asks the one computation drawing
// and the exporters share (attachment_world_vertices).
// Usage: attachment_frames RIG TIMELINE SECONDS FPS OUT.json
// Writes {"fps": F, "frames": [{"time": T, "skin": NAME or null, "slots": [{"slot": NAME, "attachment": NAME,
// "mesh": BOOL, "vertices": [[x, y], ...]} or null for a slot showing nothing, ...]}, ...]},
// the slots in the rig's order, a plain picture's corners bottom left, bottom right, top right,
// top left. A TIMELINE of "-" writes one frame, the rig's own pose with its slots as set up (an
// imported skeleton's setup pose), with its bones as --animate writes them: "bones": {NAME:
// {"position": [x, y, 0], "rotation": DEGREES, "scale": [x, y, 1]}}.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "core/anim/deform_track.hpp"
#include "core/anim/state_machine.hpp"
#include "core/anim/state_timeline.hpp"
#include "core/mesh/attachment_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/opened_rig.hpp"

namespace {

using namespace marionette;

// A number as JSON, to a double's precision: the comparison is at 1e-3 of the rig's size, the
// vertices' own floats carry 1e-7 of it.
std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

// JSON's quoted string of a name (rig names are UTF-8; only the quote, backslash and control
// characters need escapes).
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

int fail(const std::string& message) {
    std::cerr << "attachment_frames: " << message << "\n";
    return 1;
}

// The skin shown, as a frame's "skin": its name or null.
std::string skin_json(const Rig& rig, const SlotPose& slots) {
    return slots.skin < 0 ? std::string("null") : quoted(rig.skins[static_cast<std::size_t>(slots.skin)].name);
}

// The slots' shown attachments' world vertices, as a frame's "slots" array.
void write_slots(std::ostream& out, const Rig& rig, const Pose& pose, const std::vector<Transform>& world, const SlotPose& slots) {
    std::vector<glm::vec3> placed;
    const AttachmentSkinning skinning = attachment_skinning(rig.skeleton, rig.slots, pose, world);
    out << "[";
    for (std::size_t s = 0; s < rig.slots.size(); ++s) {
        if (s) out << ", ";
        const Slot& slot = rig.slots[s];
        const int shown = drawn_index(rig.slots, slots, s);
        if (shown < 0) {
            out << "null";
            continue;
        }
        const Attachment& a = slot.attachments[static_cast<std::size_t>(shown)];
        attachment_world_vertices(a, slot.bone, world, pose, skinning, placed, shown_deform(slots, s, a));
        out << "{\"slot\": " << quoted(slot.name) << ", \"attachment\": " << quoted(a.name) << ", \"mesh\": " << (a.mesh ? "true" : "false")
            << ", \"vertices\": [";
        for (std::size_t i = 0; i < placed.size(); ++i)
            out << (i ? "," : "") << "[" << number(placed[i].x) << "," << number(placed[i].y) << "]";
        out << "]}";
    }
    out << "]";
}

// The rig's own pose: one frame with its bones.
int write_rig_pose(const Rig& rig, const char* path) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return fail(world.message());
    std::ofstream out(path);
    if (!out) return fail(std::string("cannot write ") + path);
    out << "{\"fps\": 1,\n\"frames\": [\n{\"time\": 0, \"bones\": {";
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) {
        const Transform& w = world.value()[b];
        const glm::vec3& s = rig.pose.scales[b];
        out << (b ? ", " : "") << quoted(rig.skeleton[b].name) << ": {\"position\": [" << number(w.translation.x) << ","
            << number(w.translation.y) << ",0], \"rotation\": " << number(double(angle_2d(w.rotation)) * 180.0 / 3.14159265358979323846)
            << ", \"scale\": [" << number(s.x) << "," << number(s.y) << ",1]}";
    }
    const SlotPose setup = setup_slot_pose(rig.slots, rig.skin);
    out << "}, \"skin\": " << skin_json(rig, setup) << ", \"slots\": ";
    write_slots(out, rig, rig.pose, world.value(), setup);
    out << "}\n]}\n";
    out.close();
    if (!out) return fail(std::string("cannot write ") + path);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 6) return fail("usage: attachment_frames RIG TIMELINE SECONDS FPS OUT.json");
    const std::string file = argv[1];
    Result<OpenedRig> opened = open_rig_file(file);
    if (!opened) return fail(opened.message());
    const Rig& rig = opened.value().rig;
    if (std::string(argv[2]) == "-") return write_rig_pose(rig, argv[5]);
    Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(argv[2], rig, file);
    if (!timeline) return fail(timeline.message());
    const double seconds = std::strtod(argv[3], nullptr);
    const double fps = std::strtod(argv[4], nullptr);
    Result<std::size_t> frames = baked_frame_count(fps, seconds);
    if (!frames) return fail(frames.message());

    std::ofstream out(argv[5]);
    if (!out) return fail(std::string("cannot write ") + argv[5]);
    out << "{\"fps\": " << number(fps) << ",\n\"frames\": [\n";
    Pose pose = rig.pose;
    std::vector<Transform> world(rig.skeleton.size());
    const ForwardKinematicsJob fk{&rig.skeleton, &pose, world};
    if (Status s = fk.validate(); !s) return fail(s.message());
    SlotPose slots;
    bool first = true;
    const Status played = play_timeline(rig, timeline.value(), fps, frames.value(), pose, [&](double time, const StateMachine& machine) {
        fk.run();
        sample_slots(machine, rig, slots);
        out << (first ? "" : ",\n") << "{\"time\": " << number(time) << ", \"skin\": " << skin_json(rig, slots) << ", \"slots\": ";
        first = false;
        write_slots(out, rig, pose, world, slots);
        out << "}";
    });
    if (!played) return fail(played.message());
    out << "\n]}\n";
    out.close();
    if (!out) return fail(std::string("cannot write ") + argv[5]);
    return 0;
}
