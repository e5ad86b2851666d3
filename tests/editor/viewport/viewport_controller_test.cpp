// The viewport controller driven as a user drives it (presses, moves, keys), headless: what ends
// up in the document, the history and the status bar.

#include "editor/viewport/viewport_controller.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "core/anim/state_pose.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/edits/edits.hpp"
#include "editor/ui/status_line.hpp"
#include "editor/viewport/bounding_box.hpp"
#include "editor/viewport/shown_extent.hpp"
#include "editor/viewport/viewport_scene.hpp"

namespace marionette {
namespace {

using testing::bone_named;
using testing::figure_2d;
using testing::ViewportScene;


// Undo and the unsaved mark: a click that only selects changes nothing.

TEST(ViewportController, AClickOnABoneSelectsItAndRecordsNoStep) {
    for (const PoseMode mode : {PoseMode::Fk, PoseMode::Ik}) {
        ViewportScene scene(figure_2d());
        scene.controller().set_mode(mode);
        const Rig before = scene.document().rig();
        scene.click(scene.on_bone("forearm", 0.5f));
        EXPECT_EQ(scene.controller().selected(), bone_named(before, "forearm"));
        EXPECT_FALSE(scene.history().can_undo()) << scene.history().undo_label();
        EXPECT_FALSE(scene.document().modified());
        EXPECT_TRUE(scene.document().rig() == before);
    }
}

TEST(ViewportController, UndoAfterADragAndAClickTakesBackTheDrag) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Fk);
    const Rig before = scene.document().rig();
    const glm::vec2 tip = scene.on_bone("forearm", 1.0f);
    scene.drag(tip, tip + glm::vec2{0.0f, 40.0f});
    ASSERT_FALSE(scene.document().rig() == before) << "the drag turned nothing";
    const Rig dragged = scene.document().rig();
    scene.click(scene.on_bone("spine", 0.5f));
    EXPECT_EQ(scene.history().undo_count(), 1u);
    EXPECT_TRUE(scene.document().rig() == dragged);
    scene.key(ViewKey::Z, Modifiers{.ctrl = true});
    EXPECT_TRUE(scene.document().rig() == before);
    EXPECT_FALSE(scene.document().modified());
}

TEST(ViewportController, AClickAfterUndoKeepsTheRedo) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Fk);
    const glm::vec2 tip = scene.on_bone("forearm", 1.0f);
    scene.drag(tip, tip + glm::vec2{30.0f, 30.0f});
    ASSERT_TRUE(scene.history().undo(scene.document()));
    scene.click(scene.on_bone("spine", 0.5f));
    EXPECT_TRUE(scene.history().can_redo());
    EXPECT_FALSE(scene.document().modified());
}

TEST(History, AnEditThatChangesNothingIsNoStepAndLeavesTheMark) {
    Document doc(figure_2d(), {});
    History history;
    const int arm = doc.rig().find_chain("arm");
    ASSERT_EQ(doc.rig().chains[static_cast<std::size_t>(arm)].solver, SolverKind::TwoBone);
    // The solver button that is already active.
    ASSERT_TRUE(apply_edit(doc, history, "solver", set_chain_solver(doc.rig(), arm, SolverKind::TwoBone)).ok());
    EXPECT_FALSE(history.can_undo());
    EXPECT_FALSE(doc.modified());
    // A live edit that ends where it began (a value dragged away and back).
    const Rig before = doc.rig();
    doc.edit([](Rig& rig) { rig.pose.root_offset.x += 5.0f; });
    doc.edit([](Rig& rig) { rig.pose.root_offset.x -= 5.0f; });
    ASSERT_TRUE(doc.rig() == before);
    EXPECT_FALSE(history.record("drag", before, doc));
    EXPECT_FALSE(history.can_undo());
    EXPECT_FALSE(doc.modified());
}

TEST(History, ANoOpEditAfterAnEditKeepsTheDocumentModified) {
    Document doc(figure_2d(), {});
    History history;
    ASSERT_TRUE(apply_edit(doc, history, "pin", set_chain_pinned(doc.rig(), 0, true)).ok());
    ASSERT_TRUE(doc.modified());
    const Rig now = doc.rig();
    EXPECT_FALSE(history.record("nothing", now, doc));
    EXPECT_TRUE(doc.modified());
    EXPECT_EQ(history.undo_count(), 1u);
}

// The status bar: nothing outlives the change it described.

