#pragma once
// The editor's camera, for one rig dimension chosen at construction.
//
// 2D: orthographic, looking down -z at the z = 0 plane, x right and y up on screen; the state
// is the world point at the viewport's center and the zoom in pixels per world unit.
// 3D: perspective (40 degrees vertical field of view), orbiting a target point. yaw and pitch
// place the eye: yaw 0 pitch 0 puts it on the target's +z side looking along -z, at the rig's
// front (rigs face +z); positive yaw swings the eye toward +x, positive pitch raises it.
//
// Both share one frame: `right`, `up`, `back` (the view looks along -back) and an eye. In 2D the
// eye sits on the plane z = kEyeHeight2d, above everything a 2D rig holds.
// Depth, everywhere, is the distance in world units from the eye along the view direction
// (view-space -z); smaller is nearer. Pixels are in Viewport coordinates (y down).

#include <optional>

#include <glm/glm.hpp>

#include "core/base/result.hpp"
#include "core/io/json/json_fwd.hpp"
#include "editor/viewport/bounding_box.hpp"
#include "editor/viewport/viewport.hpp"

namespace marionette {

struct ScreenPoint {
    glm::vec2 pixel{0.0f};
    float depth = 0.0f;
    // At or beyond the near plane: drawn, and its pixel means something. A point behind the eye
    // still gets a (mirrored) pixel, which callers must not use.
    bool in_front = false;
};

struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f};  // unit length
};

class ViewCamera {
public:
    enum class View { Front, Side, Top };

    static constexpr float kFieldOfViewY = 0.6981317f;  // 40 degrees
    static constexpr float kPitchLimit = 1.5690509f;    // 89.9 degrees: the eye never reaches a pole
    static constexpr float kEyeHeight2d = 10000.0f;
    static constexpr float kMinPixelsPerUnit = 1e-4f;
    static constexpr float kMaxPixelsPerUnit = 1e6f;
    static constexpr float kMinDistance = 1e-4f;
    static constexpr float kMaxDistance = 1e7f;
    static constexpr float kOrbitRadiansPerPixel = 0.01f;
    // Framing leaves this much room: the framed content spans 1 / kFrameMargin of the view.
    static constexpr float kFrameMargin = 1.2f;

    static ViewCamera for_2d();
    static ViewCamera for_3d();

    bool is_2d() const { return is_2d_; }

    // 2D state. The setters clamp the zoom into [kMinPixelsPerUnit, kMaxPixelsPerUnit].
    glm::vec2 center() const { return {target_.x, target_.y}; }
    float pixels_per_unit() const { return pixels_per_unit_; }
    void set_center(glm::vec2 center);
    void set_pixels_per_unit(float pixels_per_unit);

    // 3D state, angles in radians. Pitch is clamped to +-kPitchLimit, yaw wrapped into
    // [-pi, pi], distance clamped into [kMinDistance, kMaxDistance].
    glm::vec3 target() const { return target_; }
    float yaw() const { return yaw_; }
    float pitch() const { return pitch_; }
    float distance() const { return distance_; }
    void set_target(const glm::vec3& target);
    void set_orbit(float yaw, float pitch);
    void set_distance(float distance);

    // The content follows the mouse: a point at the target's depth (any point in 2D) moves on
    // screen by exactly `delta_pixels`.
    void pan_pixels(glm::vec2 delta_pixels, const Viewport& viewport);
    // factor > 1 zooms in (2D: more pixels per unit; 3D: the eye moves closer). A factor that
    // is not finite and positive changes nothing.
    void zoom(float factor);
    // Zoom keeping the world point under `pixel` where it is on screen (3D: the point at the
    // target's depth).
    void zoom_at(glm::vec2 pixel, float factor, const Viewport& viewport);
    // 3D only (2D: no effect). Dragging right swings the eye left so the rig turns with the
    // mouse; dragging down raises the eye.
    void orbit_pixels(glm::vec2 delta_pixels);
    // 3D only (2D: no effect). Front looks along -z, Side from +x along -x, Top down -y (as far
    // as kPitchLimit allows). Target and distance are kept.
    void set_view(View view);
    // Fits the box in the viewport with kFrameMargin around it. 3D keeps the view direction.
    // An empty viewport changes nothing.
    void frame(const BoundingBox& bounds, const Viewport& viewport);
    // The viewport changed size (the window was resized): what `before` showed stays in view,
    // about the same centre, fitted to `after` (zoomed out when it is narrower or shorter, as
    // much zoomed in as it grew both ways). Nothing when either is empty.
    void keep_in_view(const Viewport& before, const Viewport& after);

    glm::vec3 eye() const;
    glm::vec3 right() const;
    glm::vec3 up() const;
    glm::vec3 view_direction() const;
    float near_plane() const;
    float far_plane() const;

    // OpenGL conventions (clip z in [-1, 1]), matching project() exactly.
    glm::mat4 view_matrix() const;
    glm::mat4 projection_matrix(const Viewport& viewport) const;
    glm::mat4 view_projection(const Viewport& viewport) const;

    ScreenPoint project(const glm::vec3& world, const Viewport& viewport) const;
    // Everything that projects onto `pixel`: from the eye (2D: from the eye plane) along the
    // view, so every visible point lies at a positive distance along it.
    Ray ray(glm::vec2 pixel, const Viewport& viewport) const;
    // The point of the plane under `pixel`; nullopt when the ray runs parallel to the plane or
    // meets it in front of the near plane (behind the camera).
    std::optional<glm::vec3> point_on_plane(glm::vec2 pixel, const Viewport& viewport, const glm::vec3& plane_point,
                                            const glm::vec3& plane_normal) const;
    // The world size of one pixel at `world`'s depth (clamped to the near plane): for handle
    // sizes and pick tolerances. 2D: 1 / pixels_per_unit.
    float world_per_pixel_at(const glm::vec3& world, const Viewport& viewport) const;

    // 2D: {"center": [x, y], "pixels_per_unit": p}. 3D: {"target": [x, y, z], "yaw": degrees,
    // "pitch": degrees, "distance": d}. Numbers read back as the same floats.
    Json to_json() const;
    // Errors name the key: `pixels_per_unit: must be > 0, got -2`. Unknown keys are errors, so a
    // 3D camera given to a 2D rig is reported rather than half read.
    static Result<ViewCamera> from_json(const Json& json, bool is_2d);

private:
    explicit ViewCamera(bool is_2d) : is_2d_(is_2d) {}

    glm::vec3 back() const;
    // Positions relative to the eye, which is where the precision is: see from_eye().
    glm::vec3 from_eye(const glm::vec3& world) const;
    Ray ray_from_eye(glm::vec2 pixel, const Viewport& viewport) const;
    // Pixels per world unit at depth 1 (3D) or anywhere (2D).
    float focal_pixels(const Viewport& viewport) const;
    float world_per_pixel_at_target(const Viewport& viewport) const;
    // The world offset, in the plane through the target facing the eye, of the point under
    // `pixel` from the target.
    glm::vec3 offset_at_target_depth(glm::vec2 pixel, const Viewport& viewport) const;

    bool is_2d_;
    glm::vec3 target_{0.0f};  // 2D: the center, z = 0
    float pixels_per_unit_ = 1.0f;
    float yaw_ = 0.0f;
    float pitch_ = 0.0f;
    float distance_ = 5.0f;
};

}  // namespace marionette
