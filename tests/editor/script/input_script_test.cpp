// Input scripts as data: parsing with errors that name the place, and the checks they run.

#include <gtest/gtest.h>

#include "core/ik/ik_test_rigs.hpp"
#include "editor/script/input_script.hpp"
#include "editor/script/script_checks.hpp"

using namespace marionette;
using namespace marionette::testing;

TEST(InputScript, ParsesEveryKindOfStep) {
    const auto script = parse_input_script(R"({"format": "marionette-script", "steps": [
        {"move": [10, 20]},
        {"press": {"at": {"bone": "b1", "at": "joint", "offset": [2, -3]}, "button": "middle"}},
        {"release": "middle"},
        {"click": {"bone": "b1"}},
        {"drag": {"from": [1, 2], "to": {"bone": "b2", "at": "middle"}, "moves": 4, "button": "right"}},
        {"key": "ctrl+shift+z"},
        {"key_down": "space"},
        {"key_up": "space"},
        {"wheel": {"clicks": -2, "at": [5, 6]}},
        {"text": "elbow"},
        {"wait": 3},
        {"screenshot": "shot.png"},
        {"save": "/tmp/out.json"},
        {"expect": {"bone": "b2", "at": "tip", "world": [1, 2], "within": 0.5}},
        {"expect": {"mode": "fk"}},
        {"expect": {"selected": null}},
        {"expect": {"modified": false}},
        {"drop": "bad.json"}
    ]})",
                                           "/scripts");
    ASSERT_TRUE(script.ok()) << script.message();
    const auto& s = script.value().steps;
    ASSERT_EQ(s.size(), 18u);
    EXPECT_EQ(*std::get<MoveStep>(s[0]).to.pixel, glm::vec2(10, 20));
    const auto& press = std::get<PressStep>(s[1]);
    EXPECT_EQ(press.button, MouseButton::Middle);
    EXPECT_EQ(press.at.bone, "b1");
    EXPECT_EQ(press.at.at, BonePoint::Joint);
    EXPECT_EQ(press.at.offset, glm::vec2(2, -3));
    EXPECT_EQ(std::get<ReleaseStep>(s[2]).button, MouseButton::Middle);
    EXPECT_EQ(std::get<ClickStep>(s[3]).at.at, BonePoint::Tip);
    const auto& drag = std::get<DragStep>(s[4]);
    EXPECT_EQ(drag.moves, 4);
    EXPECT_EQ(drag.button, MouseButton::Right);
    EXPECT_EQ(drag.to.at, BonePoint::Middle);
    const auto& key = std::get<KeyStep>(s[5]);
    EXPECT_TRUE(key.ctrl && key.shift && !key.alt);
    EXPECT_EQ(key.key, "z");
    EXPECT_EQ(std::get<KeyStep>(s[6]).kind, KeyStep::Kind::Down);
    EXPECT_EQ(std::get<KeyStep>(s[7]).kind, KeyStep::Kind::Up);
    EXPECT_EQ(std::get<WheelStep>(s[8]).clicks, -2);
    EXPECT_EQ(std::get<TextStep>(s[9]).text, "elbow");
    EXPECT_EQ(std::get<WaitStep>(s[10]).frames, 3);
    EXPECT_EQ(std::get<ScreenshotStep>(s[11]).path, std::filesystem::path("/scripts/shot.png"));  // relative to the script
    EXPECT_EQ(std::get<SaveStep>(s[12]).path, std::filesystem::path("/tmp/out.json"));
    const auto& bone = std::get<ExpectBonePoint>(std::get<ExpectStep>(s[13]).expectation);
    EXPECT_EQ(*bone.world, glm::vec3(1, 2, 0));
    EXPECT_EQ(bone.within, 0.5f);
    EXPECT_EQ(std::get<ExpectMode>(std::get<ExpectStep>(s[14]).expectation).mode, "fk");
    EXPECT_EQ(std::get<ExpectSelected>(std::get<ExpectStep>(s[15]).expectation).bone, "");
    EXPECT_FALSE(std::get<ExpectModified>(std::get<ExpectStep>(s[16]).expectation).modified);
    EXPECT_EQ(std::get<DropStep>(s[17]).path, std::filesystem::path("/scripts/bad.json"));
    EXPECT_EQ(describe_step(script.value(), 5), "step 6 (key)");
    EXPECT_EQ(describe_step(script.value(), 7), "step 8 (key_up)");
}

