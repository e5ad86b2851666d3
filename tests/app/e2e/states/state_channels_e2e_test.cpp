// Channels that move and stretch, added and edited in the state panel as a user does it (issue
// 17, point 2): Io's walking gets a stretching head from the panel's property picker and Add,
// its swing dragged in the table; checked in the saved files, the undo steps and the pixels.

#include <algorithm>

#include <gtest/gtest.h>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"
#include "core/anim/state_test_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// The row of `state` driving `bone`'s `property`, or -1 (read from the saved file, as another
// program would).
int row_driving(const State& state, int bone, PoseProperty property) {
    for (std::size_t i = 0; i < state.channels.size(); ++i) {
        if (state.channels[i].bone == bone && state.channels[i].property == property) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace

TEST(ScriptedStateChannels, AddAScaleChannelFromThePanelAndSwingIt) {
    const auto dir = scratch_dir("e2e-state-channels");
    const std::string io = std::string(MARIONETTE_ASSETS) + "/io.json";
    const auto shot = [&](const char* name) { return (dir / name).string(); };
    // The swing field is a DragFloat2 [x][y]: 25 pixels left of its centre is in x. 40 pixels
    // at 0.01 a pixel: a swing of 0.4. The head's scale then runs 0.6 to 1.4, a cycle of
    // 0.52 s (walking's first channel's period), 31.4 frames at the scripted 60 frames a second.
    write_file(dir / "steps.json", R"({"steps": [
        {"wait": 2},
        {"click": {"bone": "head"}},
        {"wait": 1},
        {"expect": {"selected": "head"}},
        {"click": {"ui": "toolbar/states"}},
        {"wait": 2},
        {"click": {"ui": "states/list/walking"}},
        {"wait": 2},
        {"click": {"ui": "states/add property"}},
        {"wait": 2},
        {"click": {"ui": "states/add property/scale"}},
        {"wait": 2},
        {"click": {"ui": "states/add channel"}},
        {"wait": 3},
        {"save": "added.json"},
        {"drag": {"from": {"ui": "states/channel/head/scale/swing", "offset": [-25, 0]},
                  "to": {"ui": "states/channel/head/scale/swing", "offset": [15, 0]}, "moves": 8}},
        {"wait": 60},
        {"expect": {"state": "walking", "from": null}},
        {"save": "swung.json"},
        {"screenshot": ")" + shot("a.png") +
                                       R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("b.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("c.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("d.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("e.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("f.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("g.png") + R"("},
        {"wait": 4}, {"screenshot": ")" +
                                       shot("h.png") + R"("},
        {"key": "ctrl+z"}, {"wait": 1},
        {"save": "undone_swing.json"},
        {"key": "ctrl+z"}, {"wait": 1},
        {"save": "undone_add.json"}
    ]})");
    ASSERT_EQ(run(xvfb("--window 1280x800 --script " + (dir / "steps.json").string() + " " + io)), 0);

    const Rig original = load(io);
    const int head = original.skeleton.find("head");
    const int walking = state_index(original, "walking");
    const auto head_scale = [&](const Rig& rig) {
        return row_driving(rig.states[static_cast<std::size_t>(walking)], head, PoseProperty::Scale);
    };

    // Added still: a scale of 1 with no swing, walking's rhythm.
    const Rig added = load(dir / "added.json");
    const int row = head_scale(added);
    ASSERT_GE(row, 0) << "no scale channel on the head";
    const StateChannel& still = added.states[static_cast<std::size_t>(walking)].channels[static_cast<std::size_t>(row)];
    EXPECT_EQ(still.center, glm::vec3(1.0f));
    EXPECT_EQ(still.swing, glm::vec3(0.0f));
    EXPECT_EQ(still.period, original.states[static_cast<std::size_t>(walking)].channels[0].period);

    // Swung: x only, about 0.4.
    const Rig swung = load(dir / "swung.json");
    ASSERT_EQ(head_scale(swung), row);
    const StateChannel& c = swung.states[static_cast<std::size_t>(walking)].channels[static_cast<std::size_t>(row)];
    EXPECT_NEAR(c.swing.x, 0.4f, 0.03f);
    EXPECT_EQ(c.swing.y, 0.0f);
    EXPECT_EQ(c.center, glm::vec3(1.0f));

    // Each edit one undo step: the swing, then the channel.
    EXPECT_EQ(load(dir / "undone_swing.json").states, added.states);
    const Rig undone_add = load(dir / "undone_add.json");
    EXPECT_EQ(head_scale(undone_add), -1);
    EXPECT_EQ(undone_add.states[static_cast<std::size_t>(walking)].channels.size(),
              original.states[static_cast<std::size_t>(walking)].channels.size());

    // Drawn: the selected head grows and shrinks through a cycle (8 shots 4 frames apart span
    // one); its diamond's area follows its length, from 0.6 to 1.4 of it.
    std::vector<int> counts;
    for (const char* name : {"a.png", "b.png", "c.png", "d.png", "e.png", "f.png", "g.png", "h.png"}) {
        counts.push_back(count_selected(load_png(dir / name)));
    }
    const int least = *std::min_element(counts.begin(), counts.end());
    const int most = *std::max_element(counts.begin(), counts.end());
    ASSERT_GT(least, 100) << "the selected head is drawn";
    EXPECT_GT(static_cast<float>(most) / static_cast<float>(least), 1.6f) << least << " to " << most << " pixels";
}
