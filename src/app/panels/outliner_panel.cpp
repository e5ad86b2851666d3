#include "app/panels/outliner_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <span>
#include <vector>

#include "app/panels/draw_order_list.hpp"
#include "app/panels/pose_library_panel.hpp"
#include "app/panels/skin_list.hpp"

namespace marionette {

namespace {

constexpr const char* kBonePayload = "marionette.bone";

float default_child_length(const Rig& rig, int parent) {
    if (parent >= 0) return rig.skeleton[static_cast<std::size_t>(parent)].length;
    return rig.is_2d() ? 100.0f : 1.0f;
}

void add_child(const Rig& rig, int parent, PanelEdits& out) {
    const std::string where = parent < 0 ? std::string("a root bone") : "a child of " + rig.skeleton[static_cast<std::size_t>(parent)].name;
    out.change_tree("add " + where, add_child_bone(rig, parent, std::nullopt, default_child_length(rig, parent)));
}

// Deletes `bone`, or with it every selected bone when it is one of several selected.
void delete_selected(const Rig& rig, int bone, std::span<const int> selection, PanelEdits& out) {
    if (selection.size() > 1 && std::binary_search(selection.begin(), selection.end(), bone)) {
        out.change_tree("delete " + std::to_string(selection.size()) + " bones", delete_bones(rig, selection));
        return;
    }
    out.change_tree("delete " + rig.skeleton[static_cast<std::size_t>(bone)].name, delete_bone(rig, bone));
}

// "Chain from here to <the bone selected when the menu opened>": for two bones on one parent
// path, a two-bone (exactly two bones) or CCD chain between them.
void chain_menu(const Rig& rig, int here, int other, PanelEdits& out, UiMarks* marks) {
    if (other < 0 || other == here || static_cast<std::size_t>(other) >= rig.skeleton.size()) return;
    if (!rig.skeleton.is_ancestor_or_self(here, other) && !rig.skeleton.is_ancestor_or_self(other, here)) return;
    const std::string& to = rig.skeleton[static_cast<std::size_t>(other)].name;
    const int root = rig.skeleton.is_ancestor_or_self(here, other) ? here : other;
    const int effector = root == here ? other : here;
    const bool two = chain_bones(rig.skeleton, root, effector).size() == 2;
    const bool open = ImGui::BeginMenu(("Chain from here to " + to).c_str());
    if (marks) marks->mark_last_item("outliner/chain");
    if (!open) return;
    const std::string what = "add a chain from " + rig.skeleton[static_cast<std::size_t>(here)].name + " to " + to;
    if (ImGui::MenuItem("two-bone", nullptr, false, two)) out.apply(what, add_chain(rig, here, other, SolverKind::TwoBone));
    if (marks) marks->mark_last_item("outliner/chain/two-bone");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !two) ImGui::SetTooltip("Only for a chain of exactly two bones");
    if (ImGui::MenuItem("CCD")) out.apply(what, add_chain(rig, here, other, SolverKind::Ccd));
    if (marks) marks->mark_last_item("outliner/chain/CCD");
    ImGui::EndMenu();
}

// A bone dropped here becomes a child of `new_parent` (-1: a root).
void accept_reparent(const Rig& rig, int new_parent, PanelEdits& out) {
    if (!ImGui::BeginDragDropTarget()) return;
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload(kBonePayload)) {
        const int bone = *static_cast<const int*>(p->Data);
        const std::string to = new_parent < 0 ? std::string("the root") : rig.skeleton[static_cast<std::size_t>(new_parent)].name;
        out.change_tree("move " + rig.skeleton[static_cast<std::size_t>(bone)].name + " under " + to, reparent_bone(rig, bone, new_parent));
    }
    ImGui::EndDragDropTarget();
}

