#include "app/bone_list_panel.hpp"

#include <imgui.h>

#include <vector>

namespace marionette {

namespace {

void draw_bone_tree(const Skeleton& skeleton, const std::vector<std::vector<int>>& children, int bone, int& selected) {
    const Bone& b = skeleton[static_cast<std::size_t>(bone)];
    const auto& kids = children[static_cast<std::size_t>(bone)];
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (kids.empty()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (bone == selected) flags |= ImGuiTreeNodeFlags_Selected;
    const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(bone)), flags, "%s", b.name.c_str());
    if (ImGui::IsItemClicked()) selected = bone;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("length %.3g", static_cast<double>(b.length));
    if (open && !kids.empty()) {
        for (int c : kids) draw_bone_tree(skeleton, children, c, selected);
        ImGui::TreePop();
    }
}

}  // namespace

void draw_bone_list_panel(const Rig& rig, float width, float height, int& selected) {
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
    if (ImGui::Begin("Bones", nullptr, flags)) {
        const Skeleton& sk = rig.skeleton;
        ImGui::TextDisabled("%s rig, %zu bones", rig.is_2d() ? "2D" : "3D", sk.size());
        ImGui::Separator();
        // The file stores parent indices; the tree needs child lists. Built per frame: the
        // panel is cheap next to rendering and this keeps it free of cached state.
        std::vector<std::vector<int>> children(sk.size());
        for (std::size_t i = 0; i < sk.size(); ++i) {
            if (sk[i].parent >= 0) children[static_cast<std::size_t>(sk[i].parent)].push_back(static_cast<int>(i));
        }
        for (std::size_t i = 0; i < sk.size(); ++i) {
            if (sk[i].parent < 0) draw_bone_tree(sk, children, static_cast<int>(i), selected);
        }
        if (!rig.chains.empty()) {
            ImGui::Separator();
            ImGui::TextDisabled("IK chains");
            for (const IkChain& c : rig.chains) {
                ImGui::BulletText("%s (%s): %s -> %s", c.name.c_str(), solver_name(c.solver),
                                  sk[static_cast<std::size_t>(c.root)].name.c_str(),
                                  sk[static_cast<std::size_t>(c.effector)].name.c_str());
            }
        }
        if (!rig.states.empty()) {
            ImGui::Separator();
            ImGui::TextDisabled("States");
            for (const State& s : rig.states) ImGui::BulletText("%s", s.name.c_str());
        }
    }
    ImGui::End();
}

}  // namespace marionette