TEST(InputScript, PlusAloneIsTheKeyNotAModifier) {
    const auto script = parse_input_script(R"({"steps": [{"key": "ctrl++"}, {"key": "+"}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    EXPECT_EQ(std::get<KeyStep>(script.value().steps[0]).key, "+");
    EXPECT_TRUE(std::get<KeyStep>(script.value().steps[0]).ctrl);
    EXPECT_EQ(std::get<KeyStep>(script.value().steps[1]).key, "+");
}

TEST(InputScript, BadScriptsNameThePlace) {
    const std::pair<const char*, const char*> cases[] = {
        {"[1, 2", "not valid JSON"},
        {R"({"steps": []})", "steps: a script needs at least one step"},
        {R"({"steps": [{"move": [1]}]})", "steps[0].move: expected 2 numbers"},
        {R"({"steps": [{"move": "here"}]})", "steps[0].move: expected [x, y] window pixels or"},
        {R"({"steps": [{"move": [1, 2], "wait": 3}]})", "steps[0]: a step is an object with one key"},
        {R"({"steps": [{"wait": 0}]})", "steps[0].wait: must be between 1 and"},
        {R"({"steps": [{"wait": 1.5}]})", "steps[0].wait: expected an integer"},
        {R"({"steps": [{"click": {"bone": "b1", "at": "knee"}}]})", "steps[0].click.at: expected \"joint\", \"middle\" or \"tip\""},
        {R"({"steps": [{"click": {"chain": "arm", "at": "elbow"}}]})", "steps[0].click.at: expected \"target\", \"pin\" or \"pole\""},
        {R"({"steps": [{"click": {"chain": "arm", "bone": "b1"}}]})", "steps[0].click: unknown key \"bone\""},
        {R"({"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "button": "fourth"}}]})", "steps[0].drag.button: expected \"left\""},
        {R"({"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "speed": 2}}]})", "steps[0].drag: unknown key \"speed\""},
        {R"({"steps": [{"key": "hyper+z"}]})", "steps[0].key: \"hyper+z\": \"hyper\" is not a modifier"},
        {R"({"steps": [{"click": {"at": [1, 2], "with": "ctrl+z"}}]})", "steps[0].click.with: \"ctrl+z\": \"z\" is not a modifier"},
        {R"({"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "with": ""}}]})", "steps[0].drag.with: must not be empty"},
        {R"({"steps": [{"expect": {"selected": ["b0", 3]}}]})", "steps[0].expect.selected[1]: expected a string"},
        {R"({"steps": [{"wheel": 0}]})", "steps[0].wheel: clicks must be between -100 and 100, not 0"},
        {R"({"steps": [{"expect": {"bone": "b1"}}]})", "steps[0].expect: give exactly one of \"pixel\" and \"world\""},
        {R"({"steps": [{"expect": {"bone": "b1", "pixel": [1, 2], "within": -1}}]})", "steps[0].expect.within: must not be negative"},
        {R"({"steps": [{"expect": {"mode": "pose"}}]})", "steps[0].expect.mode: expected \"fk\" or \"ik\""},
        {R"({"steps": [{"expect": {"colour": "red"}}]})", "steps[0].expect: expected one of \"bone\""},
        {R"({"steps": [{"save": ""}]})", "steps[0].save: must not be empty"},
        {R"({"steps": [{"click": {"ui": ""}}]})", "steps[0].click.ui: must not be empty"},
        {R"({"steps": [{"click": {"ui": "states/play", "bone": "b1"}}]})", "steps[0].click: unknown key \"bone\""},
        {R"({"steps": [{"expect": {"state": 3}}]})", "steps[0].expect.state: expected a string"},
        {R"({"steps": [{"expect": {"state": "walking", "weight": [0.9, 0.1]}}]})",
         "steps[0].expect.weight: expected [lo, hi] with lo <= hi"},
        {R"({"steps": [{"expect": {"state": "walking", "speed": 1}}]})", "steps[0].expect: unknown key \"speed\""},
        {R"({"format": "marionette-rig", "steps": [{"wait": 1}]})", "format: expected \"marionette-script\""},
        // What aborted the editor: a number beyond a double, named by its step.
        {R"({"steps": [{"wait": 1}, {"move": [1e999, 0]}]})", "(steps[1].move[0]): number 1e999 is out of range"},
        {R"({"steps": [{"move": [1e30, 0]}]})", "steps[0].move: pixels must lie within -1e6 and 1e6"},
        {R"({"steps": [{"drag": {"from": [0, 0], "to": [1, -3e7]}}]})", "steps[0].drag.to: pixels must lie within -1e6 and 1e6"},
        {R"({"steps": [{"wait": 1, "wait": 2}]})", "steps[0]: \"wait\" is given twice"},
        {R"({"steps": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]})",
         "nested deeper than 64 levels"},
    };
    for (const auto& [text, expected] : cases) {
        const auto script = parse_input_script(text);
        ASSERT_FALSE(script.ok()) << text;
        EXPECT_NE(script.message().find(expected), std::string::npos) << "expected: " << expected << "\n got: " << script.message();
    }
    EXPECT_FALSE(load_input_script("/nonexistent/script.json").ok());
}

