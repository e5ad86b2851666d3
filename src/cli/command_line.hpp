#pragma once
// The `marionette` command line. With a file (or none) it opens the editor; the other modes
// serve scripts and tests without a window.

#include <optional>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/ik/ik_chain.hpp"
#include "editor/ui/ui_appearance.hpp"

namespace marionette {

enum class RunMode { Edit, Check, Pose, Animate, Import, Export, BenchFrames, Help, Version };

// What --export writes: glTF 2.0 (chosen by default, .glb or .gltf) or a Spine skeleton (.json).
enum class ExportFormat { Gltf, Spine };

// `--pose FILE --chain NAME --target X,Y[,Z] [--solver S] [--iterations N] --out OUT`, checked
// as far as it can be without the rig: whether the chain exists and the target has as many
// components as the rig has dimensions are only known once FILE is loaded (run_pose).
struct PoseRequest {
    std::string chain;
    std::vector<float> target;         // 2 or 3 finite numbers, as given
    std::string target_text;           // as typed, for messages that quote it
    std::optional<SolverKind> solver;  // instead of the chain's own
    std::optional<int> iterations;     // CCD only
    std::string out;                   // where the posed rig is saved
};

// `--animate FILE --timeline TEXT [--fps F] [--seconds S] --out OUT`. The numbers are checked
// here; the timeline names states, so it is read once FILE is loaded (run_animate).
struct AnimateRequest {
    std::optional<std::string> timeline;  // as typed: "walking@0,climbing@2"
    std::optional<double> fps;            // finite, in (0, 1000]; the rig's fps when not given
    std::optional<double> seconds;        // finite, > 0; default: last switch arrived + 1 s
    std::string out;                      // where the frames are written
};

struct CommandLine {
    RunMode mode = RunMode::Edit;
    std::string file;  // rig to open, check or pose; empty: the default rig
    // Editor options used by scripts and tests.
    int quit_after_frames = 0;  // 0: run until the user quits
    std::string screenshot;     // PNG of the viewport written before quitting
    std::string script;         // input script replayed through the event queue (--script)
    int window_width = 0;       // --window WxH; 0: the default size
    int window_height = 0;
    // --ui-scale S and --theme dark|light: the editor's look for this run, over the settings'
    // (scripted pictures of a scale or theme); the settings are not changed by them.
    std::optional<float> ui_scale;
    std::optional<UiTheme> theme;
    PoseRequest pose;                                 // RunMode::Pose only
    AnimateRequest animate;                           // RunMode::Animate only
    std::string import_out;                           // RunMode::Import: the rig file written; RunMode::Export: the glTF file
    bool rest_pose = false;                           // --rest-pose: RunMode::Export writes the nodes at rest
    ExportFormat export_format = ExportFormat::Gltf;  // --format: RunMode::Export only
    // --overwrite: the output (--out, --screenshot) may replace the rig being read or another
    // rig file (cli/overwrite_guard.hpp). Only with an option that writes.
    bool overwrite = false;
    int bench_frames = 0;  // RunMode::BenchFrames: frames to time
    // --bones N, --chains C: the generated rig's size (RunMode::BenchFrames without FILE; 0: the
    // default 1,001 bones and 10 chains). Checked against kMaxBenchBones and kBenchArmBones.
    int bench_bones = 0;
    int bench_chains = 0;
};

// The largest rig --bench-frames generates, and the fewest bones an arm of it holds (its CCD
// chain's 16 bones).
inline constexpr int kMaxBenchBones = 1000000;
inline constexpr int kBenchArmBones = 16;

Result<CommandLine> parse_command_line(const std::vector<std::string>& args);

}  // namespace marionette
