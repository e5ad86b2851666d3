#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "cli/command_line.hpp"
#include "cli/pose_command.hpp"
#include "cli/pose_run.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/rig_compare.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"
#include "core/test_paths.hpp"
#include "core/whole_match.hpp"

using namespace marionette;
using marionette::testing::count_entries;
using marionette::testing::kAssets;
namespace mt = marionette::testing;

namespace {

using mt::load;
using mt::parse_line;
using mt::pose;
using mt::PoseRun;
using mt::PrintedResult;

// Enough digits that the parsed float is the one computed here.
std::string target_text(const glm::vec3& t, bool is_2d) {
    char text[96];
    if (is_2d) {
        std::snprintf(text, sizeof text, "%.9g,%.9g", static_cast<double>(t.x), static_cast<double>(t.y));
    } else {
        std::snprintf(text, sizeof text, "%.9g,%.9g,%.9g", static_cast<double>(t.x), static_cast<double>(t.y), static_cast<double>(t.z));
    }
    return text;
}

std::vector<Transform> world_of(const Rig& rig) {
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    EXPECT_TRUE(world.ok()) << world.message();
    return world ? world.value() : std::vector<Transform>(rig.skeleton.size());
}

glm::vec3 joint_of(const Rig& rig, const std::string& bone) {
    return world_of(rig)[static_cast<std::size_t>(rig.skeleton.find(bone))].translation;
}

// Checks OUT against the rig it was posed from: the effector's tip lies where the printed line
// says, only the chain's bones turned, and everything else in the rig was saved as it was.
PrintedResult expect_posed(const Rig& before, const std::filesystem::path& out_file, const std::string& chain_name, const glm::vec3& target,
                           const PoseRun& run) {
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const PrintedResult printed = parse_line(run.out);
    const Rig after = load(out_file);
    if (::testing::Test::HasFailure()) return printed;

    const IkChain& chain = before.chains[static_cast<std::size_t>(before.find_chain(chain_name))];
    const std::vector<int> bones = chain_bones(before.skeleton, chain.root, chain.effector);
    float reach = 0.0f;
    for (int b : bones) reach += before.skeleton[static_cast<std::size_t>(b)].length;
    // %.6g keeps six digits; the file keeps angles in degrees. Both round a little.
    const float slack = 1e-4f * reach + 1e-5f * glm::length(target);

    const std::vector<Transform> world_before = world_of(before);
    const std::vector<Transform> world_after = world_of(after);
    const auto effector = static_cast<std::size_t>(chain.effector);
    const float distance = glm::distance(bone_tip(world_after[effector], after.skeleton[effector].length), target);
    EXPECT_LE(distance, printed.error + slack) << chain_name;
    EXPECT_NEAR(distance, printed.error, slack) << chain_name;
    EXPECT_GE(printed.iterations, 1);

    bool any_turned = false;
    for (std::size_t i = 0; i < before.skeleton.size(); ++i) {
        const bool in_chain = std::find(bones.begin(), bones.end(), static_cast<int>(i)) != bones.end();
        if (in_chain) {
            any_turned = any_turned || std::abs(glm::dot(before.pose.rotations[i], after.pose.rotations[i])) < 0.99999f;
            continue;
        }
        const std::string name = before.skeleton[i].name;
        mt::expect_same_rotation(before.pose.rotations[i], after.pose.rotations[i], name + " kept its pose");
        bool below_chain = false;
        for (int b : bones) below_chain = below_chain || before.skeleton.is_ancestor_or_self(b, static_cast<int>(i));
        if (!below_chain) {
            mt::expect_near_vec(world_before[i].translation, world_after[i].translation, name + " did not move", slack);
            mt::expect_same_rotation(world_before[i].rotation, world_after[i].rotation, name + " did not turn");
        }
    }
    EXPECT_TRUE(any_turned) << "no bone of " << chain_name << " turned";

    Rig expected = before;
    expected.pose.rotations = after.pose.rotations;
    mt::expect_rigs_equal(expected, after);
    return printed;
}

// What every failure must look like: exit 1, one "marionette: " line, nothing printed or saved.
void expect_failure(const PoseRun& run, const std::filesystem::path& out_file, const std::string& message) {
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "marionette: " + message + "\n");
    EXPECT_FALSE(std::filesystem::exists(out_file)) << out_file;
}

}  // namespace

