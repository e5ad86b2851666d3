#pragma once
// The state panel: the rig's states (add, from pose, duplicate, rename, delete), which one the
// viewport shows, play / pause, time scale, auto-cycle, the transition settings with a plot of
// the easing curve, and the shown state's channels (state_channel_table.hpp) and, in a second
// tab, its keys on the timeline (timeline_panel.hpp).
// Rig changes go out through PanelEdits (undoable); preview changes through StatePanelActions.

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "app/panels/inspector_panel.hpp"
#include "app/panels/panel_edits.hpp"
#include "app/panels/state_channel_table.hpp"
#include "app/panels/timeline_panel.hpp"
#include "app/ui/ui_marks.hpp"
#include "editor/timeline/state_player.hpp"

namespace marionette {

struct StatePanelActions {
    std::optional<int> show;  // a state index or kRigPose, after this frame's edit
    std::optional<bool> play;
    std::optional<float> time_scale;
    std::optional<std::optional<float>> auto_cycle;  // seconds, or off
    // After this frame's edit renumbers the states: renumber[old] = new, or -1 for deleted.
    std::optional<std::vector<int>> renumber;
    // Show this state still at this time on its timeline (after `show` and `renumber`).
    std::optional<std::pair<int, double>> seek;
};

class StatePanel {
public:
    // Docked at `at` (under the outliner and the viewport); `open` is cleared when its close box is clicked.
    // `shown` is the pose the viewport shows.
    void draw(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, const PanelPlacement& at, bool& open,
              UiMarks& marks, PanelEdits& edits, StatePanelActions& actions);

    const TimelinePanel& timeline() const { return timeline_; }
    TimelinePanel& timeline() { return timeline_; }

private:
    void state_list(const Rig& rig, const StatePlayer& player, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions);
    void playback(const Rig& rig, const StatePlayer& player, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions);

    // The rename field's text, kept while it is being typed into.
    std::array<char, 256> name_{};
    int name_of_ = -2;                       // the state whose name is in name_
    float bake_fps_ = 30.0f;                 // the bake popup's rate (the rig's when it opens)
    float bake_degrees_ = 0.1f;              // and its tolerance
    std::array<char, 512> bake_timeline_{};  // a timeline of states to bake: "walking@0,climbing@2"
    float bake_seconds_ = 0.0f;              // its length; 0: the default (state_timeline.hpp)
    StateChannelTable channel_table_;
    TimelinePanel timeline_;
    int tab_for_ = -2;  // the state the tab was last chosen for: a keyed state opens on its timeline
};

}  // namespace marionette
