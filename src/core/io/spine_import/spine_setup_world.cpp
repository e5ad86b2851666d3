#include "core/io/spine_import/spine_setup_world.hpp"

#include <cmath>

namespace marionette {

namespace {

// A bone's own axes: x turned by rotation + shearX, y by rotation + 90 + shearY, each scaled.
glm::dmat2 local_axes(double rotation, double scale_x, double scale_y, double shear_x, double shear_y) {
    const double ax = (rotation + shear_x) * kSpineRadiansPerDegree;
    const double ay = (rotation + 90.0 + shear_y) * kSpineRadiansPerDegree;
    return glm::dmat2(glm::dvec2(std::cos(ax), std::sin(ax)) * scale_x, glm::dvec2(std::cos(ay), std::sin(ay)) * scale_y);
}

}  // namespace

SpineWorld spine_child_world(const SpineWorld& parent, SpineInherit inherit, double x, double y, double rotation, double scale_x,
                             double scale_y, double shear_x, double shear_y) {
    SpineWorld w;
    // The joint always follows the parent's whole frame.
    w.position = parent.position + parent.axes * glm::dvec2(x, y);
    const glm::dvec2 px = parent.axes[0];
    const glm::dvec2 py = parent.axes[1];
    switch (inherit) {
        case SpineInherit::Normal: w.axes = parent.axes * local_axes(rotation, scale_x, scale_y, shear_x, shear_y); break;
        case SpineInherit::OnlyTranslation: w.axes = local_axes(rotation, scale_x, scale_y, shear_x, shear_y); break;
        case SpineInherit::NoRotationOrReflection: {
            // The parent's scale without its turn or mirror: its x axis kept, its y axis made
            // square to x with the length that keeps the parent's area; the bone then turned
            // back by the x axis's angle so the parent's rotation cancels.
            const double x_length_squared = glm::dot(px, px);
            glm::dmat2 kept(0.0);
            double turn = 0.0;
            if (x_length_squared > 1e-4) {
                const double k = std::abs(cross_2d(px, py)) / x_length_squared;
                kept = glm::dmat2(px, glm::dvec2(-px.y, px.x) * k);
                turn = std::atan2(px.y, px.x) / kSpineRadiansPerDegree;
            } else {
                // An x axis of (nearly) nothing: only the y axis says anything (its x mirrored,
                // as Spine's runtimes take it).
                kept = glm::dmat2(glm::dvec2(0.0), glm::dvec2(-py.x, py.y));
                turn = 90.0 - std::atan2(py.y, py.x) / kSpineRadiansPerDegree;
            }
            w.axes = kept * local_axes(rotation - turn, scale_x, scale_y, shear_x, shear_y);
            break;
        }
        case SpineInherit::NoScale:
        case SpineInherit::NoScaleOrReflection: {
            // The direction the parent's frame takes the bone's rotation to, at unit length,
            // with a square frame about it (mirrored with a mirrored parent under noScale).
            const double r = rotation * kSpineRadiansPerDegree;
            glm::dvec2 along = px * std::cos(r) + py * std::sin(r);
            const double length = glm::length(along);
            if (length > 1e-5) along /= length;
            double side = glm::length(along);
            if (inherit == SpineInherit::NoScale && cross_2d(px, py) < 0.0) side = -side;
            const glm::dvec2 across = glm::dvec2(-along.y, along.x) * side;
            w.axes = glm::dmat2(along, across) * local_axes(0.0, scale_x, scale_y, shear_x, shear_y);
            break;
        }
    }
    return w;
}

SpineRigidFrame spine_rigid_frame(const SpineWorld& w, double fallback_angle) {
    SpineRigidFrame f;
    f.position = w.position;
    const glm::dvec2 x = w.axes[0];
    const glm::dvec2 y = w.axes[1];
    f.scale.x = glm::length(x);
    f.angle = f.scale.x > kSpineNoScale ? std::atan2(x.y, x.x) : fallback_angle;
    const double det = cross_2d(x, y);
    f.scale.y = f.scale.x > kSpineNoScale ? std::abs(det) / f.scale.x : glm::length(y);
    f.mirrored = det < 0.0;
    if (f.scale.x > kSpineNoScale && glm::length(y) > kSpineNoScale) {
        const double between = std::atan2(std::abs(det), glm::dot(x, y)) / kSpineRadiansPerDegree;
        f.skew = std::abs(90.0 - between);
    }
    return f;
}

std::vector<SpineLocal> spine_setup_locals(const std::vector<SpineBoneData>& bones) {
    std::vector<SpineLocal> locals(bones.size());
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const SpineBoneData& b = bones[i];
        locals[i] = SpineLocal{b.x, b.y, b.rotation, b.scale_x, b.scale_y, b.shear_x, b.shear_y};
    }
    return locals;
}

SpineWorld spine_bone_world(const std::vector<SpineBoneData>& bones, const std::vector<SpineLocal>& locals,
                            const std::vector<SpineWorld>& world, std::size_t i) {
    const SpineBoneData& b = bones[i];
    const SpineLocal& l = locals[i];
    if (b.parent < 0)
        return spine_child_world(SpineWorld{}, SpineInherit::Normal, l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y);
    return spine_child_world(world[std::size_t(b.parent)], b.inherit, l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y);
}

std::vector<SpineWorld> spine_world(const std::vector<SpineBoneData>& bones, const std::vector<SpineLocal>& locals) {
    std::vector<SpineWorld> world(bones.size());
    for (std::size_t i = 0; i < world.size() && i < locals.size(); ++i) world[i] = spine_bone_world(bones, locals, world, i);
    return world;
}

}  // namespace marionette