TEST(PoseCommand, TwoBoneArmReachesAReachableTarget) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/arm.json";
    const Rig before = load(file);
    const PoseRun run = pose({file, "--chain", "arm", "--target", "300,100", "--out", (dir / "out.json").string()});
    const PrintedResult r = expect_posed(before, dir / "out.json", "arm", {300, 100, 0}, run);
    EXPECT_TRUE(r.reached) << run.out;
    EXPECT_LT(r.error, 0.01f);
    EXPECT_EQ(r.iterations, 1);
}

TEST(PoseCommand, TwoBoneArmStretchesStraightTowardAnUnreachableTarget) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/arm.json";
    const PoseRun run = pose({file, "--chain", "arm", "--target", "500,0", "--out", (dir / "out.json").string()});
    const PrintedResult r = expect_posed(load(file), dir / "out.json", "arm", {500, 0, 0}, run);
    EXPECT_FALSE(r.reached);
    EXPECT_NEAR(r.error, 90.0f, 0.01f);  // 185 + 225 = 410 of the 500
}

TEST(PoseCommand, CcdChainHonoursIterations) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/arm.json";
    const Rig before = load(file);
    const PoseRun many =
        pose({file, "--chain", "arm_reach", "--target", "300,100", "--iterations", "200", "--out", (dir / "many.json").string()});
    const PrintedResult r = expect_posed(before, dir / "many.json", "arm_reach", {300, 100, 0}, many);
    EXPECT_TRUE(r.reached) << many.out;
    EXPECT_LE(r.iterations, 200);

    const PoseRun one =
        pose({file, "--chain", "arm_reach", "--target", "-100,300", "--iterations", "1", "--out", (dir / "one.json").string()});
    EXPECT_EQ(expect_posed(before, dir / "one.json", "arm_reach", {-100, 300, 0}, one).iterations, 1);
}

TEST(PoseCommand, SolverOverrideRunsCcdOnATwoBoneChain) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/arm.json";
    const PoseRun run =
        pose({file, "--chain", "arm", "--target", "300,100", "--solver", "ccd", "--iterations", "3", "--out", (dir / "out.json").string()});
    EXPECT_LE(expect_posed(load(file), dir / "out.json", "arm", {300, 100, 0}, run).iterations, 3);
}

TEST(PoseCommand, StartsFromTheRigsCurrentPose) {
    mt::ScratchDir dir;
    Rig rig = load(kAssets + "/arm.json");
    rig.pose.root_offset = {50, -20, 0};
    rig.pose.rotations[static_cast<std::size_t>(rig.skeleton.find("hand"))] = rotation_2d(0.5f);
    ASSERT_TRUE(save_rig_file(rig, dir / "posed.json").ok());
    const Rig before = load(dir / "posed.json");
    // The shoulder sits at the root offset now, so this is the same reach as 300,100 from the origin.
    const PoseRun run = pose({(dir / "posed.json").string(), "--chain", "arm", "--target", "350,80", "--out", (dir / "out.json").string()});
    EXPECT_TRUE(expect_posed(before, dir / "out.json", "arm", {350, 80, 0}, run).reached) << run.out;
}

TEST(PoseCommand, OutMayBeTheInputFileWithOverwrite) {
    mt::ScratchDir dir;
    std::filesystem::copy_file(kAssets + "/arm.json", dir / "arm.json");
    const Rig before = load(dir / "arm.json");
    const std::string file = (dir / "arm.json").string();
    const PoseRun run = pose({file, "--chain", "arm", "--target", "300,100", "--out", file, "--overwrite"});
    EXPECT_TRUE(expect_posed(before, file, "arm", {300, 100, 0}, run).reached);
    EXPECT_EQ(count_entries(dir.path()), 1) << "a temporary file was left";
}

