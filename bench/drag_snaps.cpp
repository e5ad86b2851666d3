// Looks for snaps while dragging: replays smooth drags of every IK chain of the shipped rigs as
// the editor solves them (each frame solve_chain from the last frame's pose) and prints, for
// each chain and kind of path, the largest turn any chain joint makes in one frame. The paths:
// circles about the chain's root joint at several radii in and out of reach (half a degree a
// frame, seen from the root), in each plane of the rig's axes, and lines straight out from the
// root, from a tenth of the reach to twice it (a 500th of the reach a frame). docs/ik.md's rule: no joint turns
// more than 10 degrees in a frame while the target moves less than 1 degree seen from the root.
//
// With --editor the drags go through the editor's IkDrag instead, which shows a solve that
// swings further than the target moved as a turn spread over frames (editor/posing/limb_swing):
// what is measured then is the chain as the user sees it.
//
// Usage: drag_snaps [RIGS_DIR] [--all] [--editor] [--keep SHARE]
//   RIGS_DIR: default the shipped rigs; --all also lists paths without a snap; --keep: solve_chain
//   keeps a two-bone limb's side within SHARE of its reach (TwoBoneJob::keep_side; the editor's
//   drag passes its own, kKeepSideOfReach).
// Exit 0 when no frame breaks the rule, 1 when one does.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "core/ik/ik_chain.hpp"
#include "core/ik/ik_solve.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/posing/ik_drag.hpp"

using namespace marionette;

namespace {

constexpr float kDegree = 3.14159265358979f / 180.0f;
constexpr float kSnapDegrees = 10.0f;

// Angle of the rotation taking q to r, in degrees.
float turn_degrees(const glm::quat& q, const glm::quat& r) { return rotation_angle(glm::conjugate(q) * r) / kDegree; }

struct Worst {
    float degrees = 0.0f;
    int swing_frames = 0;  // --editor: frames a swing was under way
    int swings = 0;        // --editor: swings started
    int frame = -1;
    std::string bone;
    glm::vec3 from{0.0f}, to{0.0f};
};

// Drags the chain's target along `path` from the rig's own pose, by solve_chain or (`editor`)
// as the editor does: an IkDrag grabbed at the chain's tip, moved onto the path's start and let
// settle there, then along the path. The worst turn of a frame along the path.
Worst drag(const Rig& rig, const IkChain& chain, const std::vector<glm::vec3>& path, bool editor, float keep) {
    const std::vector<int> bones = chain_bones(rig.skeleton, chain.root, chain.effector);
    Rig doc = rig;
    Worst worst;
    const auto e = static_cast<std::size_t>(chain.effector);
    const glm::vec3 tip = bone_tip(compute_world(rig.skeleton, rig.pose).value()[e], rig.skeleton[e].length);
    Result<IkDrag> ik_drag = IkDrag::start(doc, doc.pose, chain, tip);
    if (editor && !ik_drag) return worst;
    SolveOverrides overrides;
    overrides.keep_side = keep * chain_reach(rig.skeleton, rig.pose, chain.root, chain.effector);
    bool was_swinging = false;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const Pose before = doc.pose;
        const bool solved = editor ? ik_drag.value().drag(doc, path[i]).ok() : solve_chain(doc, chain, path[i], doc.pose, overrides).ok();
        if (!solved) return worst;
        if (i == 0) {  // the first frame only takes hold of the limb
            if (editor) {
                while (ik_drag.value().settle(doc)) {
                }
            }
            continue;
        }
        const bool swinging = editor && ik_drag.value().swinging();
        worst.swings += swinging && !was_swinging;
        worst.swing_frames += swinging;
        was_swinging = swinging;
        for (int b : bones) {
            const auto k = static_cast<std::size_t>(b);
            const float d = turn_degrees(before.rotations[k], doc.pose.rotations[k]);
            if (d > worst.degrees)
                worst = {d, worst.swing_frames, worst.swings, static_cast<int>(i), rig.skeleton[k].name, path[i - 1], path[i]};
        }
    }
    return worst;
}

