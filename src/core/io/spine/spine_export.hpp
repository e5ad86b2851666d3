#pragma once
// A 2D rig as a Spine 4.2 skeleton (docs/spine.md): the skeleton JSON, its texture atlas, and
// the pictures to copy beside them. Pure: the caller reads the pictures' sizes
// (read_spine_pictures) and writes the files. Spine's runtimes are not used here (they need a
// Spine licence): the file is written from the published format, and the tests play it back
// with their own reading of Spine's rules.

#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/spine/spine_pictures.hpp"
#include "core/rig/rig.hpp"

namespace marionette {

struct SpineExportOptions {
    // The sizes of the pictures the rig's slots name (read_spine_pictures); a picture not in it
    // is exported as missing.
    SpinePictures pictures{};
};

// A picture file to copy: from the rig's folder to the skeleton's.
struct SpineImageCopy {
    std::string source;       // relative to the rig file's folder, as the rig names it
    std::string destination;  // relative to the skeleton file's folder ("images/io/head.png")
};

struct SpineExport {
    std::string json;                    // the skeleton, ending with a newline
    std::string atlas;                   // the texture atlas (empty without pictures)
    std::vector<SpineImageCopy> images;  // the pictures the atlas names
    std::vector<std::string> warnings;   // what Spine will show otherwise, one line each
    std::size_t bones = 0;               // written: the rig's, an added root, the IK targets
    std::size_t slots = 0;
    std::size_t animations = 0;
};

// The export of `rig`, or why there is none: a 3D rig (Spine is 2D), a name that is not UTF-8.
Result<SpineExport> export_spine(const Rig& rig, const SpineExportOptions& options = {});

// The version of Spine the files are written for.
inline constexpr const char* kSpineVersion = "4.2.40";

}  // namespace marionette