// --out naming the rig being read, however it is reached, replaces it only when asked.
TEST(PoseCommand, OutThatIsTheInputFileIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    std::filesystem::create_directory(dir / "sub");
    std::filesystem::copy_file(kAssets + "/arm.json", dir / "arm.json");
    std::filesystem::create_symlink(dir / "arm.json", dir / "link.json");
    std::filesystem::create_hard_link(dir / "arm.json", dir / "hard.json");
    const std::string original = mt::read_file(dir / "arm.json");
    const std::string file = (dir / "arm.json").string();
    for (const std::string& out :
         {file, (dir / "sub" / ".." / "arm.json").string(), (dir / "link.json").string(), (dir / "hard.json").string()}) {
        const PoseRun run = pose({file, "--chain", "arm", "--target", "300,100", "--out", out});
        EXPECT_EQ(run.code, 1) << out;
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(run.err, "marionette: --out " + out + ": is the rig being read; give another file, or --overwrite to replace it\n");
        EXPECT_EQ(mt::read_file(dir / "arm.json"), original) << out;
    }
    // The input named through a link is the same file too.
    const PoseRun linked = pose({(dir / "link.json").string(), "--chain", "arm", "--target", "300,100", "--out", file});
    EXPECT_EQ(linked.err, "marionette: --out " + file + ": is the rig being read; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(count_entries(dir.path()), 4) << "a file was written";
}

TEST(PoseCommand, OutThatIsAnotherRigIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    std::filesystem::copy_file(kAssets + "/hero.json", dir / "hero.json");
    const std::string hero = mt::read_file(dir / "hero.json");
    const std::string out = (dir / "hero.json").string();
    const PoseRun refused = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", out});
    EXPECT_EQ(refused.code, 1);
    EXPECT_EQ(refused.out, "");
    EXPECT_EQ(refused.err, "marionette: --out " + out + ": is a rig file; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(mt::read_file(dir / "hero.json"), hero);

    const Rig before = load(kAssets + "/arm.json");
    const PoseRun run = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", out, "--overwrite"});
    EXPECT_TRUE(expect_posed(before, out, "arm", {300, 100, 0}, run).reached);
}

// What is not a rig (earlier output that did not load, notes, an empty file) is the command's to
// replace: only rigs are guarded.
TEST(PoseCommand, OutThatIsNotARigIsReplacedWithoutOverwrite) {
    mt::ScratchDir dir;
    const Rig before = load(kAssets + "/arm.json");
    for (const std::string contents : {"", "notes", "{\"format\": \"marionette-frames\"}"}) {
        mt::write_file(dir / "out.json", contents);
        const PoseRun run = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", (dir / "out.json").string()});
        EXPECT_TRUE(expect_posed(before, dir / "out.json", "arm", {300, 100, 0}, run).reached) << contents;
    }
}

// A read-only output (0444: someone meant it to stay) is replaced only with --overwrite, and
// stays read-only; for root too.
TEST(PoseCommand, AReadOnlyOutIsRefusedWithoutOverwrite) {
    mt::ScratchDir dir;
    const std::filesystem::path out = dir / "out.json";
    mt::write_file(out, "notes kept read-only");
    ASSERT_EQ(::chmod(out.c_str(), 0444), 0);
    const PoseRun refused = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", out.string()});
    EXPECT_EQ(refused.code, 1);
    EXPECT_EQ(refused.err, "marionette: --out " + out.string() + ": is read-only; give another file, or --overwrite to replace it\n");
    EXPECT_EQ(mt::read_file(out), "notes kept read-only");

    const Rig before = load(kAssets + "/arm.json");
    const PoseRun run = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", out.string(), "--overwrite"});
    EXPECT_TRUE(expect_posed(before, out, "arm", {300, 100, 0}, run).reached) << run.err;
    struct stat st {};
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0444u);
}

TEST(PoseCommand, LeavesTheInputFileAlone) {
    mt::ScratchDir dir;
    std::filesystem::copy_file(kAssets + "/arm.json", dir / "arm.json");
    const std::string original = mt::read_file(dir / "arm.json");
    const PoseRun run = pose({(dir / "arm.json").string(), "--chain", "arm", "--target", "300,100", "--out", (dir / "out.json").string()});
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(mt::read_file(dir / "arm.json"), original);
}

TEST(PoseCommand, HeroArmAndSpine) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/hero.json";
    const Rig before = load(file);
    // Targets relative to where each chain starts, well inside its reach.
    const glm::vec3 hand = joint_of(before, "arm_l_upper") + glm::vec3{30, -30, 0};
    expect_posed(before, dir / "arm.json", "arm_l", hand,
                 pose({file, "--chain", "arm_l", "--target", target_text(hand, true), "--out", (dir / "arm.json").string()}));
    const glm::vec3 reach = joint_of(before, "body") + glm::vec3{60, 80, 0};
    expect_posed(before, dir / "spine.json", "spine_to_hand_l", reach,
                 pose({file, "--chain", "spine_to_hand_l", "--target", target_text(reach, true), "--out", (dir / "spine.json").string()}));
}

