#pragma once
// The timeline: the keys of the state being animated, a row per track (bone and property, slot
// and drawing or colour, and the draw order), a
// ruler with the playhead to scrub, play / pause, zoom and pan of the time axis, frame
// snapping at the rig's fps, K to key, Delete, dragging keys in time (several at once, box
// select), copy and paste, the auto-key switch, and a curve view (timeline_curves.cpp) where keys
// and Bézier handles are dragged, several tracks at once, as in Spine's graph view or Blender's
// graph editor.
// It edits only through PanelEdits (each edit one undo step) and asks the player to move
// through TimelineActions; the selection of keys is its own (as KeyIds, which survive undo).
//
// Mouse: the ruler scrubs; a click on a key selects it (Shift or Ctrl adds or removes);
// dragging selected keys moves them; dragging on empty rows draws a selection box; the wheel
// zooms the time axis about the pointer, Shift+wheel pans it, the wheel over the names scrolls
// the rows; the middle button drags the view. Keys: K keys the selected bone (every bone
// when none is selected), Shift+K every bone, Delete removes the selected keys, Ctrl+C and
// Ctrl+V copy them and paste them at the playhead, Ctrl+A selects every key, F frames the
// selected keys (every key with none selected).
//
// The curve view plots the tracks of the selected bone, of the selected keys and the track last
// clicked, each in its
// own vertical range (curve_range.hpp). A press on a key selects it and a drag moves the
// selected keys in time (snapped to frames) and value (each track by the same height on the
// screen); the handles of a selected key's Béziers drag its curve. Ctrl+wheel zooms the active
// track's range about the pointer, the middle button drags it up and down; a click on a track's
// name makes it the active one.

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/panels/panel_edits.hpp"
#include "app/ui/ui_marks.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/rig.hpp"
#include "editor/edits/key_edits.hpp"
#include "editor/timeline/curve_range.hpp"
#include "editor/timeline/state_player.hpp"
#include "editor/timeline/time_axis.hpp"
#include "editor/timeline/timeline_rows.hpp"
#include "editor/viewport/onion_skin.hpp"

namespace marionette {

struct TimelineActions {
    std::optional<double> seek;  // show the timeline's state still at this time
    std::optional<bool> play;
};

class TimelinePanel {
public:
    // Draws into the rest of the current window. `shown` is the pose the viewport shows (what
    // K keys).
    void draw(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, UiMarks& marks, PanelEdits& edits,
              TimelineActions& actions);

    // The state it animates (the one shown, or last shown), or -1.
    int state(const Rig& rig) const { return state_ >= 0 && static_cast<std::size_t>(state_) < rig.states.size() ? state_ : -1; }
    double playhead() const { return playhead_; }
    // Where K and auto-key put keys: the playhead, on a frame when snapping.
    double key_time(const Rig& rig) const { return snapped(rig, playhead_); }
    bool auto_key() const { return auto_key_; }
    // The selected keys that exist in the rig's timeline state.
    std::vector<KeyRef> selected_keys(const Rig& rig) const;
    // The onion skin's settings (the toolbar switches it on; the timeline sets how many ghosts).
    OnionSkin& onion() { return onion_; }
    const OnionSkin& onion() const { return onion_; }
    // A new document: no state, no selection, no clipboard (the onion skin stays as set).
    void start_over() {
        const OnionSkin keep = onion_;
        *this = TimelinePanel{};
        onion_ = keep;
    }

private:
    static constexpr float kKeyRadius = 5.0f;  // half a key's width, points: what a click must hit
    enum class Gesture { None, Scrub, MoveKeys, Box, Pan, MoveCurveKeys, Handle };
    struct Area {                  // where the parts were drawn this frame, screen points
        ImVec2 min, max;           // the whole canvas
        float names_right = 0.0f;  // the names column ends here; keys start
        float ruler_bottom = 0.0f;
        float row_height = 0.0f;
        float plot_top = 0.0f, plot_bottom = 0.0f;  // the curve view's values run between these
        float keys_width() const { return max.x - names_right; }
    };

