// Automatic weights on a two-bone arm, by distance and by heat: vertices by the upper bone
// follow it, by the forearm the forearm, the elbow splits; a vertex on a bone is fully on it;
// every vertex keeps the mesh rule's weights (1 to 4 bones, summing to 1), however many bones
// pull; heat follows the picture around a gap where distance jumps it.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/mesh/vertex_weights.hpp"
#include "core/meshing/auto_weights.hpp"

using namespace marionette;
using test::weight_of;

namespace {

// The arm: a 20 x 4 grid mesh with its middle line on the x axis; the upper arm bone (0) from
// the shoulder at x 0 to the elbow at x 10, the forearm (1) on to x 20.
AttachmentMesh arm_mesh() {
    AttachmentMesh m = grid_mesh({20, 4}, 20, 4);
    for (glm::vec2& v : m.vertices) v.y -= 2.0f;
    return m;
}

const std::vector<BoneSegment> kArmBones = {{0, {0, 0}, {10, 0}}, {1, {10, 0}, {20, 0}}};

std::vector<VertexWeights> computed_weights(const AttachmentMesh& m, std::span<const BoneSegment> bones, AutoWeightsMethod method,
                                            float falloff = AutoWeightsJob{}.falloff) {
    std::vector<VertexWeights> w(m.vertices.size());
    AutoWeightsJob job;
    job.falloff = falloff;
    job.vertices = m.vertices;
    job.triangles = m.triangles;
    job.bones = bones;
    job.method = method;
    job.weights = w;
    EXPECT_TRUE(job.validate().ok()) << job.validate().message();
    job.run();
    return w;
}

// The mesh with its vertices moved back to the picture's space (UVs in [0, 1]) and the weights.
std::string arm_weights_rule(AttachmentMesh m, std::vector<VertexWeights> w, std::size_t bones) {
    m.weights = std::move(w);
    return attachment_mesh_problem(m, bones, "arm").value_or("none");
}

}  // namespace

TEST(AutoWeights, ATwoBoneArmFollowsItsBonesAndSplitsAtTheElbow) {
    for (const AutoWeightsMethod method : {AutoWeightsMethod::distance, AutoWeightsMethod::heat}) {
        const AttachmentMesh m = arm_mesh();
        const std::vector<VertexWeights> w = computed_weights(m, kArmBones, method);
        const char* name = method == AutoWeightsMethod::heat ? "heat" : "distance";
        EXPECT_EQ(arm_weights_rule(m, w, 2), "none") << name;
        for (std::size_t i = 0; i < m.vertices.size(); ++i) {
            const glm::vec2 v = m.vertices[i];
            if (v.x <= 6.0f) {
                EXPECT_GT(weight_of(w[i], 0), 0.9f) << name << " at " << v.x << ", " << v.y;
            }
            if (v.x >= 14.0f) {
                EXPECT_GT(weight_of(w[i], 1), 0.9f) << name << " at " << v.x << ", " << v.y;
            }
            // A blend before the elbow, not a switch (off the bone: on it a vertex is the bone's).
            if (v.x == 9.0f && v.y != 0.0f) {
                EXPECT_GT(weight_of(w[i], 1), 0.05f) << name << " at " << v.x << ", " << v.y;
                EXPECT_LT(weight_of(w[i], 1), 0.5f) << name << " at " << v.x << ", " << v.y;
            }
            if (v.x == 10.0f) {
                EXPECT_NEAR(weight_of(w[i], 0), 0.5f, 0.2f) << name << " at the elbow, y " << v.y;
                EXPECT_EQ(w[i].count, 2) << name;
            }
            // Along the arm the upper bone's weight never rises.
            for (std::size_t j = 0; j < m.vertices.size(); ++j) {
                if (m.vertices[j].y == v.y && m.vertices[j].x == v.x - 1.0f) {
                    EXPECT_LE(weight_of(w[i], 0), weight_of(w[j], 0) + 1e-4f) << name << " at " << v.x << ", " << v.y;
                }
            }
        }
    }
}