TEST(PoseCommand, Humanoid3D) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/humanoid.json";
    const Rig before = load(file);
    const glm::vec3 hand = joint_of(before, "upper_arm_l") + glm::vec3{0.15f, -0.2f, 0.25f};
    expect_posed(before, dir / "arm.json", "arm_l", hand,
                 pose({file, "--chain", "arm_l", "--target", target_text(hand, false), "--out", (dir / "arm.json").string()}));
    const glm::vec3 head = joint_of(before, "spine") + glm::vec3{0.1f, 0.6f, 0.15f};
    expect_posed(before, dir / "spine.json", "spine", head,
                 pose({file, "--chain", "spine", "--target", target_text(head, false), "--out", (dir / "spine.json").string()}));
}

TEST(PoseCommand, Tentacle3D) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/tentacle.json";
    const PoseRun run = pose({file, "--chain", "tip", "--target", "1.2,2,0.8", "--out", (dir / "out.json").string()});
    expect_posed(load(file), dir / "out.json", "tip", {1.2f, 2.0f, 0.8f}, run);
}

TEST(PoseCommand, UnknownChain) {
    mt::ScratchDir dir;
    const std::string file = kAssets + "/arm.json";
    const auto out = dir / "out.json";
    expect_failure(pose({file, "--chain", "leg", "--target", "300,100", "--out", out.string()}), out,
                   "--chain: \"leg\" is not a chain of " + file + " (chains: arm, arm_reach)");
}

TEST(PoseCommand, UnknownChainOfARigWithoutChains) {
    mt::ScratchDir dir;
    Rig rig = load(kAssets + "/arm.json");
    rig.chains.clear();
    ASSERT_TRUE(save_rig_file(rig, dir / "bare.json").ok());
    const auto out = dir / "out.json";
    expect_failure(pose({(dir / "bare.json").string(), "--chain", "arm", "--target", "1,2", "--out", out.string()}), out,
                   "--chain: \"arm\" is not a chain of " + (dir / "bare.json").string() + " (it has no chains)");
}

TEST(PoseCommand, TargetMustMatchTheRigsDimensions) {
    mt::ScratchDir dir;
    const auto out = dir / "out.json";
    const std::string arm = kAssets + "/arm.json";
    expect_failure(pose({arm, "--chain", "arm", "--target", "300,100,0", "--out", out.string()}), out,
                   "--target: \"300,100,0\": " + arm + " is a 2D rig, give X,Y");
    const std::string tentacle = kAssets + "/tentacle.json";
    expect_failure(pose({tentacle, "--chain", "tip", "--target", "1,2", "--out", out.string()}), out,
                   "--target: \"1,2\": " + tentacle + " is a 3D rig, give X,Y,Z");
}