    void controls(const Rig& rig, const StatePlayer& player, int selected_bone, const Pose& shown, UiMarks& marks, PanelEdits& edits,
                  TimelineActions& actions);
    void canvas(const Rig& rig, UiMarks& marks, PanelEdits& edits, TimelineActions& actions);
    void shortcuts(const Rig& rig, int selected_bone, const Pose& shown, PanelEdits& edits, TimelineActions& actions);
    void mouse(const Rig& rig, const Area& area, const std::vector<TimelineRow>& rows, PanelEdits& edits, TimelineActions& actions);
    void draw_ruler(const Rig& rig, const Area& area, ImDrawList& draw) const;
    // `chosen`: the selected keys, sorted (selected_sorted()), looked up for every key drawn.
    void draw_rows(const Rig& rig, const Area& area, const std::vector<TimelineRow>& rows, const std::vector<KeyRef>& chosen,
                   UiMarks& marks, ImDrawList& draw) const;
    // The curve view (timeline_curves.cpp): a plotted track and where its values are drawn.
    struct CurvePlot {
        int track = -1;  // a bone track of the state
        CurveRange range;
    };
    // What a press in the curve view hit: a key's point on its plotted value `value`, or (handle
    // 0 or 1) a handle of the Bézier leaving key `key`.
    struct CurveHit {
        int track = -1, key = -1, value = 0, handle = -1;
    };
    std::vector<CurvePlot> curve_plots(const Rig& rig, const Area& area) const;
    std::optional<CurveHit> curve_hit(const Rig& rig, const Area& area, const std::vector<CurvePlot>& plots, ImVec2 p) const;
    // A press, a drag or a wheel turn in the curve view, in place of the rows' (mouse()).
    void curve_press(const Rig& rig, const Area& area, ImVec2 p, bool add);
    void curve_drag(const Rig& rig, const Area& area, ImVec2 p, double at, PanelEdits& edits);
    // A press on the names column: the plotted track named there becomes the active one.
    void curve_name_press(const Rig& rig, const Area& area, ImVec2 p);
    void curve_wheel(const Rig& rig, const Area& area, ImVec2 p, float notches);
    void curve_pan(const Rig& rig, const Area& area, float dy);
    // The active track's range, changed by `change` and kept (a zoom, a pan).
    template <typename Change>
    void change_active_range(const Rig& rig, const Area& area, Change change);
    // F: the time axis (and, in the curve view, each plotted track's range) fitted to the
    // selected keys, or to every key with none selected.
    void frame_keys(const Rig& rig, const Area& area);
    // Marks: "curve/BONE/PROPERTY" for a plotted track's name, "curve/BONE/PROPERTY/K" for key K's point ("/x", "/y", "/z" added where the track
    // plots several values), "/out" and "/in" added for a selected key's handles.
    void draw_curves(const Rig& rig, const Area& area, const std::vector<KeyRef>& chosen, UiMarks& marks, ImDrawList& draw) const;
    // selected_keys(), sorted by track then key, for binary searches while drawing.
    std::vector<KeyRef> selected_sorted(const Rig& rig) const;
    // Keys `bones` at the playhead from `shown`, and shows the state there.
    void key(const Rig& rig, const std::vector<int>& bones, const Pose& shown, PanelEdits& edits, TimelineActions& actions);
    double snapped(const Rig& rig, double time) const;
    // The row under `y` (screen points), or -1 outside the rows.
    int row_at(const Area& area, float y) const;
    bool selected(const Rig& rig, KeyRef ref) const;
    void select(const Rig& rig, const std::vector<KeyRef>& keys, bool add);
    // Makes a bone track the one the curve view plots (other tracks leave it).
    void plot_track(const State& st, KeyTimeline timeline, int track);

    int state_ = -1;
    int framed_state_ = -1;  // the state the time axis was last framed on
    double playhead_ = 0.0;
    TimeAxis axis_;
    float row_scroll_ = 0.0f;  // rows scrolled off the top, in points
    std::vector<KeyId> selection_;
    std::vector<CopiedKey> clipboard_;
    bool clipboard_2d_ = false;
    bool auto_key_ = false;
    bool snap_ = true;
    bool curves_ = false;
    OnionSkin onion_;
    // The curve view's active track: the last key, row or track name clicked.
    int curve_bone_ = -1;
    PoseProperty curve_property_ = PoseProperty::Rotation;
    // Tracks' ranges set by a zoom, a pan or F, by bone and property; the others are fitted to
    // their curve each frame.
    std::map<std::pair<int, PoseProperty>, CurveRange> curve_ranges_;
    bool frame_requested_ = false;  // F was pressed: framed when the canvas knows its size
    int selected_bone_ = -1;        // the editor's selected bone this frame: its tracks are plotted

    Gesture gesture_ = Gesture::None;
    ImVec2 press_at_{0.0f, 0.0f};
    Rig drag_rig_;                             // the rig as a key drag found it
    std::vector<KeyRef> drag_keys_;            // the keys it moves, in drag_rig_
    std::vector<KeyId> drag_ids_;              // the same keys' ids before the drag
    double grab_time_ = 0.0;                   // the grabbed key's time
    double earliest_ = 0.0;                    // the earliest moved key's time
    double shift_ = 0.0;                       // the shift last applied
    std::optional<std::string> drag_problem_;  // why the pointer's shift is refused
    CurveHit curve_grab_;                      // the curve view's key or handle being dragged
    std::vector<CurvePlot> drag_plots_;        // the plots as the drag found them
    double value_shift_ = 0.0;                 // the grabbed track's value shift last applied
    bool curve_changed_ = false;               // the curve drag changed the rig
};

}  // namespace marionette
