// A picture made a mesh: every mesh keeps the rule, its hull the traced outline, covering the
// shape's area, with more vertices as the detail rises; pictures with nothing opaque, one
// pixel, odd sizes and a budget past the vertex limit give a defined result.

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/meshing/alpha_pictures.hpp"
#include "core/meshing/picture_mesh.hpp"

using namespace marionette;
using test::AlphaPicture;

namespace {

struct MadeMesh {
    std::string error;  // empty when made
    AttachmentMesh mesh;
};

MadeMesh make_mesh(const AlphaPicture& p, glm::vec2 size, const PictureMeshSettings& settings) {
    MadeMesh m;
    const PictureMeshJob job{p.rgba, p.width, p.height, size, settings, &m.mesh};
    if (Status s = job.run(); !s) m.error = s.message();
    return m;
}

std::string picture_mesh_rule(const AttachmentMesh& m) { return attachment_mesh_problem(m, 0, "mesh").value_or("none"); }

// The L of the outline tests: a bar 10 wide down the left, a foot 30 wide along the bottom.
AlphaPicture l_picture() {
    return test::alpha_picture(40, 40, [](int x, int y) -> std::uint8_t {
        const bool bar = x >= 5 && x < 15 && y >= 5 && y < 35, foot = x >= 5 && x < 35 && y >= 25 && y < 35;
        return bar || foot ? 255 : 0;
    });
}

}  // namespace

TEST(PictureMesh, ACircleBecomesAMeshThatKeepsTheRuleAndGrowsWithDetail) {
    const AlphaPicture disc = test::disc_picture(128, 128, 64, 64, 50);
    // The margin grows the disc by a pixel; rig units are four pixels.
    const double expected = std::numbers::pi * 51.0 * 51.0 / 16.0;
    std::size_t previous = 0;
    for (const float detail : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) {
        const MadeMesh m = make_mesh(disc, {32, 32}, picture_mesh_settings(detail, 128, 128));
        ASSERT_EQ(m.error, "") << detail;
        EXPECT_EQ(picture_mesh_rule(m.mesh), "none") << detail;
        EXPECT_GT(m.mesh.vertices.size(), previous) << detail;
        previous = m.mesh.vertices.size();
        EXPECT_NEAR(test::mesh_area(m.mesh), expected, (detail < 0.5f ? 0.1 : 0.03) * expected) << detail;
        EXPECT_GT(m.mesh.vertices.size(), m.mesh.hull) << "inner vertices at detail " << detail;
        for (std::size_t i = 0; i < m.mesh.vertices.size(); ++i) EXPECT_EQ(m.mesh.uvs[i], m.mesh.vertices[i] / glm::vec2(32, 32));
    }
}

TEST(PictureMesh, ItsHullIsTheOutline) {
    const AlphaPicture l = l_picture();
    const PictureMeshSettings settings = picture_mesh_settings(0.6f, 40, 40);
    std::vector<glm::vec2> outline;
    const PictureOutlineJob trace{l.rgba, 40, 40, {40, 40}, settings.outline, &outline, nullptr};
    ASSERT_TRUE(trace.run().ok());
    const MadeMesh m = make_mesh(l, {40, 40}, settings);
    ASSERT_EQ(m.error, "");
    EXPECT_EQ(picture_mesh_rule(m.mesh), "none");
    // The outline's vertices in order, its sides cut about every spacing by points on the half
    // pixels within half a pixel of them (here a pixel is a unit).
    ASSERT_GE(m.mesh.hull, outline.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < m.mesh.hull; ++i) {
        const glm::vec2 v = m.mesh.vertices[i];
        const glm::vec2 next = m.mesh.vertices[(i + 1) % m.mesh.hull];
        EXPECT_LE(glm::length(next - v), settings.spacing + 1.0f) << i;
        if (k < outline.size() && v == outline[k]) {
            ++k;
            continue;
        }
        const glm::vec2 a = outline[(k + outline.size() - 1) % outline.size()], b = outline[k % outline.size()];
        const float off = std::abs((b.x - a.x) * (v.y - a.y) - (b.y - a.y) * (v.x - a.x)) / glm::length(b - a);
        EXPECT_LE(off, 0.5f) << i;
        EXPECT_EQ(v * 2.0f, glm::round(v * 2.0f)) << i;
    }
    EXPECT_EQ(k, outline.size()) << "every vertex of the outline, in order";
    EXPECT_GT(m.mesh.hull, outline.size()) << "long sides cut";
    EXPECT_NEAR(test::mesh_area(m.mesh), test::polygon_area(outline), 0.5f * static_cast<float>(m.mesh.hull));
    // No triangle reaches into the notch above the foot (x 15 to 35, y 15 to 35).
    for (const auto& t : m.mesh.triangles) {
        const glm::vec2 centre = (m.mesh.vertices[t[0]] + m.mesh.vertices[t[1]] + m.mesh.vertices[t[2]]) / 3.0f;
        EXPECT_FALSE(centre.x > 16.0f && centre.y > 16.0f) << centre.x << ", " << centre.y;
    }
}

