// The viewport's layers in a rig file's editor data: written and read back, and a file's odd
// editor data (never refused) leaving the defaults.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "editor/ui/view_layers.hpp"

using namespace marionette;

TEST(ViewLayers, ComeBackAsTheyWereSaved) {
    for (const bool meshes : {false, true}) {
        for (const bool xray : {false, true}) {
            const ViewLayers layers{meshes, xray};
            EXPECT_EQ(ViewLayers::from_editor_data(Json{{"camera", Json::object()}, {"layers", layers.to_json()}}), layers);
        }
    }
}

TEST(ViewLayers, WhatTheEditorDataLeavesOutOrGetsWrongKeepsItsDefault) {
    const ViewLayers defaults;
    EXPECT_TRUE(defaults.meshes);
    EXPECT_TRUE(defaults.xray);
    for (const char* text :
         {R"(null)", R"([])", R"({})", R"({"layers": 3})", R"({"layers": {"xray": "no", "meshes": 0}})", R"({"layers": {"xray": null}})"}) {
        EXPECT_EQ(ViewLayers::from_editor_data(Json::parse(text)), defaults) << text;
    }
    const ViewLayers half = ViewLayers::from_editor_data(Json::parse(R"({"layers": {"xray": false, "other": 1}})"));
    EXPECT_TRUE(half.meshes);
    EXPECT_FALSE(half.xray);
}