// One bone's row; true when its children are to be listed under it.
// `selection`: every selected bone, sorted.
bool draw_bone_row(const Rig& rig, int bone, bool has_children, bool push, int selected, std::span<const int> selection, PanelEdits& out,
                   UiMarks* marks) {
    const Bone& b = rig.skeleton[static_cast<std::size_t>(bone)];
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_OpenOnArrow;
    if (!has_children) flags |= ImGuiTreeNodeFlags_Leaf;
    if (!has_children || !push) flags |= ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (bone == selected || std::binary_search(selection.begin(), selection.end(), bone)) flags |= ImGuiTreeNodeFlags_Selected;
    const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(bone)), flags, "%s", b.name.c_str());
    if (marks) marks->mark_last_item("outliner/" + b.name);
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
        // Ctrl- or Shift-click adds the bone to the selection or takes it out, as in the viewport.
        const ImGuiIO& io = ImGui::GetIO();
        if (io.KeyCtrl || io.KeyShift) {
            out.toggle_select = bone;
        } else {
            out.select = bone;
        }
    }
    if (ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload(kBonePayload, &bone, sizeof(bone));
        ImGui::Text("move %s", b.name.c_str());
        ImGui::EndDragDropSource();
    }
    accept_reparent(rig, bone, out);
    // The menu selects the bone it is opened on: the chain's other end is the one selected
    // before, kept from the right press that opens it.
    ImGuiStorage* storage = ImGui::GetStateStorage();  // the outliner's (inside the popup it would be the popup's)
    const ImGuiID chain_end = ImGui::GetID("chain_end");
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) storage->SetInt(chain_end, selected);
    if (ImGui::BeginPopupContextItem()) {
        // On one of several selected bones the menu acts on them all (Delete): they stay selected.
        if (!std::binary_search(selection.begin(), selection.end(), bone)) out.select = bone;
        chain_menu(rig, bone, storage->GetInt(chain_end, -1), out, marks);
        if (ImGui::MenuItem("Add child bone")) add_child(rig, bone, out);
        if (ImGui::MenuItem("Make root", nullptr, false, b.parent >= 0)) {
            out.change_tree("move " + b.name + " under the root", reparent_bone(rig, bone, -1));
        }
        if (ImGui::MenuItem("Delete", nullptr, false, rig.skeleton.size() > 1)) delete_selected(rig, bone, selection, out);
        ImGui::EndPopup();
    }
    return open && has_children;
}

// Past this depth children are listed without further indent: a 100,000-bone chain must not
// indent off every screen, and ImGui keeps tree depth in a 32-bit mask.
constexpr std::size_t kMaxTreeIndent = 24;

// Depth first, with an explicit stack rather than recursion: a hierarchy as deep as the file
// allows must not overflow the call stack.
void draw_bone_tree(const Rig& rig, const std::vector<std::vector<int>>& children, int root, int selected, std::span<const int> selection,
                    PanelEdits& out, UiMarks* marks) {
    struct Level {
        int bone;
        std::size_t next = 0;  // the next child to draw
        bool pushed = false;   // TreePop owed when its children are done
    };
    std::vector<Level> stack;
    const auto visit = [&](int bone) {
        const bool has_children = !children[static_cast<std::size_t>(bone)].empty();
        const bool push = stack.size() < kMaxTreeIndent;
        if (draw_bone_row(rig, bone, has_children, push, selected, selection, out, marks)) stack.push_back(Level{bone, 0, push});
    };
    visit(root);
    while (!stack.empty()) {
        Level& top = stack.back();
        const auto& kids = children[static_cast<std::size_t>(top.bone)];
        if (top.next < kids.size()) {
            visit(kids[top.next++]);  // may grow the stack: `top` is not used after this
            continue;
        }
        if (top.pushed) ImGui::TreePop();
        stack.pop_back();
    }
}

}  // namespace