TEST(AutoWeights, AVertexOnABoneIsFullyOnIt) {
    AttachmentMesh m = arm_mesh();
    m.vertices.push_back({5, 0});   // on the upper arm
    m.vertices.push_back({10, 0});  // on the elbow, where both bones are
    m.vertices.push_back({20, 0});  // on the forearm's tip
    m.uvs.resize(m.vertices.size(), glm::vec2(0.5f));
    for (const AutoWeightsMethod method : {AutoWeightsMethod::distance, AutoWeightsMethod::heat}) {
        const std::vector<VertexWeights> w = computed_weights(m, kArmBones, method);
        const std::size_t n = m.vertices.size();
        EXPECT_EQ(w[n - 3].count, 1);
        EXPECT_EQ(w[n - 3].bones[0], 0);
        EXPECT_EQ(w[n - 3].weights[0], 1.0f);
        EXPECT_EQ(w[n - 2].count, 2);
        EXPECT_EQ(w[n - 2].weights[0], 0.5f);
        EXPECT_EQ(w[n - 1].count, 1);
        EXPECT_EQ(w[n - 1].bones[0], 1);
    }
}

TEST(AutoWeights, ManyBonesKeepAtMostFourAVertex) {
    // A fan of eight bones out of the middle of a square: every vertex feels several.
    const AttachmentMesh m = grid_mesh({10, 10}, 10, 10);
    std::vector<BoneSegment> fan;
    for (std::uint16_t b = 0; b < 8; ++b) {
        const float a = static_cast<float>(b) * 0.785398f;
        fan.push_back({static_cast<std::uint16_t>(b + 3), {5, 5}, glm::vec2(5, 5) + 4.0f * glm::vec2(std::cos(a), std::sin(a))});
    }
    for (const AutoWeightsMethod method : {AutoWeightsMethod::distance, AutoWeightsMethod::heat}) {
        const std::vector<VertexWeights> w = computed_weights(m, fan, method);
        EXPECT_EQ(arm_weights_rule(m, w, 11), "none");
        std::size_t four = 0;
        for (const VertexWeights& vw : w) {
            EXPECT_LE(vw.count, 4);
            four += vw.count == 4 ? 1 : 0;
            for (std::size_t i = 0; i < vw.count; ++i) {
                EXPECT_GE(vw.bones[i], 3);                                   // skeleton indices, as given
                EXPECT_GE(vw.weights[static_cast<int>(i)], kMinAutoWeight);  // no noise kept
            }
        }
        if (method == AutoWeightsMethod::distance) {
            EXPECT_GT(four, 0u);
        }
    }
}

TEST(AutoWeights, HeatFollowsThePictureAroundAGap) {
    // A U: two legs 2 wide and 10 tall joined along the bottom, a gap of 2 between them, a bone
    // up each leg's middle. A vertex high on the left leg's inner edge is 1 from its own bone
    // and 3 from the other across the gap: distance gives the other a share, heat (which has to
    // go around the U's bottom) hardly any.
    AttachmentMesh m;
    // The U as a grid of unit cells, cells in the gap (x 2 to 4, y above 2) left out.
    const auto in_u = [](int x, int y) { return !(x >= 2 && x < 4 && y >= 2); };
    std::vector<int> index(7 * 11, -1);
    for (int y = 0; y <= 10; ++y) {
        for (int x = 0; x <= 6; ++x) {
            const bool used = (x <= 2 || x >= 4 || y <= 2);
            if (!used) continue;
            index[static_cast<std::size_t>(y * 7 + x)] = static_cast<int>(m.vertices.size());
            m.vertices.push_back({static_cast<float>(x), static_cast<float>(y)});
        }
    }
    for (int y = 0; y < 10; ++y) {
        for (int x = 0; x < 6; ++x) {
            if (!in_u(x, y)) continue;
            const auto at = [&](int i, int j) { return static_cast<std::uint16_t>(index[static_cast<std::size_t>(j * 7 + i)]); };
            m.triangles.push_back({at(x, y), at(x + 1, y), at(x + 1, y + 1)});
            m.triangles.push_back({at(x, y), at(x + 1, y + 1), at(x, y + 1)});
        }
    }
    const std::vector<BoneSegment> legs = {{0, {1, 3}, {1, 10}}, {1, {5, 3}, {5, 10}}};
    const std::vector<VertexWeights> heat = computed_weights(m, legs, AutoWeightsMethod::heat);
    const std::vector<VertexWeights> distance = computed_weights(m, legs, AutoWeightsMethod::distance, 2.0f);
    const std::size_t inner = static_cast<std::size_t>(index[8 * 7 + 2]);  // the left leg's inner edge, high up
    EXPECT_NEAR(weight_of(distance[inner], 1), 0.1f, 1e-4f);               // (1/3)^2 against 1
    EXPECT_LT(weight_of(heat[inner], 1), 0.02f);
    EXPECT_GT(weight_of(heat[inner], 0), 0.98f);
}

