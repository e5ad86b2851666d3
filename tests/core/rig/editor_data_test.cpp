// A rig's editor data is a value: copies are independent, and no data equals an empty object,
// so rigs with the same data compare equal however it came to be held.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/rig/editor_data.hpp"
#include "core/rig/rig.hpp"

using namespace marionette;

TEST(EditorData, NoneReadsAsAnEmptyObject) {
    const EditorData none;
    EXPECT_TRUE(none.empty());
    EXPECT_EQ(none.json(), Json::object());
    EXPECT_EQ(none, EditorData(Json::object()));
    EXPECT_TRUE(EditorData(Json::object()).empty());
}

TEST(EditorData, ARigWhoseDataWasOnlyLookedAtEqualsOneWithout) {
    Rig touched;
    EXPECT_FALSE(touched.editor.json().contains("camera"));  // the changing accessor makes a value
    EXPECT_EQ(touched, Rig{});
}

TEST(EditorData, CopiesAreIndependent) {
    EditorData a(Json{{"camera", {{"pixels_per_unit", 2}}}});
    EXPECT_FALSE(a.empty());
    EditorData b = a;
    EXPECT_EQ(a, b);
    b.json()["camera"]["pixels_per_unit"] = 3;
    EXPECT_NE(a, b);
    EXPECT_EQ(a.json()["camera"]["pixels_per_unit"], 2);
    b = a;
    EXPECT_EQ(b.json()["camera"]["pixels_per_unit"], 2);
    const EditorData& same = b;
    b = same;  // assigned to itself: kept
    EXPECT_EQ(b, a);
}

TEST(EditorData, AMoveTakesTheValue) {
    EditorData a(Json{{"notes", "x"}});
    EditorData b = std::move(a);
    EXPECT_EQ(b.json()["notes"], "x");
    EditorData c;
    c = std::move(b);
    EXPECT_EQ(c.json()["notes"], "x");
}
