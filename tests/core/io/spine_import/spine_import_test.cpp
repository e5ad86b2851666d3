// Spine skeletons Spine wrote (tests/data/spine_import, its examples 3.8 to 4.2) imported: the
// atlas found beside the skeleton, pictures cut from a page the test draws (the examples'
// pictures are not shipped), the rig held to the loader's rules and written with its pictures
// as one set, what is left out said, and a Spine file opened as a rig refused with what to do.
// The poses themselves are held to spine-core's by binary.spine_import_matches_spine_core.

#include "core/io/spine_import/spine_import.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/image/png_encode.hpp"
#include "core/io/spine/spine_export.hpp"
#include "core/mesh/slot_images.hpp"
#include "core/rig/rig_file.hpp"
#include "core/test_files.hpp"

using namespace marionette;
namespace fs = std::filesystem;
namespace mt = marionette::testing;

namespace {

const fs::path kData = fs::path(MARIONETTE_TEST_DATA) / "spine_import";

bool has_warning(const ImportedRig& r, const std::string& text) {
    return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

const ImportedPicture* picture_named(const ImportedRig& r, const std::string& image) {
    for (const ImportedPicture& p : r.pictures)
        if (p.image == image) return &p;
    return nullptr;
}

const Slot* slot_named(const Rig& rig, const std::string& name) {
    for (const Slot& s : rig.slots)
        if (s.name == name) return &s;
    return nullptr;
}

// A page whose every pixel names its place: red and green the low bytes of x and y, blue their
// high bits.
std::string numbered_page_png(int width, int height) {
    std::vector<std::uint8_t> rgba(std::size_t(width) * std::size_t(height) * 4);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &rgba[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4];
            p[0] = std::uint8_t(x & 255);
            p[1] = std::uint8_t(y & 255);
            p[2] = std::uint8_t((x >> 8) | ((y >> 8) << 4));
            p[3] = 255;
        }
    return encode_png(rgba, width, height);
}

void touch(const fs::path& p) { mt::write_file(p, "x"); }

}  // namespace

TEST(SpineImport, TheAtlasIsFoundBesideTheSkeleton) {
    mt::ScratchDir dir;
    EXPECT_FALSE(find_spine_atlas(dir / "hero-pro.json"));
    touch(dir / "other.atlas");
    EXPECT_EQ(find_spine_atlas(dir / "hero-pro.json"), dir / "other.atlas");  // the only one
    touch(dir / "hero-pma.atlas");
    EXPECT_EQ(find_spine_atlas(dir / "hero-pro.json"), dir / "hero-pma.atlas");  // "hero" starts the name
    touch(dir / "hero.atlas");
    EXPECT_EQ(find_spine_atlas(dir / "hero-pro.json"), dir / "hero.atlas");  // as long, without "-pma"
    touch(dir / "hero-pro.atlas");
    EXPECT_EQ(find_spine_atlas(dir / "hero-pro.json"), dir / "hero-pro.atlas");  // its own name
    EXPECT_FALSE(find_spine_atlas(dir / "villain.json"));                        // three, none its
}

TEST(SpineImport, ASpine38SkeletonWithItsPicturesCutFromThePage) {
    mt::ScratchDir dir;
    fs::copy_file(kData / "coin-pro.json", dir / "coin-pro.json");
    fs::copy_file(kData / "coin.atlas", dir / "coin.atlas");
    mt::write_file(dir / "coin.png", numbered_page_png(1024, 1024));
    Result<ImportedRig> imported = import_spine_file(dir / "coin-pro.json", dir / "out" / "coin.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const ImportedRig& r = imported.value();
    EXPECT_EQ(r.rig.skeleton.size(), 7u);
    EXPECT_EQ(r.rig.slots.size(), 6u);
    EXPECT_EQ(r.pictures.size(), 7u);
    // "coin-side-straight" is packed turned (rotate: true) at (2, 2): 17 x 282 upright, its
    // top-left pixel where the packed rectangle's bottom-left is.
    const ImportedPicture* side = picture_named(r, "coin/coin-side-straight.png");
    ASSERT_TRUE(side);
    EXPECT_EQ(side->width, 17);
    EXPECT_EQ(side->height, 282);
    Result<DecodedImage> decoded = decode_image({reinterpret_cast<const std::uint8_t*>(side->png.data()), side->png.size()});
    ASSERT_TRUE(decoded.ok());
    const std::uint8_t* p = decoded.value().rgba.data();
    EXPECT_EQ(glm::ivec3(p[0], p[1], p[2]), glm::ivec3(2, 18, 0));
    EXPECT_TRUE(has_warning(r, "1 clipping attachment left out: \"clipping\""));
    EXPECT_EQ(r.rig.states.size(), 1u);  // its one animation

    // Written as one set: the rig opens with every picture it names there.
    ASSERT_TRUE(write_imported_rig(r, dir / "out" / "coin.json").ok());
    Result<Rig> loaded = load_rig_file(dir / "out" / "coin.json");
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.value(), r.rig);
    EXPECT_TRUE(slot_image_problems(loaded.value(), dir / "out").empty());
}

