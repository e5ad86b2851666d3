#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "editor/viewport/camera_test_states.hpp"
#include "editor/viewport/view_camera.hpp"

using namespace marionette;
using marionette::testing::cameras_2d;
using marionette::testing::cameras_3d;

TEST(ViewCameraJson, RoundTripIsExact) {
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (const ViewCamera& c : cams) {
            const Json j = c.to_json();
            const auto back = ViewCamera::from_json(Json::parse(j.dump()), c.is_2d());
            ASSERT_TRUE(back.ok()) << back.message();
            const ViewCamera& r = back.value();
            EXPECT_EQ(r.target(), c.target());
            EXPECT_EQ(r.pixels_per_unit(), c.pixels_per_unit());
            if (!c.is_2d()) {
                EXPECT_EQ(r.yaw(), c.yaw());
                EXPECT_EQ(r.pitch(), c.pitch());
                EXPECT_EQ(r.distance(), c.distance());
            }
            EXPECT_EQ(r.to_json(), j);
        }
    }
    EXPECT_EQ(cameras_2d()[1].to_json().dump(), R"({"center":[123.5,-40],"pixels_per_unit":2.5})");
}

namespace {

std::string error_of(const Json& j, bool is_2d) {
    const auto r = ViewCamera::from_json(j, is_2d);
    return r.ok() ? std::string("(no error)") : r.message();
}

void expect_error(const Json& j, bool is_2d, const std::string& expected) {
    const std::string message = error_of(j, is_2d);
    EXPECT_NE(message.find(expected), std::string::npos) << "got: " << message << "\nexpected: " << expected;
}

}  // namespace

TEST(ViewCameraJson, FromJsonNamesTheBadKey) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Json good2 = cameras_2d()[1].to_json();
    const Json good3 = cameras_3d()[1].to_json();

    Json j = good2;
    j.erase("pixels_per_unit");
    expect_error(j, true, "missing required \"pixels_per_unit\"");
    j = good2;
    j["pixels_per_unit"] = nan;
    expect_error(j, true, "pixels_per_unit: must be a finite number");
    j = good2;
    j["pixels_per_unit"] = -2;
    expect_error(j, true, "pixels_per_unit: must be > 0, got -2");
    j = good2;
    j["pixels_per_unit"] = 0;
    expect_error(j, true, "pixels_per_unit: must be > 0, got 0");
    j = good2;
    j["center"][1] = nan;
    expect_error(j, true, "center[1]: must be a finite number");
    j = good2;
    j["center"] = Json::array({1, 2, 3});
    expect_error(j, true, "center: expected 2 numbers");
    expect_error(good3, true, "unknown key \"target\"");
    expect_error(Json::array(), true, "expected an object, got array");

    j = good3;
    j.erase("distance");
    expect_error(j, false, "missing required \"distance\"");
    j = good3;
    j["distance"] = -1.5;
    expect_error(j, false, "distance: must be > 0, got -1.5");
    j = good3;
    j["yaw"] = nan;
    expect_error(j, false, "yaw: must be a finite number");
    j = good3;
    j["pitch"] = 120;
    expect_error(j, false, "pitch: must be between -90 and 90 degrees, got 120");
    j = good3;
    j["target"] = "origin";
    expect_error(j, false, "target: expected an array, got string");
    // Numbers a float holds but a view does not: refused where read, as the rig's own.
    j = good3;
    j["target"][2] = 1e30;
    expect_error(j, false, "target[2]: must be between -1e15 and 1e15, got 1e+30");
    j = good2;
    j["center"][0] = -3e38;
    expect_error(j, true, "center[0]: must be between -1e15 and 1e15");
    j = good3;
    j["yaw"] = 1e20;
    expect_error(j, false, "yaw: must be between -36000 and 36000 degrees, got 1e+20");
}

TEST(ViewCameraJson, FromJsonWrapsYawAndClampsAPolarPitch) {
    const Json j = {{"target", {0, 0, 0}}, {"yaw", 270}, {"pitch", 90}, {"distance", 2}};
    const auto r = ViewCamera::from_json(j, false);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_NEAR(r.value().yaw(), -3.14159265358979f / 2.0f, 1e-6f);
    EXPECT_EQ(r.value().pitch(), ViewCamera::kPitchLimit);
}
