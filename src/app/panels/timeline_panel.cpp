#include "app/panels/timeline_panel.hpp"
#include "app/ui/ui_style.hpp"

#include "app/ui/icons.hpp"
#include "app/ui/imgui_shortcuts.hpp"
#include "app/ui/panel_widgets.hpp"

// The SDL backend of Dear ImGui 1.86 fills io.KeysDown by SDL scancode: a letter without an
// ImGuiKey (K) is asked for by its scancode.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/anim/state_machine.hpp"
#include "editor/edits/edit_checks.hpp"
#include "editor/edits/state_edits.hpp"
#include "editor/timeline/timeline_keys.hpp"
#include "editor/timeline/timeline_rows.hpp"

namespace marionette {

using edit_checks::number_text;

namespace {

constexpr float kNamesWidth = 150.0f;
constexpr float kRulerHeight = 20.0f;
constexpr float kCurveMargin = 10.0f;   // points the curve view keeps free above and below its curves
constexpr float kDragThreshold = 3.0f;  // points the pointer moves before a press is a drag
constexpr float kPanPerNotch = 40.0f;   // points

bool button(const char* label, const char* mark, UiMarks& marks, const char* tip) {
    const bool pressed = ImGui::Button(label);
    marks.mark_last_item(mark);
    if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    return pressed;
}

std::string bone_list(const Rig& rig, const std::vector<int>& bones) {
    if (bones.size() == 1) return rig.skeleton[static_cast<std::size_t>(bones[0])].name;
    return std::to_string(bones.size()) + " bones";
}

std::vector<int> every_bone(const Rig& rig) {
    std::vector<int> all(rig.skeleton.size());
    for (std::size_t b = 0; b < all.size(); ++b) all[b] = static_cast<int>(b);
    return all;
}

}  // namespace

std::vector<KeyRef> TimelinePanel::selected_keys(const Rig& rig) const {
    std::vector<KeyRef> refs;
    const int s = state(rig);
    if (s < 0) return refs;
    const State& st = rig.states[static_cast<std::size_t>(s)];
    for (const KeyId& id : selection_) {
        if (const auto ref = find_key(st, id); ref && std::find(refs.begin(), refs.end(), *ref) == refs.end()) refs.push_back(*ref);
    }
    return refs;
}

std::vector<KeyRef> TimelinePanel::selected_sorted(const Rig& rig) const {
    std::vector<KeyRef> refs = selected_keys(rig);
    std::sort(refs.begin(), refs.end());
    return refs;
}

bool TimelinePanel::selected(const Rig& rig, KeyRef ref) const {
    const KeyId id = key_id(rig.states[static_cast<std::size_t>(state(rig))], ref);
    return std::any_of(selection_.begin(), selection_.end(), [&](const KeyId& s) { return same_key(s, id); });
}

void TimelinePanel::select(const Rig& rig, const std::vector<KeyRef>& keys, bool add) {
    const State& st = rig.states[static_cast<std::size_t>(state(rig))];
    if (!add) selection_.clear();
    for (const KeyRef& r : keys) {
        const KeyId id = key_id(st, r);
        const auto at = std::find_if(selection_.begin(), selection_.end(), [&](const KeyId& s) { return same_key(s, id); });
        if (at == selection_.end()) {
            selection_.push_back(id);
        } else if (add) {
            selection_.erase(at);  // Shift or Ctrl on a selected key takes it out
        }
    }
}

void TimelinePanel::plot_track(const State& st, KeyTimeline timeline, int track) {
    if (timeline != KeyTimeline::Bone) return;  // the curve view plots bone tracks
    const KeyTrack& t = st.tracks[static_cast<std::size_t>(track)];
    curve_bone_ = t.bone;
    curve_property_ = t.property;
}

int TimelinePanel::row_at(const Area& area, float y) const {
    // ImGui puts an absent pointer at -FLT_MAX: no row there.
    const float row = std::floor((y - area.ruler_bottom + row_scroll_) / area.row_height);
    return std::isfinite(row) && row >= 0.0f && row < 1e6f ? static_cast<int>(row) : -1;
}

double TimelinePanel::snapped(const Rig& rig, double time) const {
    return std::clamp(snap_ ? snap_to_frame(time, static_cast<double>(rig.fps)) : time, 0.0, static_cast<double>(kMaxKeyTime));
}

void TimelinePanel::draw(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, UiMarks& marks, PanelEdits& edits,
                         TimelineActions& actions) {
    const int active = active_state(player.machine());
    if (active >= 0 && static_cast<std::size_t>(active) < rig.states.size()) state_ = active;
    const int s = state(rig);
    if (s < 0) {
        ImGui::TextDisabled("Show a state (pick one on the left) to animate it: its keys appear here.");
        return;
    }
    if (active == s) playhead_ = player.playhead(rig);
    selected_bone_ = selected_bone;
    controls(rig, player, selected_bone, shown, marks, edits, actions);
    shortcuts(rig, selected_bone, shown, edits, actions);
    canvas(rig, marks, edits, actions);
}

void TimelinePanel::controls(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, UiMarks& marks,
                             PanelEdits& edits, TimelineActions& actions) {
    const int s = state(rig);
    const State& st = rig.states[static_cast<std::size_t>(s)];
    const bool playing_here = active_state(player.machine()) == s && player.playing() && !player.scrubbed();
    if (button(ui_icons_loaded() ? icons::kToStart : "|<", "timeline/start", marks, "To the start")) actions.seek = 0.0;
    // The row wraps where the panel is narrow (Pause is wider than Play).
    const std::string play = playing_here ? with_icon(icons::kPause, "Pause") : with_icon(icons::kPlay, "Play");
    same_line_if_fits(button_width(play.c_str()));
    if (button(play.c_str(), "timeline/play", marks, "Play the state from the playhead, or stop there")) {
        if (playing_here) {
            actions.seek = snapped(rig, playhead_);  // stop on a frame, where K keys
        } else {
            actions.seek = playhead_;
            actions.play = true;
        }
    }
    const std::string key_label = with_icon(icons::kKey, "Key");
    same_line_if_fits(button_width(key_label.c_str()));
    if (button(key_label.c_str(), "timeline/key", marks,
               "K: key the selected bone at the playhead (every bone when none is; Shift+K: every bone)")) {
        key(rig, selected_bone >= 0 ? std::vector<int>{selected_bone} : every_bone(rig), shown, edits, actions);
    }
    same_line_if_fits(checkbox_width("auto-key"));
    const bool recording = auto_key_;  // red while on, as a record button
    if (recording) ImGui::PushStyleColor(ImGuiCol_CheckMark, ImVec4(1.0f, 0.25f, 0.2f, 1.0f));
    ImGui::Checkbox("auto-key", &auto_key_);
    if (recording) ImGui::PopStyleColor();
    marks.mark_last_item("timeline/auto-key");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dragging a bone keys it at the playhead, as Blender's auto-keying");
    same_line_if_fits(checkbox_width("snap"));
    ImGui::Checkbox("snap", &snap_);
    marks.mark_last_item("timeline/snap");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Scrub, key and move keys on whole frames at the rig's %s fps", number_text(rig.fps).c_str());
    same_line_if_fits(checkbox_width("loop"));
    bool loop = st.loop;
    if (ImGui::Checkbox("loop", &loop))
        edits.apply(std::string(loop ? "loop " : "hold the end of ") + st.name, set_state_loop(rig, s, loop));
    marks.mark_last_item("timeline/loop");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start again after the last key, or hold it");
    same_line_if_fits(checkbox_width("curves"));
    ImGui::Checkbox("curves", &curves_);
    marks.mark_last_item("timeline/curves");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The values over time of the selected keys' tracks (Ctrl+A: every track): drag keys and Bezier handles");
    }
    same_line_if_fits(button_width("Frame"));
    if (button("Frame", "timeline/frame", marks,
               "Fit the time axis to the state's keys, and the curve view to their values (F: the selected keys)")) {
        framed_state_ = -1;
        curve_ranges_.clear();
    }
    same_line_if_fits(button_width("Onion..."));
    if (button("Onion...", "timeline/onion", marks, "How many ghosts the onion skin shows (the toolbar's Onion turns it on)")) {
        ImGui::OpenPopup("onion_settings");
    }
    if (ImGui::BeginPopup("onion_settings")) {
        ImGui::Checkbox("onion skin", &onion_.on);
        marks.mark_last_item("timeline/onion/on");
        ImGui::SetNextItemWidth(ui_px(120.0f));
        ImGui::SliderInt("before", &onion_.before, 0, kMaxOnionGhosts);
        marks.mark_last_item("timeline/onion/before");
        ImGui::SetNextItemWidth(ui_px(120.0f));
        ImGui::SliderInt("after", &onion_.after, 0, kMaxOnionGhosts);
        marks.mark_last_item("timeline/onion/after");
        int spacing = static_cast<int>(onion_.spacing);
        ImGui::RadioButton("every few frames", &spacing, static_cast<int>(OnionSkin::Spacing::Frames));
        marks.mark_last_item("timeline/onion/frames");
        ImGui::SameLine();
        ImGui::RadioButton("at keys", &spacing, static_cast<int>(OnionSkin::Spacing::Keys));
        marks.mark_last_item("timeline/onion/keys");
        onion_.spacing = static_cast<OnionSkin::Spacing>(spacing);
        if (onion_.spacing == OnionSkin::Spacing::Frames) {
            ImGui::SetNextItemWidth(ui_px(120.0f));
            ImGui::SliderInt("frames apart", &onion_.frames_apart, 1, 60);
        }
        ImGui::EndPopup();
    }
}

