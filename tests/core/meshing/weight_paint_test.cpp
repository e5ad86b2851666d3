// The weight brush and the inspector's numbers: add raises a bone's weight, subtract lowers it,
// smooth evens weights out among neighbours, a typed weight is set exactly; after every dab
// each vertex still follows 1 to 4 bones whose weights sum to 1, and bad inputs change nothing.

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/mesh/vertex_weights.hpp"
#include "core/meshing/weight_paint.hpp"

using namespace marionette;
using test::weight_of;
using test::weights;

namespace {

// A 10 x 2 strip, its left half on bone 0 and its right half on bone 1, a hard seam at x 5.
struct WeightStrip {
    AttachmentMesh mesh = grid_mesh({10, 2}, 10, 2);
    WeightStrip() {
        for (const glm::vec2& v : mesh.vertices) mesh.weights.push_back(v.x < 5.0f ? weights({{0, 1.0f}}) : weights({{1, 1.0f}}));
    }
    std::string rule(std::size_t bones = 6) const { return attachment_mesh_problem(mesh, bones, "strip").value_or("none"); }
    Result<std::size_t> dab(const WeightBrush& brush, std::size_t bones = 6) {
        return apply_weight_brush(brush, mesh.vertices, mesh.triangles, bones, mesh.weights);
    }
};

WeightBrush make_brush(WeightBrushMode mode, std::uint16_t bone, glm::vec2 centre, float radius, float strength) {
    WeightBrush b;
    b.mode = mode;
    b.bone = bone;
    b.centre = centre;
    b.radius = radius;
    b.strength = strength;
    return b;
}

}  // namespace

TEST(WeightPaint, AddRaisesTheBoneWithinTheRadiusOnly) {
    WeightStrip s;
    const Result<std::size_t> changed = s.dab(make_brush(WeightBrushMode::add, 1, {2, 1}, 1.5f, 0.5f));
    ASSERT_TRUE(changed.ok());
    EXPECT_GT(changed.value(), 0u);
    EXPECT_EQ(s.rule(), "none");
    for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
        const float d = glm::length(s.mesh.vertices[i] - glm::vec2(2, 1));
        const float before = s.mesh.vertices[i].x < 5.0f ? 0.0f : 1.0f;
        if (d < 1.5f) {
            EXPECT_GT(weight_of(s.mesh.weights[i], 1), before) << i;
            EXPECT_NEAR(weight_of(s.mesh.weights[i], 0) + weight_of(s.mesh.weights[i], 1), 1.0f, 1e-6f);
        } else {
            EXPECT_EQ(weight_of(s.mesh.weights[i], 1), before) << i;
        }
    }
    // At the centre, the full strength: 0 + 0.5.
    for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
        if (s.mesh.vertices[i] == glm::vec2(2, 1)) {
            EXPECT_FLOAT_EQ(weight_of(s.mesh.weights[i], 1), 0.5f);
        }
    }
}

TEST(WeightPaint, SubtractLowersAndAVertexOnOneBoneKeepsIt) {
    WeightStrip s;
    ASSERT_TRUE(s.dab(make_brush(WeightBrushMode::add, 1, {2, 1}, 1.5f, 0.6f)).ok());
    const std::vector<VertexWeights> before = s.mesh.weights;
    ASSERT_TRUE(s.dab(make_brush(WeightBrushMode::subtract, 1, {2, 1}, 1.5f, 0.3f)).ok());
    EXPECT_EQ(s.rule(), "none");
    std::size_t lowered = 0;
    for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
        EXPECT_LE(weight_of(s.mesh.weights[i], 1), weight_of(before[i], 1)) << i;
        lowered += weight_of(s.mesh.weights[i], 1) < weight_of(before[i], 1) ? 1 : 0;
    }
    EXPECT_GT(lowered, 0u);
    // Subtracting all of it takes the bone off the vertex; the other bone has it all.
    ASSERT_TRUE(s.dab(make_brush(WeightBrushMode::subtract, 1, {2, 1}, 0.5f, 1.0f)).ok());
    for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
        if (s.mesh.vertices[i] == glm::vec2(2, 1)) {
            EXPECT_EQ(s.mesh.weights[i], weights({{0, 1.0f}}));
        }
    }
    // A vertex on bone 1 alone has nothing else to follow: subtracting leaves it on bone 1.
    WeightStrip fresh;
    ASSERT_TRUE(fresh.dab(make_brush(WeightBrushMode::subtract, 1, {8, 1}, 1.5f, 1.0f)).ok());
    for (std::size_t i = 0; i < fresh.mesh.vertices.size(); ++i) {
        if (fresh.mesh.vertices[i].x >= 7.0f) {
            EXPECT_EQ(fresh.mesh.weights[i], weights({{1, 1.0f}}));
        }
    }
}

