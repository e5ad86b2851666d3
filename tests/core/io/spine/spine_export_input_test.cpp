// The Spine export's inputs at their edges: a 3D rig refused, a rig without slots, a missing
// picture, names JSON must escape (and one Spine reads as a folder), and the same rig giving the
// same file.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/spine/spine_playback.hpp"
#include "core/io/spine/spine_pose.hpp"
#include "core/io/spine/spine_test_rigs.hpp"
#include "core/mesh/slot_images.hpp"

using namespace marionette;
using namespace marionette::testing;
using nlohmann::json;

TEST(SpineExport, ARigWithoutSlotsStillExportsItsBones) {
    const Rig rig = shipped_rig("hero.json");
    const SpineExport out = exported(rig);
    const json doc = json::parse(out.json);
    EXPECT_EQ(doc.at("bones").size(), rig.skeleton.size() + 4);  // and the four IK targets
    EXPECT_FALSE(doc.contains("slots"));
    EXPECT_FALSE(doc.contains("skins"));
    EXPECT_EQ(out.atlas, "");
    EXPECT_TRUE(out.images.empty());
    EXPECT_EQ(out.bones, rig.skeleton.size() + 4);
    EXPECT_EQ(out.animations, 2u);
}

TEST(SpineExport, ThreeDRigsAreRefused) {
    const Result<SpineExport> out = export_spine(shipped_rig("humanoid.json"));
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.message(), "a 3D rig cannot be exported to Spine, which is 2D: export it as glTF instead");
}

TEST(SpineExport, AMissingPictureIsAWarningAndItsAttachmentStays) {
    Rig rig = shipped_rig("io.json");
    const auto eyes = std::find_if(rig.slots.begin(), rig.slots.end(), [](const Slot& s) { return s.name == "eyes"; });
    ASSERT_NE(eyes, rig.slots.end());
    eyes->attachments[1].image = "io/nowhere.png";
    const SpineExport out = exported(rig, rig_folder(asset_path("io.json")));
    ASSERT_EQ(out.warnings.size(), 3u) << out.warnings[0];  // and the two loops that do not close
    EXPECT_EQ(out.warnings[0],
              "picture \"io/nowhere.png\" cannot open: No such file or directory: not copied and not in the atlas; its attachments "
              "(\"eyes/closed\") are exported in their place, with the path \"io/nowhere\"");
    EXPECT_EQ(out.atlas.find("nowhere"), std::string::npos);
    EXPECT_EQ(out.images.size(), 6u);  // upper-limb, shin, forearm, body, head, pupils
    const SpineSkeleton spine(out.json);
    EXPECT_EQ(spine.region("eyes", "closed").path, "io/nowhere");
    EXPECT_EQ(out.images[0].source, "io/upper-limb.png");
    EXPECT_EQ(out.images[0].destination, "images/io/upper-limb.png");
    EXPECT_NE(out.atlas.find("images/io/upper-limb.png\nsize: 85, 20\nfilter: Linear, Linear\nio/upper-limb\nbounds: 0, 0, 85, 20\n"),
              std::string::npos)
        << out.atlas;
}

TEST(SpineExport, NamesJsonMustEscapeComeBackAsTheyWere) {
    Rig rig;
    const std::string odd = "say \"hi\"\\ \n\ttab é ✓";
    add_bone(rig, odd, "", {0.0f, 0.0f}, 0.0f, 10.0f);
    add_bone(rig, "child/of " + odd, odd, {10.0f, 0.0f}, 30.0f, 10.0f);
    Slot slot;
    slot.name = "folder/slot \"x\"";
    slot.bone = 1;
    Attachment a;
    a.name = "pic: \"1\"";
    a.image = "../odd: dir/pic\n1.png";
    a.size = {5.0f, 5.0f};
    slot.attachments.push_back(a);
    slot.shown = 0;
    rig.slots.push_back(slot);
    Slot taken;  // already holds the name the '/' slot would take: it keeps it
    taken.name = "folder_slot \"x\"";
    taken.bone = 0;
    rig.slots.push_back(taken);
    State state;
    state.name = "state \"one\"\n";
    state.tracks.push_back(track(rig, odd, PoseProperty::Rotation, {angle_key(0.0f, 0.0f), angle_key(1.0f, 45.0f)}));
    rig.states.push_back(state);
    SpinePictures pictures;
    pictures[a.image] = SpinePicture{{16, 8}, ""};
    SpineExportOptions options;
    options.pictures = pictures;
    const Result<SpineExport> out = export_spine(rig, options);
    ASSERT_TRUE(out.ok()) << out.message();
    expect_well_formed(out.value());
    const json doc = json::parse(out.value().json);
    EXPECT_EQ(doc.at("bones")[0].at("name"), odd);
    EXPECT_EQ(doc.at("bones")[1].at("parent"), odd);
    EXPECT_TRUE(doc.at("animations").contains("state \"one\"\n"));
    // A '/' in a slot's name reads as a folder in Spine: the slot is renamed, and said so.
    EXPECT_EQ(doc.at("slots")[0].at("name"), "folder_slot \"x\"_1");
    EXPECT_EQ(doc.at("slots")[1].at("name"), "folder_slot \"x\"");
    ASSERT_EQ(out.value().warnings.size(), 1u);
    EXPECT_NE(out.value().warnings[0].find("is exported as \"folder_slot \"x\"_1\""), std::string::npos) << out.value().warnings[0];
    // The picture's region and copy: no ':' or line break for the atlas, no way out of images/.
    ASSERT_EQ(out.value().images.size(), 1u);
    EXPECT_EQ(out.value().images[0].destination, "images/__/odd_ dir/pic_1.png");
    EXPECT_EQ(doc.at("skins")[0].at("attachments").at("folder_slot \"x\"_1").at("pic: \"1\"").at("path"), "__/odd_ dir/pic_1");
    EXPECT_EQ(out.value().atlas,
              "images/__/odd_ dir/pic_1.png\nsize: 16, 8\nfilter: Linear, Linear\n__/odd_ dir/pic_1\nbounds: 0, 0, 16, 8\n");

    Rig bad = rig;
    std::vector<Bone> bones = bad.skeleton.bones();
    bones[1].name = "bad \xff name";
    bad.skeleton = Skeleton(bones);
    const Result<SpineExport> refused = export_spine(bad);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.message(), "bones[1].name: not UTF-8, which a JSON file cannot hold");
}

TEST(SpineExport, TheSameRigGivesTheSameFile) {
    const Rig rig = shipped_rig("io.json");
    const SpineExport a = exported(rig);
    const SpineExport b = exported(rig);
    EXPECT_EQ(a.json, b.json);
    Rig other = rig;
    other.fps = 24.0f;
    EXPECT_NE(json::parse(exported(other).json).at("skeleton").at("hash"), json::parse(a.json).at("skeleton").at("hash"));
}
