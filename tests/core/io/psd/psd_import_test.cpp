// A layered puppet GIMP wrote (tests/data/psd/gimp_puppet.psd, scripts/make_test_psds.scm) made a
// 2D rig: its slots in the file's stacking order, its groups as bones, each picture trimmed and
// placed where it lay on the canvas (y up, the canvas's bottom left at the origin), the tags
// acted on, what is left out said; the rig reads back, and is written with its pictures as one
// set.

#include <gtest/gtest.h>

#include <filesystem>

#include "core/image/image_decode.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_test_writer.hpp"
#include "core/rig/document.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "core/rig/opened_rig.hpp"
#include "core/rig/rig_file.hpp"
#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"

using namespace marionette;
using namespace marionette::psd;
namespace fs = std::filesystem;
namespace mt = marionette::testing;

namespace {

const fs::path kGimpPuppet = fs::path(MARIONETTE_TEST_DATA) / "psd" / "gimp_puppet.psd";

Result<ImportedRig> import_bytes(const std::string& bytes, const std::string& folder = "puppet") {
    ReadBudget budget;
    return import_psd({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, folder, budget);
}

const Slot& slot_named(const Rig& rig, const std::string& name) {
    for (const Slot& s : rig.slots)
        if (s.name == name) return s;
    ADD_FAILURE() << "no slot " << name;
    return rig.slots.front();
}

const ImportedPicture& picture_of(const ImportedRig& imported, const std::string& image) {
    for (const ImportedPicture& p : imported.pictures)
        if (p.image == image) return p;
    ADD_FAILURE() << "no picture " << image;
    return imported.pictures.front();
}

// Where an attachment's centre lands in the world at rest.
glm::vec2 centre_in_world(const Rig& rig, const Slot& slot, const Attachment& a) {
    std::vector<Transform> world(rig.skeleton.size());
    ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world};
    EXPECT_TRUE(fk.validate().ok());
    fk.run();
    const glm::vec3 p = world[static_cast<std::size_t>(slot.bone)].apply(glm::vec3(picture_to_bone(a, a.size * 0.5f), 0.0f));
    return {p.x, p.y};
}

bool has_warning(const ImportedRig& imported, const std::string& text) {
    for (const std::string& w : imported.warnings)
        if (w == text) return true;
    return false;
}

}  // namespace

TEST(ImportedRig, GimpsPuppetBecomesSlotsOnBonesInTheFilesOrder) {
    const Result<ImportedRig> imported = import_psd_file(kGimpPuppet, "out/puppet.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    EXPECT_TRUE(rig.is_2d());
    // Bones: the root, then a bone per group ("eyes [slot]" is a slot, not a bone).
    ASSERT_EQ(rig.skeleton.size(), 3u);
    EXPECT_EQ(rig.skeleton[0].name, "root");
    EXPECT_EQ(rig.skeleton[1].name, "body");
    EXPECT_EQ(rig.skeleton[2].name, "arm");
    EXPECT_EQ(rig.skeleton[1].parent, 0);
    EXPECT_EQ(rig.skeleton[2].parent, 1);
    // Slots bottom first, as the file stacks them; hidden "hat", "notes [ignore]" and the
    // empty layer left out.
    std::vector<std::string> names;
    for (const Slot& s : rig.slots) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"shadow", "torso", "upper arm", "forearm", "head", "eyes"}));
    EXPECT_EQ(slot_named(rig, "torso").bone, 1);
    EXPECT_EQ(slot_named(rig, "forearm").bone, 2);
    EXPECT_EQ(slot_named(rig, "eyes").bone, 0);
    // Opacity as tint: the torso's 80 %, the arm group's 90 % on its layers, the shadow's 50 %.
    EXPECT_NEAR(slot_named(rig, "torso").attachments[0].tint.a, 204.0f / 255.0f, 1e-6f);
    EXPECT_NEAR(slot_named(rig, "upper arm").attachments[0].tint.a, 230.0f / 255.0f, 1e-6f);
    EXPECT_NEAR(slot_named(rig, "shadow").attachments[0].tint.a, 128.0f / 255.0f, 1e-6f);
    EXPECT_EQ(slot_named(rig, "head").attachments[0].tint, glm::vec4(1.0f));
    // [mesh]: a grid over the forearm's 40 x 70 picture, cells of about 50 pixels.
    const Attachment& forearm = slot_named(rig, "forearm").attachments[0];
    ASSERT_TRUE(forearm.mesh.has_value());
    EXPECT_EQ(forearm.mesh->vertices.size(), 4u);  // 1 x 1 cells
    EXPECT_FALSE(slot_named(rig, "head").attachments[0].mesh.has_value());
    // [slot]: the group's layers are one slot's attachments, the visible one shown.
    const Slot& eyes = slot_named(rig, "eyes");
    ASSERT_EQ(eyes.attachments.size(), 2u);
    EXPECT_EQ(eyes.attachments[0].name, "open");
    EXPECT_EQ(eyes.attachments[1].name, "closed");
    EXPECT_EQ(eyes.shown, 0);
    // What is left out or drawn otherwise is said, naming the layer.
    const ImportedRig& i = imported.value();
    EXPECT_TRUE(has_warning(i, "layers[0] \"shadow\": blend mode \"mul \" is drawn as normal"));
    EXPECT_TRUE(has_warning(i, "layers[9] \"hat\": hidden; left out"));
    EXPECT_TRUE(has_warning(i, "layers[15] \"empty\": no pixel of it shows; left out"));
    EXPECT_EQ(i.warnings.size(), 3u);
}