TEST(WeightPaint, SmoothEvensOutTheSeam) {
    WeightStrip s;
    const auto seam_jump = [&] {
        // The largest change of bone 0's weight between neighbours along the middle row.
        float jump = 0.0f;
        for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
            for (std::size_t j = 0; j < s.mesh.vertices.size(); ++j) {
                if (s.mesh.vertices[i].y == 1.0f && s.mesh.vertices[j] == s.mesh.vertices[i] + glm::vec2(1, 0)) {
                    jump = std::max(jump, std::abs(weight_of(s.mesh.weights[i], 0) - weight_of(s.mesh.weights[j], 0)));
                }
            }
        }
        return jump;
    };
    EXPECT_EQ(seam_jump(), 1.0f);
    for (int stroke = 0; stroke < 5; ++stroke) {
        ASSERT_TRUE(s.dab(make_brush(WeightBrushMode::smooth, 0, {4.5f, 1}, 3.0f, 1.0f)).ok());
        EXPECT_EQ(s.rule(), "none") << stroke;
    }
    EXPECT_LT(seam_jump(), 0.4f);
    // Far from the seam nothing changes: its neighbours agree already.
    for (std::size_t i = 0; i < s.mesh.vertices.size(); ++i) {
        if (s.mesh.vertices[i].x <= 1.0f) {
            EXPECT_EQ(s.mesh.weights[i], weights({{0, 1.0f}}));
        }
    }
}

TEST(WeightPaint, AFifthBoneDropsTheWeakestOther) {
    const VertexWeights four = weights({{0, 0.4f}, {1, 0.3f}, {2, 0.2f}, {3, 0.1f}});
    const VertexWeights w = with_bone_weight(four, 5, 0.2f);
    EXPECT_EQ(w.count, 4);
    EXPECT_FLOAT_EQ(weight_of(w, 5), 0.2f);
    EXPECT_EQ(weight_of(w, 3), 0.0f);  // the weakest went
    EXPECT_NEAR(weight_of(w, 0) + weight_of(w, 1) + weight_of(w, 2), 0.8f, 1e-6f);
    EXPECT_NEAR(weight_of(w, 0) / weight_of(w, 1), 4.0f / 3.0f, 1e-5f);  // in the proportions they had
    // Setting a bone to 1 leaves it alone; to 0 takes it away.
    EXPECT_EQ(with_bone_weight(four, 2, 1.0f), weights({{2, 1.0f}}));
    EXPECT_EQ(with_bone_weight(four, 0, 0.0f).count, 3);
    EXPECT_EQ(weight_of(with_bone_weight(four, 0, 0.0f), 0), 0.0f);
}

TEST(WeightPaint, TypedWeightsAreSetExactly) {
    WeightStrip s;
    const std::vector<std::uint32_t> selected = {0, 1, 2};
    ASSERT_TRUE(set_vertex_weight(s.mesh.weights, selected, 3, 0.25f, 6).ok());
    EXPECT_EQ(s.rule(), "none");
    for (std::uint32_t i : selected) {
        EXPECT_EQ(weight_of(s.mesh.weights[i], 3), 0.25f);
        EXPECT_EQ(weight_of(s.mesh.weights[i], 0), 0.75f);
    }
    const std::vector<VertexWeights> before = s.mesh.weights;
    const std::vector<std::uint32_t> past = {1, 999};
    EXPECT_EQ(set_vertex_weight(s.mesh.weights, past, 3, 0.5f, 6).message(), "vertex weight: vertex 999 is not a vertex");
    EXPECT_EQ(set_vertex_weight(s.mesh.weights, selected, 6, 0.5f, 6).message(), "vertex weight: bone 6 is not a bone");
    EXPECT_EQ(set_vertex_weight(s.mesh.weights, selected, 3, 1.5f, 6).message(), "vertex weight: a weight is 0 to 1");
    EXPECT_EQ(s.mesh.weights, before);
}

