#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/math/rotation_math.hpp"
#include "editor/viewport/camera_test_states.hpp"
#include "editor/viewport/view_camera.hpp"

using namespace marionette;
using marionette::testing::cameras_2d;
using marionette::testing::cameras_3d;

namespace {

constexpr float kPixelTol = 2e-3f;

// Off the window's origin, wide, tall: a camera that ignores the viewport's offset or aspect
// fails on one of them.
const std::vector<Viewport> kViewports = {
    {0.0f, 0.0f, 800.0f, 600.0f},
    {120.0f, 45.0f, 640.0f, 480.0f},
    {10.0f, 300.0f, 300.0f, 700.0f},
};

// A 7 x 7 grid over the viewport, edges included.
std::vector<glm::vec2> pixels_of(const Viewport& vp) {
    std::vector<glm::vec2> out;
    for (int i = 0; i <= 6; ++i) {
        for (int j = 0; j <= 6; ++j) {
            out.push_back({vp.x + vp.width * static_cast<float>(i) / 6.0f, vp.y + vp.height * static_cast<float>(j) / 6.0f});
        }
    }
    return out;
}

void expect_pixel(glm::vec2 actual, glm::vec2 expected, float tol = kPixelTol) {
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
}

void expect_vec(const glm::vec3& actual, const glm::vec3& expected, float tol) {
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
    EXPECT_NEAR(actual.z, expected.z, tol);
}

}  // namespace

TEST(ViewCamera, Project2DIsCenterPlusScaledOffsetWithYDown) {
    ViewCamera c = ViewCamera::for_2d();
    c.set_center({10.0f, 20.0f});
    c.set_pixels_per_unit(2.0f);
    const Viewport vp{100.0f, 50.0f, 400.0f, 300.0f};  // center pixel (300, 200)
    const ScreenPoint p = c.project({13.0f, 25.0f, 0.0f}, vp);
    expect_pixel(p.pixel, {306.0f, 190.0f}, 1e-4f);  // +x right, +y up the screen
    EXPECT_TRUE(p.in_front);
}

TEST(ViewCamera, PointOnPlaneProjectsBackToItsPixel2D) {
    for (const ViewCamera& c : cameras_2d()) {
        for (const Viewport& vp : kViewports) {
            for (glm::vec2 px : pixels_of(vp)) {
                const auto w = c.point_on_plane(px, vp, {0, 0, 0}, {0, 0, 1});
                ASSERT_TRUE(w.has_value());
                EXPECT_EQ(w->z, 0.0f);
                const ScreenPoint back = c.project(*w, vp);
                EXPECT_TRUE(back.in_front);
                expect_pixel(back.pixel, px);
            }
        }
    }
}

TEST(ViewCamera, PointOnPlaneProjectsBackToItsPixel3D) {
    int ground_hits = 0;
    for (const ViewCamera& c : cameras_3d()) {
        for (const Viewport& vp : kViewports) {
            for (glm::vec2 px : pixels_of(vp)) {
                // The plane through the target facing the eye is always under every pixel.
                const auto facing = c.point_on_plane(px, vp, c.target(), c.view_direction());
                ASSERT_TRUE(facing.has_value());
                const ScreenPoint f = c.project(*facing, vp);
                EXPECT_TRUE(f.in_front);
                EXPECT_NEAR(f.depth, c.distance(), 1e-4f * c.distance());
                expect_pixel(f.pixel, px);
                // The ground (and a tilted plane) only under some.
                for (const glm::vec3& normal : {glm::vec3{0, 1, 0}, glm::normalize(glm::vec3{1, 2, -3})}) {
                    const auto hit = c.point_on_plane(px, vp, {0.0f, -0.5f, 0.0f}, normal);
                    if (!hit) continue;
                    ++ground_hits;
                    const ScreenPoint g = c.project(*hit, vp);
                    EXPECT_TRUE(g.in_front);
                    expect_pixel(g.pixel, px, 1e-2f);
                }
            }
        }
    }
    EXPECT_GT(ground_hits, 200);
}