TEST(PictureMesh, NoSpacingGivesTheHullAlone) {
    PictureMeshSettings settings = picture_mesh_settings(0.5f, 40, 40);
    settings.spacing = 0.0f;
    const MadeMesh m = make_mesh(l_picture(), {4, 4}, settings);
    ASSERT_EQ(m.error, "");
    EXPECT_EQ(picture_mesh_rule(m.mesh), "none");
    EXPECT_EQ(m.mesh.vertices.size(), m.mesh.hull);
    EXPECT_EQ(m.mesh.triangles.size(), m.mesh.hull - 2);
}

TEST(PictureMesh, OnePixelEmptyAndOddPictures) {
    const AlphaPicture one = test::alpha_picture(1, 1, [](int, int) -> std::uint8_t { return 255; });
    const MadeMesh dot = make_mesh(one, {3, 3}, picture_mesh_settings(1.0f, 1, 1));
    ASSERT_EQ(dot.error, "");
    EXPECT_EQ(picture_mesh_rule(dot.mesh), "none");

    // Nothing opaque: an error, and the output as it was.
    const AlphaPicture empty = test::alpha_picture(32, 32, [](int, int) -> std::uint8_t { return 0; });
    MadeMesh none;
    none.mesh = grid_mesh({1, 1}, 1, 1);
    const PictureMeshJob job{empty.rgba, 32, 32, {1, 1}, picture_mesh_settings(0.5f, 32, 32), &none.mesh};
    EXPECT_EQ(job.run().message(), "picture outline: no pixel has an alpha above 8");
    EXPECT_EQ(none.mesh, grid_mesh({1, 1}, 1, 1));

    // Fully opaque, stretched to a long thin size and to a huge one.
    const AlphaPicture full = test::alpha_picture(64, 32, [](int, int) -> std::uint8_t { return 255; });
    for (const glm::vec2& size : {glm::vec2(1000, 2), glm::vec2(1e12f, 1e12f), glm::vec2(1e-3f, 1e-3f)}) {
        const MadeMesh m = make_mesh(full, size, picture_mesh_settings(1.0f, 64, 32));
        ASSERT_EQ(m.error, "") << size.x;
        EXPECT_EQ(picture_mesh_rule(m.mesh), "none") << size.x;
        // Within the outline's tolerance (half a pixel) along the border: 96 of 2048 pixels.
        EXPECT_NEAR(test::mesh_area(m.mesh), double(size.x) * size.y, 0.05 * double(size.x) * size.y) << size.x;
    }
}

TEST(PictureMesh, TheVertexLimitHoldsAtAnySpacing) {
    const AlphaPicture full = test::alpha_picture(256, 256, [](int, int) -> std::uint8_t { return 255; });
    PictureMeshSettings settings = picture_mesh_settings(1.0f, 256, 256);
    settings.spacing = 0.01f;  // millions of lattice points asked for
    settings.outline.max_vertices = kMaxAttachmentMeshVertices;
    const MadeMesh m = make_mesh(full, {256, 256}, settings);
    ASSERT_EQ(m.error, "");
    EXPECT_EQ(picture_mesh_rule(m.mesh), "none");
    EXPECT_LE(m.mesh.vertices.size(), kMaxAttachmentMeshVertices);
    EXPECT_GT(m.mesh.vertices.size(), kMaxAttachmentMeshVertices / 2);
}

TEST(PictureMesh, BadSettingsAreRefused) {
    const AlphaPicture one = test::alpha_picture(1, 1, [](int, int) -> std::uint8_t { return 255; });
    AttachmentMesh out;
    PictureMeshJob job{one.rgba, 1, 1, {1, 1}, {}, &out};
    EXPECT_TRUE(job.validate().ok());
    job.settings.spacing = -1.0f;
    EXPECT_EQ(job.validate().message(), "picture mesh: the spacing must be finite and >= 0");
    job.settings.spacing = 1.0f;
    job.settings.outline.margin = 65;
    EXPECT_EQ(job.validate().message(), "picture outline: the margin is 0 to 64 pixels");
    job.mesh = nullptr;
    EXPECT_EQ(job.validate().message(), "picture mesh: missing output");
}