TEST(WeightPaint, TheRuleHoldsAfterEveryStrokeOfAThousand) {
    WeightStrip s;
    std::mt19937 random(61);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int stroke = 0; stroke < 1000; ++stroke) {
        WeightBrush b = make_brush(static_cast<WeightBrushMode>(random() % 3), static_cast<std::uint16_t>(random() % 6),
                                   {unit(random) * 12.0f - 1.0f, unit(random) * 4.0f - 1.0f}, 0.2f + unit(random) * 4.0f, unit(random));
        b.falloff = static_cast<WeightBrushFalloff>(random() % 3);
        ASSERT_TRUE(s.dab(b).ok());
        ASSERT_EQ(s.rule(), "none") << "after stroke " << stroke;
    }
    // The strokes reached all six bones, four at most on a vertex.
    std::vector<bool> used(6, false);
    for (const VertexWeights& w : s.mesh.weights) {
        for (std::size_t i = 0; i < w.count; ++i) used[w.bones[i]] = true;
    }
    EXPECT_EQ(std::count(used.begin(), used.end(), true), 6);
}

TEST(WeightPaint, FalloffsAndBadBrushes) {
    WeightBrush b = make_brush(WeightBrushMode::add, 0, {0, 0}, 2.0f, 0.8f);
    for (const WeightBrushFalloff f : {WeightBrushFalloff::constant, WeightBrushFalloff::linear, WeightBrushFalloff::smooth}) {
        b.falloff = f;
        EXPECT_FLOAT_EQ(brush_influence(b, 0.0f), 0.8f);
        EXPECT_EQ(brush_influence(b, 2.0f), 0.0f);
        EXPECT_EQ(brush_influence(b, 5.0f), 0.0f);
    }
    b.falloff = WeightBrushFalloff::linear;
    EXPECT_FLOAT_EQ(brush_influence(b, 1.0f), 0.4f);
    b.falloff = WeightBrushFalloff::smooth;
    EXPECT_FLOAT_EQ(brush_influence(b, 1.0f), 0.8f * 0.5625f);
    b.falloff = WeightBrushFalloff::constant;
    EXPECT_FLOAT_EQ(brush_influence(b, 1.9f), 0.8f);

    WeightStrip s;
    const std::vector<VertexWeights> before = s.mesh.weights;
    EXPECT_EQ(s.dab(make_brush(WeightBrushMode::add, 6, {0, 0}, 1, 1)).message(), "weight brush: bone 6 is not a bone");
    EXPECT_EQ(s.dab(make_brush(WeightBrushMode::add, 0, {0, 0}, 0, 1)).message(), "weight brush: the radius must be finite and above 0");
    EXPECT_EQ(s.dab(make_brush(WeightBrushMode::add, 0, {0, 0}, 1, 2)).message(), "weight brush: the strength is 0 to 1");
    EXPECT_EQ(s.dab(make_brush(WeightBrushMode::add, 0, {std::nanf(""), 0}, 1, 1)).message(), "weight brush: the centre must be finite");
    s.mesh.weights[3] = weights({{0, 0.5f}, {0, 0.5f}});
    EXPECT_EQ(s.dab(make_brush(WeightBrushMode::smooth, 0, {0, 0}, 1, 1)).message(),
              "weight brush: weights[3] break the mesh's weight rule");
    s.mesh.weights[3] = before[3];
    EXPECT_EQ(s.mesh.weights, before);
    EXPECT_EQ(apply_weight_brush(make_brush(WeightBrushMode::add, 0, {0, 0}, 1, 1), s.mesh.vertices, s.mesh.triangles, 6,
                                 std::span(s.mesh.weights).first(4))
                  .message(),
              "weight brush: one set of weights a vertex (33), not 4");
    // A rigid mesh's weights to start painting from: every vertex on the slot's bone.
    EXPECT_EQ(weights_on_bone(3, 2), std::vector<VertexWeights>(3, weights({{2, 1.0f}})));
}
