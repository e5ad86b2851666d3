// Making a picture's mesh and weights automatically (issue 61, point 8): automatic weights for
// a 1,000-vertex mesh over a six-bone limb (target <= 50 ms, heat and distance), and a mesh from
// a 512 x 512 picture at low, middle and full detail.
// Run with `./build/bench/mesh_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/mesh/attachment_mesh.hpp"
#include "core/meshing/auto_weights.hpp"
#include "core/meshing/picture_mesh.hpp"

using namespace marionette;

namespace {

// A 60 x 15 grid mesh (976 vertices, 1,800 triangles) 60 long along x, and six bones of 10
// along its middle line, joint to tip.
struct Limb {
    AttachmentMesh mesh = grid_mesh({60, 15}, 60, 15);
    std::vector<BoneSegment> bones;
    Limb() {
        for (glm::vec2& v : mesh.vertices) v.y -= 7.5f;
        for (std::uint16_t b = 0; b < 6; ++b) {
            const float x = 10.0f * static_cast<float>(b);
            bones.push_back({b, {x, 0.0f}, {x + 10.0f, 0.0f}});
        }
    }
};

void run_auto_weights(benchmark::State& state, AutoWeightsMethod method) {
    const Limb limb;
    std::vector<VertexWeights> weights(limb.mesh.vertices.size());
    AutoWeightsJob job;
    job.vertices = limb.mesh.vertices;
    job.triangles = limb.mesh.triangles;
    job.bones = limb.bones;
    job.method = method;
    job.weights = weights;
    if (!job.validate().ok()) {
        state.SkipWithError(job.validate().message().c_str());
        return;
    }
    for (auto _ : state) {
        job.run();
        benchmark::DoNotOptimize(weights.data());
    }
    state.counters["vertices"] = static_cast<double>(limb.mesh.vertices.size());
}

void BM_AutoWeightsHeat(benchmark::State& state) { run_auto_weights(state, AutoWeightsMethod::heat); }
void BM_AutoWeightsDistance(benchmark::State& state) { run_auto_weights(state, AutoWeightsMethod::distance); }

// A 512 x 512 picture of a soft-edged blob: a disc with three lobes, alpha fading over 4 pixels.
std::vector<std::uint8_t> blob_picture() {
    constexpr int kSide = 512;
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(kSide) * kSide * 4, 255);
    for (int y = 0; y < kSide; ++y) {
        for (int x = 0; x < kSide; ++x) {
            const float dx = static_cast<float>(x) - 256.0f, dy = static_cast<float>(y) - 256.0f;
            const float radius = 150.0f + 60.0f * std::cos(3.0f * std::atan2(dy, dx));
            const float alpha = std::clamp((radius - std::sqrt(dx * dx + dy * dy)) / 4.0f, 0.0f, 1.0f);
            rgba[(static_cast<std::size_t>(y) * kSide + static_cast<std::size_t>(x)) * 4 + 3] = static_cast<std::uint8_t>(alpha * 255.0f);
        }
    }
    return rgba;
}

void BM_PictureMesh512(benchmark::State& state) {
    const std::vector<std::uint8_t> rgba = blob_picture();
    AttachmentMesh mesh;
    const float detail = static_cast<float>(state.range(0)) / 100.0f;
    const PictureMeshJob job{rgba, 512, 512, {128.0f, 128.0f}, picture_mesh_settings(detail, 512, 512), &mesh};
    for (auto _ : state) {
        if (Status s = job.run(); !s) {
            state.SkipWithError(s.message().c_str());
            return;
        }
        benchmark::DoNotOptimize(mesh.triangles.data());
    }
    state.counters["vertices"] = static_cast<double>(mesh.vertices.size());
    state.counters["hull"] = static_cast<double>(mesh.hull);
}

}  // namespace

BENCHMARK(BM_AutoWeightsHeat)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AutoWeightsDistance)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PictureMesh512)->Arg(0)->Arg(50)->Arg(100)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
