#pragma once
// What the panels ask of the document in one frame. A panel draws from the rig and fills this
// in; the editor applies it after every panel has drawn, so no panel ever reads a rig that
// changed under it half-way through a frame. ImGui edits at most one widget per frame, so one
// slot of each kind is enough.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {

struct PanelEdits {
    struct RigEdit {
        bool preview = false;  // a dragged value: live, one undo step when let go (finish)
        std::string label;
        Result<Rig> rig;
        // The bones whose rest or limits the edit sets: with mirror editing on, the app gives
        // their twins the mirror image (editor/edits/mirror_edits.hpp).
        std::vector<int> rest_or_limits_of{};
        // Said in the status bar once the edit is made (what a key press or a button did).
        std::string said{};
    };
    struct TreeChange {
        std::string label;
        Result<TreeEdit> edit;
    };
    std::optional<RigEdit> edit;
    std::optional<TreeChange> tree;
    bool finish = false;  // the dragged widget was let go
    std::optional<int> select;
    std::optional<int> toggle_select;  // Ctrl- or Shift-click: in or out of the selection
    std::optional<int> select_slot;    // a slot picked in a list (its bone is selected with it)
    // "Add picture": the file chooser for a picture to put on `bone`, as a new slot (slot -1)
    // or as another drawing in `slot`.
    struct PictureTarget {
        int bone = -1;
        int slot = -1;
    };
    std::optional<PictureTarget> add_picture;
    // "Trace mesh": the shown drawing of `slot` made a mesh from its picture's alpha, which the
    // app reads from the rig's folder (editor/files/picture_mesh_file.hpp).
    struct MeshTrace {
        int slot = -1;
        int attachment = -1;
        float detail = 0.5f;
    };
    std::optional<MeshTrace> trace_mesh;
    // "Edit mesh": mesh mode on this slot's shown drawing (editor/viewport/mesh_mode.hpp).
    std::optional<int> edit_mesh;

    void apply(std::string label, Result<Rig> rig, std::string said = {}) {
        edit.emplace(RigEdit{false, std::move(label), std::move(rig), {}, std::move(said)});
    }
    void preview(std::string label, Result<Rig> rig) { edit.emplace(RigEdit{true, std::move(label), std::move(rig)}); }
    // Marks the edit made since `had_edit` was read (if any) as one of `bones`' rest or limits.
    void edits_rest_or_limits(bool had_edit, std::span<const int> bones) {
        if (edit && !had_edit) edit->rest_or_limits_of.assign(bones.begin(), bones.end());
    }
    void change_tree(std::string label, Result<TreeEdit> e) { tree.emplace(TreeChange{std::move(label), std::move(e)}); }
};

}  // namespace marionette