void TimelinePanel::key(const Rig& rig, const std::vector<int>& bones, const Pose& shown, PanelEdits& edits, TimelineActions& actions) {
    const int s = state(rig);
    if (s < 0 || bones.empty()) return;
    const double t = snapped(rig, playhead_);
    const std::string what = bone_list(rig, bones) + " at " + number_text(static_cast<float>(t)) + " s";
    edits.apply("key " + what, key_bones(rig, s, bones, static_cast<float>(t), shown),
                "Keyed " + what + " in " + rig.states[static_cast<std::size_t>(s)].name);
    actions.seek = t;  // show the state where it was keyed
}

void TimelinePanel::shortcuts(const Rig& rig, int selected_bone, const Pose& shown, PanelEdits& edits, TimelineActions& actions) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || gesture_ != Gesture::None || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
        return;
    const int s = state(rig);
    const State& st = rig.states[static_cast<std::size_t>(s)];
    // The keys are the shortcut table's (editor/ui/shortcuts.hpp).
    const bool key_one = shortcut_pressed(Command::KeySelectedBone, ShortcutContext::Timeline);
    if (key_one || shortcut_pressed(Command::KeyEveryBone, ShortcutContext::Timeline)) {
        key(rig, selected_bone >= 0 && key_one ? std::vector<int>{selected_bone} : every_bone(rig), shown, edits, actions);
        return;
    }
    const std::vector<KeyRef> chosen = selected_keys(rig);
    if (shortcut_pressed(Command::FrameKeys, ShortcutContext::Timeline) && ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows)) {
        frame_requested_ = true;
        return;
    }
    if (!chosen.empty() && shortcut_pressed(Command::DeleteKeys, ShortcutContext::Timeline)) {
        edits.apply("delete " + std::to_string(chosen.size()) + (chosen.size() == 1 ? " key" : " keys"), delete_keys(rig, s, chosen));
        selection_.clear();
        return;
    }
    // Ctrl+A, C and V are the keys' with the pointer over the state panel; over the viewport,
    // Ctrl+C and V copy and paste the pose (app/actions/pose_clipboard_actions.cpp).
    if (!io.KeyCtrl || !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows)) return;
    if (shortcut_pressed(Command::SelectAllKeys, ShortcutContext::Timeline)) {
        select(rig, every_key(st), false);
    } else if (shortcut_pressed(Command::CopyKeys, ShortcutContext::Timeline) && !chosen.empty()) {
        clipboard_ = copy_keys(st, chosen);
        clipboard_2d_ = rig.is_2d();
    } else if (shortcut_pressed(Command::PasteKeys, ShortcutContext::Timeline) && !clipboard_.empty()) {
        const double t = snapped(rig, playhead_);
        const std::string label = "paste " + std::to_string(clipboard_.size()) + (clipboard_.size() == 1 ? " key" : " keys");
        if (clipboard_2d_ != rig.is_2d()) {
            edits.apply(label, Error{std::string("cannot paste keys copied from a ") + (clipboard_2d_ ? "2D" : "3D") + " rig into a " +
                                     (rig.is_2d() ? "2D" : "3D") + " one"});
            return;
        }
        edits.apply(label, paste_keys(rig, s, clipboard_, static_cast<float>(t)));
        selection_.clear();
        for (const CopiedKey& c : clipboard_) selection_.push_back(c.id_at(static_cast<float>(t)));
        actions.seek = t;
    }
}

