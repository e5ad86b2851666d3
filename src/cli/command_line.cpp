#include "cli/command_line.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "core/base/extents.hpp"
#include "core/base/number_text.hpp"
#include "core/ik/chain_rules.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

Result<int> parse_count(const std::string& option, const std::string& text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 1) {
        return Error{option + ": expected a positive whole number, got \"" + text + "\""};
    }
    return value;
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

// One component of --target. Read as a double first so that "1e39" is reported as out of range
// for the float the solver takes, rather than as "not a number".
Result<float> parse_coordinate(const std::string& where, const std::string& component, std::size_t index) {
    std::string text = trim(component);
    if (text.empty()) return Error{where + "component " + std::to_string(index + 1) + " is empty"};
    // from_chars rejects a leading '+', which people do type.
    const std::size_t skip = text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+' ? 1 : 0;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data() + skip, text.data() + text.size(), value);
    const std::string quoted = "\"" + component + "\"";
    if (ec == std::errc::result_out_of_range) return Error{where + quoted + " is out of range for a float"};
    if (ec != std::errc{} || end != text.data() + text.size()) return Error{where + quoted + " is not a number"};
    if (!std::isfinite(value)) return Error{where + quoted + " is not a finite number"};
    if (std::abs(value) > static_cast<double>(std::numeric_limits<float>::max())) {
        return Error{where + quoted + " is out of range for a float"};
    }
    return static_cast<float>(value);
}

// "X,Y" or "X,Y,Z". Which of the two the rig needs is checked once it is loaded.
Result<std::vector<float>> parse_target(const std::string& text) {
    const std::string where = "--target: \"" + text + "\": ";
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1) {
        parts.push_back(text.substr(start, comma - start));
    }
    parts.push_back(text.substr(start));
    if (parts.size() != 2 && parts.size() != 3) {
        return Error{where + "expected X,Y (2D rig) or X,Y,Z (3D rig), got " + std::to_string(parts.size()) +
                     (parts.size() == 1 ? " component" : " components")};
    }
    std::vector<float> target;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Result<float> v = parse_coordinate(where, parts[i], i);
        if (!v) return Error{v.message()};
        target.push_back(v.value());
    }
    return target;
}

Result<SolverKind> parse_solver(const std::string& text) {
    if (text == "ccd") return SolverKind::Ccd;
    // The file spells it two_bone; the command line's usual spelling is two-bone. Take both.
    if (text == "two-bone" || text == "two_bone") return SolverKind::TwoBone;
    return Error{"--solver: expected ccd or two-bone, got \"" + text + "\""};
}

Result<double> parse_fps(const std::string& text) {
    const std::optional<double> fps = parse_number_text(text);
    // The rig file's rule (extents.hpp), checked in double: the bake's rate is a double.
    if (!fps || !(*fps > 0.0 && *fps <= static_cast<double>(kMaxFps))) {
        return Error{std::string("--fps: expected frames per second ") + kFpsRange + ", got \"" + text + "\""};
    }
    return *fps;
}

Result<double> parse_seconds(const std::string& text) {
    const std::optional<double> seconds = parse_number_text(text);
    if (!seconds || !std::isfinite(*seconds) || !(*seconds > 0.0)) {
        return Error{"--seconds: expected a finite number of seconds above 0, got \"" + text + "\""};
    }
    return *seconds;
}

// Options that belong to one mode; --out to both.
bool is_pose_option(const std::string& a) {
    return a == "--chain" || a == "--target" || a == "--solver" || a == "--iterations" || a == "--out";
}
bool is_animate_option(const std::string& a) { return a == "--timeline" || a == "--fps" || a == "--seconds" || a == "--out"; }

// "WxH", each side a whole number of pixels the window systems accept.
Status parse_window_size(const std::string& text, CommandLine& cl) {
    const std::string where = "--window: expected WIDTHxHEIGHT such as 1280x800, got \"" + text + "\"";
    const std::size_t x = text.find('x');
    if (x == std::string::npos) return Error{where};
    int w = 0;
    int h = 0;
    const auto [wend, wec] = std::from_chars(text.data(), text.data() + x, w);
    const auto [hend, hec] = std::from_chars(text.data() + x + 1, text.data() + text.size(), h);
    if (wec != std::errc{} || hec != std::errc{} || wend != text.data() + x || hend != text.data() + text.size()) {
        return Error{where};
    }
    if (w < 320 || h < 240 || w > 16384 || h > 16384) {
        return Error{"--window: " + text + " is outside 320x240 to 16384x16384"};
    }
    cl.window_width = w;
    cl.window_height = h;
    return {};
}