TEST(ImportedRig, PicturesAreTrimmedAndPlacedWhereTheyLayOnTheCanvas) {
    const Result<ImportedRig> imported = import_psd_file(kGimpPuppet, "puppet.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    // "upper arm": a 60 x 40 layer at (150, 130) holding a 50 x 22 rectangle at (155, 138), in a
    // 320-pixel-high canvas: its centre at x 180 and y 320 - 149.
    const Attachment& upper = slot_named(rig, "upper arm").attachments[0];
    EXPECT_EQ(upper.size, glm::vec2(50.0f, 22.0f));
    EXPECT_EQ(upper.image, "puppet/upper_arm.png");
    const glm::vec2 c = centre_in_world(rig, slot_named(rig, "upper arm"), upper);
    EXPECT_NEAR(c.x, 180.0f, 1e-3f);
    EXPECT_NEAR(c.y, 171.0f, 1e-3f);
    // The eyes: two 12 x 8 rectangles 28 pixels apart, one picture of 40 x 8 at (105, 65).
    const Attachment& open = slot_named(rig, "eyes").attachments[0];
    EXPECT_EQ(open.size, glm::vec2(40.0f, 8.0f));
    const glm::vec2 e = centre_in_world(rig, slot_named(rig, "eyes"), open);
    EXPECT_NEAR(e.x, 125.0f, 1e-3f);
    EXPECT_NEAR(e.y, 320.0f - 69.0f, 1e-3f);
    // The arm's bone stands at the centre of its two pictures (the upper arm's rectangle and
    // the forearm's 40 x 70 ellipse at (185, 155)): x 155 to 225, y 320 - 225 to 320 - 138.
    std::vector<Transform> world(rig.skeleton.size());
    ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world};
    ASSERT_TRUE(fk.validate().ok());
    fk.run();
    EXPECT_NEAR(world[2].translation.x, 190.0f, 1e-3f);
    EXPECT_NEAR(world[2].translation.y, (95.0f + 182.0f) / 2.0f, 1e-3f);
    EXPECT_EQ(world[0].translation, glm::vec3(0.0f));
    // The PNG files hold the trimmed pixels, straight alpha.
    const ImportedPicture& upper_png = picture_of(imported.value(), "puppet/upper_arm.png");
    EXPECT_EQ(upper_png.width, 50);
    EXPECT_EQ(upper_png.height, 22);
    const Result<DecodedImage> decoded = decode_image({reinterpret_cast<const std::uint8_t*>(upper_png.png.data()), upper_png.png.size()});
    ASSERT_TRUE(decoded.ok()) << decoded.message();
    ASSERT_EQ(decoded.value().width, 50);
    ASSERT_EQ(decoded.value().height, 22);
    for (std::size_t p = 0; p < 50u * 22u; ++p) {
        const std::uint8_t* px = decoded.value().rgba.data() + 4 * p;
        ASSERT_EQ(std::vector<std::uint8_t>(px, px + 4), (std::vector<std::uint8_t>{230, 180, 140, 255})) << p;
    }
    const ImportedPicture& eyes_png = picture_of(imported.value(), "puppet/eyes-open.png");
    const Result<DecodedImage> eyes = decode_image({reinterpret_cast<const std::uint8_t*>(eyes_png.png.data()), eyes_png.png.size()});
    ASSERT_TRUE(eyes.ok()) << eyes.message();
    EXPECT_EQ(eyes.value().rgba[3], 255);          // the left eye's corner
    EXPECT_EQ(eyes.value().rgba[4 * 20 + 3], 0);   // between the eyes
    EXPECT_EQ(eyes.value().rgba[4 * 39 + 0], 30);  // the right eye's corner
    EXPECT_EQ(eyes.value().rgba[4 * (7 * 40 + 39) + 3], 255);
}

