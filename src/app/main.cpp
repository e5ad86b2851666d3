// marionette: the puppet editor, and its command-line modes for scripts and tests.

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "app/actions/resource_paths.hpp"
#include "app/editor_app.hpp"
#include "cli/animate_command.hpp"
#include "cli/bench_frames_command.hpp"
#include "cli/check_command.hpp"
#include "cli/command_line.hpp"
#include "cli/export_command.hpp"
#include "cli/import_command.hpp"
#include "cli/option_help.hpp"
#include "cli/overwrite_guard.hpp"
#include "cli/pose_command.hpp"
#include "cli/printed_line.hpp"
#include "cli/spine_export_command.hpp"
#include "editor/script/input_script.hpp"

using namespace marionette;

int main(int argc, char** argv) {
    // Past a file-size limit (`ulimit -f`, a quota) the kernel sends SIGXFSZ, whose default is to
    // kill the process: the editor would die with the user's work unsaved. Ignored, the write
    // fails with EFBIG instead, and the save reports it and keeps the old file, as on a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    const std::vector<std::string> args(argv + 1, argv + argc);
    Result<CommandLine> parsed = parse_command_line(args);
    if (!parsed) {
        print_failure(std::cerr, parsed.message());
        std::cerr << kHelpHint;
        return 2;
    }
    const CommandLine& cl = parsed.value();
    switch (cl.mode) {
        case RunMode::Help: std::cout << help_text(); return 0;
        case RunMode::Version: std::cout << "marionette " << MARIONETTE_VERSION << '\n'; return 0;
        case RunMode::Check: return run_check(cl.file, std::cout, std::cerr);
        case RunMode::Pose: return run_pose(cl.file, cl.pose, cl.overwrite, std::cout, std::cerr);
        case RunMode::Animate: return run_animate(cl.file, cl.animate, cl.overwrite, std::cout, std::cerr);
        case RunMode::Import: return run_import(cl.file, cl.import_out, cl.overwrite, std::cout, std::cerr);
        case RunMode::Export:
            if (cl.export_format == ExportFormat::Spine)
                return run_spine_export(cl.file, cl.import_out, cl.overwrite, std::cout, std::cerr);
            return run_export(cl.file, cl.import_out, cl.rest_pose, cl.animate, cl.overwrite, std::cout, std::cerr);
        case RunMode::BenchFrames: return run_bench_frames(cl.bench_frames, cl.file, std::cout, std::cerr, cl.bench_bones, cl.bench_chains);
        case RunMode::Edit: break;
    }

    const auto data_dir = find_data_dir();
    if (!data_dir) {
        return print_failure(std::cerr, "cannot find the shaders/ folder beside the executable (set MARIONETTE_DATA_DIR)");
    }
    const std::filesystem::path file = cl.file.empty() ? *data_dir / "assets" / "rigs" / "io.json" : std::filesystem::path(cl.file);
    Document document;
    if (Status s = document.open(file); !s) return print_failure(std::cerr, s.message());
    print_warnings(std::cerr, document.import_warnings());
    // The PNG written at the last frame must not land on the rig, as --out must not.
    if (!cl.screenshot.empty()) {
        if (Status s = check_output_file("--screenshot", file.string(), cl.screenshot, cl.overwrite); !s) {
            return print_failure(std::cerr, s.message());
        }
    }
    EditorOptions options;
    options.data_dir = *data_dir;
    options.quit_after_frames = cl.quit_after_frames;
    options.screenshot = cl.screenshot;
    options.overwrite = cl.overwrite;
    if (cl.window_width > 0) {
        options.window_width = cl.window_width;
        options.window_height = cl.window_height;
        options.window_size_given = true;
    }
    options.ui_scale = cl.ui_scale;
    options.theme = cl.theme;
    options.remember_file = !cl.file.empty();
    if (!cl.script.empty()) {
        Result<InputScript> script = load_input_script(cl.script);
        if (!script) return print_failure(std::cerr, script.message());
        options.script = std::move(script).value();
    }
    auto app = EditorApp::create(std::move(document), std::move(options));
    if (!app) return print_failure(std::cerr, app.message());
    return app.value()->run();
}
