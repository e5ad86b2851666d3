// A Spine skeleton's JSON read: the version told apart (3.8 to 4.2 read, older refused, newer
// read as 4.2 with a warning), bones with their defaults and inheritance under either name,
// slots, IK constraints and skins with their attachments, what is passed over named; every bad
// value an error naming its place in the file.

#include "core/io/spine_import/spine_skeleton_reader.hpp"

#include <gtest/gtest.h>

#include "core/io/json/json_document.hpp"

using namespace marionette;

namespace {

SpineSkeletonData read_ok(const std::string& text, std::vector<std::string>* warnings = nullptr) {
    std::vector<std::string> w;
    Result<SpineSkeletonData> data = read_spine_skeleton(text, w);
    EXPECT_TRUE(data.ok()) << data.message();
    if (warnings) *warnings = w;
    return data.ok() ? data.value() : SpineSkeletonData{};
}

std::string error_of(const std::string& text) {
    std::vector<std::string> w;
    Result<SpineSkeletonData> data = read_spine_skeleton(text, w);
    EXPECT_FALSE(data.ok()) << text;
    return data.ok() ? std::string() : data.message();
}

// A skeleton of version `version` with `body` after its header.
std::string skeleton(const std::string& body, const std::string& version = "4.2.22") {
    return R"({"skeleton": {"spine": ")" + version + R"("}, )" + body + "}";
}

const std::string kBones = R"("bones": [{"name": "root"}, {"name": "hip", "parent": "root", "x": 3, "y": -4, "rotation": 90,
    "length": 10, "scaleX": 2, "shearY": 5, "inherit": "noScale", "color": "ff000080"},
    {"name": "leg", "parent": "hip", "transform": "onlyTranslation", "length": 5}])";

}  // namespace

TEST(SpineSkeletonReader, TellsASkeletonFromARig) {
    EXPECT_TRUE(is_spine_skeleton(parse_json_document(skeleton(kBones)).value()));
    EXPECT_FALSE(is_spine_skeleton(parse_json_document(R"({"format": "marionette-rig", "bones": []})").value()));
    EXPECT_FALSE(is_spine_skeleton(parse_json_document(R"({"skeleton": {"hash": "x"}})").value()));
    EXPECT_FALSE(is_spine_skeleton(parse_json_document(R"([1, 2])").value()));
    EXPECT_NE(error_of(R"({"bones": []})").find("not a Spine skeleton"), std::string::npos);
}

TEST(SpineSkeletonReader, VersionsFrom38To42AreRead) {
    EXPECT_EQ(read_ok(skeleton(kBones, "3.8.99")).version.minor, 8);
    const SpineSkeletonData d = read_ok(skeleton(kBones, "4.1.17"));
    EXPECT_EQ(d.version.major, 4);
    EXPECT_EQ(d.version.minor, 1);
    EXPECT_EQ(d.version.text, "4.1.17");
    std::vector<std::string> warnings;
    read_ok(skeleton(kBones, "4.3.1"), &warnings);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], "skeleton.spine: Spine 4.3.1 is newer than 4.2, the newest this knows; read as 4.2");
    EXPECT_EQ(error_of(skeleton(kBones, "3.7.94")),
              "skeleton.spine: Spine 3.7.94 is older than 3.8, the oldest this reads: export it again from Spine 3.8 or later");
    EXPECT_EQ(error_of(skeleton(kBones, "four")), "skeleton.spine: expected a Spine version such as \"4.2.22\", got \"four\"");
}

