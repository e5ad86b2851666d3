#include "app/panels/state_panel.hpp"
#include "app/ui/icons.hpp"
#include "app/ui/ui_style.hpp"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>

#include <cstdio>
#include <cstring>
#include <string>

#include "app/ui/panel_widgets.hpp"
#include "core/anim/state_pose.hpp"
#include "core/math/transform.hpp"
#include "editor/edits/bake_edits.hpp"
#include "editor/edits/state_edits.hpp"

namespace marionette {

namespace {

constexpr float kListWidth = 190.0f;

bool button(const char* label, bool enabled, const char* mark, UiMarks& marks, const char* tip = nullptr) {
    if (!enabled) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button(label);
    if (!enabled) ImGui::EndDisabled();
    marks.mark_last_item(mark);
    if (tip && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tip);
    return pressed;
}

// Indices after inserting one state at `at` (duplicate) or removing the one at `at` (delete).
std::vector<int> renumbered(std::size_t count, int at, bool inserted) {
    std::vector<int> map(count);
    for (std::size_t i = 0; i < count; ++i) {
        const int s = static_cast<int>(i);
        map[i] = inserted ? (s <= at ? s : s + 1) : (s < at ? s : (s == at ? kRigPose : s - 1));
    }
    return map;
}

}  // namespace

void StatePanel::draw(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, const PanelPlacement& at, bool& open,
                      UiMarks& marks, PanelEdits& edits, StatePanelActions& actions) {
    ImGui::SetNextWindowPos(ImVec2(at.x, at.y));
    ImGui::SetNextWindowSize(ImVec2(at.width, at.height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (!ImGui::Begin("States", &open, flags)) {
        ImGui::End();
        return;
    }
    const int shown_state = active_state(player.machine());
    playback(rig, player, marks, edits, actions);
    ImGui::Separator();
    ImGui::BeginChild("state_list", ImVec2(ui_px(kListWidth), 0.0f), true);
    state_list(rig, player, marks, edits, actions);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("state_channels", ImVec2(0.0f, 0.0f), true);
    // A state opens on the tab that shows what drives it: its keys, or else its channels.
    const bool keyed = shown_state >= 0 && static_cast<std::size_t>(shown_state) < rig.states.size() &&
                       is_keyed(rig.states[static_cast<std::size_t>(shown_state)]);
    const bool choose = shown_state >= 0 && shown_state != tab_for_;
    if (shown_state >= 0) tab_for_ = shown_state;
    if (ImGui::BeginTabBar("state_tabs")) {
        const bool channels_tab = ImGui::BeginTabItem("Channels", nullptr, choose && !keyed ? ImGuiTabItemFlags_SetSelected : 0);
        marks.mark_last_item("states/tab/channels");
        if (channels_tab) {
            channel_table_.draw(rig, shown_state, selected_bone, marks, edits);
            ImGui::EndTabItem();
        }
        const bool timeline_tab = ImGui::BeginTabItem("Timeline", nullptr, choose && keyed ? ImGuiTabItemFlags_SetSelected : 0);
        marks.mark_last_item("states/tab/timeline");
        if (timeline_tab) {
            TimelineActions t;
            timeline_.draw(rig, player, selected_bone, shown, marks, edits, t);
            if (t.seek && timeline_.state(rig) >= 0) actions.seek = std::pair(timeline_.state(rig), *t.seek);
            if (t.play) actions.play = *t.play;
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    ImGui::End();
}

void StatePanel::playback(const Rig& rig, const StatePlayer& player, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions) {
    if (button((player.playing() ? with_icon(icons::kPause, "Pause") : with_icon(icons::kPlay, "Play")).c_str(), true, "states/play", marks,
               "The shown state's clock"))
        actions.play = !player.playing();
    ImGui::SameLine();
    float scale = player.time_scale();
    ImGui::SetNextItemWidth(ui_px(110.0f));
    if (ImGui::SliderFloat("speed", &scale, 0.0f, 4.0f, "%.2fx")) actions.time_scale = scale;
    marks.mark_last_item("states/speed");
    ImGui::SameLine(0.0f, ui_px(16.0f));
    bool cycling = player.auto_cycle().has_value();
    if (ImGui::Checkbox("auto-cycle", &cycling)) actions.auto_cycle = cycling ? std::optional<float>(2.0f) : std::nullopt;
    marks.mark_last_item("states/auto-cycle");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Switch to the next state every few seconds, to watch the blends");
    if (player.auto_cycle()) {
        ImGui::SameLine();
        float every = *player.auto_cycle();
        ImGui::SetNextItemWidth(ui_px(90.0f));
        if (ImGui::DragFloat("s##cycle", &every, 0.05f, 0.1f, 60.0f, "every %.1f")) actions.auto_cycle = std::optional<float>(every);
    }

    // The transition: duration, easing and its curve.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("transition");
    ImGui::SameLine();
    TransitionSettings t = rig.transition;
    ImGui::SetNextItemWidth(ui_px(100.0f));
    const bool changed = ImGui::DragFloat("s##duration", &t.duration, 0.01f, 0.0f, 10.0f, "%.2f");
    marks.mark_last_item("states/duration");
    track(edits, "transition duration", changed, [&] { return set_transition(rig, t); });
    ImGui::SameLine();
    int easing = static_cast<int>(rig.transition.easing);
    const char* easings[] = {"cosine", "linear", "smoothstep"};
    ImGui::SetNextItemWidth(ui_px(110.0f));
    if (pick_one("##easing", easing, easings, &marks, "states/easing")) {
        edits.apply("transition easing", set_transition(rig, {rig.transition.duration, static_cast<Easing>(easing)}));
    }
    ImGui::SameLine();
    float curve[33];
    for (int i = 0; i <= 32; ++i) curve[i] = ease(rig.transition.easing, static_cast<float>(i) / 32.0f);
    ImGui::PlotLines("##easing_curve", curve, 33, 0, nullptr, 0.0f, 1.0f, ImVec2(ui_px(80.0f), ImGui::GetFrameHeight()));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The blend weight over the transition");
    ImGui::SameLine(0.0f, ui_px(16.0f));
    const std::string shown = blending_from(player.machine()) ? playback_text(rig, player) : "showing " + playback_text(rig, player);
    // On a row of its own where the panel is too narrow to end the row with it.
    if (ImGui::CalcTextSize(shown.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ImGui::TextUnformatted(shown.c_str());
}

void StatePanel::state_list(const Rig& rig, const StatePlayer& player, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions) {
    const int shown = active_state(player.machine());
    if (ImGui::Selectable(kRigPoseName, shown == kRigPose)) actions.show = kRigPose;
    marks.mark_last_item("states/rig pose");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The rig's own pose, the one you drag");
    for (std::size_t i = 0; i < rig.states.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Selectable(rig.states[i].name.c_str(), shown == static_cast<int>(i))) actions.show = static_cast<int>(i);
        marks.mark_last_item("states/list/" + rig.states[i].name);
        ImGui::PopID();
    }
    ImGui::Separator();
    const int count = static_cast<int>(rig.states.size());
    const bool is_state = shown >= 0 && shown < count;
    if (button("New", true, "states/new", marks, "A new state that drives nothing yet")) {
        edits.apply("new state", add_state(rig));
        actions.show = count;
    }
    ImGui::SameLine();
    if (button("From pose", true, "states/from pose", marks, "A new state holding the rig's pose as you made it")) {
        edits.apply("new state from pose", add_state_from_pose(rig));
        actions.show = count;
    }
    if (button("Duplicate", is_state, "states/duplicate", marks)) {
        edits.apply("duplicate state " + shown_state_name(rig, shown), duplicate_state(rig, shown));
        actions.renumber = renumbered(rig.states.size(), shown, true);
        actions.show = shown + 1;
    }
    ImGui::SameLine();
    if (button("Delete", is_state, "states/delete", marks)) {
        edits.apply("delete state " + shown_state_name(rig, shown), delete_state(rig, shown));
        actions.renumber = renumbered(rig.states.size(), shown, false);
    }
    if (button("Bake...", is_state, "states/bake", marks, "Bake the shown state to keys: a new keyed state sampled at an fps")) {
        ImGui::OpenPopup("bake_state");
        bake_fps_ = rig.fps;
    }
    if (is_state && ImGui::BeginPopup("bake_state")) {
        ImGui::TextUnformatted(("Bake \"" + shown_state_name(rig, shown) + "\" to keys").c_str());
        ImGui::SetNextItemWidth(ui_px(120.0f));
        ImGui::InputFloat("fps", &bake_fps_, 1.0f, 10.0f, "%.3g");
        marks.mark_last_item("states/bake/fps");
        ImGui::SetNextItemWidth(ui_px(120.0f));
        ImGui::DragFloat("tolerance", &bake_degrees_, 0.01f, 0.0f, 10.0f, "%.2f deg");
        marks.mark_last_item("states/bake/tolerance");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "A key is dropped when the keys around it reproduce every frame within this turn (and the move it makes at the tip "
                "of a bone of the rig's mean length; scales within 0.001)");
        }
        if (ImGui::Button("Bake")) {
            BakeTolerance tolerance;
            tolerance.degrees = bake_degrees_;
            Result<Rig> baked = bake_state(rig, shown, static_cast<double>(bake_fps_), tolerance);
            const std::string said =
                baked ? "Baked \"" + shown_state_name(rig, shown) + "\" to keys: the new state \"" + baked.value().states.back().name + "\""
                      : std::string();
            edits.apply("bake " + shown_state_name(rig, shown) + " to keys", std::move(baked), said);
            // The new state, at the end of the list: paused, it shows at once where the source
            // was (the same pose; a blend would wait for the clock), else blended in as it plays.
            actions.show = count;
            if (!player.playing()) actions.seek = std::pair{count, player.playhead(rig)};
            ImGui::CloseCurrentPopup();
        }
        marks.mark_last_item("states/bake/go");
        // Or several states one after another, blends included, as --animate's timeline plays them.
        ImGui::Separator();
        ImGui::TextUnformatted("or a timeline of states, with their blends:");
        ImGui::SetNextItemWidth(ui_px(220.0f));
        ImGui::InputTextWithHint("timeline", "walking@0,climbing@2", bake_timeline_.data(), bake_timeline_.size());
        marks.mark_last_item("states/bake/timeline");
        ImGui::SetNextItemWidth(ui_px(120.0f));
        ImGui::InputFloat("seconds (0: till the last blend + 1 s)", &bake_seconds_, 0.5f, 1.0f, "%.3g");
        marks.mark_last_item("states/bake/seconds");
        if (ImGui::Button("Bake timeline")) {
            Result<std::vector<TimelineEntry>> timeline = parse_state_timeline(bake_timeline_.data(), rig, "the rig");
            if (!timeline) {
                edits.apply("bake a timeline to keys", Error{"cannot bake the timeline: " + timeline.message()});
            } else {
                const double seconds =
                    bake_seconds_ > 0.0f ? static_cast<double>(bake_seconds_) : default_bake_seconds(rig, timeline.value());
                BakeTolerance tolerance;
                tolerance.degrees = bake_degrees_;
                const std::string name = unique_state_name(rig, "timeline baked");
                edits.apply("bake a timeline to keys",
                            bake_timeline_state(rig, timeline.value(), static_cast<double>(bake_fps_), seconds, name, tolerance),
                            "Baked the timeline to keys: the new state \"" + name + "\"");
                actions.show = count;
                if (!player.playing()) actions.seek = std::pair{count, 0.0};
            }
            ImGui::CloseCurrentPopup();
        }
        marks.mark_last_item("states/bake/timeline go");
        ImGui::EndPopup();
    }
    if (!is_state) return;
    // Rename: typed, applied on Return or when the field is left.
    if (name_of_ != shown) {
        std::snprintf(name_.data(), name_.size(), "%s", rig.states[static_cast<std::size_t>(shown)].name.c_str());
        name_of_ = shown;
    }
    ImGui::SetNextItemWidth(-1.0f);
    const bool entered = ImGui::InputText("##name", name_.data(), name_.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    marks.mark_last_item("states/name");
    if (entered || ImGui::IsItemDeactivatedAfterEdit()) {
        const std::string typed(name_.data());
        if (typed != rig.states[static_cast<std::size_t>(shown)].name) edits.apply("rename state", rename_state(rig, shown, typed));
        name_of_ = -2;  // read back from the rig next frame (the new name, or the old after an error)
    } else if (!ImGui::IsItemActive() && std::strcmp(name_.data(), rig.states[static_cast<std::size_t>(shown)].name.c_str()) != 0) {
        name_of_ = -2;  // renamed elsewhere (undo)
    }
}

}  // namespace marionette
