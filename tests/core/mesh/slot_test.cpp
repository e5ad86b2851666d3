// Slots and image attachments: corners against hand-computed ones, every field through the rig
// file and back, and every rule of the format refused at its place, on load and on save.

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "core/mesh/slot.hpp"
#include "core/rig/rig_json.hpp"

using namespace marionette;

namespace {

constexpr float kQuarterTurn = 1.5707963267948966f;

void expect_near(const glm::vec2& a, const glm::vec2& b, const std::string& what) {
    EXPECT_NEAR(a.x, b.x, 1e-5f) << what;
    EXPECT_NEAR(a.y, b.y, 1e-5f) << what;
}

// A 2D rig of two bones with the slots text given (a JSON list).
std::string slot_rig_text(const std::string& slots) {
    return R"({ "format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [ { "name": "body", "length": 10 }, { "name": "head", "parent": "body", "length": 4, "translation": [10, 0] } ],
      "slots": )" +
           slots + " }";
}

std::string slot_load_message(const std::string& slots) {
    Result<Rig> rig = parse_rig(slot_rig_text(slots));
    return rig.ok() ? "loaded" : rig.message();
}

}  // namespace

TEST(Attachment, CornersAreWhereThePivotOffsetTurnAndScalePutThem) {
    Attachment a;
    a.size = {4, 2};
    a.pivot = {0.25f, 0.5f};
    a.offset = {10, 5};
    a.rotation = kQuarterTurn;
    a.scale = {2, 1};
    // Each corner: (corner - pivot) * size * scale, turned a quarter turn ((x, y) -> (-y, x)), plus the offset.
    const std::array<glm::vec2, 4> c = attachment_corners(a);
    expect_near(c[0], {11, 3}, "bottom left: (-2, -1) turned");
    expect_near(c[1], {11, 11}, "bottom right: (6, -1) turned");
    expect_near(c[2], {9, 11}, "top right: (6, 1) turned");
    expect_near(c[3], {9, 3}, "top left: (-2, 1) turned");
    // On a bone at (100, 0) turned a quarter turn, stretched twice along itself: (11, 3) -> (22, 3) -> (-3, 22) -> (97, 22).
    const Transform bone{{100, 0, 0}, glm::angleAxis(kQuarterTurn, glm::vec3(0, 0, 1))};
    const std::array<glm::vec3, 4> w = attachment_world_corners(a, bone, {2, 1, 1});
    EXPECT_NEAR(glm::length(w[0] - glm::vec3(97, 22, 0)), 0.0f, 1e-4f);
    // A default attachment is centred on the bone's origin.
    Attachment centred;
    centred.size = {2, 2};
    expect_near(attachment_corners(centred)[0], {-1, -1}, "centred");
    expect_near(attachment_corners(centred)[2], {1, 1}, "centred");
}

TEST(SlotFile, EveryFieldComesBackAndDefaultsStayOut) {
    const std::string slots = R"([
      { "name": "body", "bone": "body", "attachment": "plain", "color": [1, 0.5, 0.25, 0.75],
        "attachments": [
          { "name": "plain", "image": "images/body.png", "size": [30, 40] },
          { "name": "striped", "image": "images/body striped.png", "size": [30.5, 40], "offset": [5, -2], "rotation": 12.5,
            "scale": [-1, 2], "pivot": [0, 1], "tint": [0.1, 0.2, 0.3, 0.4] } ] },
      { "name": "eyes", "bone": "head", "attachments": [ { "name": "open", "image": "eyes.jpg", "size": [8, 3] } ] } ])";
    Result<Rig> rig = parse_rig(slot_rig_text(slots));
    ASSERT_TRUE(rig.ok()) << rig.message();
    const Rig& r = rig.value();
    ASSERT_EQ(r.slots.size(), 2u);
    const Slot& body = r.slots[0];
    EXPECT_EQ(body.name, "body");
    EXPECT_EQ(body.bone, 0);
    EXPECT_EQ(body.shown, 0);
    EXPECT_EQ(body.color, glm::vec4(1, 0.5f, 0.25f, 0.75f));
    ASSERT_EQ(body.attachments.size(), 2u);
    const Attachment& striped = body.attachments[1];
    EXPECT_EQ(striped.image, "images/body striped.png");
    EXPECT_EQ(striped.size, glm::vec2(30.5f, 40));
    EXPECT_EQ(striped.offset, glm::vec2(5, -2));
    EXPECT_NEAR(striped.rotation, 12.5f * kQuarterTurn / 90.0f, 1e-7f);
    EXPECT_EQ(striped.scale, glm::vec2(-1, 2));
    EXPECT_EQ(striped.pivot, glm::vec2(0, 1));
    EXPECT_EQ(striped.tint, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
    const Attachment& plain = body.attachments[0];
    EXPECT_EQ(plain.offset, glm::vec2(0));
    EXPECT_EQ(plain.scale, glm::vec2(1));
    EXPECT_EQ(plain.pivot, glm::vec2(0.5f));
    EXPECT_EQ(plain.tint, glm::vec4(1));
    EXPECT_EQ(r.slots[1].shown, -1) << "no \"attachment\": the slot shows nothing";
    EXPECT_EQ(r.slots[1].bone, 1);

    Result<std::string> text = serialize_rig(r);
    ASSERT_TRUE(text.ok()) << text.message();
    Result<Rig> again = parse_rig(text.value());
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.value().slots, r.slots);
    EXPECT_NE(text.value().find("\"rotation\": 12.5"), std::string::npos) << "degrees in the file, as written";
    EXPECT_EQ(text.value().find("\"pivot\": [\n          0.5"), std::string::npos) << "the default pivot is left out";
    // A rig without slots writes none.
    Rig bare = r;
    bare.slots.clear();
    EXPECT_EQ(serialize_rig(bare).value().find("slots"), std::string::npos);
}