TEST(SpineSkeletonReader, BonesWithDefaultsAndInheritance) {
    const SpineSkeletonData d = read_ok(skeleton(kBones));
    ASSERT_EQ(d.bones.size(), 3u);
    EXPECT_EQ(d.bones[0].parent, -1);
    EXPECT_EQ(d.bones[0].scale_x, 1.0);
    EXPECT_EQ(d.bones[0].inherit, SpineInherit::Normal);
    const SpineBoneData& hip = d.bones[1];
    EXPECT_EQ(hip.parent, 0);
    EXPECT_EQ(hip.x, 3.0);
    EXPECT_EQ(hip.y, -4.0);
    EXPECT_EQ(hip.rotation, 90.0);
    EXPECT_EQ(hip.length, 10.0);
    EXPECT_EQ(hip.scale_x, 2.0);
    EXPECT_EQ(hip.scale_y, 1.0);
    EXPECT_EQ(hip.shear_y, 5.0);
    EXPECT_EQ(hip.inherit, SpineInherit::NoScale);
    ASSERT_TRUE(hip.color);
    EXPECT_NEAR(hip.color->a, 128.0f / 255.0f, 1e-6f);
    // 3.8 to 4.1 call it "transform".
    EXPECT_EQ(d.bones[2].inherit, SpineInherit::OnlyTranslation);
}

TEST(SpineSkeletonReader, BadBonesNameTheirPlace) {
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root"}, {"name": "a", "parent": "b"}, {"name": "b", "parent": "root"}])")),
              "bones[1].parent: \"b\" is not a bone before it");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root"}, {"name": "root", "parent": "root"}])")),
              "bones[1].name: \"root\": two bones have this name");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root"}, {"name": "a"}])")), "bones[1]: only the first bone may have no parent");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root", "length": -1}])")), "bones[0].length: a bone's length must not be negative");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root", "scaleX": 1e6}])")), "bones[0].scaleX: a scale must lie within +-1000");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root", "inherit": "sideways"}])")),
              "bones[0].inherit: expected normal, onlyTranslation, noRotationOrReflection, noScale or noScaleOrReflection, got "
              "\"sideways\"");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root", "color": "red"}])")),
              "bones[0].color: expected a colour \"RRGGBBAA\", got \"red\"");
    EXPECT_EQ(error_of(skeleton(R"("bones": [])")), "bones: a Spine skeleton needs a bone");
    EXPECT_EQ(error_of(skeleton(R"("bones": [{"name": "root", "x": "left"}])")), "bones[0].x: expected a number, got string");
}