TEST(ViewCamera, RayPointsAllProjectOntoTheirPixel) {
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (const ViewCamera& c : cams) {
            for (const Viewport& vp : kViewports) {
                for (glm::vec2 px : pixels_of(vp)) {
                    const Ray r = c.ray(px, vp);
                    EXPECT_NEAR(glm::length(r.direction), 1.0f, 1e-5f);
                    for (float t : {0.1f, 1.0f, 7.0f}) {
                        const float along = c.is_2d() ? ViewCamera::kEyeHeight2d * t : c.distance() * t;
                        const ScreenPoint p = c.project(r.origin + r.direction * along, vp);
                        EXPECT_TRUE(p.in_front);
                        EXPECT_NEAR(p.depth, along * glm::dot(r.direction, c.view_direction()), 1e-3f * along);
                        expect_pixel(p.pixel, px, 1e-2f);
                    }
                }
            }
        }
    }
}

TEST(ViewCamera, MatricesAgreeWithProject) {
    const glm::vec3 points[] = {{0.2f, 0.1f, -0.3f}, {1.0f, -2.0f, 0.5f}, {-1.5f, 0.7f, 0.0f}};
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (const ViewCamera& c : cams) {
            for (const Viewport& vp : kViewports) {
                for (glm::vec3 p : points) {
                    if (!c.is_2d()) p = c.target() + p * (0.3f * c.distance());  // in front of the eye
                    const ScreenPoint sp = c.project(p, vp);
                    const glm::vec4 clip = c.view_projection(vp) * glm::vec4(p, 1.0f);
                    const glm::vec2 ndc{clip.x / clip.w, clip.y / clip.w};
                    const glm::vec2 pixel{vp.x + (ndc.x + 1.0f) * 0.5f * vp.width, vp.y + (1.0f - ndc.y) * 0.5f * vp.height};
                    expect_pixel(pixel, sp.pixel, 1e-2f);
                    EXPECT_LT(std::fabs(clip.z / clip.w), 1.0f);  // between near and far
                    const glm::vec4 view = c.view_matrix() * glm::vec4(p, 1.0f);
                    EXPECT_NEAR(-view.z, sp.depth, 1e-3f * std::max(1.0f, sp.depth));
                }
            }
        }
    }
}

TEST(ViewCamera, ZoomAtKeepsTheWorldPointUnderTheCursor) {
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (ViewCamera c : cams) {
            for (const Viewport& vp : kViewports) {
                for (float factor : {1.7f, 0.3f}) {
                    const glm::vec2 cursor{vp.x + 0.8f * vp.width, vp.y + 0.25f * vp.height};
                    const glm::vec3 grabbed = *c.point_on_plane(cursor, vp, c.target(), c.view_direction());
                    const ViewCamera before = c;
                    c.zoom_at(cursor, factor, vp);
                    expect_pixel(c.project(grabbed, vp).pixel, cursor);
                    if (c.is_2d()) {
                        EXPECT_NEAR(c.pixels_per_unit(), before.pixels_per_unit() * factor, 1e-5f * c.pixels_per_unit());
                    } else {
                        EXPECT_NEAR(c.distance(), before.distance() / factor, 1e-5f * c.distance());
                        EXPECT_EQ(c.view_direction(), before.view_direction());
                    }
                }
            }
        }
    }
}

TEST(ViewCamera, ZoomAtStillHoldsTheCursorPointWhenTheZoomIsClamped) {
    ViewCamera c = ViewCamera::for_2d();
    c.set_pixels_per_unit(ViewCamera::kMaxPixelsPerUnit / 2.0f);
    const Viewport vp = kViewports[1];
    const glm::vec2 cursor{vp.x + 10.0f, vp.y + 20.0f};
    const glm::vec3 grabbed = *c.point_on_plane(cursor, vp, {0, 0, 0}, {0, 0, 1});
    c.zoom_at(cursor, 10.0f, vp);
    EXPECT_EQ(c.pixels_per_unit(), ViewCamera::kMaxPixelsPerUnit);
    expect_pixel(c.project(grabbed, vp).pixel, cursor);
}