// A number within the scales the editor draws at (as the settings file's ui.scale, which is
// clamped there but refused here: a typed 30 was meant as something else).
Result<float> parse_ui_scale(const std::string& text) {
    char range[64];
    std::snprintf(range, sizeof range, "%g to %g", static_cast<double>(UiAppearance::kMinScale),
                  static_cast<double>(UiAppearance::kMaxScale));
    float scale = 0.0f;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), scale);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
        return Error{"--ui-scale: expected a number from " + std::string(range) + " such as 1.5, got \"" + text + "\""};
    }
    if (!(scale >= UiAppearance::kMinScale && scale <= UiAppearance::kMaxScale)) {
        return Error{"--ui-scale: " + text + " is outside " + range};
    }
    return scale;
}

// A mode's options given without that mode; the first one named, as typed.
Status check_mode_options(const CommandLine& cl, const std::vector<std::string>& mode_options_seen) {
    for (const std::string& option : mode_options_seen) {
        const bool pose = is_pose_option(option);
        const bool animate = is_animate_option(option);
        if ((pose && cl.mode == RunMode::Pose) || (animate && cl.mode == RunMode::Animate)) continue;
        if (option == "--out" && (cl.mode == RunMode::Import || cl.mode == RunMode::Export)) continue;
        if (animate && cl.mode == RunMode::Export) continue;  // --export --timeline: one animation of the timeline
        return Error{option + ": only with " +
                     (pose && animate ? "--pose FILE, --animate FILE or --import FILE"
                      : pose          ? "--pose FILE"
                                      : "--animate FILE or --export FILE")};
    }
    return {};
}

// What a mode that writes OUT without a window lacks, as "--pose: missing --chain NAME, ...".
class MissingOptions {
public:
    void require(bool present, const char* what) {
        if (present) return;
        if (!missing_.empty()) missing_ += ", ";
        missing_ += what;
    }
    Status status(const char* mode) const {
        if (missing_.empty()) return {};
        return Error{std::string(mode) + ": missing " + missing_};
    }

private:
    std::string missing_;
};

Status check_pose(const CommandLine& cl) {
    MissingOptions missing;
    missing.require(!cl.pose.chain.empty(), "--chain NAME");
    missing.require(!cl.pose.target.empty(), "--target X,Y[,Z]");
    missing.require(!cl.pose.out.empty(), "--out OUT.json");
    if (Status s = missing.status("--pose"); !s) return s;
    if (cl.pose.iterations && cl.pose.solver == SolverKind::TwoBone) {
        return Error{"--iterations: only for the ccd solver, not with --solver two-bone"};
    }
    return {};
}

Status check_animate(const CommandLine& cl) {
    MissingOptions missing;
    missing.require(cl.animate.timeline.has_value(), "--timeline NAME@SECONDS,...");
    missing.require(!cl.animate.out.empty(), "--out FRAMES.json");
    return missing.status("--animate");
}

// --export --format spine: every state is an animation and the setup pose is the rest pose, so
// the glTF export's choices of what to write do not apply; the skeleton is a .json file.
Status check_spine_export(const CommandLine& cl) {
    if (cl.import_out.empty()) return Error{"--export: missing --out OUT.json"};
    if (cl.animate.timeline) return Error{"--export: --timeline does not go with --format spine (every state is exported as an animation)"};
    if (cl.animate.fps || cl.animate.seconds)
        return Error{"--export: --fps and --seconds go with --timeline, which --format spine does not take"};
    if (cl.rest_pose) return Error{"--export: --rest-pose does not go with --format spine (Spine's setup pose is always the rest pose)"};
    const std::filesystem::path out(cl.import_out);
    if (lowercase_extension(out) != ".json")
        return Error{"--out " + cl.import_out + ": --format spine writes a Spine skeleton: expected a .json file name"};
    return {};
}

// --bones and --chains: only to size the rig --bench-frames generates, and a size it can make.
Status check_bench_size(const CommandLine& cl) {
    if (cl.bench_bones == 0 && cl.bench_chains == 0) return {};
    const char* option = cl.bench_bones != 0 ? "--bones" : "--chains";
    if (cl.mode != RunMode::BenchFrames) return Error{std::string(option) + ": only with --bench-frames N (the rig it generates)"};
    if (!cl.file.empty()) return Error{std::string(option) + ": sizes the generated rig; --bench-frames times FILE as it is"};
    const long long bones = cl.bench_bones != 0 ? cl.bench_bones : 1001;
    const long long chains = cl.bench_chains != 0 ? cl.bench_chains : 10;
    if (bones > kMaxBenchBones) return Error{"--bones: at most " + std::to_string(kMaxBenchBones) + ", got " + std::to_string(bones)};
    if ((bones - 1) / chains < kBenchArmBones) {
        return Error{"--chains: " + std::to_string(chains) + " chains need " + std::to_string(chains * kBenchArmBones + 1) +
                     " bones or more (each hangs on an arm of at least " + std::to_string(kBenchArmBones) + "), got " +
                     std::to_string(bones)};
    }
    return {};
}