TEST(StatusLine, AMessageShowsUntilTheDocumentChanges) {
    StatusLine line;
    line.say("Pinned hand", 7);
    EXPECT_EQ(line.shown(7), "Pinned hand");
    EXPECT_EQ(line.shown(8), "");
    line.say("Saved", 8);
    EXPECT_EQ(line.shown(8), "Saved");
}

// A drag with the mouse held still moves nothing on its own, so the editor need not draw: the
// drag is under way, but nothing settles unless a limb is still swinging toward its solve.
TEST(ViewportController, ADragHeldStillIsNotSettling) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Ik);
    const glm::vec2 tip = scene.on_bone("forearm", 1.0f);
    scene.send(ViewportInput::press(tip, MouseButton::Left, {}));
    const glm::vec2 to = tip + glm::vec2{-20.0f, 25.0f};
    scene.send(ViewportInput::motion(to, to - tip));
    ASSERT_TRUE(scene.controller().dragging());
    ASSERT_TRUE(scene.controller().last_solve().has_value()) << "no IK drag";
    EXPECT_FALSE(scene.controller().settling()) << "a reachable step swings nothing";
    const std::uint64_t revision = scene.document().revision();
    scene.controller().tick();
    EXPECT_EQ(scene.document().revision(), revision) << "a tick with nothing settling changed the rig";
    scene.send(ViewportInput::release(to));
    EXPECT_FALSE(scene.controller().settling());
}

// A soft limb (the figure's leg, softness 0.2, nearly straight at rest) grabbed by its tip and
// moved a pixel stops short of the cursor by design: held short by softness, not a miss. Pulled
// past its reach it is a miss.
TEST(ViewportController, ASoftLimbShortOfATargetInReachIsNoMiss) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Ik);
    const glm::vec2 tip = scene.on_bone("shin", 1.0f);
    scene.send(ViewportInput::press(tip, MouseButton::Left, {}));
    const glm::vec2 near = tip + glm::vec2{1.0f, 0.0f};
    scene.send(ViewportInput::motion(near, near - tip));
    ASSERT_TRUE(scene.controller().last_solve().has_value());
    EXPECT_FALSE(scene.controller().last_solve()->reached) << "the softness keeps the foot off a target this near full reach";
    EXPECT_GT(scene.controller().last_solve()->error, 0.0f);
    EXPECT_TRUE(scene.controller().last_solve_softened());
    const glm::vec2 far = tip + 3.0f * (tip - scene.on_bone("thigh", 0.0f));
    scene.send(ViewportInput::motion(far, far - near));
    ASSERT_TRUE(scene.controller().last_solve().has_value());
    EXPECT_FALSE(scene.controller().last_solve()->reached);
    EXPECT_FALSE(scene.controller().last_solve_softened()) << "a target past the reach is missed";
    scene.send(ViewportInput::release(far));
}

TEST(ViewportController, TheLastSolveIsNotShownAfterAnotherEdit) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Ik);
    const glm::vec2 tip = scene.on_bone("forearm", 1.0f);
    scene.drag(tip, tip + glm::vec2{-20.0f, 25.0f});
    ASSERT_TRUE(scene.controller().last_solve().has_value()) << "an IK drag reports its solve";
    scene.controller().set_mode(PoseMode::Fk);
    const glm::vec2 shin = scene.on_bone("shin", 1.0f);
    scene.drag(shin, shin + glm::vec2{25.0f, 0.0f});
    ASSERT_EQ(scene.history().undo_count(), 2u);
    EXPECT_FALSE(scene.controller().last_solve().has_value()) << "the FK drag changed the pose the solve described";
}

TEST(ViewportController, APinMessageGoesWithItsUndo) {
    ViewportScene scene(figure_2d());
    StatusLine line;
    scene.controller().select(bone_named(scene.document().rig(), "forearm"));
    scene.key(ViewKey::P);
    const std::optional<std::string> said = scene.controller().take_message();
    ASSERT_TRUE(said.has_value());
    EXPECT_EQ(*said, "Pinned forearm");
    line.say(*said, scene.document().revision());
    EXPECT_EQ(line.shown(scene.document().revision()), "Pinned forearm");
    scene.key(ViewKey::Z, Modifiers{.ctrl = true});
    EXPECT_FALSE(scene.document().rig().chains[0].pin.has_value());
    EXPECT_EQ(line.shown(scene.document().revision()), "");
    EXPECT_FALSE(scene.controller().take_message().has_value()) << "a message is taken once";
}

// The automatic chain.