namespace {
struct ViewFixture {
    Rig rig = chain_rig(Dimensions::Two, {1.0f, 1.0f});  // base (0.5) at 0, b0 from 0.5, b1 from 1.5
    std::vector<Transform> world = world_of(rig, rig.pose);
    ViewCamera camera = ViewCamera::for_2d();
    ScriptView view() {
        ScriptView v;
        v.rig = &rig;
        v.pose = &rig.pose;
        v.world = world;
        v.camera = &camera;
        v.viewport = {100, 0, 400, 300};
        v.mode = "ik";
        v.selected = 1;
        v.modified = true;
        return v;
    }
};
}  // namespace

TEST(ScriptChecks, BonePointsResolveToThePixelsTheyAreDrawnAt) {
    ViewFixture f;
    f.camera.frame({{0, -1, 0}, {2.5f, 1, 0}}, f.view().viewport);
    const ScriptView v = f.view();
    const auto tip = resolve_point(v, ScriptPoint{std::nullopt, "b1", BonePoint::Tip, {3, 4}, {}, HandlePoint::Target, {}, {}});
    ASSERT_TRUE(tip.ok()) << tip.message();
    const glm::vec2 drawn = f.camera.project({2.5f, 0, 0}, v.viewport).pixel;
    EXPECT_NEAR(tip.value().x, drawn.x + 3, 1e-3f);
    EXPECT_NEAR(tip.value().y, drawn.y + 4, 1e-3f);
    EXPECT_EQ(bone_point_world(v, "b1", BonePoint::Middle).value(), glm::vec3(2.0f, 0, 0));
    EXPECT_EQ(bone_point_world(v, "b0", BonePoint::Joint).value(), glm::vec3(0.5f, 0, 0));
    EXPECT_EQ(resolve_point(v, ScriptPoint{glm::vec2{7, 8}, "", BonePoint::Tip, {}, {}, HandlePoint::Target, {}, {}}).value(),
              glm::vec2(7, 8));
    EXPECT_EQ(resolve_point(v, ScriptPoint{std::nullopt, "elbow", BonePoint::Tip, {}, {}, HandlePoint::Target, {}, {}}).message(),
              "\"elbow\" is not a bone of this rig");
}

