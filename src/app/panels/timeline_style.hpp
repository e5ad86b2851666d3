#pragma once
// What the timeline's rows and its curve view draw alike: their colours and a bone track's name.

#include <imgui.h>

#include <string>

#include "core/anim/key_track.hpp"
#include "core/rig/rig.hpp"

namespace marionette::timeline_style {

inline constexpr ImU32 kTextColor = IM_COL32(200, 200, 205, 255);
inline constexpr ImU32 kKeyColor = IM_COL32(215, 215, 220, 255);
inline constexpr ImU32 kSelectedKeyColor = IM_COL32(255, 160, 40, 255);
// The curve view's lines: one value (a 2D angle) white, x y z red green blue as in the viewport.
inline constexpr ImU32 kCurveColors[3] = {IM_COL32(235, 90, 80, 255), IM_COL32(110, 200, 90, 255), IM_COL32(90, 140, 235, 255)};

// "forearm  rotation".
inline std::string row_name(const Rig& rig, const KeyTrack& t) {
    const std::string bone =
        t.bone >= 0 && static_cast<std::size_t>(t.bone) < rig.skeleton.size() ? rig.skeleton[static_cast<std::size_t>(t.bone)].name : "?";
    return bone + "  " + pose_property_name(t.property);
}

}  // namespace marionette::timeline_style
