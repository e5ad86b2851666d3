#include "editor/viewport/grid_plan.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace marionette;

namespace {

const Viewport kView{0.0f, 0.0f, 800.0f, 600.0f};

// The finest lines' spacing on screen, in points, at the view's focus.
float finest_points(const ViewCamera& camera, const GridPlan& plan) {
    const glm::vec3 focus = camera.is_2d() ? glm::vec3{camera.center(), 0.0f} : camera.target();
    return plan.spacing / camera.world_per_pixel_at(focus, kView);
}

bool is_power_of_ten(float v) {
    const float e = std::log10(v);
    return std::abs(e - std::round(e)) < 1e-4f;
}

}  // namespace

TEST(GridPlan, TheFinestLinesAreAPowerOfTenFromFadedToTenTimesThat) {
    // Zooming through six decades, the spacing is always a power of ten whose cells are between
    // kGridFinestPoints (faded out: the step to the next power changes nothing) and ten times it.
    for (const bool is_2d : {true, false}) {
        ViewCamera camera = is_2d ? ViewCamera::for_2d() : ViewCamera::for_3d();
        for (int step = 0; step < 120; ++step) {
            const float zoom = std::pow(10.0f, -3.0f + 6.0f * static_cast<float>(step) / 120.0f);
            if (is_2d) {
                camera.set_pixels_per_unit(zoom);
            } else {
                camera.set_distance(1.0f / zoom);
            }
            const GridPlan plan = plan_grid(camera, kView);
            EXPECT_TRUE(is_power_of_ten(plan.spacing)) << plan.spacing;
            const float cell = finest_points(camera, plan);
            EXPECT_GE(cell, kGridFinestPoints * 0.999f) << "zoom " << zoom;
            EXPECT_LT(cell, 10.0f * kGridFinestPoints * 1.001f) << "zoom " << zoom;
        }
    }
}

TEST(GridPlan, TwoDimensionalGridsCoverTheViewWithoutFading) {
    ViewCamera camera = ViewCamera::for_2d();
    camera.set_center({120.0f, -40.0f});
    camera.set_pixels_per_unit(2.0f);
    const GridPlan plan = plan_grid(camera, kView);
    EXPECT_EQ(plan.center, glm::vec2(120.0f, -40.0f));
    // Half of the view's longer side is 200 units: the quad reaches past every corner.
    EXPECT_GE(plan.extent, std::hypot(200.0f, 150.0f));
    EXPECT_EQ(plan.fade_to, 0.0f);
}

TEST(GridPlan, ThreeDimensionalGridsFadeOutBeforeTheirEdge) {
    ViewCamera camera = ViewCamera::for_3d();
    camera.set_target({3.0f, 1.0f, -2.0f});
    const GridPlan plan = plan_grid(camera, kView);
    EXPECT_EQ(plan.center, glm::vec2(3.0f, -2.0f)) << "under the focus, on the ground";
    EXPECT_GT(plan.fade_from, 0.0f);
    EXPECT_GT(plan.fade_to, plan.fade_from);
    EXPECT_LE(plan.fade_to, plan.extent) << "faded to nothing by the quad's edge, which never shows";
}