TEST(AutoWeights, DegenerateInputsGiveRuleKeepingWeights) {
    // Every vertex at one place, a bone of no length there, and triangles of no area.
    AttachmentMesh m;
    m.vertices.assign(5, glm::vec2(3, 3));
    m.triangles = {{0, 1, 2}, {2, 3, 4}};
    const std::vector<BoneSegment> point = {{0, {3, 3}, {3, 3}}, {1, {9, 9}, {9, 9}}};
    for (const AutoWeightsMethod method : {AutoWeightsMethod::distance, AutoWeightsMethod::heat}) {
        const std::vector<VertexWeights> w = computed_weights(m, point, method);
        for (const VertexWeights& vw : w) {
            EXPECT_EQ(vw.count, 1);
            EXPECT_EQ(vw.bones[0], 0);
            EXPECT_EQ(vw.weights[0], 1.0f);
        }
    }
    // No vertices at all: nothing to weigh, nothing written.
    const AutoWeightsJob none{{}, {}, kArmBones, AutoWeightsMethod::heat, 2.0f, {}};
    EXPECT_TRUE(none.validate().ok());
    none.run();
}

TEST(AutoWeights, BadInputsAreRefused) {
    const AttachmentMesh m = arm_mesh();
    std::vector<VertexWeights> w(m.vertices.size());
    const auto refusal = [&](AutoWeightsJob job) {
        const Status s = job.validate();
        return s.ok() ? std::string("accepted") : s.message();
    };
    const AutoWeightsJob good{m.vertices, m.triangles, kArmBones, AutoWeightsMethod::heat, 2.0f, w};
    EXPECT_EQ(refusal(good), "accepted");
    AutoWeightsJob job = good;
    job.bones = {};
    EXPECT_EQ(refusal(job), "auto weights: 1 to 256 bones, not 0");
    const std::vector<BoneSegment> twice = {{4, {0, 0}, {1, 0}}, {4, {1, 0}, {2, 0}}};
    job = good;
    job.bones = twice;
    EXPECT_EQ(refusal(job), "auto weights: bone 4 is given twice");
    job = good;
    job.falloff = 0.0f;
    EXPECT_EQ(refusal(job), "auto weights: the falloff is 0.5 to 16");
    job = good;
    job.weights = std::span(w).first(3);
    EXPECT_EQ(refusal(job), "auto weights: the output does not hold one set of weights per vertex");
    const std::vector<std::array<std::uint16_t, 3>> bad = {{0, 1, 999}};
    job = good;
    job.triangles = bad;
    EXPECT_EQ(refusal(job), "auto weights: triangles[0]: 999 is not a vertex");
    std::vector<glm::vec2> far = m.vertices;
    far[2].x = std::nanf("");
    job = good;
    job.vertices = far;
    EXPECT_EQ(refusal(job), "auto weights: vertices[2] must be between -1e15 and 1e15");
}
