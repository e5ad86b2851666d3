#include "core/io/spine/spine_deform_timelines.hpp"

#include <cmath>
#include <functional>
#include <vector>

#include "core/anim/bake_cycle.hpp"
#include "core/io/spine/spine_bezier_pieces.hpp"
#include "core/io/spine/spine_json_text.hpp"
#include "core/io/spine/spine_keys.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// The deform's offsets as Spine's "vertices": each picture-space offset turned and scaled by the
// attachment's placement (a shift moves nothing) into the slot's bone; for a weighted mesh,
// then into each of the vertex's bones at rest, one pair per bone as its vertices list them.
Json spine_offsets(const Attachment& a, std::size_t slot_bone, const std::vector<Transform>& rest_world,
                   const std::vector<glm::vec2>& offsets) {
    const AttachmentMesh& mesh = *a.mesh;
    Json out = Json::array();
    const glm::vec2 origin = picture_to_bone(a, glm::vec2(0.0f));
    for (std::size_t i = 0; i < offsets.size() && i < mesh.vertices.size(); ++i) {
        const glm::vec2 on_bone = picture_to_bone(a, offsets[i]) - origin;
        if (!mesh.is_weighted()) {
            out.push_back(spine_number(on_bone.x));
            out.push_back(spine_number(on_bone.y));
            continue;
        }
        const glm::vec3 in_world = rest_world[slot_bone].rotation * glm::vec3(on_bone, 0.0f);
        const VertexWeights& w = mesh.weights[i];
        for (std::size_t k = 0; k < w.count; ++k) {
            const glm::vec3 local = glm::conjugate(rest_world[w.bones[k]].rotation) * in_world;
            out.push_back(spine_number(local.x));
            out.push_back(spine_number(local.y));
        }
    }
    return out;
}

Json key_json(double time, Json vertices) { return Json{{"time", spine_number(time)}, {"vertices", std::move(vertices)}}; }

// A Bézier key as the pieces Spine's runtimes play within a little of it (spine_bezier_pieces.hpp):
// each a key of the offsets the fraction of the way it has come, its curve that piece's fraction
// of the way to the next (handles in absolute time, values 0 to 1 of the piece's own change).
void add_bezier_pieces(const DeformKey& key, const DeformKey& next, const std::function<Json(const std::vector<glm::vec2>&)>& vertices,
                       Json& keys) {
    const double from = static_cast<double>(key.time), span = static_cast<double>(next.time) - from;
    const std::vector<SpineBezierPiece> pieces = spine_bezier_pieces(key.curve);
    std::vector<glm::vec2> offsets(key.offsets.size());
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        const double time = from + pieces[p].x * span;
        const double end = p + 1 < pieces.size() ? from + pieces[p + 1].x * span : from + span;
        const auto f = static_cast<float>(pieces[p].y);
        for (std::size_t i = 0; i < offsets.size() && i < next.offsets.size(); ++i)
            offsets[i] = key.offsets[i] + f * (next.offsets[i] - key.offsets[i]);
        Json j = key_json(time, vertices(p == 0 ? key.offsets : offsets));
        const SpineBezier& c = pieces[p].curve;
        j["curve"] = Json::array(
            {spine_number(time + c.x1 * (end - time)), spine_number(c.y1), spine_number(time + c.x2 * (end - time)), spine_number(c.y2)});
        keys.push_back(std::move(j));
    }
}

}  // namespace

SpineDeformTimelines spine_deform_timelines(const Rig& rig, const SpineSkeletonPlan& plan, const State& state, std::size_t frames) {
    SpineDeformTimelines out;
    if (state.deform.empty()) return out;
    const std::vector<Transform> rest_world = compute_world(rig.skeleton, Pose::rest(rig.skeleton.size())).value();
    const double fps = static_cast<double>(rig.fps);
    for (const DeformTrack& t : state.deform) {
        const Slot& slot = rig.slots[static_cast<std::size_t>(t.slot)];
        const Attachment& a = slot.attachments[static_cast<std::size_t>(t.attachment)];
        const auto bone = static_cast<std::size_t>(slot.bone);
        std::vector<glm::vec2> offsets;
        const auto offsets_at = [&](double time) {
            sample_deform_track(t, time, offsets);
            return spine_offsets(a, bone, rest_world, offsets);
        };
        Json keys = Json::array();
        if (frames > 0) {
            // Keyed every frame on the state's own (looping) time, the last from the left.
            for (std::size_t f = 0; f <= frames; ++f) {
                keys.push_back(key_json(static_cast<double>(f) / fps, offsets_at(cycle_track_time(state, f, frames, fps))));
            }
        } else {
            if (t.keys.front().time > 0.0f) keys.push_back(key_json(0.0, offsets_at(0.0)));
            for (std::size_t k = 0; k < t.keys.size(); ++k) {
                const DeformKey& key = t.keys[k];
                const double time = static_cast<double>(key.time);
                Json j = key_json(time, spine_offsets(a, bone, rest_world, key.offsets));
                if (k > 0 && t.keys[k - 1].interpolation == Interpolation::Step) j["time"] = spine_switch_time(time);
                const bool last = k + 1 == t.keys.size();
                if (!last && key.interpolation == Interpolation::Step) j["curve"] = "stepped";
                if (!last && key.interpolation == Interpolation::Bezier) {
                    add_bezier_pieces(
                        key, t.keys[k + 1], [&](const std::vector<glm::vec2>& o) { return spine_offsets(a, bone, rest_world, o); }, keys);
                    continue;
                }
                keys.push_back(std::move(j));
                // The cosine ease is no cubic: a linear key every frame to the next key.
                if (!last && key.interpolation == Interpolation::Cosine) {
                    for (const double f : frames_between(time, static_cast<double>(t.keys[k + 1].time), fps))
                        keys.push_back(key_json(f, offsets_at(f)));
                }
            }
        }
        out.last_time = std::max(out.last_time, keys.back()["time"].get<double>());
        const std::string skin = a.skin < 0 ? std::string("default") : plan.skin_names[static_cast<std::size_t>(a.skin)];
        out.skins[skin][plan.slot_names[static_cast<std::size_t>(t.slot)]][a.name]["deform"] = std::move(keys);
    }
    return out;
}

}  // namespace marionette