// Checks that need every option seen: which options go with which mode, and what a mode lacks.
Status check_combination(const CommandLine& cl, const std::vector<std::string>& mode_options_seen, bool format_given) {
    if (!cl.screenshot.empty() && cl.quit_after_frames == 0) {
        return Error{"--screenshot: needs --frames N (the frame to capture)"};
    }
    if (cl.mode == RunMode::Check && cl.file.empty()) return Error{"--check: missing value"};
    if (cl.mode == RunMode::BenchFrames && (cl.quit_after_frames != 0 || !cl.screenshot.empty())) {
        return Error{"--bench-frames: runs without a window; --frames and --screenshot are editor options"};
    }
    if (Status s = check_bench_size(cl); !s) return s;
    if (cl.mode != RunMode::Edit && !cl.script.empty()) return Error{"--script: an editor option, not used with another mode"};
    if (cl.mode != RunMode::Edit && cl.window_width != 0) return Error{"--window: an editor option, not used with another mode"};
    if (cl.mode != RunMode::Edit && cl.ui_scale) return Error{"--ui-scale: an editor option, not used with another mode"};
    if (cl.mode != RunMode::Edit && cl.theme) return Error{"--theme: an editor option, not used with another mode"};
    if (Status s = check_mode_options(cl, mode_options_seen); !s) return s;
    // Said where nothing is written it would promise a protection lifted for nothing, or hint
    // that --check or the editor alone might replace a file.
    const bool writes = cl.mode == RunMode::Pose || cl.mode == RunMode::Animate || cl.mode == RunMode::Import || cl.mode == RunMode::Export;
    if (cl.overwrite && !writes && cl.screenshot.empty()) {
        return Error{"--overwrite: only with --pose FILE, --animate FILE, --import FILE, --export FILE or --screenshot OUT.png"};
    }
    if (cl.rest_pose && cl.mode != RunMode::Export) return Error{"--rest-pose: only with --export FILE"};
    if (format_given && cl.mode != RunMode::Export) return Error{"--format: only with --export FILE"};
    if (!writes) return {};

    const char* mode = cl.mode == RunMode::Pose     ? "--pose"
                       : cl.mode == RunMode::Import ? "--import"
                       : cl.mode == RunMode::Export ? "--export"
                                                    : "--animate";
    if (cl.file.empty()) return Error{std::string(mode) + ": missing value"};
    if (cl.quit_after_frames != 0) return Error{std::string("--frames: an editor option, not used with ") + mode};
    if (!cl.screenshot.empty()) return Error{std::string("--screenshot: an editor option, not used with ") + mode};
    if (cl.mode == RunMode::Import) return cl.import_out.empty() ? Status(Error{"--import: missing --out RIG.json"}) : Status{};
    if (cl.mode == RunMode::Export && cl.export_format == ExportFormat::Spine) return check_spine_export(cl);
    if (cl.mode == RunMode::Export) {
        if (cl.import_out.empty()) return Error{"--export: missing --out OUT.glb"};
        if ((cl.animate.fps || cl.animate.seconds) && !cl.animate.timeline)
            return Error{"--export: --fps and --seconds go with --timeline"};
        if (cl.rest_pose && cl.animate.timeline)
            return Error{"--export: --rest-pose and --timeline do not go together (a timeline is poses)"};
        return {};
    }
    return cl.mode == RunMode::Pose ? check_pose(cl) : check_animate(cl);
}

}  // namespace