TEST(ViewCamera, ZoomIgnoresFactorsThatAreNotPositiveAndFinite) {
    for (ViewCamera c : {ViewCamera::for_2d(), ViewCamera::for_3d()}) {
        const Json before = c.to_json();
        for (float bad : {0.0f, -2.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
            c.zoom(bad);
            c.zoom_at({10.0f, 10.0f}, bad, kViewports[0]);
        }
        EXPECT_EQ(c.to_json(), before);
    }
}

TEST(ViewCamera, Pan2DMovesAllContentByExactlyTheMouseDelta) {
    for (ViewCamera c : cameras_2d()) {
        for (const Viewport& vp : kViewports) {
            const glm::vec3 points[] = {{0, 0, 0}, {55.0f, -3.0f, 0}, {-800.0f, 1200.0f, 0}};
            std::vector<glm::vec2> before;
            for (const glm::vec3& p : points) before.push_back(c.project(p, vp).pixel);
            const glm::vec2 delta{37.0f, -12.5f};
            c.pan_pixels(delta, vp);
            for (std::size_t i = 0; i < before.size(); ++i) {
                expect_pixel(c.project(points[i], vp).pixel, before[i] + delta, 2e-2f);
            }
        }
    }
}

TEST(ViewCamera, Pan3DKeepsTheGrabbedPointAtTargetDepthUnderTheCursor) {
    for (ViewCamera c : cameras_3d()) {
        for (const Viewport& vp : kViewports) {
            const glm::vec2 cursor{vp.x + 0.3f * vp.width, vp.y + 0.6f * vp.height};
            const glm::vec3 grabbed = *c.point_on_plane(cursor, vp, c.target(), c.view_direction());
            const glm::vec3 direction = c.view_direction();
            const glm::vec2 delta{-25.0f, 40.0f};
            c.pan_pixels(delta, vp);
            expect_pixel(c.project(grabbed, vp).pixel, cursor + delta);
            expect_vec(c.view_direction(), direction, 1e-6f);
        }
    }
}

TEST(ViewCamera, FramePutsEveryCornerInsideTheViewportAndFillsIt) {
    const BoundingBox boxes[] = {
        {{-1.0f, 0.0f, -0.2f}, {1.0f, 1.8f, 0.3f}},
        {{100.0f, -50.0f, 0.0f}, {700.0f, -40.0f, 0.0f}},  // flat and wide
        {{2.0f, 2.0f, 2.0f}, {2.0f, 2.0f, 2.0f}},          // a single point
    };
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (ViewCamera c : cams) {
            for (const Viewport& vp : kViewports) {
                for (const BoundingBox& box : boxes) {
                    c.frame(box, vp);
                    glm::vec2 lo{1e30f}, hi{-1e30f};
                    for (int i = 0; i < 8; ++i) {
                        const ScreenPoint p = c.project(box.corner(i), vp);
                        EXPECT_TRUE(p.in_front);
                        EXPECT_TRUE(vp.contains(p.pixel)) << "corner " << i << " at " << p.pixel.x << ", " << p.pixel.y;
                        lo = glm::min(lo, p.pixel);
                        hi = glm::max(hi, p.pixel);
                    }
                    const bool point = box.min == box.max;
                    if (point) {
                        expect_pixel(lo, vp.center(), 1e-2f);
                    } else {
                        const float fill = std::max((hi.x - lo.x) / vp.width, (hi.y - lo.y) / vp.height);
                        EXPECT_GT(fill, c.is_2d() ? 0.8f : 0.3f);  // 2D: exactly 1 / kFrameMargin
                    }
                }
            }
        }
    }
}

