#pragma once
// What the viewport shows besides the bones, kept with the camera in the rig file's "editor"
// data (as Blender keeps a viewport's overlays in its file): a puppet opens as it was saved,
// Io with its pictures covering its bones as the README shows it.
//   "editor": { "camera": {...}, "layers": { "meshes": true, "xray": false } }

#include "core/io/json/json_fwd.hpp"

namespace marionette {

struct ViewLayers {
    bool meshes = true;  // what hangs on the bones: the rig's meshes and its slots' pictures
    bool xray = true;    // the bones drawn over them rather than hidden inside (3D) or under (2D) them

    Json to_json() const;
    // The layers a file's "editor" data names. Editor data is never refused (docs/rig-format.md):
    // what it leaves out, or gives as anything but true or false, keeps its default.
    static ViewLayers from_editor_data(const Json& editor);

    bool operator==(const ViewLayers&) const = default;
};

}  // namespace marionette