TEST(ViewportController, TheAutomaticChainNeverGrowsPastTheBonesAbove) {
    ViewportScene scene(figure_2d());
    const Rig& rig = scene.document().rig();
    const int spine = bone_named(rig, "spine");  // one parent (hips), ends no chain
    ASSERT_LT(rig.chain_ending_at(spine), 0);
    scene.controller().select(spine);
    for (int i = 0; i < 12; ++i) scene.key(ViewKey::PageUp);
    EXPECT_EQ(scene.controller().auto_chain_length(), 1);
    // Without a selection: the deepest bone's parents (hand: forearm, upper_arm, spine, hips).
    scene.controller().select(-1);
    for (int i = 0; i < 12; ++i) scene.key(ViewKey::PageUp);
    EXPECT_EQ(scene.controller().auto_chain_length(), 4);
    for (int i = 0; i < 12; ++i) scene.key(ViewKey::PageDown);
    EXPECT_EQ(scene.controller().auto_chain_length(), 1);
}

TEST(ViewportController, TheAutomaticChainLengthStartsOverWithEachDrag) {
    ViewportScene scene(figure_2d());
    scene.controller().set_mode(PoseMode::Ik);
    const glm::vec2 from = scene.on_bone("spine", 1.0f);
    scene.send(ViewportInput::press(from));
    scene.send(ViewportInput::motion(from + glm::vec2{5.0f, 0.0f}, {5.0f, 0.0f}));
    ASSERT_TRUE(scene.controller().active_chain().has_value());
    EXPECT_EQ(scene.controller().active_chain()->name, kAutoChainName);
    scene.send(ViewportInput::wheel_by(1.0f));
    scene.send(ViewportInput::wheel_by(1.0f));
    EXPECT_EQ(scene.controller().auto_chain_length(), 1) << "spine has one parent";
    scene.send(ViewportInput::release(from));
    EXPECT_EQ(scene.controller().auto_chain_length(), kDefaultAutoChainLength);
}

// Framing.

TEST(ViewportController, FAsksForFramingAndFrameHoldsEveryPoint) {
    ViewportScene scene(figure_2d());
    scene.key(ViewKey::F);
    EXPECT_TRUE(scene.controller().take_frame_request());
    EXPECT_FALSE(scene.controller().take_frame_request());
    std::vector<glm::vec3> points = scene.extent();
    points.push_back(glm::vec3{900.0f, 700.0f, 0.0f});  // far off what is framed now
    scene.controller().frame(scene.view(), points);
    for (const glm::vec3& p : points) {
        const glm::vec2 at = scene.pixel_of(p);
        EXPECT_TRUE(scene.view().contains(at)) << p.x << ", " << p.y << " at pixel " << at.x << ", " << at.y;
    }
}

TEST(ShownExtent, APlayingStateIsFramedOverItsWholeCycle) {
    Rig rig = figure_2d();
    // The forearm swings 150 degrees either way over two seconds: at time 0 it is at its base.
    State swing;
    swing.name = "swing";
    StateChannel c;
    c.bone = bone_named(rig, "upper_arm");
    c.amplitude = 2.6f;
    c.period = 2.0f;
    swing.channels.push_back(c);
    rig.states.push_back(swing);
    StatePlayer player;
    player.show(rig, static_cast<int>(rig.states.size()) - 1);
    player.tick(rig, 10.0);  // past the blend
    ASSERT_TRUE(player.shows_state());
    const std::vector<glm::vec3> points = shown_extent(rig, player);
    // Every pose over the cycle is in the points' box.
    const std::optional<BoundingBox> box = bounding_box_of(points);
    ASSERT_TRUE(box.has_value());
    Pose pose = rig.pose;
    for (int i = 0; i < 40; ++i) {
        sample_state(rig, rig.states.back(), 0.05 * i, rig.pose, pose);
        const std::vector<Transform> world = compute_world(rig.skeleton, pose).value();
        for (std::size_t b = 0; b < world.size(); ++b) {
            const glm::vec3 tip = bone_tip(world[b], rig.skeleton[b].length);
            for (int k = 0; k < 2; ++k) {
                EXPECT_GE(tip[k], box->min[k] - 0.05f * (box->max[k] - box->min[k])) << "t " << 0.05 * i << " bone " << b;
                EXPECT_LE(tip[k], box->max[k] + 0.05f * (box->max[k] - box->min[k])) << "t " << 0.05 * i << " bone " << b;
            }
        }
    }
    // And more than the pose on screen alone: the rig's own pose is not the whole of it.
    StatePlayer idle;
    const std::optional<BoundingBox> still = bounding_box_of(shown_extent(rig, idle));
    ASSERT_TRUE(still.has_value());
    EXPECT_GT(glm::length(box->size()), 1.2f * glm::length(still->size()));
}

}  // namespace
}  // namespace marionette