TEST(ScriptChecks, ChainHandlesResolveToTheirPoints) {
    ViewFixture f;
    IkChain chain;
    chain.name = "reach";
    chain.root = 1;
    chain.effector = 2;
    f.rig.chains.push_back(chain);
    f.camera.frame({{0, -1, 0}, {2.5f, 1, 0}}, f.view().viewport);
    ScriptPoint target;
    target.chain = "reach";
    ScriptView v = f.view();
    // Not pinned: the target is the effector's tip.
    EXPECT_EQ(resolve_point(v, target).value(), f.camera.project({2.5f, 0, 0}, v.viewport).pixel);
    ScriptPoint pin = target;
    pin.handle = HandlePoint::Pin;
    EXPECT_EQ(resolve_point(v, pin).message(), "chain \"reach\" is not pinned");
    f.rig.chains[0].pin = glm::vec3{1.0f, 0.5f, 0.0f};
    v = f.view();
    EXPECT_EQ(resolve_point(v, pin).value(), f.camera.project({1.0f, 0.5f, 0}, v.viewport).pixel);
    EXPECT_EQ(resolve_point(v, target).value(), resolve_point(v, pin).value());  // a pinned target is its pin
    ScriptPoint pole = target;
    pole.handle = HandlePoint::Pole;
    EXPECT_EQ(resolve_point(v, pole).message(), "chain \"reach\" has no pole");
    ScriptPoint missing = target;
    missing.chain = "leg";
    EXPECT_EQ(resolve_point(v, missing).message(), "\"leg\" is not a chain of this rig");
}