void TimelinePanel::canvas(const Rig& rig, UiMarks& marks, PanelEdits& edits, TimelineActions& actions) {
    const int s = state(rig);
    const State& st = rig.states[static_cast<std::size_t>(s)];
    const ImVec2 min = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 size(std::max(avail.x, ui_px(kNamesWidth + 50.0f)), std::max(avail.y, ui_px(kRulerHeight + 40.0f)));
    ImGui::InvisibleButton("##timeline", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
    Area area;
    area.min = min;
    area.max = ImVec2(min.x + size.x, min.y + size.y);
    area.names_right = min.x + ui_px(kNamesWidth);
    area.ruler_bottom = min.y + ui_px(kRulerHeight);
    area.row_height = ImGui::GetFrameHeight();
    area.plot_top = area.ruler_bottom + ui_px(kCurveMargin);
    area.plot_bottom = area.max.y - ui_px(kCurveMargin);
    marks.mark("timeline/ruler", area.names_right, min.y, area.max.x, area.ruler_bottom);
    marks.mark("timeline/rows", area.names_right, area.ruler_bottom, area.max.x, area.max.y);
    if (framed_state_ != s) {
        axis_.frame(0.0, std::max(static_cast<double>(state_length(st)), 1.0), area.keys_width());
        framed_state_ = s;
        row_scroll_ = 0.0f;
    }
    if (frame_requested_) {
        frame_requested_ = false;
        frame_keys(rig, area);
    }
    const std::vector<TimelineRow> rows = timeline_rows(st);
    const float rows_height = static_cast<float>(rows.size()) * area.row_height;
    row_scroll_ = std::clamp(row_scroll_, 0.0f, std::max(0.0f, rows_height - (area.max.y - area.ruler_bottom)));
    mouse(rig, area, rows, edits, actions);

    ImDrawList& draw = *ImGui::GetWindowDrawList();
    draw.PushClipRect(area.min, area.max, true);
    draw.AddRectFilled(area.min, area.max, IM_COL32(28, 28, 32, 255));
    if (curves_) {
        draw_curves(rig, area, selected_sorted(rig), marks, draw);
    } else {
        draw_rows(rig, area, rows, selected_sorted(rig), marks, draw);
    }
    draw_ruler(rig, area, draw);
    if (gesture_ == Gesture::Box) {
        const ImVec2 p = ImGui::GetIO().MousePos;
        draw.AddRectFilled(ImVec2(std::min(p.x, press_at_.x), std::min(p.y, press_at_.y)),
                           ImVec2(std::max(p.x, press_at_.x), std::max(p.y, press_at_.y)), IM_COL32(90, 140, 220, 50));
        draw.AddRect(ImVec2(std::min(p.x, press_at_.x), std::min(p.y, press_at_.y)),
                     ImVec2(std::max(p.x, press_at_.x), std::max(p.y, press_at_.y)), IM_COL32(90, 140, 220, 200));
    }
    draw.PopClipRect();
    if ((gesture_ == Gesture::MoveKeys || gesture_ == Gesture::MoveCurveKeys) && drag_problem_)
        ImGui::SetTooltip("%s", drag_problem_->c_str());
    if (rows.empty() && !curves_) {
        draw.AddText(ImVec2(area.names_right + 8.0f, area.ruler_bottom + 6.0f), IM_COL32(160, 160, 160, 255),
                     "No keys yet: pose a bone and press K (or turn auto-key on and drag it)");
    }
}

void TimelinePanel::mouse(const Rig& rig, const Area& area, const std::vector<TimelineRow>& rows, PanelEdits& edits,
                          TimelineActions& actions) {
    const ImGuiIO& io = ImGui::GetIO();
    const int s = state(rig);
    const State& st = rig.states[static_cast<std::size_t>(s)];
    const ImVec2 p = io.MousePos;
    const double at = axis_.time_at(static_cast<double>(p.x - area.names_right));
    const int row = row_at(area, p.y);
    const bool in_rows = p.y >= area.ruler_bottom;
    if (ImGui::IsItemHovered() && gesture_ == Gesture::None) {
        if (io.MouseWheel != 0.0f) {
            if (curves_ && io.KeyCtrl) {
                curve_wheel(rig, area, p, io.MouseWheel);
            } else if (p.x < area.names_right) {
                row_scroll_ -= io.MouseWheel * 2.0f * area.row_height;  // clamped on the next frame
            } else if (io.KeyShift) {
                axis_.pan(-static_cast<double>(io.MouseWheel) * kPanPerNotch);
            } else {
                axis_.zoom(static_cast<double>(p.x - area.names_right), io.MouseWheel);
            }
        }
        if (io.MouseWheelH != 0.0f) axis_.pan(-static_cast<double>(io.MouseWheelH) * kPanPerNotch);
    }
    if (ImGui::IsItemClicked(ImGuiMouseButton_Middle)) gesture_ = Gesture::Pan;
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
        press_at_ = p;
        const bool add = io.KeyShift || io.KeyCtrl;
        if (!in_rows) {
            gesture_ = p.x >= area.names_right ? Gesture::Scrub : Gesture::None;
        } else if (p.x < area.names_right && curves_) {
            curve_name_press(rig, area, p);
        } else if (p.x < area.names_right) {
            // A row's name: its keys, and its track in the curve view.
            if (row >= 0 && static_cast<std::size_t>(row) < rows.size()) {
                plot_track(st, rows[static_cast<std::size_t>(row)].timeline, rows[static_cast<std::size_t>(row)].track);
                select(rig, keys_in_box(st, rows, row, row, 0.0, static_cast<double>(kMaxKeyTime)), add);
            }
        } else if (curves_) {
            curve_press(rig, area, p, add);  // a key or a handle; elsewhere it scrubs
        } else if (const auto hit = key_near(st, rows, row, at, static_cast<double>(ui_px(kKeyRadius)) / axis_.pixels_per_second())) {
            plot_track(st, hit->timeline, hit->track);
            if (!selected(rig, *hit)) {
                select(rig, {*hit}, add);
            } else if (add) {
                select(rig, {*hit}, true);  // takes it out
                return;
            }
            gesture_ = Gesture::MoveKeys;
            drag_rig_ = rig;
            drag_keys_ = selected_keys(rig);
            drag_ids_ = selection_;
            grab_time_ = static_cast<double>(marionette::key_time(st, *hit));
            earliest_ = grab_time_;
            for (const KeyRef& r : drag_keys_) earliest_ = std::min(earliest_, static_cast<double>(marionette::key_time(st, r)));
            shift_ = 0.0;
            drag_problem_.reset();
        } else {
            gesture_ = Gesture::Box;
            if (!add) selection_.clear();
        }
    }
    const bool moved = std::fabs(p.x - press_at_.x) > kDragThreshold || std::fabs(p.y - press_at_.y) > kDragThreshold;
    switch (gesture_) {
        case Gesture::None: break;
        case Gesture::Scrub: actions.seek = snapped(rig, at); break;
        case Gesture::Pan:
            axis_.pan(-static_cast<double>(io.MouseDelta.x));
            if (curves_) {
                curve_pan(rig, area, io.MouseDelta.y);
            } else {
                row_scroll_ -= io.MouseDelta.y;
            }
            break;
        case Gesture::MoveCurveKeys:
        case Gesture::Handle:
            if (moved) curve_drag(rig, area, p, at, edits);
            break;
        case Gesture::MoveKeys: {
            if (!moved) break;
            const double pressed_at = axis_.time_at(static_cast<double>(press_at_.x - area.names_right));
            const double shift = key_drag_shift(grab_time_, at - pressed_at, earliest_, snap_ ? static_cast<double>(rig.fps) : 0.0);
            if (shift == shift_) break;
            Result<Rig> moved_rig = move_keys(drag_rig_, s, drag_keys_, static_cast<float>(shift));
            if (!moved_rig) {
                drag_problem_ = moved_rig.message();
                break;
            }
            drag_problem_.reset();
            shift_ = shift;
            edits.preview("move " + std::to_string(drag_keys_.size()) + (drag_keys_.size() == 1 ? " key" : " keys"), std::move(moved_rig));
            selection_ = drag_ids_;
            for (KeyId& id : selection_) id.time += static_cast<float>(shift);
            break;
        }
        case Gesture::Box: break;
    }
    const bool released = (gesture_ == Gesture::Pan && !ImGui::IsMouseDown(ImGuiMouseButton_Middle)) ||
                          (gesture_ != Gesture::Pan && gesture_ != Gesture::None && !ImGui::IsMouseDown(ImGuiMouseButton_Left));
    if (!released) return;
    if (gesture_ == Gesture::MoveKeys && shift_ != 0.0) edits.finish = true;
    if ((gesture_ == Gesture::MoveCurveKeys || gesture_ == Gesture::Handle) && curve_changed_) edits.finish = true;
    // A click on a key already selected, not dragged, selects that key alone.
    if (gesture_ == Gesture::MoveCurveKeys && !moved && !io.KeyShift && !io.KeyCtrl)
        select(rig, {KeyRef{curve_grab_.track, curve_grab_.key}}, false);
    if (gesture_ == Gesture::Box && moved) {
        const double t0 = axis_.time_at(static_cast<double>(press_at_.x - area.names_right));
        // A box dragged past the top or bottom takes the rows up to that edge.
        const int first = row_at(area, std::max(press_at_.y, area.ruler_bottom));
        const int last = row_at(area, std::min(std::max(p.y, area.ruler_bottom), area.max.y));
        select(rig, keys_in_box(st, rows, first, last, t0, at), io.KeyShift || io.KeyCtrl);
    }
    gesture_ = Gesture::None;
    drag_problem_.reset();
}

}  // namespace marionette
