#include "cli/option_help.hpp"

#include <algorithm>

namespace marionette {

namespace {

constexpr OptionHelp kModes[] = {
    {"--check FILE", "validate a rig or glTF file; print a one-line summary or the error"},
    {"--pose FILE", "solve --chain toward --target from the rig's pose; save the result to --out"},
    {"--animate FILE", "play --timeline; write each frame's blend and bone transforms to --out"},
    {"--import FILE", "convert glTF (.glb, .gltf), PSD or Spine (.json) files to a rig file at --out"},
    {"--export FILE", "write the rig to --out as glTF 2.0 (.glb, .gltf): bones, meshes, states; or Spine"},
    {"--bench-frames N [FILE]", "time N frames of solving, FK and draw data; print the median CPU time"},
    {"--bones N", "--bench-frames without FILE: the generated rig's bones (default 1001, up to 1000000)"},
    {"--chains C", "--bench-frames without FILE: its IK chains, one per arm (default 10)"},
    {"--help, -h", "print this help"},
    {"--version", "print the version"},
};

constexpr OptionHelp kModeOptions[] = {
    {"--out PATH", "where --pose, --animate, --import and --export write"},
    {"--overwrite", "let --out or --screenshot replace a rig file or a read-only file"},
    {"--chain NAME", "--pose: the IK chain to solve"},
    {"--target X,Y[,Z]", "--pose: the world point the chain's end reaches for"},
    {"--solver ccd|two-bone", "--pose: solve with this solver instead of the chain's own"},
    {"--iterations N", "--pose: the CCD iteration limit instead of the chain's own"},
    {"--timeline NAME@S,...", "--animate, --export: each state and when it starts (walking@0,climbing@2)"},
    {"--fps F", "with --timeline: frames per second, up to 1000 (default: the rig's)"},
    {"--seconds S", "with --timeline: how long (default: the last switch + the transition + 1 s)"},
    {"--rest-pose", "--export: the bones at rest instead of in the rig's pose"},
    {"--format spine|gltf", "--export: Spine 4.2 (OUT.json, OUT.atlas, images/) or glTF (default)"},
};

constexpr OptionHelp kEditorOptions[] = {
    {"--window WxH", "the window's size in pixels (default 1280x800)"},
    {"--ui-scale S", "text and panel size, 0.5 to 3 (default: View > UI scale, else the display's)"},
    {"--theme dark|light", "the panels' colours (default: View > Theme)"},
    {"--frames N", "quit after N frames"},
    {"--screenshot OUT.png", "save the last frame as PNG (with --frames)"},
    {"--script STEPS.json", "replay input steps with checks; exit 0 when all pass (docs/user-guide.md)"},
};

constexpr OptionGroup kGroups[] = {
    {"modes without a window", kModes},
    {"options of the modes", kModeOptions},
    {"editor options, for scripts and tests", kEditorOptions},
};

}  // namespace

std::span<const OptionGroup> option_groups() { return kGroups; }

std::string help_text() {
    std::size_t width = 0;
    for (const OptionGroup& g : kGroups) {
        for (const OptionHelp& o : g.options) width = std::max(width, o.option.size());
    }
    std::string out =
        "usage: marionette [FILE] [editor options]   open the editor on FILE (a rig, or a glTF file to\n"
        "                                            import; default: Io, the puppet)\n"
        "       marionette MODE FILE [options]       work without a window\n";
    for (const OptionGroup& g : kGroups) {
        out += "\n";
        out += g.title;
        out += ":\n";
        for (const OptionHelp& o : g.options) {
            out += "  ";
            out += o.option;
            out += std::string(width + 2 - o.option.size(), ' ');
            out += o.text;
            out += "\n";
        }
    }
    out += "\nOutput lines and formats: docs/user-guide.md, docs/rig-format.md, docs/gltf.md.\n";
    return out;
}

}  // namespace marionette