bool has_limits(const Rig& rig, const IkChain& chain) {
    for (int b : chain_bones(rig.skeleton, chain.root, chain.effector)) {
        if (rig.skeleton[static_cast<std::size_t>(b)].limits) return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    std::filesystem::path folder = MARIONETTE_ASSETS;
    bool all = false;
    bool editor = false;
    float keep = 0.0f;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--all") == 0) {
            all = true;
        } else if (std::strcmp(argv[i], "--editor") == 0) {
            editor = true;
        } else if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
            keep = std::strtof(argv[++i], nullptr);
        } else {
            folder = argv[i];
        }
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    int snaps = 0;
    long swing_frames = 0, swings = 0;
    for (const auto& file : files) {
        Result<Rig> loaded = load_rig_file(file);
        if (!loaded) {
            std::fprintf(stderr, "drag_snaps: %s\n", loaded.message().c_str());
            return 2;
        }
        const Rig& rig = loaded.value();
        const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
        const glm::vec3 planes[3][2] = {{{1, 0, 0}, {0, 1, 0}}, {{1, 0, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 0, 1}}};
        const int plane_count = rig.is_2d() ? 1 : 3;
        for (const IkChain& chain : rig.chains) {
            const glm::vec3 root = world[static_cast<std::size_t>(chain.root)].translation;
            const float reach = chain_reach(rig.skeleton, rig.pose, chain.root, chain.effector);
            const char* solver = chain.solver == SolverKind::TwoBone ? "two-bone" : "ccd";
            const char* limited = has_limits(rig, chain) ? "limited" : "free";
            // Circles: 720 frames a turn, twice round, at radii in and out of reach.
            for (int p = 0; p < plane_count; ++p) {
                for (const float radius : {0.3f, 0.6f, 0.9f, 1.1f, 1.5f}) {
                    std::vector<glm::vec3> path;
                    for (int f = 0; f <= 1440; ++f) {
                        const float a = 0.5f * kDegree * static_cast<float>(f);
                        path.push_back(root + radius * reach * (std::cos(a) * planes[p][0] + std::sin(a) * planes[p][1]));
                    }
                    const Worst w = drag(rig, chain, path, editor, keep);
                    const bool snap = w.degrees > kSnapDegrees;
                    snaps += snap;
                    swing_frames += w.swing_frames;
                    swings += w.swings;
                    if (snap || all) {
                        std::printf("%s %s (%s, %s) circle plane %d radius %.1f reach: %.1f deg (%s, frame %d, %g,%g,%g -> %g,%g,%g)%s",
                                    file.filename().c_str(), chain.name.c_str(), solver, limited, p, radius, w.degrees, w.bone.c_str(),
                                    w.frame, w.from.x, w.from.y, w.from.z, w.to.x, w.to.y, w.to.z, snap ? "  SNAP" : "");
                        if (editor) std::printf("  %d swings", w.swings);
                        std::printf("\n");
                    }
                }
            }
            // Lines straight out from the root, 16 directions in each plane.
            for (int p = 0; p < plane_count; ++p) {
                float line_worst = 0.0f;
                Worst worst_line;
                for (int d = 0; d < 16; ++d) {
                    const float a = 22.5f * kDegree * static_cast<float>(d);
                    const glm::vec3 dir = std::cos(a) * planes[p][0] + std::sin(a) * planes[p][1];
                    std::vector<glm::vec3> path;
                    for (int f = 50; f <= 1000; ++f) path.push_back(root + 0.002f * static_cast<float>(f) * reach * dir);
                    const Worst w = drag(rig, chain, path, editor, keep);
                    swing_frames += w.swing_frames;
                    swings += w.swings;
                    if (w.degrees > line_worst) {
                        line_worst = w.degrees;
                        worst_line = w;
                    }
                }
                const bool snap = line_worst > kSnapDegrees;
                snaps += snap;
                if (snap || all) {
                    std::printf("%s %s (%s, %s) lines plane %d: %.1f deg (%s, frame %d, %g,%g,%g -> %g,%g,%g)%s\n", file.filename().c_str(),
                                chain.name.c_str(), solver, limited, p, line_worst, worst_line.bone.c_str(), worst_line.frame,
                                worst_line.from.x, worst_line.from.y, worst_line.from.z, worst_line.to.x, worst_line.to.y, worst_line.to.z,
                                snap ? "  SNAP" : "");
                }
            }
        }
    }
    std::printf("drag_snaps: %d paths with a snap over %.0f degrees", snaps, kSnapDegrees);
    if (editor) std::printf("; %ld swings, %ld frames of a swing under way", swings, swing_frames);
    std::printf("\n");
    return snaps > 0 ? 1 : 0;
}
