#pragma once
// The state panel: the rig's states (add, from pose, duplicate, rename, delete), which one the
// viewport shows, play / pause, time scale, auto-cycle, the transition settings with a plot of
// the easing curve, and the shown state's channels (state_channel_table.hpp).
// Rig changes go out through PanelEdits (undoable); preview changes through StatePanelActions.

#include <array>
#include <optional>
#include <vector>

#include "app/inspector_panel.hpp"
#include "app/panel_edits.hpp"
#include "app/state_channel_table.hpp"
#include "app/ui_marks.hpp"
#include "editor/state_player.hpp"

namespace marionette {

struct StatePanelActions {
    std::optional<int> show;              // a state index or kRigPose, after this frame's edit
    std::optional<bool> play;
    std::optional<float> time_scale;
    std::optional<std::optional<float>> auto_cycle;  // seconds, or off
    // After this frame's edit renumbers the states: renumber[old] = new, or -1 for deleted.
    std::optional<std::vector<int>> renumber;
};

class StatePanel {
public:
    // Docked at `at` (under the viewport); `open` is cleared when its close box is clicked.
    void draw(const Rig& rig, const StatePlayer& player, int selected_bone, const PanelPlacement& at, bool& open, UiMarks& marks,
              PanelEdits& edits, StatePanelActions& actions);

private:
    void state_list(const Rig& rig, int shown, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions);
    void playback(const Rig& rig, const StatePlayer& player, UiMarks& marks, PanelEdits& edits, StatePanelActions& actions);

    // The rename field's text, kept while it is being typed into.
    std::array<char, 256> name_{};
    int name_of_ = -2;  // the state whose name is in name_
    StateChannelTable channel_table_;
};

}  // namespace marionette