TEST(ScriptChecks, SlotPointsResolveToTheCentreOfTheShownPicture) {
    ViewFixture f;
    Attachment a;
    a.name = "a";
    a.image = "a.png";
    a.size = {1.0f, 0.5f};
    a.offset = {0.5f, 0.25f};
    a.pivot = {0.0f, 0.0f};                                           // its centre is 0.5 along and 0.25 up from the offset
    f.rig.slots.push_back(Slot{"sign", 1, {a}, 0, glm::vec4(1.0f)});  // on b0, whose joint is at 0.5
    f.camera.frame({{0, -1, 0}, {2.5f, 1, 0}}, f.view().viewport);
    ScriptView v = f.view();
    Result<InputScript> script = parse_input_script(R"({"steps": [{"click": {"slot": "sign", "offset": [2, 3]}}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    const ScriptPoint& point = std::get<ClickStep>(script.value().steps[0]).at;
    const Result<glm::vec2> at = resolve_point(v, point);
    ASSERT_TRUE(at.ok()) << at.message();
    const glm::vec2 drawn = f.camera.project({1.5f, 0.5f, 0}, v.viewport).pixel;
    EXPECT_NEAR(at.value().x, drawn.x + 2, 1e-3f);
    EXPECT_NEAR(at.value().y, drawn.y + 3, 1e-3f);
    ScriptPoint other = point;
    other.slot = "hat";
    EXPECT_EQ(resolve_point(v, other).message(), "\"hat\" is not a slot of this rig");
    f.rig.slots[0].shown = -1;
    EXPECT_EQ(resolve_point(f.view(), point).message(), "slot \"sign\" shows no picture");
    EXPECT_FALSE(parse_input_script(R"({"steps": [{"click": {"slot": "sign", "at": "tip"}}]})").ok()) << "a slot has no bone points";
}

TEST(ScriptChecks, ChecksPassOrSayWhatWasFound) {
    ViewFixture f;
    f.camera.frame({{0, -1, 0}, {2.5f, 1, 0}}, f.view().viewport);
    const ScriptView v = f.view();
    const glm::vec2 drawn = f.camera.project({2.5f, 0, 0}, v.viewport).pixel;
    EXPECT_TRUE(check_expectation(v, ExpectBonePoint{"b1", BonePoint::Tip, drawn + glm::vec2{0.6f, 0.0f}, std::nullopt, 1.0f}).ok());
    const Status far = check_expectation(v, ExpectBonePoint{"b1", BonePoint::Tip, drawn + glm::vec2{3.0f, 0.0f}, std::nullopt, 1.0f});
    ASSERT_FALSE(far.ok());
    EXPECT_NE(far.message().find("the tip of \"b1\" is drawn at pixel"), std::string::npos) << far.message();
    EXPECT_TRUE(check_expectation(v, ExpectBonePoint{"b1", BonePoint::Tip, std::nullopt, glm::vec3{2.5f, 0.1f, 0}, 0.2f}).ok());
    EXPECT_FALSE(check_expectation(v, ExpectBonePoint{"b1", BonePoint::Tip, std::nullopt, glm::vec3{2.5f, 0.3f, 0}, 0.2f}).ok());
    EXPECT_TRUE(check_expectation(v, ExpectMode{"ik"}).ok());
    EXPECT_EQ(check_expectation(v, ExpectMode{"fk"}).message(), "the mode is ik, expected fk");
    EXPECT_TRUE(check_expectation(v, ExpectSelected{"b0", std::nullopt}).ok());
    EXPECT_EQ(check_expectation(v, ExpectSelected{"", std::nullopt}).message(), "\"b0\" is selected, expected nothing");
    EXPECT_TRUE(check_expectation(v, ExpectModified{true}).ok());
    EXPECT_EQ(check_expectation(v, ExpectModified{false}).message(), "the document is modified, expected unmodified");
}

// {"expect": {"status": TEXT}}: the status bar's message holds the text; null: no message shows.
TEST(ScriptChecks, TheStatusBarsMessageHoldsTheText) {
    const auto script = parse_input_script(R"({"steps": [{"expect": {"status": "Baked"}}, {"expect": {"status": null}}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    EXPECT_EQ(std::get<ExpectStatus>(std::get<ExpectStep>(script.value().steps[0]).expectation).text, "Baked");
    EXPECT_EQ(std::get<ExpectStatus>(std::get<ExpectStep>(script.value().steps[1]).expectation).text, "");
    EXPECT_FALSE(parse_input_script(R"({"steps": [{"expect": {"status": 3}}]})").ok());

    ScriptView v;
    EXPECT_TRUE(check_expectation(v, ExpectStatus{}).ok());
    EXPECT_EQ(check_expectation(v, ExpectStatus{"Baked"}).message(), "the status bar shows no message, expected \"Baked\"");
    v.status = "Baked \"wave\" into \"wave baked\"";
    EXPECT_TRUE(check_expectation(v, ExpectStatus{"into \"wave baked\""}).ok());
    EXPECT_EQ(check_expectation(v, ExpectStatus{}).message(), "the status bar shows \"Baked \"wave\" into \"wave baked\"\", expected none");
    EXPECT_FALSE(check_expectation(v, ExpectStatus{"Keyed"}).ok());
}

TEST(ScriptChecks, PanelWidgetsResolveByNameAndStatesAreChecked) {
    ViewFixture f;
    ScriptView v = f.view();
    const UiMark marks[] = {{"states/play", {10, 20}, {50, 40}}, {"toolbar/states", {0, 0}, {2, 2}}};
    v.ui = marks;
    ScriptPoint play;
    play.ui = "states/play";
    EXPECT_EQ(resolve_point(v, play).value(), glm::vec2(30, 30));
    play.offset = {1, -1};
    EXPECT_EQ(resolve_point(v, play).value(), glm::vec2(31, 29));
    ScriptPoint missing;
    missing.ui = "states/stop";
    EXPECT_EQ(resolve_point(v, missing).message(), "no widget \"states/stop\" is drawn now (drawn: states/play, toolbar/states)");

    v.state = "walking";
    v.blending_from = "climbing";
    v.blend_weight = 0.25f;
    EXPECT_TRUE(check_expectation(v, ExpectState{"walking", std::nullopt, std::nullopt}).ok());
    EXPECT_TRUE(check_expectation(v, ExpectState{"walking", "climbing", glm::vec2{0.2f, 0.3f}}).ok());
    EXPECT_EQ(check_expectation(v, ExpectState{kRigPoseName, std::nullopt, std::nullopt}).message(),
              "the state shown is \"walking\", expected the rig's pose");
    EXPECT_EQ(check_expectation(v, ExpectState{"walking", "", std::nullopt}).message(),
              "a transition from \"climbing\" is in progress, expected none");
    EXPECT_NE(check_expectation(v, ExpectState{"walking", std::nullopt, glm::vec2{0.5f, 1.0f}}).message().find("the blend weight is 0.25"),
              std::string::npos);
    v.blending_from.reset();
    EXPECT_EQ(check_expectation(v, ExpectState{"walking", "climbing", std::nullopt}).message(),
              "no transition is in progress, expected one from \"climbing\"");
}

// The steps the recovery and disk-change tests use: waiting for a file made outside the editor,
// and which dialog is up.
TEST(InputScript, WaitForFileAndDialogChecks) {
    const auto script = parse_input_script(R"({"steps": [
        {"wait_for_file": "go.flag"},
        {"wait_for_file": {"path": "/tmp/x", "seconds": 5}},
        {"expect": {"dialog": "disk changed"}},
        {"expect": {"dialog": null}},
        {"focus": "gained"},
        {"focus": "lost"}
    ]})",
                                           "/scripts");
    ASSERT_TRUE(script.ok()) << script.message();
    const auto& s = script.value().steps;
    EXPECT_EQ(std::get<WaitForFileStep>(s[0]).path, std::filesystem::path("/scripts/go.flag"));
    EXPECT_EQ(std::get<WaitForFileStep>(s[0]).seconds, 60.0);
    EXPECT_EQ(std::get<WaitForFileStep>(s[1]).path, std::filesystem::path("/tmp/x"));
    EXPECT_EQ(std::get<WaitForFileStep>(s[1]).seconds, 5.0);
    EXPECT_EQ(std::get<ExpectDialog>(std::get<ExpectStep>(s[2]).expectation).dialog, "disk changed");
    EXPECT_EQ(std::get<ExpectDialog>(std::get<ExpectStep>(s[3]).expectation).dialog, "");
    EXPECT_TRUE(std::get<FocusStep>(s[4]).gained);
    EXPECT_FALSE(std::get<FocusStep>(s[5]).gained);
    EXPECT_EQ(describe_step(script.value(), 0), "step 1 (wait_for_file)");
    EXPECT_EQ(describe_step(script.value(), 4), "step 5 (focus)");
    EXPECT_FALSE(parse_input_script(R"({"steps": [{"focus": "back"}]})").ok());

    const auto typo = parse_input_script(R"({"steps": [{"expect": {"dialog": "recover"}}]})");
    ASSERT_FALSE(typo.ok());
    EXPECT_NE(typo.message().find("steps[0].expect.dialog: \"recover\" is not a dialog (\"recovery\""), std::string::npos)
        << typo.message();
    const auto forever = parse_input_script(R"({"steps": [{"wait_for_file": {"path": "x", "seconds": 0}}]})");
    ASSERT_FALSE(forever.ok());
    EXPECT_NE(forever.message().find("seconds: must be above 0"), std::string::npos) << forever.message();

    ScriptView v;
    v.dialog = "recovery";
    EXPECT_TRUE(check_expectation(v, ExpectDialog{"recovery"}).ok());
    EXPECT_EQ(check_expectation(v, ExpectDialog{""}).message(), "the \"recovery\" dialog is up, expected no dialog");
    v.dialog = {};
    EXPECT_EQ(check_expectation(v, ExpectDialog{"error"}).message(), "no dialog is up, expected the \"error\" dialog");
}

