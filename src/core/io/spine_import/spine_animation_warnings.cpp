#include "core/io/spine_import/spine_animation_warnings.hpp"

#include "core/io/spine_import/spine_name_list.hpp"

namespace marionette {

namespace {

std::string counted(std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

}  // namespace

void AnimationWarnings::add(Omission kind, const std::string& animation, const std::vector<std::string>& names, std::size_t count) {
    Group& g = groups_[kind];
    g.animations.push_back(animation);
    g.count += count;
    for (const std::string& n : names)
        if (g.seen.insert(n).second) g.names.push_back(n);
}

void AnimationWarnings::say(std::vector<std::string>& warnings) const {
    for (const auto& [kind, g] : groups_) {
        std::string line =
            lead(kind, g) + ", in " +
            (g.animations.size() == 1 ? "animation " + spine_name_list(g.animations)
                                      : std::to_string(g.animations.size()) + " animations (" + spine_name_list(g.animations) + ")");
        if (!g.names.empty()) line += ": " + spine_name_list(g.names);
        warnings.push_back(std::move(line));
    }
}

std::string AnimationWarnings::lead(Omission kind, const Group& g) {
    switch (kind) {
        case Omission::Baked:
            return counted(g.names.size(), "bone", "bones") +
                   " keyed from Spine's pose, where IK or a parent's turn or scale moves them otherwise";
        case Omission::Shear: return "shear keys left out";
        case Omission::NegativeScale: return "negative scale keys held at 0 (a rig's scale does not mirror)";
        case Omission::MissingDrawing: return "attachment keys naming drawings the import left out show nothing";
        case Omission::DrawOrder: return "draw order keys whose offsets do not fit the slots left out";
        case Omission::Deform: return counted(g.count, "deform timeline", "deform timelines") + " left out";
        case Omission::Events: return counted(g.count, "event key", "event keys") + " left out";
        case Omission::Timelines: return "timelines left out";
    }
    return {};
}

}  // namespace marionette
