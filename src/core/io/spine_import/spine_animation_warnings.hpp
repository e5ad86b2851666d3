#pragma once
// What the Spine import changed or left out of a skeleton's animations, said once per kind for
// all of them, naming the animations and what each touches (bones, slots, drawings, timeline
// kinds): a file of many animations gives a short list of warnings.

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace marionette {

enum class Omission { Baked, Shear, NegativeScale, MissingDrawing, DrawOrder, Deform, Events, Timelines };

class AnimationWarnings {
public:
    // Animation `animation` has `kind`: `names` join the kind's names, `count` adds to its count
    // (deform timelines, event keys).
    void add(Omission kind, const std::string& animation, const std::vector<std::string>& names = {}, std::size_t count = 0);
    // One line per kind, in the order of Omission.
    void say(std::vector<std::string>& warnings) const;

private:
    struct Group {
        std::vector<std::string> animations, names;
        std::set<std::string> seen;
        std::size_t count = 0;
    };
    static std::string lead(Omission kind, const Group& g);

    std::map<Omission, Group> groups_;
};

}  // namespace marionette