namespace marionette {
namespace {

// The viewport: an FK drag turns a 3D hinge from any view, the side views included (the hinge's
// axis then lies in the view plane, where a view-plane turn, clamped to the hinge, turned nothing).
TEST(ViewportController, AnFkDragTurnsAHingeFromEveryView) {
    for (const ViewCamera::View v : {ViewCamera::View::Front, ViewCamera::View::Side, ViewCamera::View::Top}) {
        ViewportScene scene(testing::figure_3d());
        scene.controller().set_mode(PoseMode::Fk);
        scene.controller().set_view(v);
        scene.controller().frame(scene.view(), scene.extent());
        const int forearm = bone_named(scene.document().rig(), "forearm");
        const glm::quat before = scene.document().rig().pose.rotations[static_cast<std::size_t>(forearm)];
        const glm::vec2 tip = scene.on_bone("forearm", 1.0f);
        const glm::vec2 joint = scene.on_bone("forearm", 0.0f);
        // Across the bone as drawn, a third of its drawn length, whichever way it is drawn.
        glm::vec2 side{joint.y - tip.y, tip.x - joint.x};
        if (glm::length(side) < 4.0f) side = {30.0f, 0.0f};
        scene.drag(tip, tip + side / 3.0f);
        const glm::quat after = scene.document().rig().pose.rotations[static_cast<std::size_t>(forearm)];
        const float turned = 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(before, after))));
        EXPECT_GT(turned, 0.05f) << "view " << static_cast<int>(v) << ": the hinge did not turn";
        EXPECT_EQ(scene.history().undo_count(), turned > 0.0f ? 1u : 0u);
        // The turn is about the hinge only: the pose stays a hinge pose within the range.
        const JointLimits& limits = *scene.document().rig().skeleton[static_cast<std::size_t>(forearm)].limits;
        EXPECT_TRUE(within_limits(after, limits, false, 1e-4f)) << "view " << static_cast<int>(v);
    }
}

}  // namespace
}  // namespace marionette

namespace marionette {
namespace {

Rig shipped_arm() {
    Result<Rig> r = load_rig_file(std::filesystem::path(MARIONETTE_ASSETS) / "arm.json");
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? std::move(r).value() : Rig{};
}

// The shipped 2D arm: its hand ends the three-bone CCD chain "arm_reach", its wrist the
// two-bone "arm". A hand grabbed by the wrist moves the wrist; by the fingers, the fingers.
TEST(ViewportController, AnIkGrabTakesTheChainWhoseEndIsNearer) {
    ViewportScene scene(shipped_arm());
    scene.controller().set_mode(PoseMode::Ik);
    const glm::vec2 near_wrist = scene.on_bone("hand", 0.2f);
    const glm::vec2 wrist_before = scene.on_bone("forearm", 1.0f);
    scene.send(ViewportInput::press(near_wrist));
    ASSERT_TRUE(scene.controller().active_chain().has_value());
    EXPECT_EQ(scene.controller().active_chain()->name, "arm") << "grabbed by the wrist";
    const glm::vec2 to = near_wrist + glm::vec2{-30.0f, 20.0f};
    scene.send(ViewportInput::motion(to, to - near_wrist));
    scene.send(ViewportInput::release(to));
    // The wrist (the forearm's tip) moved as the mouse did: the grab's offset from it kept.
    const glm::vec2 wrist_after = scene.on_bone("forearm", 1.0f);
    EXPECT_LT(glm::length(wrist_after - (wrist_before + (to - near_wrist))), 1.0f) << "wrist at " << wrist_after.x << ", " << wrist_after.y;
    EXPECT_EQ(scene.history().undo_label(), "Drag forearm");

    const glm::vec2 near_fingers = scene.on_bone("hand", 0.9f);
    scene.send(ViewportInput::press(near_fingers));
    ASSERT_TRUE(scene.controller().active_chain().has_value());
    EXPECT_EQ(scene.controller().active_chain()->name, "arm_reach") << "grabbed by the fingers";
    scene.send(ViewportInput::release(near_fingers));
}

}  // namespace
}  // namespace marionette

