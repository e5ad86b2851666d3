#include "editor/viewport/grid_plan.hpp"

#include <algorithm>
#include <cmath>

namespace marionette {

GridPlan plan_grid(const ViewCamera& camera, const Viewport& viewport) {
    GridPlan plan;
    const glm::vec3 focus = camera.is_2d() ? glm::vec3{camera.center(), 0.0f} : camera.target();
    const float per_point = std::max(camera.world_per_pixel_at(focus, viewport), 1e-12f);
    const float finest = kGridFinestPoints * per_point;
    plan.spacing = std::pow(10.0f, std::ceil(std::log10(finest)));
    const float shown = per_point * std::max(viewport.width, viewport.height);
    if (camera.is_2d()) {
        plan.center = camera.center();
        plan.extent = shown;  // the whole view, whatever its shape
    } else {
        // Far enough that the fade, not the quad's edge, ends it.
        plan.center = {focus.x, focus.z};
        plan.extent = 4.0f * shown;
        plan.fade_from = 1.5f * shown;
        plan.fade_to = plan.extent;
    }
    return plan;
}

}  // namespace marionette