void draw_outliner_panel(const Rig& rig, int selected, const PanelPlacement& at, PanelEdits& out, UiMarks* marks, int selected_slot,
                         const StateKeying* keying, std::span<const int> selection) {
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y));
    ImGui::SetNextWindowSize(ImVec2(at.width, at.height));
    // The window itself never scrolls: the tree scrolls in its own region, the pose library
    // keeps the foot.
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("Outliner", nullptr, flags)) {
        const Skeleton& sk = rig.skeleton;
        const bool has_selection = selected >= 0 && static_cast<std::size_t>(selected) < sk.size();
        if (ImGui::Button(has_selection ? "Add child" : "Add root")) add_child(rig, has_selection ? selected : -1, out);
        if (marks) marks->mark_last_item("outliner/add");
        ImGui::SameLine();
        if (!has_selection || sk.size() < 2) ImGui::BeginDisabled();
        if (ImGui::Button("Delete")) delete_selected(rig, selected, selection, out);
        if (marks) marks->mark_last_item("outliner/delete");
        if (!has_selection || sk.size() < 2) ImGui::EndDisabled();
        ImGui::TextDisabled("%s rig, %zu bones", rig.is_2d() ? "2D" : "3D", sk.size());
        accept_reparent(rig, -1, out);  // dropping a bone on this line makes it a root
        ImGui::Separator();
        const float library = pose_library_height(rig, ImGui::GetContentRegionAvail().y);
        ImGui::BeginChild("tree", ImVec2(0.0f, -library), false, ImGuiWindowFlags_HorizontalScrollbar);
        // The file stores parent indices; the tree needs child lists. Built per frame: the
        // panel is cheap next to rendering and this keeps it free of cached state.
        std::vector<std::vector<int>> children(sk.size());
        for (std::size_t i = 0; i < sk.size(); ++i) {
            if (sk[i].parent >= 0) children[static_cast<std::size_t>(sk[i].parent)].push_back(static_cast<int>(i));
        }
        // Deep hierarchies (a 40-bone tentacle) would indent off the panel: indent less.
        ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, 10.0f);
        for (std::size_t i = 0; i < sk.size(); ++i) {
            if (sk[i].parent < 0) draw_bone_tree(rig, children, static_cast<int>(i), selected, selection, out, marks);
        }
        ImGui::PopStyleVar();
        if (!rig.chains.empty()) {
            ImGui::Separator();
            ImGui::TextDisabled("IK chains");
            for (const IkChain& c : rig.chains) {
                // The name and solver fit the panel's width; the bones it runs over are the tooltip's
                // (written out, "arm_l (two_bone): arm_l_upper -> arm_l_lower" was cut off).
                const std::string text = c.name + " (" + solver_name(c.solver) + ")";
                if (ImGui::Selectable(text.c_str(), selected == c.effector)) out.select = c.effector;
                if (marks) marks->mark_last_item("outliner/chains/" + c.name);
                if (ImGui::IsItemHovered()) {
                    ImGui::SetTooltip("%s -> %s; a click selects its end, right-click to delete it",
                                      sk[static_cast<std::size_t>(c.root)].name.c_str(),
                                      sk[static_cast<std::size_t>(c.effector)].name.c_str());
                }
                if (ImGui::BeginPopupContextItem(("chain " + c.name).c_str())) {
                    const int index = static_cast<int>(&c - rig.chains.data());
                    if (ImGui::MenuItem("Delete chain")) out.apply("delete the chain " + c.name, delete_chain(rig, index));
                    if (marks) marks->mark_last_item("outliner/chains/" + c.name + "/delete");
                    ImGui::EndPopup();
                }
            }
        }
        // The skins before the draw order: a few lines above a list as long as the slots.
        skin_list(rig, out, marks, keying);
        draw_order_list(rig, selected_slot, out, marks, keying);
        if (!rig.states.empty()) {
            ImGui::Separator();
            ImGui::TextDisabled("States");
            for (const State& s : rig.states) ImGui::BulletText("%s", s.name.c_str());
        }
        ImGui::EndChild();
        draw_pose_library(rig, selection, out, marks);
    }
    ImGui::End();
}

}  // namespace marionette