TEST(ViewCamera, SetViewLooksAlongTheNamedAxes) {
    ViewCamera c = ViewCamera::for_3d();
    c.set_target({1.0f, 2.0f, 3.0f});
    c.set_view(ViewCamera::View::Front);
    expect_vec(c.view_direction(), {0, 0, -1}, 1e-6f);
    expect_vec(c.right(), {1, 0, 0}, 1e-6f);
    expect_vec(c.up(), {0, 1, 0}, 1e-6f);
    // The rig's front (+z) is the side nearer the eye.
    const Viewport vp = kViewports[0];
    EXPECT_LT(c.project(c.target() + glm::vec3{0, 0, 0.5f}, vp).depth, c.project(c.target(), vp).depth);

    c.set_view(ViewCamera::View::Side);
    expect_vec(c.view_direction(), {-1, 0, 0}, 1e-6f);
    EXPECT_GT(c.eye().x, c.target().x);
    expect_vec(c.up(), {0, 1, 0}, 1e-6f);

    c.set_view(ViewCamera::View::Top);
    expect_vec(c.view_direction(), {0, -1, 0}, 2e-3f);  // up to the pitch limit
    EXPECT_GT(c.eye().y, c.target().y);
    expect_vec(c.right(), {1, 0, 0}, 1e-6f);
    expect_vec(c.up(), {0, 0, -1}, 2e-3f);  // the rig's back at the top of the screen
    EXPECT_NEAR(c.distance(), 5.0f, 1e-6f);
    EXPECT_EQ(c.target(), glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST(ViewCamera, PitchIsClampedShortOfThePoles) {
    ViewCamera c = ViewCamera::for_3d();
    c.orbit_pixels({0.0f, 1e5f});
    EXPECT_EQ(c.pitch(), ViewCamera::kPitchLimit);
    EXPECT_LT(c.pitch(), kPi / 2);
    EXPECT_NEAR(glm::length(c.up()), 1.0f, 1e-5f);
    EXPECT_GT(c.up().y, 0.0f);  // never upside down
    c.orbit_pixels({0.0f, -1e6f});
    EXPECT_EQ(c.pitch(), -ViewCamera::kPitchLimit);
    c.set_orbit(0.0f, 3.0f);
    EXPECT_EQ(c.pitch(), ViewCamera::kPitchLimit);
}

TEST(ViewCamera, OrbitTurnsTheRigWithTheMouse) {
    ViewCamera c = ViewCamera::for_3d();
    c.set_view(ViewCamera::View::Front);
    const Viewport vp = kViewports[0];
    const glm::vec3 front = c.target() + glm::vec3{0, 0, 1};
    const glm::vec3 top = c.target() + glm::vec3{0, 1, 0};
    c.orbit_pixels({20.0f, 0.0f});
    EXPECT_GT(c.project(front, vp).pixel.x, vp.center().x + 1.0f);  // dragged right, the front went right
    c.set_view(ViewCamera::View::Front);
    c.orbit_pixels({0.0f, 20.0f});
    EXPECT_GT(c.eye().y, c.target().y);  // dragged down: the eye rises to see the top
    EXPECT_LT(c.project(top, vp).pixel.y, vp.center().y);
    EXPECT_LT(c.project(top, vp).depth, c.distance());
}

TEST(ViewCamera, OrbitAndSetViewDoNothingIn2D) {
    ViewCamera c = ViewCamera::for_2d();
    c.set_center({4.0f, 5.0f});
    const Json before = c.to_json();
    c.orbit_pixels({30.0f, 40.0f});
    c.set_view(ViewCamera::View::Top);
    EXPECT_EQ(c.to_json(), before);
    expect_vec(c.view_direction(), {0, 0, -1}, 0.0f);
}

TEST(ViewCamera, WorldPerPixelIsOnePixelOnScreen) {
    for (const auto& cams : {cameras_2d(), cameras_3d()}) {
        for (const ViewCamera& c : cams) {
            for (const Viewport& vp : kViewports) {
                const glm::vec3 p = c.is_2d() ? glm::vec3{1.0f, 2.0f, 0.0f} : c.target() + c.view_direction() * (0.5f * c.distance());
                const float w = c.world_per_pixel_at(p, vp);
                const glm::vec2 a = c.project(p, vp).pixel;
                const glm::vec2 b = c.project(p + c.right() * (100.0f * w), vp).pixel;
                EXPECT_NEAR(glm::length(b - a), 100.0f, 1e-2f);
            }
        }
    }
    EXPECT_FLOAT_EQ(cameras_2d()[1].world_per_pixel_at({}, kViewports[0]), 1.0f / 2.5f);
}

TEST(ViewCamera, PointOnPlaneRefusesParallelAndBehind) {
    ViewCamera c = ViewCamera::for_3d();
    c.set_view(ViewCamera::View::Front);
    const Viewport vp = kViewports[0];
    // The view runs along -z: a plane containing that direction is never met.
    EXPECT_FALSE(c.point_on_plane(vp.center(), vp, {0, 0, 0}, {1, 0, 0}).has_value());
    // A plane behind the eye.
    EXPECT_FALSE(c.point_on_plane(vp.center(), vp, c.eye() + glm::vec3{0, 0, 1}, {0, 0, 1}).has_value());
    // The ground, looking level: only the lower half of the screen sees it.
    EXPECT_TRUE(c.point_on_plane({400.0f, 500.0f}, vp, {0, -1, 0}, {0, 1, 0}).has_value());
    EXPECT_FALSE(c.point_on_plane({400.0f, 100.0f}, vp, {0, -1, 0}, {0, 1, 0}).has_value());
}

// A resized viewport keeps in view what the old one showed: the corners of the old view, seen
// from the camera at their depth, land inside the new one (narrower, shorter, or both), about the
// same centre; grown both ways by a factor, a 2D view zooms in by it.
TEST(ViewCamera, AResizedViewportKeepsWhatItShowedInView) {
    const Viewport before{0.0f, 0.0f, 800.0f, 600.0f};
    for (const Viewport& after : {Viewport{0.0f, 0.0f, 400.0f, 600.0f}, Viewport{0.0f, 0.0f, 800.0f, 300.0f},
                                  Viewport{10.0f, 20.0f, 300.0f, 500.0f}, Viewport{0.0f, 0.0f, 1600.0f, 1200.0f}}) {
        for (bool is_2d : {true, false}) {
            ViewCamera cam = is_2d ? ViewCamera::for_2d() : ViewCamera::for_3d();
            if (is_2d) cam.set_pixels_per_unit(3.0f);
            const glm::vec3 target = cam.target();
            // The old view's corners, on the plane through the target square to the view.
            std::vector<glm::vec3> corners;
            for (const glm::vec2& pixel : {glm::vec2{1, 1}, glm::vec2{799, 1}, glm::vec2{1, 599}, glm::vec2{799, 599}}) {
                const Ray r = cam.ray(pixel, before);
                const float t = glm::dot(target - r.origin, cam.view_direction()) / glm::dot(r.direction, cam.view_direction());
                corners.push_back(r.origin + t * r.direction);
            }
            cam.keep_in_view(before, after);
            EXPECT_EQ(cam.target(), target);
            for (const glm::vec3& c : corners) {
                const glm::vec2 p = cam.project(c, after).pixel;
                EXPECT_GE(p.x, after.x - 0.01f) << is_2d << " " << after.width << "x" << after.height;
                EXPECT_LE(p.x, after.x + after.width + 0.01f) << is_2d << " " << after.width << "x" << after.height;
                EXPECT_GE(p.y, after.y - 0.01f) << is_2d << " " << after.width << "x" << after.height;
                EXPECT_LE(p.y, after.y + after.height + 0.01f) << is_2d << " " << after.width << "x" << after.height;
            }
            if (is_2d && after.width == 1600.0f) {
                EXPECT_FLOAT_EQ(cam.pixels_per_unit(), 6.0f);
            }
        }
    }
}