TEST(SlotFile, EveryBrokenRuleIsRefusedAtItsPlace) {
    const std::string a = R"({ "name": "a", "image": "a.png", "size": [1, 1] })";
    const auto slot = [&](const std::string& fields) { return "[ { \"name\": \"s\", \"bone\": \"body\", " + fields + " } ]"; };
    EXPECT_EQ(slot_load_message(R"([ { "name": "s", "bone": "tail" } ])"), "slots[0].bone: \"tail\" is not a bone");
    EXPECT_EQ(slot_load_message(R"([ { "name": "s", "bone": "body" }, { "name": "s", "bone": "head" } ])"),
              "slots[1].name: \"s\" names another slot too");
    EXPECT_EQ(slot_load_message(slot("\"attachments\": [" + a + ", " + a + "]")),
              "slots[0].attachments[1].name: \"a\" names another attachment of the slot too");
    EXPECT_EQ(slot_load_message(slot("\"attachment\": \"b\", \"attachments\": [" + a + "]")),
              "slots[0].attachment: \"b\" is not one of slot \"s\"'s attachments");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "/home/me/a.png", "size": [1, 1] } ])")),
              "slots[0].attachments[0].image: \"/home/me/a.png\" must be relative to the rig file's folder");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "C:\\a.png", "size": [1, 1] } ])")),
              "slots[0].attachments[0].image: \"C:\\a.png\" must be relative to the rig file's folder");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "images\\a.png", "size": [1, 1] } ])")),
              "slots[0].attachments[0].image: \"images\\a.png\": parts are separated by '/'");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [-1, 1] } ])")),
              "slots[0].attachments[0].size: each must be between 0 and 1e15");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1, 1] } ])")),
              "slots[0].attachments[0].size: must be a list of 2 numbers");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1], "pivot": [0.5, 1.5] } ])")),
              "slots[0].attachments[0].pivot: each must be between 0 and 1");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1], "tint": [1, 1, 1, 2] } ])")),
              "slots[0].attachments[0].tint: each must be between 0 and 1");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1], "scale": [1, 2000] } ])")),
              "slots[0].attachments[0].scale: each must be between -1000 and 1000");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1], "rotation": 40000 } ])")),
              "slots[0].attachments[0].rotation: must be between -36000 and 36000 degrees");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "image": "a.png", "size": [1, 1], "flip": true } ])")),
              "slots[0].attachments[0]: unknown key \"flip\"");
    EXPECT_EQ(slot_load_message(slot(R"("color": [1, 1, 1])")), "slots[0].color: must be a list of 4 numbers");
    EXPECT_EQ(slot_load_message(R"({ "name": "s" })"), "slots: must be a list of slots");
    EXPECT_EQ(slot_load_message(slot(R"("attachments": [ { "name": "a", "size": [1, 1] } ])")),
              "slots[0].attachments[0]: missing required \"image\"");
}

TEST(SlotFile, ASaveNeverWritesSlotsTheLoaderWouldRefuse) {
    Result<Rig> rig = parse_rig(slot_rig_text("[]"));
    ASSERT_TRUE(rig.ok()) << rig.message();
    Rig r = rig.value();
    Slot s;
    s.name = "s";
    s.bone = 0;
    s.attachments.push_back(Attachment{"a", "a.png", {1, 1}});
    s.attachments[0].pivot = {2, 0};
    r.slots.push_back(s);
    Result<std::string> text = serialize_rig(r);
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.message(), "cannot write the rig: slots[0].attachments[0].pivot: each must be between 0 and 1");
    r.slots[0].attachments[0].pivot = {0.5f, 0.5f};
    r.slots[0].shown = 1;
    EXPECT_EQ(serialize_rig(r).message(), "cannot write the rig: slots[0].attachment: not one of its attachments");
    r.slots[0].shown = 0;
    r.slots[0].bone = 2;
    EXPECT_EQ(serialize_rig(r).message(), "cannot write the rig: slots[0].bone: not a bone");
}