TEST(ImportedRig, TheRigReadsBackAsItWasMade) {
    const Result<ImportedRig> imported = import_psd_file(kGimpPuppet, "puppet.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Result<Rig> parsed = parse_rig(imported.value().rig_json);
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(parsed.value(), imported.value().rig);
    const Result<std::string> again = serialize_rig(parsed.value());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value(), imported.value().rig_json);
}

TEST(ImportedRig, TheRigAndItsPicturesAreWrittenAsOneSet) {
    mt::ScratchDir dir;
    const fs::path rig_path = dir / "my puppet.json";
    const Result<ImportedRig> imported = import_psd_file(kGimpPuppet, rig_path);
    ASSERT_TRUE(imported.ok()) << imported.message();
    ASSERT_TRUE(write_imported_rig(imported.value(), rig_path).ok());
    const Result<Rig> loaded = load_rig_file(rig_path);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value().slots.size(), 6u);
    for (const Slot& s : loaded.value().slots) {
        for (const Attachment& a : s.attachments) {
            EXPECT_EQ(a.image.rfind("my_puppet/", 0), 0u) << a.image;
            const Result<std::vector<std::uint8_t>> bytes = read_image_file(dir.path() / a.image);
            ASSERT_TRUE(bytes.ok()) << bytes.message();
            const Result<glm::ivec2> size = image_size(bytes.value());
            ASSERT_TRUE(size.ok()) << size.message();
            EXPECT_EQ(glm::vec2(size.value()), a.size) << a.image;
        }
    }
    // A set that cannot be written whole leaves the old one as it was: here a picture's place
    // is a folder, refused before anything is written.
    const std::string before = mt::read_file(rig_path);
    mt::write_file(rig_path, before + " ");
    fs::remove(dir.path() / "my_puppet" / "head.png");
    fs::create_directories(dir.path() / "my_puppet" / "head.png");
    const Status s = write_imported_rig(imported.value(), rig_path);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("head.png"), std::string::npos) << s.message();
    EXPECT_EQ(mt::read_file(rig_path), before + " ");
}