TEST(SpineImport, WithoutItsPagesThePicturesShowAsMissing) {
    Result<ImportedRig> imported = import_spine_file(kData / "windmill-ess.json", kData / "windmill.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const ImportedRig& r = imported.value();
    EXPECT_TRUE(r.pictures.empty());
    EXPECT_TRUE(has_warning(r, "atlas page windmill.png: "));
    EXPECT_TRUE(has_warning(r, "26 pictures on atlas pages that did not load show as missing"));
    // The blades' shear and the uneven scales above turned flowers are dropped, and said so.
    EXPECT_TRUE(
        has_warning(r, "bones[90] \"windmill-blades-pivot\": skewed 20.00 degrees (a shear, or a parent's uneven scale); drawn square"));
    EXPECT_TRUE(has_warning(r, "bones[64] \"flower10\": skewed 0.16 degrees"));
    // Setup scales are the rig pose's; the rest stays unscaled.
    const int leaf = r.rig.skeleton.find("flower-leaf-back11");
    ASSERT_GE(leaf, 0);
    EXPECT_NEAR(r.rig.pose.scales[std::size_t(leaf)].x, 1.254f, 1e-5f);
    EXPECT_NEAR(r.rig.pose.scales[std::size_t(leaf)].y, 0.7894f, 1e-5f);
    const Slot* base = slot_named(r.rig, "windmill-base");
    ASSERT_TRUE(base);
    ASSERT_EQ(base->shown, 0);
    EXPECT_EQ(base->attachments[0].image, "windmill/windmill-base.png");
}

TEST(SpineImport, MeshesIkAndWhatIsLeftOut) {
    Result<ImportedRig> imported = import_spine_file(kData / "spineboy-pro.json", kData / "spineboy.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    EXPECT_EQ(rig.skeleton.size(), 67u);
    // Weighted meshes keep their bones; the hull runs counter-clockwise.
    const Slot* torso = slot_named(rig, "torso");
    ASSERT_TRUE(torso && torso->shown >= 0);
    const Attachment& a = torso->attachments[std::size_t(torso->shown)];
    ASSERT_TRUE(a.mesh);
    EXPECT_TRUE(a.mesh->is_weighted());
    double area = 0.0;
    for (std::size_t k = 0; k < a.mesh->hull; ++k) {
        const glm::vec2 p = a.mesh->vertices[k], q = a.mesh->vertices[(k + 1) % a.mesh->hull];
        area += double(p.x) * q.y - double(p.y) * q.x;
    }
    EXPECT_GT(area, 0.0);
    // IK constraints are chains: two bones a two-bone chain with Spine's bend, one bone one.
    const int leg = rig.find_chain("front-leg-ik");
    ASSERT_GE(leg, 0);
    EXPECT_EQ(rig.chains[std::size_t(leg)].solver, SolverKind::TwoBone);
    EXPECT_EQ(rig.skeleton[std::size_t(rig.chains[std::size_t(leg)].root)].name, "front-thigh");
    EXPECT_EQ(rig.chains[std::size_t(leg)].two_bone.bend, -1);
    const int aim = rig.find_chain("aim-ik");
    ASSERT_GE(aim, 0);
    EXPECT_EQ(rig.chains[std::size_t(aim)].root, rig.chains[std::size_t(aim)].effector);
    EXPECT_EQ(rig.chains[std::size_t(aim)].mix, 0.0f);
    EXPECT_TRUE(
        has_warning(imported.value(), "25 slots blending \"additive\" drawn as normal: \"portal-streaks2\", \"portal-streaks1\", "));
    EXPECT_TRUE(has_warning(imported.value(), "8 transform constraints left out: "));
    EXPECT_TRUE(has_warning(imported.value(), "1 boundingbox attachment left out: \"head\""));
    EXPECT_TRUE(has_warning(imported.value(), "1 event left out: \"footstep\""));
    // The animations' warnings, one line a kind.
    EXPECT_TRUE(has_warning(imported.value(), "5 event keys left out, in 3 animations (\"jump\", \"run\", \"walk\")"));
    EXPECT_FALSE(has_warning(imported.value(), "deform timeline")) << "deform keys come in";
    const auto hoverboard = std::find_if(rig.states.begin(), rig.states.end(), [](const State& st) { return st.name == "hoverboard"; });
    ASSERT_NE(hoverboard, rig.states.end());
    EXPECT_EQ(hoverboard->deform.size(), 4u) << "its four deform timelines, as deform tracks";
    EXPECT_TRUE(
        has_warning(imported.value(),
                    "keyed from Spine's pose, where IK or a parent's turn or scale moves them otherwise, in 11 animations (\"aim\", "));
}

TEST(SpineImport, ASpineSkeletonIsImportedNotOpened) {
    Result<Rig> loaded = load_rig_file(kData / "coin-pro.json");
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.message(), (kData / "coin-pro.json").string() +
                                    ": a Spine skeleton is imported, not opened: `marionette --import coin-pro.json --out RIG.json`, or "
                                    "File > Open in the editor, which asks where to write the puppet");
    EXPECT_TRUE(is_spine_skeleton_file(kData / "coin-pro.json"));
    EXPECT_FALSE(is_spine_skeleton_file(kData / "coin.atlas"));
}

TEST(SpineImport, FilesThatAreNoSkeletonAreRefusedByName) {
    mt::ScratchDir dir;
    EXPECT_EQ(import_spine_file(dir / "none.json", dir / "out.json").message(),
              (dir / "none.json").string() + ": cannot open: No such file or directory");
    mt::write_file(dir / "rig.json", R"({"format": "marionette-rig"})");
    EXPECT_EQ(import_spine_file(dir / "rig.json", dir / "out.json").message(),
              (dir / "rig.json").string() + ": not a Spine skeleton: no \"skeleton\" object with a \"spine\" version");
    mt::write_file(dir / "bad.json", R"({"skeleton": {"spine": "4.2.1"}, "bones": [{"name": "a"}, {"name": "b", "parent": "c"}]})");
    EXPECT_EQ(import_spine_file(dir / "bad.json", dir / "out.json").message(),
              (dir / "bad.json").string() + ": bones[1].parent: \"c\" is not a bone before it");
    // A broken atlas is named as such.
    mt::write_file(dir / "bad.atlas", "page.png\nsize: 1\n");
    EXPECT_EQ(import_spine_file(dir / "bad.json", dir / "out.json").message().rfind((dir / "bad.atlas").string() + ": line 2: ", 0), 0u);
}

namespace {

// Each slot's attachments as "slot/name@skin" (no "@" for the rig's own), sorted.
std::vector<std::string> dressing(const Rig& rig) {
    std::vector<std::string> out;
    for (const Slot& s : rig.slots)
        for (const Attachment& a : s.attachments)
            out.push_back(s.name + "/" + a.name + (a.skin < 0 ? "" : "@" + rig.skins[std::size_t(a.skin)].name));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST(SpineImport, SkinsComeInAsSkinsAndGoBackOutAsSkins) {
    Result<ImportedRig> imported = import_spine_file(kData / "goblins-pro.json", kData / "goblins.json");
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Rig& rig = imported.value().rig;
    ASSERT_EQ(rig.skins.size(), 2u);
    EXPECT_EQ(rig.skins[0].name, "goblin");
    EXPECT_EQ(rig.skins[1].name, "goblingirl");
    EXPECT_EQ(rig.skin, 0) << "the setup asks for attachments only skins hold: the first skin is worn";
    EXPECT_FALSE(has_warning(imported.value(), "skin"));
    const Slot* head = slot_named(rig, "head");
    ASSERT_TRUE(head);
    ASSERT_EQ(head->attachments.size(), 2u);
    EXPECT_EQ(head->attachments[0].name, "head");
    EXPECT_EQ(head->attachments[1].name, "head");
    EXPECT_EQ(head->attachments[0].skin, 0);
    EXPECT_EQ(head->attachments[1].skin, 1);
    EXPECT_EQ(drawn_attachment(*head, head->shown, 1), 1) << "the girl's head under her skin";
    const Slot* dagger = slot_named(rig, "right-hand-item");
    ASSERT_TRUE(dagger && !dagger->attachments.empty());
    EXPECT_EQ(dagger->attachments[0].skin, -1) << "the default skin's are the rig's own";
    EXPECT_EQ(dressing(rig).size(), 44u) << "4 of the default skin, 20 of each other";

    // Out as Spine skins and in again: the same attachments in the same skins.
    Result<SpineExport> out = export_spine(rig);
    ASSERT_TRUE(out.ok()) << out.message();
    Result<ImportedRig> again = import_spine(out.value().json, nullptr, {}, "images");
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().rig.skins, rig.skins);
    EXPECT_EQ(again.value().rig.skin, 0);
    EXPECT_EQ(dressing(again.value().rig), dressing(rig));
}