namespace marionette {
namespace {

// The camera travels with the rig: saved in its editor data without marking the document
// modified, and the file opens with it.
TEST(ViewportController, TheCameraIsSavedWithTheRigAndOpensWithIt) {
    ViewportScene scene(testing::figure_3d());
    scene.send(ViewportInput::motion({400.0f, 300.0f}, {0.0f, 0.0f}));
    scene.send(ViewportInput::wheel_by(3.0f));
    scene.controller().set_view(ViewCamera::View::Side);
    ASSERT_FALSE(scene.document().modified());
    const Json camera = scene.controller().camera().to_json();
    scene.document().set_view_data(nlohmann::ordered_json{{"camera", camera}});
    EXPECT_FALSE(scene.document().modified()) << "a camera move is no unsaved change";
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("marionette-camera-" + std::to_string(::getpid()) + ".json");
    ASSERT_TRUE(scene.document().save_as(file).ok());
    EXPECT_FALSE(scene.document().rig().editor.json().contains("camera")) << "the rig itself is unchanged";

    Result<Rig> reopened = load_rig_file(file);
    std::filesystem::remove(file);
    ASSERT_TRUE(reopened.ok()) << reopened.message();
    Document doc(std::move(reopened).value(), file);
    History history;
    const ViewportController opened(doc, history);
    EXPECT_TRUE(opened.camera_from_file());
    EXPECT_EQ(opened.camera().to_json(), camera);

    // A camera the editor cannot read (another program's) leaves the view to framing.
    Rig odd = testing::figure_2d();  // its editor data holds {"camera": {"zoom": 2, ...}}
    Document odd_doc(std::move(odd), {});
    const ViewportController framed(odd_doc, history);
    EXPECT_FALSE(framed.camera_from_file());
}

}  // namespace
}  // namespace marionette

namespace marionette {
namespace {

TEST(ShownExtent, FrameAllHoldsTheMeshesAsTheyHangOnThePose) {
    Rig rig = testing::figure_3d();
    // A sheet far out to the side of the figure, rigid on its hand.
    const auto hand = static_cast<std::size_t>(bone_named(rig, "hand"));
    Mesh sheet;
    sheet.name = "sheet";
    sheet.joints = {{static_cast<int>(hand), glm::mat4(1.0f)}};
    sheet.positions = {{0.0f, 0.0f, 0.0f}, {5.0f, 0.0f, 0.0f}, {0.0f, 5.0f, 0.0f}};
    sheet.indices = {0, 1, 2};
    MeshSet set;
    set.meshes.push_back(sheet);
    rig.meshes = RigMeshes(std::move(set));
    const std::vector<glm::vec3> points = shown_extent(rig, StatePlayer{});
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const glm::vec3 far_corner = world[hand].apply({5.0f, 0.0f, 0.0f});
    const std::optional<BoundingBox> box = bounding_box_of(points);
    ASSERT_TRUE(box.has_value());
    EXPECT_TRUE(glm::all(glm::lessThanEqual(box->min, far_corner + glm::vec3(1e-4f))) &&
                glm::all(glm::greaterThanEqual(box->max, far_corner - glm::vec3(1e-4f))))
        << "the sheet's far corner is outside what Frame all frames";
}

TEST(ShownExtent, FrameAllHoldsThePicturesTheSlotsShow) {
    Rig rig = testing::figure_2d();
    const auto root = std::size_t{0};
    Slot slot{"sign", 0, {}, 0, glm::vec4(1.0f)};
    Attachment sign;
    sign.name = "sign";
    sign.image = "sign.png";
    sign.size = {40.0f, 10.0f};
    sign.offset = {500.0f, 300.0f};  // far from every bone
    slot.attachments.push_back(sign);
    rig.slots.push_back(slot);
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const glm::vec3 far_corner = attachment_world_corners(sign, world[root], rig.pose.scales[root])[2];
    const auto holds = [&](const std::vector<glm::vec3>& points) {
        const std::optional<BoundingBox> box = bounding_box_of(points);
        return box && glm::all(glm::lessThanEqual(box->min, far_corner + glm::vec3(1e-3f))) &&
               glm::all(glm::greaterThanEqual(box->max, far_corner - glm::vec3(1e-3f)));
    };
    EXPECT_TRUE(holds(shown_extent(rig, StatePlayer{}))) << "the picture's far corner is outside what Frame all frames";
    rig.slots[0].shown = -1;
    EXPECT_FALSE(holds(shown_extent(rig, StatePlayer{}))) << "a slot showing nothing is not framed";
}

}  // namespace
}  // namespace marionette
