#pragma once
// The pictures of a Spine export: which region of the atlas each of the rig's picture files
// becomes, under which name, and where the file is copied. A region is named as the
// attachments' "path" (the picture's path without its extension, "io/head"), and its file is
// copied beside the skeleton to "images/<region><extension>", where the skeleton's "images"
// folder and the atlas page name both find it. Planning is pure; reading the pictures' sizes
// (read_spine_pictures) is the one part that touches the disk.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/rig/rig.hpp"

namespace marionette {

// What the export knows of one picture file: its size in pixels, or why it cannot be used.
struct SpinePicture {
    glm::ivec2 pixels{0, 0};
    std::string problem;  // empty: the picture reads and decodes
};

// By the image path the rig's attachments name (relative to the rig file's folder).
using SpinePictures = std::map<std::string, SpinePicture>;

// Every picture the rig's slots name, read from `folder` (the rig file's): its size from its
// header (image_decode.hpp), or the reason it is missing or does not decode.
SpinePictures read_spine_pictures(const Rig& rig, const std::filesystem::path& folder);

// One picture file as the export writes it.
struct SpineRegion {
    std::string image;        // the rig's path, relative to the rig's folder
    std::string name;         // the atlas region and the attachments' "path": "io/head"
    std::string page;         // the copied file, relative to the skeleton's folder: "images/io/head.png"
    glm::ivec2 pixels{0, 0};  // the page's size
    bool present = false;     // false: missing or undecodable, neither copied nor in the atlas
};

struct SpineRegions {
    std::vector<SpineRegion> regions;             // in the order the slots first name them
    std::map<std::string, std::size_t> by_image;  // the rig's path -> index into regions
};

// The regions of the rig's pictures with `pictures`' sizes (a picture it lacks counts as
// missing), and a warning for each picture that is missing, naming it and its attachments.
// Region names are unique and safe in an atlas (no ':' or line breaks; '..' parts renamed, so
// that no copy lands outside "images/").
SpineRegions plan_spine_regions(const Rig& rig, const SpinePictures& pictures, std::vector<std::string>& warnings);

}  // namespace marionette
