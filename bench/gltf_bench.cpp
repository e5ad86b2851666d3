// glTF and meshes at character size (issue 18, point 9): importing a 200-joint, 50,000-vertex
// skinned character (target <= 100 ms), the CPU's part of drawing 10 of them a frame (forward
// kinematics and each mesh's joint palette; the skinning itself runs on the GPU; target <= 1 ms),
// and exporting a 10-second animation of 200 joints at 30 fps (target <= 50 ms); and a node tree
// of up to a million nodes, read in linear time.
// Run with `./build/bench/gltf_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "core/io/gltf/gltf_export.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/mesh/mesh_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/script/benchmark_rig.hpp"

using namespace marionette;

namespace {

constexpr int kJoints = 200;
constexpr int kVertices = 50'000;

// The --bench-frames rig at 200 bones (10 arms of 20), a skinned mesh of 50,000 vertices
// around them (each vertex on the two nearest bones of an arm), and a 10-second keyed state
// turning every bone at 30 fps.
Rig character() {
    Rig rig = make_benchmark_rig(10, kJoints / 10, 8);
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    Mesh mesh;
    mesh.name = "skin";
    for (std::size_t b = 0; b < rig.skeleton.size(); ++b) mesh.joints.push_back({static_cast<int>(b), glm::inverse(to_matrix(world[b]))});
    for (int v = 0; v < kVertices; ++v) {
        const auto b = static_cast<std::size_t>(v % kJoints);
        const float around = static_cast<float>(v) * 0.37f;
        const glm::vec3 offset{0.3f * static_cast<float>(v % 7) / 7.0f, 0.05f * std::cos(around), 0.05f * std::sin(around)};
        mesh.positions.push_back(world[b].apply(offset * glm::vec3(rig.skeleton[b].length + 0.01f, 1.0f, 1.0f)));
        mesh.normals.push_back(world[b].rotation * glm::vec3{0.0f, std::cos(around), std::sin(around)});
        mesh.uvs.emplace_back(static_cast<float>(v % 7) / 7.0f, std::fmod(around, 1.0f));
        Influence in;
        const int parent = rig.skeleton[b].parent;
        in.joints = {static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(parent < 0 ? b : static_cast<std::size_t>(parent)), 0, 0};
        in.weights = {0.7f, 0.3f, 0.0f, 0.0f};
        mesh.influences.push_back(in);
    }
    for (int v = 0; v + 2 < kVertices; v += 3)
        mesh.indices.insert(mesh.indices.end(),
                            {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(v + 1), static_cast<std::uint32_t>(v + 2)});
    MeshSet set;
    set.meshes.push_back(std::move(mesh));
    rig.meshes = RigMeshes(std::move(set));
    State walk{"walk", {}, {}, true};
    for (int b = 0; b < kJoints; ++b) {
        KeyTrack t{b, PoseProperty::Rotation, {}};
        for (int k = 0; k <= 300; ++k) {
            Key key;
            key.time = static_cast<float>(k) / 30.0f;
            key.rotation = glm::angleAxis(0.3f * std::sin(0.2f * static_cast<float>(k + b)), glm::vec3{0.0f, 0.0f, 1.0f});
            t.keys.push_back(key);
        }
        walk.tracks.push_back(std::move(t));
    }
    rig.states.push_back(std::move(walk));
    return rig;
}

const Rig& the_character() {
    static const Rig rig = character();
    return rig;
}

void BM_ImportCharacter(benchmark::State& state) {
    const std::string glb = export_gltf(the_character()).value().bytes;
    for (auto _ : state) {
        Result<GltfImport> imported = import_gltf(glb, true, {});
        if (!imported) state.SkipWithError(imported.message().c_str());
        benchmark::DoNotOptimize(imported);
    }
    state.counters["MB"] = static_cast<double>(glb.size()) / 1e6;
}
BENCHMARK(BM_ImportCharacter)->Unit(benchmark::kMillisecond);

// What the CPU does a frame to draw 10 characters: forward kinematics and each mesh's palette
// (MeshRenderer::draw's share before the GL calls, which hand the palette to the GPU).
void BM_DrawTenCharactersCpu(benchmark::State& state) {
    const Rig& rig = the_character();
    std::vector<Transform> world(rig.skeleton.size());
    std::vector<glm::mat4> palette(palette_size(rig.meshes.meshes()[0]));
    for (auto _ : state) {
        for (int c = 0; c < 10; ++c) {
            const ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world};
            fk.run();
            const JointMatricesJob matrices{&rig.meshes.meshes()[0], world, &rig.pose, palette};
            matrices.run();
            benchmark::DoNotOptimize(palette.data());
        }
    }
}
BENCHMARK(BM_DrawTenCharactersCpu)->Unit(benchmark::kMicrosecond);

void BM_ExportTenSecondsOf200Joints(benchmark::State& state) {
    Rig rig = the_character();
    rig.meshes = RigMeshes();  // the animation alone
    for (auto _ : state) {
        Result<GltfExport> out = export_gltf(rig);
        if (!out) state.SkipWithError(out.message().c_str());
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_ExportTenSecondsOf200Joints)->Unit(benchmark::kMillisecond);

// A node tree of `nodes` nodes (issue 57, class 3): a chain of static nodes with a skin's joints
// chained under it, half and half, each joint carrying the length extras Marionette's export
// writes. Reading it walked to the root from each node (the nearest joint above, whether a node
// above is scaled): quadratic, 35 s at 100,000 nodes.
std::string node_chain(int nodes) {
    std::string text = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [)";
    std::string joints;
    for (int n = 0; n < nodes; ++n) {
        if (n > 0) text += ',';
        text += R"({"translation": [1, 0, 0])";
        if (n + 1 < nodes) text += R"(, "children": [)" + std::to_string(n + 1) + "]";
        if (n >= nodes / 2) {
            text += R"(, "extras": {"marionette": {"length": 1}})";
            joints += (joints.empty() ? "" : ",") + std::to_string(n);
        }
        text += '}';
    }
    return text + R"(], "skins": [{"joints": [)" + joints + "]}]}";
}

void BM_ImportNodeChain(benchmark::State& state) {
    const std::string text = node_chain(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        Result<GltfImport> imported = import_gltf(text, false, {});
        if (!imported) state.SkipWithError(imported.message().c_str());
        benchmark::DoNotOptimize(imported);
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_ImportNodeChain)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->Complexity();

}  // namespace

BENCHMARK_MAIN();