TEST(ImportedRig, TagsNamesAndLeftOutLayersInAFileOfItsOwn) {
    using mt::filled_test_layer;
    using mt::PsdTestLayer;
    PsdTestLayer end{"</Layer group>"};
    end.section = 3;
    PsdTestLayer legs{"legs [mesh]"};
    legs.section = 1;
    PsdTestLayer hidden = filled_test_layer("ghost", 0, 0, 4, 4, 1, 1, 1);
    hidden.hidden = true;
    PsdTestLayer screen = filled_test_layer("glow", 0, 0, 4, 4, 1, 1, 1);
    screen.blend = "scrn";
    const std::string bytes = mt::make_test_psd(
        200, 100,
        {end, filled_test_layer("leg", 0, 0, 100, 120, 5, 5, 5), filled_test_layer("leg", 0, 0, 10, 10, 5, 5, 5), legs,
         filled_test_layer("hand [bone]", 40, 150, 60, 170, 1, 2, 3), filled_test_layer("", 0, 0, 2, 2, 1, 1, 1), hidden, screen,
         filled_test_layer("[ignore] note", 0, 0, 2, 2, 1, 1, 1), filled_test_layer("hat [skin]", 0, 0, 2, 2, 1, 1, 1)});
    const Result<ImportedRig> imported = import_bytes(bytes);
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    std::vector<std::string> slots, bones;
    for (const Slot& s : rig.slots) slots.push_back(s.name);
    for (const Bone& b : rig.skeleton.bones()) bones.push_back(b.name);
    EXPECT_EQ(slots, (std::vector<std::string>{"leg", "leg 2", "hand", "layer 5", "glow", "hat [skin]"}));
    EXPECT_EQ(bones, (std::vector<std::string>{"root", "legs", "hand"}));
    // [mesh] on a group meshes its layers: 120 x 100 in cells of about 50: 2 x 2.
    ASSERT_TRUE(rig.slots[0].attachments[0].mesh.has_value());
    EXPECT_EQ(rig.slots[0].attachments[0].mesh->vertices.size(), 9u);
    EXPECT_TRUE(rig.slots[1].attachments[0].mesh.has_value());
    EXPECT_FALSE(rig.slots[2].attachments[0].mesh.has_value());
    // [bone] on a layer: a bone of its own at its picture's centre, which the slot sits on.
    EXPECT_EQ(rig.slots[2].bone, 2);
    EXPECT_EQ(rig.skeleton[2].rest.translation, glm::vec3(160.0f, 50.0f, 0.0f));
    EXPECT_EQ(rig.slots[2].attachments[0].offset, glm::vec2(0.0f));
    // Pictures' file names: unique, of the names' letters.
    EXPECT_EQ(rig.slots[0].attachments[0].image, "puppet/leg.png");
    EXPECT_EQ(rig.slots[1].attachments[0].image, "puppet/leg_2.png");
    EXPECT_EQ(rig.slots[5].attachments[0].image, "puppet/hat_skin.png");
    const std::vector<std::string> expected_warnings = {
        "layers[6] \"ghost\": hidden; left out", "layers[7] \"glow\": blend mode \"scrn\" is drawn as normal",
        "layers[9] \"hat [skin]\": [skin] is a tag of Spine's script this import does not act on; it stays in the name"};
    EXPECT_EQ(imported.value().warnings, expected_warnings);
}

TEST(ImportedRig, AFileWithNoPictureGivesABareRig) {
    const Result<ImportedRig> imported = import_bytes(mt::make_test_psd(10, 10, {mt::PsdTestLayer{"zero", 2, 2, 2, 2}}));
    ASSERT_TRUE(imported.ok()) << imported.message();
    EXPECT_EQ(imported.value().rig.skeleton.size(), 1u);
    EXPECT_TRUE(imported.value().rig.slots.empty());
    EXPECT_TRUE(imported.value().pictures.empty());
    EXPECT_EQ(imported.value().warnings, (std::vector<std::string>{"layers[0] \"zero\": no pixel of it shows; left out"}));
}

TEST(ImportedRig, AnUnreadableFileIsNamed) {
    mt::ScratchDir dir;
    mt::write_file(dir / "broken.psd", "8BPS");
    const Result<ImportedRig> imported = import_psd_file(dir / "broken.psd", dir / "rig.json");
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.message(), (dir / "broken.psd").string() + ": header: the file ends inside its 26-byte header");
}

TEST(ImportedRig, APsdIsImportedNotOpenedAsARig) {
    // Every mode reading a rig (--check, --pose, the editor's command line) says how to import it.
    const std::filesystem::path psd = std::string(MARIONETTE_TEST_DATA) + "/psd/gimp_puppet.psd";
    Result<OpenedRig> opened = open_rig_file(psd);
    ASSERT_FALSE(opened.ok());
    EXPECT_NE(opened.message().find("--import gimp_puppet.psd --out RIG.json"), std::string::npos) << opened.message();
    Document document;
    const Status s = document.open(psd);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.message(), opened.message());
}
