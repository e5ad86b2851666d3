#include "editor/viewport/view_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "core/math/rotation_math.hpp"
#include "core/math/transform.hpp"

namespace marionette {

namespace {

// Near and far planes of the 3D view, relative to the orbit distance: the near plane stays
// in front of anything framed (frame() puts the eye >= 2.9 radii away) while the depth buffer
// keeps its precision.
constexpr float kNearPerDistance = 0.01f;
constexpr float kFarPerDistance = 1000.0f;

bool positive_finite(float v) { return std::isfinite(v) && v > 0.0f; }

// A minimised window has no height; one pixel keeps the projection finite until it returns.
float usable_height(const Viewport& viewport) { return viewport.empty() ? 1.0f : viewport.height; }
float usable_width(const Viewport& viewport) { return viewport.empty() ? 1.0f : viewport.width; }

}  // namespace

ViewCamera ViewCamera::for_2d() { return ViewCamera(true); }

ViewCamera ViewCamera::for_3d() {
    ViewCamera camera(false);
    // Three-quarter view from the front-right, a little above: shows depth from the start.
    camera.set_orbit(30.0f * kPi / 180.0f, 15.0f * kPi / 180.0f);
    return camera;
}

void ViewCamera::set_center(glm::vec2 center) {
    if (std::isfinite(center.x) && std::isfinite(center.y)) target_ = {center, 0.0f};
}

void ViewCamera::set_pixels_per_unit(float pixels_per_unit) {
    if (positive_finite(pixels_per_unit)) {
        pixels_per_unit_ = std::clamp(pixels_per_unit, kMinPixelsPerUnit, kMaxPixelsPerUnit);
    }
}

void ViewCamera::set_target(const glm::vec3& target) {
    if (is_finite(target)) target_ = target;
}

void ViewCamera::set_orbit(float yaw, float pitch) {
    if (!std::isfinite(yaw) || !std::isfinite(pitch)) return;
    // Wrapped so that hours of orbiting do not erode the angle's precision.
    yaw_ = std::remainder(yaw, 2.0f * kPi);
    pitch_ = std::clamp(pitch, -kPitchLimit, kPitchLimit);
}

void ViewCamera::set_distance(float distance) {
    if (positive_finite(distance)) distance_ = std::clamp(distance, kMinDistance, kMaxDistance);
}

glm::vec3 ViewCamera::back() const {
    if (is_2d_) return {0.0f, 0.0f, 1.0f};
    const float cp = std::cos(pitch_);
    return {std::sin(yaw_) * cp, std::sin(pitch_), std::cos(yaw_) * cp};
}

// From yaw alone, not from a world up vector: stays defined and continuous at any pitch.
glm::vec3 ViewCamera::right() const {
    if (is_2d_) return {1.0f, 0.0f, 0.0f};
    return {std::cos(yaw_), 0.0f, -std::sin(yaw_)};
}

glm::vec3 ViewCamera::up() const { return glm::cross(back(), right()); }

glm::vec3 ViewCamera::view_direction() const { return -back(); }

glm::vec3 ViewCamera::eye() const {
    if (is_2d_) return {target_.x, target_.y, kEyeHeight2d};
    return target_ + back() * distance_;
}

// Through the target, not through eye(): points near the target (all of a framed rig) keep
// their precision however small the orbit distance is next to their coordinates.
glm::vec3 ViewCamera::from_eye(const glm::vec3& world) const {
    if (is_2d_) return world - eye();
    return (world - target_) - back() * distance_;
}

float ViewCamera::near_plane() const { return is_2d_ ? 0.0f : distance_ * kNearPerDistance; }

float ViewCamera::far_plane() const { return is_2d_ ? 2.0f * kEyeHeight2d : distance_ * kFarPerDistance; }

float ViewCamera::focal_pixels(const Viewport& viewport) const {
    if (is_2d_) return pixels_per_unit_;
    return 0.5f * usable_height(viewport) / std::tan(0.5f * kFieldOfViewY);
}

float ViewCamera::world_per_pixel_at_target(const Viewport& viewport) const {
    return is_2d_ ? 1.0f / pixels_per_unit_ : distance_ / focal_pixels(viewport);
}

glm::vec3 ViewCamera::offset_at_target_depth(glm::vec2 pixel, const Viewport& viewport) const {
    const glm::vec2 o = (pixel - viewport.center()) * world_per_pixel_at_target(viewport);
    return right() * o.x - up() * o.y;  // pixel y runs down, world up runs up
}

void ViewCamera::pan_pixels(glm::vec2 delta_pixels, const Viewport& viewport) {
    if (!std::isfinite(delta_pixels.x) || !std::isfinite(delta_pixels.y)) return;
    // Moving the camera against the drag moves the content with it.
    const glm::vec3 moved = target_ - offset_at_target_depth(viewport.center() + delta_pixels, viewport);
    if (is_finite(moved)) target_ = moved;
}

void ViewCamera::keep_in_view(const Viewport& before, const Viewport& after) {
    if (before.empty() || after.empty()) return;
    // The world shown is width x height times the world a pixel holds; the new one holds the
    // old whole: a pixel must hold the larger of the two axes' ratios. A 3D pixel's share at
    // the target is the distance over the viewport's height, so its height alone keeps the
    // view's height: only a narrower shape takes a longer distance.
    const float wider = after.width / before.width, taller = after.height / before.height;
    if (is_2d_) {
        set_pixels_per_unit(pixels_per_unit_ * std::min(wider, taller));
    } else {
        set_distance(distance_ * std::max(1.0f, taller / wider));
    }
}

void ViewCamera::zoom(float factor) {
    if (!positive_finite(factor)) return;
    if (is_2d_) {
        set_pixels_per_unit(pixels_per_unit_ * factor);
    } else {
        set_distance(distance_ / factor);
    }
}

void ViewCamera::zoom_at(glm::vec2 pixel, float factor, const Viewport& viewport) {
    if (!positive_finite(factor) || !std::isfinite(pixel.x) || !std::isfinite(pixel.y)) return;
    const float before = world_per_pixel_at_target(viewport);
    const glm::vec3 offset = offset_at_target_depth(pixel, viewport);
    zoom(factor);
    // The grabbed point must stay |offset| / before pixels from the center; at the new scale
    // (the ratio actually applied, after clamping) that is offset * ratio from the target, so
    // the target moves by the rest.
    const float ratio = world_per_pixel_at_target(viewport) / before;
    target_ += offset * (1.0f - ratio);
}

void ViewCamera::orbit_pixels(glm::vec2 delta_pixels) {
    if (is_2d_) return;
    set_orbit(yaw_ - delta_pixels.x * kOrbitRadiansPerPixel, pitch_ + delta_pixels.y * kOrbitRadiansPerPixel);
}

void ViewCamera::set_view(View view) {
    if (is_2d_) return;
    switch (view) {
        case View::Front: set_orbit(0.0f, 0.0f); break;
        case View::Side: set_orbit(0.5f * kPi, 0.0f); break;
        case View::Top: set_orbit(0.0f, kPitchLimit); break;
    }
}

void ViewCamera::frame(const BoundingBox& bounds, const Viewport& viewport) {
    if (viewport.empty() || !is_finite(bounds.min) || !is_finite(bounds.max)) return;
    const glm::vec3 size = glm::max(bounds.size(), glm::vec3{1e-6f});  // a single point still frames
    if (is_2d_) {
        set_center({bounds.center().x, bounds.center().y});
        set_pixels_per_unit(std::min(viewport.width / size.x, viewport.height / size.y) / kFrameMargin);
        return;
    }
    set_target(bounds.center());
    // The box lies inside its bounding sphere, and a sphere seen from `d` fills a cone of
    // half-angle asin(radius / d); that cone must fit the narrower of the two fields of view.
    const float tan_half_y = std::tan(0.5f * kFieldOfViewY);
    const float half_fit = std::min(std::atan(tan_half_y), std::atan(tan_half_y * viewport.aspect()));
    const float radius = 0.5f * glm::length(size) * kFrameMargin;
    set_distance(radius / std::sin(half_fit));
}

glm::mat4 ViewCamera::view_matrix() const {
    const glm::vec3 r = right();
    const glm::vec3 u = up();
    const glm::vec3 b = back();
    const glm::vec3 e = eye();
    glm::mat4 m{1.0f};  // column-major: m[column][row]
    for (int i = 0; i < 3; ++i) {
        m[i][0] = r[i];
        m[i][1] = u[i];
        m[i][2] = b[i];
    }
    m[3][0] = -glm::dot(r, e);
    m[3][1] = -glm::dot(u, e);
    m[3][2] = -glm::dot(b, e);
    return m;
}

glm::mat4 ViewCamera::projection_matrix(const Viewport& viewport) const {
    if (is_2d_) {
        const float half_w = 0.5f * usable_width(viewport) / pixels_per_unit_;
        const float half_h = 0.5f * usable_height(viewport) / pixels_per_unit_;
        return glm::ortho(-half_w, half_w, -half_h, half_h, near_plane(), far_plane());
    }
    return glm::perspective(kFieldOfViewY, viewport.aspect(), near_plane(), far_plane());
}

glm::mat4 ViewCamera::view_projection(const Viewport& viewport) const { return projection_matrix(viewport) * view_matrix(); }

ScreenPoint ViewCamera::project(const glm::vec3& world, const Viewport& viewport) const {
    const glm::vec3 d = from_eye(world);
    const glm::vec2 in_plane{glm::dot(d, right()), glm::dot(d, up())};
    ScreenPoint out;
    out.depth = -glm::dot(d, back());
    out.in_front = out.depth >= near_plane();
    float scale = focal_pixels(viewport);
    if (!is_2d_) scale = out.depth != 0.0f ? scale / out.depth : 0.0f;
    out.pixel = viewport.center() + glm::vec2{in_plane.x, -in_plane.y} * scale;
    return out;
}

Ray ViewCamera::ray_from_eye(glm::vec2 pixel, const Viewport& viewport) const {
    const glm::vec2 o = (pixel - viewport.center()) / focal_pixels(viewport);
    const glm::vec3 across = right() * o.x - up() * o.y;  // pixel y runs down
    if (is_2d_) return {across, -back()};
    return {glm::vec3{0.0f}, glm::normalize(across - back())};
}

Ray ViewCamera::ray(glm::vec2 pixel, const Viewport& viewport) const {
    const Ray r = ray_from_eye(pixel, viewport);
    return {eye() + r.origin, r.direction};
}

std::optional<glm::vec3> ViewCamera::point_on_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& plane_point,
                                                    const glm::vec3& plane_normal) const {
    const Ray r = ray_from_eye(pixel, viewport);
    const float denom = glm::dot(r.direction, plane_normal);
    // Grazing rays meet the plane so far away that the point means nothing.
    if (!(std::fabs(denom) > 1e-6f * glm::length(plane_normal))) return std::nullopt;
    const float t = glm::dot(from_eye(plane_point) - r.origin, plane_normal) / denom;
    const float depth = t * glm::dot(r.direction, view_direction());
    if (!(depth >= near_plane())) return std::nullopt;  // also refuses NaN
    const glm::vec3 hit = r.origin + r.direction * t;
    // Back to the world through the target, as in from_eye().
    if (is_2d_) return eye() + hit;
    return target_ + (hit + back() * distance_);
}

float ViewCamera::world_per_pixel_at(const glm::vec3& world, const Viewport& viewport) const {
    if (is_2d_) return 1.0f / pixels_per_unit_;
    const float depth = std::max(-glm::dot(from_eye(world), back()), near_plane());
    return depth / focal_pixels(viewport);
}

}  // namespace marionette
