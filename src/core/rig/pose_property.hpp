#pragma once
// What a state's channel or key track drives: one of a bone's pose rotation, translation or
// scale (pose.hpp).

#include <optional>
#include <string_view>

namespace marionette {

enum class PoseProperty { Rotation, Translation, Scale };

inline constexpr PoseProperty kPoseProperties[] = {PoseProperty::Rotation, PoseProperty::Translation, PoseProperty::Scale};

// "rotation", "translation", "scale": the names the rig file and the editor use.
inline const char* pose_property_name(PoseProperty p) {
    switch (p) {
        case PoseProperty::Rotation: return "rotation";
        case PoseProperty::Translation: return "translation";
        case PoseProperty::Scale: return "scale";
    }
    return "?";
}

inline std::optional<PoseProperty> pose_property_named(std::string_view name) {
    for (PoseProperty p : kPoseProperties) {
        if (name == pose_property_name(p)) return p;
    }
    return std::nullopt;
}

}  // namespace marionette
