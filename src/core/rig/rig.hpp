#pragma once
// A rig: the whole document a rig file holds.

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/anim/state.hpp"
#include "core/base/extents.hpp"
#include "core/ik/ik_chain.hpp"
#include "core/mesh/mesh.hpp"
#include "core/mesh/skin.hpp"
#include "core/mesh/slot.hpp"
#include "core/rig/editor_data.hpp"
#include "core/rig/pose.hpp"
#include "core/rig/skeleton.hpp"
#include "core/rig/stored_pose.hpp"

namespace marionette {

enum class Dimensions { Two = 2, Three = 3 };

struct Rig {
    Dimensions dimensions = Dimensions::Two;
    Skeleton skeleton;
    std::vector<IkChain> chains;
    Pose pose;
    std::vector<State> states;
    TransitionSettings transition;
    float fps = kDefaultFps;          // frames per second the rig is animated at (extents.hpp: is_fps)
    RigMeshes meshes{};               // what hangs on the bones (3D rigs); kept in a file beside the rig's
    std::vector<Slot> slots{};        // pictures on the bones, in draw order, bottom first
    std::vector<Skin> skins{};        // named sets of their attachments (skin.hpp)
    int skin = -1;                    // the skin the rig shows where no state keys one, or -1: none
    std::vector<StoredPose> poses{};  // the pose library (stored_pose.hpp)
    // The axis the rig's two sides mirror across (mirror_pairs.hpp), unit; none: detected from
    // the rest pose. 3D rigs only: a 2D rig mirrors across x.
    std::optional<glm::vec3> side_axis{};
    // Editor-only data (camera, layout, ...), kept apart from the rig and written back as read.
    EditorData editor{};

    bool is_2d() const { return dimensions == Dimensions::Two; }
    int find_chain(const std::string& name) const;
    // The first chain whose effector is `bone` (the one a drag of that bone poses), or -1.
    int chain_ending_at(int bone) const;

    // Equal rigs are the same document: an edit giving an equal rig changed nothing (history.hpp).
    bool operator==(const Rig&) const = default;
};

// One line for `--check`: "2D rig, 4 bones, 2 IK chains (arm, arm_reach), 0 states".
std::string summarize(const Rig& rig);

}  // namespace marionette
