#include "cli/export_command.hpp"

#include <ostream>

#include "cli/overwrite_guard.hpp"
#include "cli/printed_line.hpp"
#include "cli/timeline_request.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/opened_rig.hpp"

namespace marionette {

namespace {

// The timeline's poses, one a frame, as --animate plays them.
Result<PoseClip> play_clip(const Rig& rig, const std::string& file, const AnimateRequest& request) {
    Result<TimelinePlan> plan = plan_timeline(rig, file, request, "--export");
    if (!plan) return Error{plan.message()};
    const TimelinePlan& p = plan.value();
    PoseClip clip{*request.timeline, p.fps, {}};
    clip.poses.reserve(p.frames);
    Pose pose = rig.pose;
    if (Status s = play_timeline(rig, p.timeline, p.fps, p.frames, pose, [&](double, const StateMachine&) { clip.poses.push_back(pose); });
        !s) {
        return Error{s.message()};
    }
    return clip;
}

}  // namespace

int run_export(const std::string& file, const std::string& out_file, bool rest_pose, const AnimateRequest& timeline, bool overwrite,
               std::ostream& out, std::ostream& err) {
    if (!is_gltf_path(out_file)) return print_failure(err, "--out " + out_file + ": expected a glTF file name (.glb or .gltf)");
    if (Status s = check_output_file("--out", file, out_file, overwrite); !s) return print_failure(err, s.message());
    Result<OpenedRig> opened = open_rig_file(file);
    if (!opened) return print_failure(err, opened.message());
    print_warnings(err, opened.value().warnings);
    const Rig& rig = opened.value().rig;
    GltfExportOptions options{is_glb_path(out_file), rest_pose};
    options.pictures_folder = rig_folder(file);
    if (timeline.timeline) {
        Result<PoseClip> clip = play_clip(rig, file, timeline);
        if (!clip) return print_failure(err, clip.message());
        options.timeline = std::move(clip).value();
    }
    Result<GltfExport> exported = export_gltf(rig, options);
    if (!exported) return print_failure(err, exported.message());
    print_warnings(err, exported.value().warnings);
    if (Status s = write_file_atomically(out_file, exported.value().bytes, WriteOptions{.replace_read_only = overwrite}); !s) {
        return print_failure(err, s.message());
    }
    print_line(out, "exported=" + file + " nodes=" + std::to_string(rig.skeleton.size()) +
                        " animations=" + std::to_string(exported.value().animations) + " out=" + out_file);
    return 0;
}

}  // namespace marionette
