#pragma once
// A PSD document as a 2D rig (docs/psd.md), as a job (validate() then run(), no hidden state):
// each visible pixel layer becomes a slot of one attachment showing the layer trimmed to its
// pixels that show, placed where it lay on the canvas; the slots keep the file's stacking order,
// bottom first, which is the rig's draw order. A root bone sits at the canvas's bottom left, and
// each group becomes a bone below its parent group's (the root for the top level), at the centre
// of the pictures it holds. Rig units are pixels, y up.
//
// Tags in the names (psd_name_tags.hpp): "[bone]" on a layer gives it a bone of its own at its
// picture's centre; "[slot]" on a group makes its layers the attachments of one slot (its hidden
// layers too, not shown), on the enclosing group's bone; "[mesh]" on a layer, or on a group for
// all its layers, gives the attachment a grid mesh; "[ignore]" leaves a layer or group out.
// Hidden layers and groups are left out; a layer's opacity and fill opacity, times its groups',
// become the attachment's tint alpha; blend modes, clipping and masks are drawn as a normal
// layer. Each of these is a warning naming the layer.

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/import/imported_rig.hpp"
#include "core/io/psd/psd_document.hpp"
#include "core/rig/rig.hpp"

namespace marionette::psd {

// A [mesh] layer's grid: cells of about this many pixels a side, 1 to kPsdMeshMaxCells of them.
inline constexpr float kPsdMeshCellPixels = 50.0f;
inline constexpr int kPsdMeshMaxCells = 10;


struct PsdRigOutput {
    Rig rig;
    std::vector<RigPicture> pictures;   // one per attachment, in the slots' order
    std::vector<std::string> warnings;  // what the rig leaves out or draws otherwise, naming the layer
};

struct PsdRigJob {
    // Inputs: a document as read_psd gives it (each pixel layer's pixels cover its rectangle;
    // groups nest at most kMaxPsdGroupDepth deep), and the pictures' folder from the rig's
    // folder: relative, '/' between parts, no "." or ".." part.
    const PsdDocument* document = nullptr;
    std::string picture_folder;
    // Output.
    PsdRigOutput* output = nullptr;

    Status validate() const;
    void run() const;
};

}  // namespace marionette::psd