Result<CommandLine> parse_command_line(const std::vector<std::string>& args) {
    CommandLine cl;
    bool mode_set = false;
    auto set_mode = [&](RunMode m, const std::string& option) -> Status {
        if (mode_set && cl.mode != m) return Error{option + ": conflicts with an earlier mode option"};
        cl.mode = m;
        mode_set = true;
        return {};
    };
    // A file may come from --check, --pose, --animate or stand alone, but only once.
    auto set_file = [&](const std::string& file) -> Status {
        if (!cl.file.empty()) return Error{"more than one file given: " + cl.file + " and " + file};
        cl.file = file;
        return {};
    };
    std::vector<std::string> mode_options_seen;  // in the order given
    std::string out;                             // --out, for whichever mode writes it
    bool format_given = false;                   // --format, which only --export takes
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> Result<std::string> {
            if (i + 1 >= args.size()) return Error{a + ": missing value"};
            return args[++i];
        };
        if (a == "--help" || a == "-h") {
            if (Status s = set_mode(RunMode::Help, a); !s) return Error{s.message()};
        } else if (a == "--version") {
            if (Status s = set_mode(RunMode::Version, a); !s) return Error{s.message()};
        } else if (a == "--check" || a == "--pose" || a == "--animate" || a == "--import" || a == "--export") {
            const RunMode mode = a == "--check"    ? RunMode::Check
                                 : a == "--pose"   ? RunMode::Pose
                                 : a == "--import" ? RunMode::Import
                                 : a == "--export" ? RunMode::Export
                                                   : RunMode::Animate;
            if (Status s = set_mode(mode, a); !s) return Error{s.message()};
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            if (Status s = set_file(v.value()); !s) return Error{s.message()};
        } else if (a == "--bench-frames") {
            if (Status s = set_mode(RunMode::BenchFrames, a); !s) return Error{s.message()};
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            Result<int> n = parse_count(a, v.value());
            if (!n) return Error{n.message()};
            cl.bench_frames = n.value();
        } else if (a == "--bones" || a == "--chains") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            Result<int> n = parse_count(a, v.value());
            if (!n) return Error{n.message()};
            (a == "--bones" ? cl.bench_bones : cl.bench_chains) = n.value();
        } else if (a == "--frames") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            Result<int> n = parse_count(a, v.value());
            if (!n) return Error{n.message()};
            cl.quit_after_frames = n.value();
        } else if (a == "--screenshot") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            cl.screenshot = v.value();
        } else if (a == "--script") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            if (!cl.script.empty()) return Error{"--script: given twice"};
            cl.script = v.value();
        } else if (a == "--overwrite") {
            cl.overwrite = true;
        } else if (a == "--rest-pose") {
            cl.rest_pose = true;
        } else if (a == "--format") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            if (v.value() == "spine") {
                cl.export_format = ExportFormat::Spine;
            } else if (v.value() == "gltf") {
                cl.export_format = ExportFormat::Gltf;
            } else {
                return Error{"--format: expected spine or gltf, got \"" + v.value() + "\""};
            }
            if (format_given) return Error{"--format: given twice"};
            format_given = true;
        } else if (a == "--window") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            if (Status s = parse_window_size(v.value(), cl); !s) return Error{s.message()};
        } else if (a == "--ui-scale") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            Result<float> scale = parse_ui_scale(v.value());
            if (!scale) return Error{scale.message()};
            cl.ui_scale = scale.value();
        } else if (a == "--theme") {
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            const std::optional<UiTheme> theme = theme_from_name(v.value());
            if (!theme) return Error{"--theme: expected dark or light, got \"" + v.value() + "\""};
            cl.theme = theme;
        } else if (is_pose_option(a) || is_animate_option(a)) {
            mode_options_seen.push_back(a);
            Result<std::string> v = value();
            if (!v) return Error{v.message()};
            const std::string& text = v.value();
            if (a == "--chain") {
                cl.pose.chain = text;
            } else if (a == "--target") {
                Result<std::vector<float>> t = parse_target(text);
                if (!t) return Error{t.message()};
                cl.pose.target = t.value();
                cl.pose.target_text = text;
            } else if (a == "--solver") {
                Result<SolverKind> s = parse_solver(text);
                if (!s) return Error{s.message()};
                cl.pose.solver = s.value();
            } else if (a == "--iterations") {
                Result<int> n = parse_count(a, text);
                if (!n) return Error{n.message()};
                if (n.value() > kMaxIterations) {
                    return Error{a + ": at most " + std::to_string(kMaxIterations) + ", got " + text};
                }
                cl.pose.iterations = n.value();
            } else if (a == "--timeline") {
                cl.animate.timeline = text;
            } else if (a == "--fps") {
                Result<double> fps = parse_fps(text);
                if (!fps) return Error{fps.message()};
                cl.animate.fps = fps.value();
            } else if (a == "--seconds") {
                Result<double> seconds = parse_seconds(text);
                if (!seconds) return Error{seconds.message()};
                cl.animate.seconds = seconds.value();
            } else {
                out = text;
            }
        } else if (a.size() > 1 && a[0] == '-') {
            return Error{"unknown option " + a};
        } else {
            if (Status s = set_file(a); !s) return Error{s.message()};
        }
    }
    if (cl.mode == RunMode::Pose) cl.pose.out = out;
    if (cl.mode == RunMode::Animate) cl.animate.out = out;
    if (cl.mode == RunMode::Import || cl.mode == RunMode::Export) cl.import_out = out;
    if (Status s = check_combination(cl, mode_options_seen, format_given); !s) return Error{s.message()};
    return cl;
}

}  // namespace marionette