TEST(PoseCommand, TwoBoneSolverOnALongerChainPrintsTheSolversError) {
    mt::ScratchDir dir;
    const auto out = dir / "out.json";
    const PoseRun run =
        pose({kAssets + "/arm.json", "--chain", "arm_reach", "--target", "300,100", "--solver", "two-bone", "--out", out.string()});
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err.rfind("marionette: ", 0), 0u) << run.err;
    EXPECT_GT(run.err.size(), std::string("marionette: \n").size()) << "no message";
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(PoseCommand, IterationsOnATwoBoneChain) {
    mt::ScratchDir dir;
    const auto out = dir / "out.json";
    expect_failure(pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--iterations", "5", "--out", out.string()}), out,
                   "--iterations: chain \"arm\" uses the two_bone solver, which does not iterate "
                   "(add --solver ccd to use CCD)");
}

TEST(PoseCommand, LoadFailurePrintsTheLoadersMessage) {
    mt::ScratchDir dir;
    const auto out = dir / "out.json";
    const std::string bad = std::string(MARIONETTE_TEST_DATA) + "/bad/cycle.json";
    expect_failure(pose({bad, "--chain", "arm", "--target", "1,2", "--out", out.string()}), out,
                   bad + ": bones[0].parent: cycle: upper_arm -> hand -> forearm -> upper_arm");
    const std::string missing = (dir / "missing.json").string();
    expect_failure(pose({missing, "--chain", "arm", "--target", "1,2", "--out", out.string()}), out,
                   missing + ": cannot open: No such file or directory");
}

TEST(PoseCommand, SaveFailurePrintsTheMessageAndWritesNothing) {
    mt::ScratchDir dir;
    const auto out = dir / "no_such_folder" / "out.json";
    expect_failure(pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", out.string()}), out,
                   out.string() + ": cannot create a file in " + out.parent_path().string() + ": No such file or directory");

    // A folder in the way: the rename fails and the temporary file is cleaned up.
    std::filesystem::create_directory(dir / "taken");
    const PoseRun run = pose({kAssets + "/arm.json", "--chain", "arm", "--target", "300,100", "--out", (dir / "taken").string()});
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err.rfind("marionette: " + (dir / "taken").string() + ": ", 0), 0u) << run.err;
    EXPECT_EQ(count_entries(dir.path()), 1) << "a temporary file was left";
}

TEST(PoseCommand, FailureLeavesAnExistingOutFileAsItWas) {
    mt::ScratchDir dir;
    const auto out = dir / "out.json";
    mt::write_file(out, "previous contents");
    const PoseRun run = pose({kAssets + "/arm.json", "--chain", "leg", "--target", "300,100", "--out", out.string()});
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(mt::read_file(out), "previous contents");
}

// Pinned chains behave as in the editor: a chain posed by --pose carries its pin to the target,
// and the other pinned chains hold theirs while the posed chain turns their parents.
TEST(PoseCommand, AnOutInAnotherFolderNamesThePicturesFromThere) {
    mt::ScratchDir dir;
    std::filesystem::create_directories(dir / "out");
    Rig rig = load(kAssets + "/arm.json");
    Attachment hand;
    hand.name = "hand";
    hand.image = "parts/hand.png";
    hand.size = {10, 10};
    rig.slots.push_back(Slot{"hand", rig.skeleton.find("hand"), {hand}, 0, glm::vec4(1.0f)});
    ASSERT_TRUE(save_rig_file(rig, dir / "puppet.json").ok());
    const PoseRun run =
        pose({(dir / "puppet.json").string(), "--chain", "arm", "--target", "300,100", "--out", (dir / "out/posed.json").string()});
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(load(dir / "out/posed.json").slots[0].attachments[0].image, "../parts/hand.png");
}