TEST(InputScript, PointerStepsHoldModifiersAndSelectionListsAreChecked) {
    const auto script = parse_input_script(R"({"steps": [
        {"click": {"at": {"bone": "b1"}, "with": "ctrl"}},
        {"press": {"at": [3, 4], "with": "Shift+Alt"}},
        {"drag": {"from": [1, 2], "to": [5, 6], "with": "shift"}},
        {"click": [7, 8]},
        {"expect": {"selected": ["b1", "b0"]}},
        {"expect": {"selected": []}}
    ]})");
    ASSERT_TRUE(script.ok()) << script.message();
    const auto& s = script.value().steps;
    const Modifiers click = std::get<ClickStep>(s[0]).with;
    EXPECT_TRUE(click.ctrl && !click.shift && !click.alt);
    const Modifiers press = std::get<PressStep>(s[1]).with;
    EXPECT_TRUE(!press.ctrl && press.shift && press.alt);
    EXPECT_TRUE(std::get<DragStep>(s[2]).with.shift);
    const Modifiers none = std::get<ClickStep>(s[3]).with;
    EXPECT_FALSE(none.ctrl || none.shift || none.alt);
    const auto& both = std::get<ExpectSelected>(std::get<ExpectStep>(s[4]).expectation);
    ASSERT_TRUE(both.bones.has_value());
    EXPECT_EQ(*both.bones, (std::vector<std::string>{"b1", "b0"}));

    ViewFixture f;
    ScriptView v = f.view();
    const int selection[] = {1, 2};  // b0, b1 (0 is the base)
    v.selection = selection;
    EXPECT_TRUE(check_expectation(v, both).ok()) << "the order of the names is not the selection's";
    const auto& empty = std::get<ExpectSelected>(std::get<ExpectStep>(s[5]).expectation);
    EXPECT_EQ(check_expectation(v, empty).message(), "[\"b0\", \"b1\"] selected, expected nothing");
    v.selection = {};
    EXPECT_TRUE(check_expectation(v, empty).ok());
    EXPECT_EQ(check_expectation(v, both).message(), "nothing selected, expected [\"b0\", \"b1\"]");
}