TEST(SpineSkeletonReader, SlotsIkAndSkins) {
    const SpineSkeletonData d = read_ok(skeleton(kBones + R"(,
        "slots": [{"name": "body", "bone": "hip", "color": "ff8000ff", "dark": "000000", "attachment": "torso", "blend": "additive"},
                  {"name": "shin", "bone": "leg"}],
        "ik": [{"name": "leg-ik", "bones": ["hip", "leg"], "target": "root", "bendPositive": false, "softness": 4, "mix": 0.5}],
        "transform": [{"name": "t1"}], "path": [{"name": "p1"}],
        "skins": [{"name": "red", "attachments": {"shin": {"shin": {"width": 4, "height": 5}}}},
                  {"name": "default", "attachments": {"body": {
                      "torso": {"x": 1, "y": 2, "rotation": 30, "width": 8, "height": 6, "path": "images/torso", "color": "ffffff80"},
                      "box": {"type": "boundingbox", "vertexCount": 0, "vertices": []},
                      "frames": {"width": 2, "height": 2, "sequence": {"count": 3, "start": 4, "digits": 3}},
                      "skin": {"type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": [0, 0, 4, 0, 4, 4], "hull": 3}}}}],
        "events": {"step": {}}, "animations": {"walk": {}, "run": {}})"));
    ASSERT_EQ(d.slots.size(), 2u);
    EXPECT_EQ(d.slots[0].bone, 1);
    EXPECT_EQ(d.slots[0].color, glm::vec4(1.0f, 128.0f / 255.0f, 0.0f, 1.0f));
    EXPECT_TRUE(d.slots[0].dark);
    EXPECT_EQ(d.slots[0].attachment, "torso");
    EXPECT_EQ(d.slots[0].blend, "additive");
    EXPECT_EQ(d.slots[1].attachment, "");
    ASSERT_EQ(d.ik.size(), 1u);
    EXPECT_EQ(d.ik[0].bones, (std::vector<int>{1, 2}));
    EXPECT_EQ(d.ik[0].target, 0);
    EXPECT_FALSE(d.ik[0].bend_positive);
    EXPECT_EQ(d.ik[0].softness, 4.0);
    EXPECT_EQ(d.ik[0].mix, 0.5);
    // The default skin first, whatever the file's order.
    ASSERT_EQ(d.skins.size(), 2u);
    EXPECT_EQ(d.skins[0].name, "default");
    ASSERT_EQ(d.skins[0].attachments.size(), 4u);
    const SpineAttachmentData& torso = d.skins[0].attachments[0].attachment;
    EXPECT_EQ(torso.place, "skins[1].attachments.body.torso");
    EXPECT_EQ(torso.path, "images/torso");
    EXPECT_EQ(torso.rotation, 30.0);
    EXPECT_NEAR(torso.color.a, 128.0f / 255.0f, 1e-6f);
    EXPECT_EQ(d.skins[0].attachments[1].attachment.type, SpineAttachmentType::BoundingBox);
    // A sequence shows its first frame: the path and the number, padded.
    EXPECT_EQ(d.skins[0].attachments[2].attachment.path, "frames004");
    const SpineAttachmentData& mesh = d.skins[0].attachments[3].attachment;
    EXPECT_EQ(mesh.type, SpineAttachmentType::Mesh);
    EXPECT_EQ(mesh.hull, 3);
    EXPECT_EQ(mesh.triangles, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(d.transform_constraints, (std::vector<std::string>{"t1"}));
    EXPECT_EQ(d.path_constraints, (std::vector<std::string>{"p1"}));
    EXPECT_EQ(d.events, (std::vector<std::string>{"step"}));
    ASSERT_EQ(d.animations.size(), 2u);
    EXPECT_EQ(d.animations[0].name, "walk");
    EXPECT_EQ(d.animations[1].name, "run");
}

TEST(SpineSkeletonReader, BadSlotsConstraintsAndAttachmentsNameTheirPlace) {
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "slots": [{"name": "a", "bone": "arm"}])")), "slots[0].bone: \"arm\" is not a bone");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "slots": [{"name": "a", "bone": "hip"}, {"name": "a", "bone": "hip"}])")),
              "slots[1].name: \"a\": two slots have this name");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "ik": [{"name": "k", "bones": ["root", "leg"], "target": "hip"}])")),
              "ik[0].bones[1]: the second bone of an IK constraint must be a child of the first");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "ik": [{"name": "k", "bones": [], "target": "hip"}])")),
              "ik[0].bones: an IK constraint has one or two bones, not 0");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "ik": [{"name": "k", "bones": ["leg"], "target": "foot"}])")),
              "ik[0].target: \"foot\" is not a bone");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "skins": [{"name": "default", "attachments": {"nope": {}}}])")),
              "skins[0].attachments.nope: \"nope\" is not a slot");
    EXPECT_EQ(error_of(skeleton(kBones + R"(, "skins": {"default": {}})")),
              "skins: expected an array of skins (Spine 3.8 and later), got object");
    const std::string slots = R"(, "slots": [{"name": "s", "bone": "hip"}], "skins": [{"name": "default", "attachments": {"s": {"a": )";
    EXPECT_EQ(error_of(skeleton(kBones + slots + R"({"width": 0, "height": 3}}}}])")),
              "skins[0].attachments.s.a: a region attachment needs a width and a height");
    EXPECT_EQ(error_of(skeleton(kBones + slots + R"({"type": "cloud"}}}}])")),
              "skins[0].attachments.s.a.type: expected an attachment type (region, mesh, linkedmesh, boundingbox, path, point, "
              "clipping), got \"cloud\"");
    EXPECT_EQ(
        error_of(skeleton(kBones + slots + R"({"type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 3], "vertices": []}}}}])")),
        "skins[0].attachments.s.a.triangles[2]: vertex 3 is not one of the mesh's 3");
    EXPECT_EQ(error_of(skeleton(kBones + slots + R"({"type": "mesh", "uvs": [0, 0, 1], "triangles": [], "vertices": []}}}}])")),
              "skins[0].attachments.s.a.uvs: expected x, y pairs: an even count of numbers");
    EXPECT_EQ(error_of(skeleton(kBones + slots +
                                R"({"type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": [], "hull": 9}}}}])")),
              "skins[0].attachments.s.a.hull: the hull must be 0 to the mesh's 3 vertices");
}
