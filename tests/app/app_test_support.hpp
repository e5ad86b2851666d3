#pragma once
// Running the real editor binary under Xvfb and reading the PNGs it writes.

#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace marionette::testing {

struct Image {
    int width = 0;
    int height = 0;
    std::vector<unsigned char> rgb;
    const unsigned char* at(int x, int y) const { return &rgb[(static_cast<std::size_t>(y) * width + x) * 3]; }
};

inline Image load_png(const std::filesystem::path& file) {
    Image img;
    int channels = 0;
    unsigned char* data = stbi_load(file.c_str(), &img.width, &img.height, &channels, 3);
    if (data) {
        img.rgb.assign(data, data + static_cast<std::size_t>(img.width) * img.height * 3);
        stbi_image_free(data);
    }
    return img;
}

// The bone colours are warm (red well above blue): the normal bone (0.96, 0.74, 0.32), the hovered
// and the selected one. Neither the grey background, the grid nor the panels are.
inline bool is_warm(const unsigned char* p) { return p[0] > 200 && p[1] > 80 && p[0] - p[2] > 40; }
inline bool is_bone_coloured(const unsigned char* p) { return p[0] > 200 && p[1] > 150 && p[0] - p[2] > 40; }
// The IK chain's bones are drawn light blue: blue well above red.
inline bool is_chain_blue(const unsigned char* p) { return p[2] > 200 && p[2] - p[0] > 60; }
// A bone's outline (bone_shapes.cpp: bone_paint): a normal bone's, its fill darkened (warm and
// dark); the chain's, dark blue; the selection's and hover's, light.
inline bool is_dark_warm(const unsigned char* p) { return p[0] > 70 && p[0] > p[2] + 30 && p[1] > p[2]; }
inline bool is_chain_outline(const unsigned char* p) { return p[2] > 110 && p[2] > p[0] + 60 && p[2] > p[1] + 40; }
inline bool is_light_outline(const unsigned char* p) { return p[0] > 220 && p[1] > 220 && p[2] > 180; }
// Some bone is drawn here: normal, hovered, selected (all warm) or in the IK chain (blue), its
// fill or its outline (a bone's sharp tip is all outline for a few pixels).
inline bool is_bone_drawn(const unsigned char* p) {
    return is_warm(p) || is_chain_blue(p) || is_dark_warm(p) || is_chain_outline(p) || is_light_outline(p);
}
// The selected bone's colour (bone_shapes.cpp: 1.0, 0.45, 0.25), lit flat in 2D.
inline bool is_selected_orange(const unsigned char* p) { return p[0] > 220 && p[1] > 90 && p[1] < 140 && p[2] < 90; }
// How many pixels of `img` show the selected bone.
inline int count_selected(const Image& img) {
    int n = 0;
    for (int y = 0; y < img.height; ++y) {
        for (int x = 0; x < img.width; ++x) n += is_selected_orange(img.at(x, y)) ? 1 : 0;
    }
    return n;
}
// The background (0.13, 0.14, 0.16) or a grid line over it.
inline bool is_background(const unsigned char* p) { return p[0] < 90 && p[1] < 90 && p[2] < 100; }

// How many pixels of a 1280x800 window's viewport (inside the panels, toolbar and status bar)
// pass `test`. From y 70: a toolbar with every button a rig can show (meshes, pictures) takes
// two rows at this width (panel_sizes.hpp).
template <class Test>
int count_in_viewport(const Image& img, Test test) {
    int n = 0;
    for (int y = 70; y < 770; ++y) {
        for (int x = 245; x < 975; ++x) n += test(img.at(x, y)) ? 1 : 0;
    }
    return n;
}

// How many pixels of the viewport (under the toolbar and the playback overlay in its top-left
// corner, above a state panel) two screenshots of a 1280x800 window differ in, by more than a
// few levels in a channel: the smoothed edges' shades move that much with a pose that differs
// only in float rounding.
inline int viewport_differences(const Image& a, const Image& b) {
    int differ = 0;
    for (int y = 80; y < 480; ++y) {
        for (int x = 245; x < 975; ++x) {
            const unsigned char* p = a.at(x, y);
            const unsigned char* q = b.at(x, y);
            bool differs = false;
            for (int c = 0; c < 3; ++c) differs = differs || std::abs(p[c] - q[c]) > 4;
            differ += differs ? 1 : 0;
        }
    }
    return differ;
}

inline int run(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// `xvfb-run` and its options, for a command to follow. Each test process starts its search for a
// free X display at its own number: `xvfb-run -a` from 99 in several processes at once can race
// for the same display and fail to start. -noreset: when the last client leaves, a resetting
// Xvfb signals xvfb-run (SIGUSR1, its "ready" signal) again; arriving while xvfb-run removes its
// temporary folder on the way out, it made xvfb-run exit 5 ("problem while cleaning up temporary
// directory") whatever the editor returned, in about one run in thirty on a loaded machine.
inline std::string xvfb_run() {
    const int first_display = 100 + static_cast<int>(::getpid() % 800);
    return "xvfb-run -a -n " + std::to_string(first_display) + " -s '-noreset -screen 0 1280x800x24' ";
}

// The editor with these arguments in a fresh X server.
inline std::string xvfb(const std::string& args) { return xvfb_run() + std::string(MARIONETTE_BINARY) + " " + args; }

// The editor in a 1280 x 800 window replaying `dir`/steps.json on `dir`/`rig`.
inline std::string script_on(const std::filesystem::path& dir, const std::string& rig) {
    return xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + (dir / rig).string());
}

// The scratch folders a test process made: removed when it ends with every test passed (a
// failed run keeps them, screenshots and saved files, to look at).
struct ScratchDirs {
    std::vector<std::filesystem::path> dirs;
    ~ScratchDirs() {
        if (!::testing::UnitTest::GetInstance()->Passed()) return;
        std::error_code ec;
        for (const auto& dir : dirs) std::filesystem::remove_all(dir, ec);
    }
};

// A scratch folder per test process.
inline std::filesystem::path scratch_dir(const std::string& name) {
    static ScratchDirs made;
    const auto dir = std::filesystem::temp_directory_path() / ("marionette-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    made.dirs.push_back(dir);
    return dir;
}

inline std::string read_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_file(const std::filesystem::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

}  // namespace marionette::testing