TEST(InputScript, ASelectStepNamesBonesAndAnEmptyListSelectsNothing) {
    const auto script = parse_input_script(R"({"steps": [{"select": ["b1", "b0"]}, {"select": []}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    EXPECT_EQ(std::get<SelectStep>(script.value().steps[0]).bones, (std::vector<std::string>{"b1", "b0"}));
    EXPECT_TRUE(std::get<SelectStep>(script.value().steps[1]).bones.empty());
    EXPECT_EQ(describe_step(script.value(), 0), "step 1 (select)");
    const auto bad = parse_input_script(R"({"steps": [{"select": ["b1", ""]}]})");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("steps[0].select[1]: must not be empty"), std::string::npos) << bad.message();
    const auto not_list = parse_input_script(R"({"steps": [{"select": "b1"}]})");
    ASSERT_FALSE(not_list.ok());
    EXPECT_NE(not_list.message().find("steps[0].select"), std::string::npos) << not_list.message();
}

namespace {

std::string keys_of(const KeysStep& s) {
    std::string out;
    for (const KeyStep& k : s.keys) {
        if (!out.empty()) out += ' ';
        if (k.shift) out += "shift+";
        out += k.key;
    }
    return out;
}

}  // namespace

TEST(InputScript, RotateGrabAndSnapStepsAreTheKeysAUserPresses) {
    const auto script = parse_input_script(R"({"steps": [
        {"rotate": 30}, {"rotate": {"by": -12.5, "axis": "x", "local": true}}, {"grab": {"by": 0.25, "axis": "y"}},
        {"snap": "fk_to_ik"}, {"snap": "ik_to_fk"}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    EXPECT_EQ(keys_of(std::get<KeysStep>(script.value().steps[0])), "R 3 0 Return");
    EXPECT_EQ(keys_of(std::get<KeysStep>(script.value().steps[1])), "R X X 1 2 . 5 - Return");
    EXPECT_EQ(keys_of(std::get<KeysStep>(script.value().steps[2])), "G Y 0 . 2 5 Return");
    EXPECT_EQ(keys_of(std::get<KeysStep>(script.value().steps[3])), "I");
    EXPECT_EQ(keys_of(std::get<KeysStep>(script.value().steps[4])), "shift+I");
    EXPECT_EQ(describe_step(script.value(), 1), "step 2 (rotate)");
    EXPECT_EQ(describe_step(script.value(), 2), "step 3 (grab)");
    EXPECT_EQ(describe_step(script.value(), 4), "step 5 (snap)");
    const struct {
        const char* text;
        const char* expected;
    } bad[] = {
        {R"({"steps": [{"rotate": {"by": 5, "axis": "w"}}]})", "steps[0].rotate.axis: expected \"x\", \"y\" or \"z\", got \"w\""},
        {R"({"steps": [{"rotate": {"by": 5, "local": true}}]})", "steps[0].rotate.local: a local axis needs \"axis\""},
        {R"({"steps": [{"rotate": {"axis": "x"}}]})", "steps[0].rotate"},
        {R"({"steps": [{"grab": 1e12}]})", "steps[0].grab: must be less than 1e9"},
        {R"({"steps": [{"snap": "both"}]})", "steps[0].snap: expected \"fk_to_ik\" or \"ik_to_fk\", got \"both\""},
    };
    for (const auto& b : bad) {
        const auto r = parse_input_script(b.text);
        ASSERT_FALSE(r.ok()) << b.text;
        EXPECT_NE(r.message().find(b.expected), std::string::npos) << r.message();
    }
}

TEST(InputScript, AScriptRunsAnHourAtMost) {
    // 999,999,999 is below 1e9, though a float rounds it to 1e9.
    const auto largest = parse_input_script(R"({"steps": [{"rotate": 999999999}]})");
    ASSERT_TRUE(largest.ok()) << largest.message();
    EXPECT_EQ(keys_of(std::get<KeysStep>(largest.value().steps[0])), "R 9 9 9 9 9 9 9 9 9 Return");
    const auto steps = [](std::size_t n, const std::string& one) {
        std::string text = R"({"steps": [)";
        for (std::size_t i = 0; i < n; ++i) text += (i ? "," : "") + one;
        return text + "]}";
    };
    EXPECT_TRUE(parse_input_script(steps(kMaxScriptSteps, R"({"wait": 1})")).ok());
    const auto many = parse_input_script(steps(20'000, R"({"wait": 1})"));
    ASSERT_FALSE(many.ok());
    EXPECT_EQ(many.message(), "steps: 20,000 steps; a script has at most 10,000");
    // Waits and drags take their frames: three waits of 100,000 pass the hour at the third.
    const auto long_waits = parse_input_script(steps(3, R"({"wait": 100000})"));
    ASSERT_FALSE(long_waits.ok());
    EXPECT_EQ(long_waits.message(),
              "steps[2]: the script's steps so far take 300,003 frames; a script runs at most 216,000 (an hour at 60 Hz)");
    const auto long_drags = parse_input_script(steps(2, R"({"drag": {"from": [0, 0], "to": [1, 1], "moves": 200000}})"));
    ASSERT_FALSE(long_drags.ok());
    EXPECT_NE(long_drags.message().find("steps[1]: the script's steps so far take 400,002 frames"), std::string::npos)
        << long_drags.message();
}

TEST(InputScript, APoseStepClicksThePoseMenuThenItsItem) {
    const auto script = parse_input_script(R"({"steps": [{"pose": "flip"}, {"pose": "paste flipped"}, {"pose": "mirror editing"}]})");
    ASSERT_TRUE(script.ok()) << script.message();
    EXPECT_EQ(std::get<MenuStep>(script.value().steps[0]).marks, (std::vector<std::string>{"toolbar/pose", "mirror/flip"}));
    EXPECT_EQ(std::get<MenuStep>(script.value().steps[1]).marks, (std::vector<std::string>{"toolbar/pose", "pose/paste flipped"}));
    EXPECT_EQ(std::get<MenuStep>(script.value().steps[2]).marks, (std::vector<std::string>{"toolbar/pose", "mirror/editing"}));
    EXPECT_EQ(describe_step(script.value(), 2), "step 3 (pose)");
    const auto bad = parse_input_script(R"({"steps": [{"pose": "twist"}]})");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("steps[0].pose: expected \"copy\""), std::string::npos) << bad.message();
}
