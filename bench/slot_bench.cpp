// 2D puppets' pictures (issue 19, point 8): the CPU's part of drawing 500 attachments a frame
// (forward kinematics and the batched quads the GPU draws; target <= 0.2 ms, one draw per run of
// a picture, not one per quad), and reading 50 pictures as a puppet opens (target <= 100 ms).
// Bending pictures (issue 61, point 8): 100 weighted meshes of 200 vertices skinned and built
// for drawing a frame (target <= 0.5 ms of CPU).
// Run with `./build/bench/slot_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>
#include <stb_image_write.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/image/image_decode.hpp"
#include "core/mesh/attachment_mesh.hpp"
#include "core/rig/forward_kinematics.hpp"
#include "editor/viewport/slot_triangles.hpp"

using namespace marionette;

namespace {

constexpr int kAttachments = 500;
constexpr int kPictures = 50;
constexpr int kPictureSide = 256;

// A 2D rig of 100 bones in a fan, five slots on each, showing one of 50 pictures: the slots of a
// bone share a picture, so the frame draws 100 runs.
// A 2D rig of `count` 10-unit bones in a chain, each turned a little from its parent: a fan.
Rig fan_rig(int count) {
    Rig rig;
    rig.dimensions = Dimensions::Two;
    std::vector<Bone> bones;
    for (int b = 0; b < count; ++b) {
        Bone bone;
        bone.name = "bone" + std::to_string(b);
        bone.parent = b == 0 ? -1 : b - 1;
        bone.length = 10.0f;
        bone.rest.translation = b == 0 ? glm::vec3(0.0f) : glm::vec3{10.0f, 0.0f, 0.0f};
        bone.rest.rotation = glm::angleAxis(0.05f, glm::vec3{0.0f, 0.0f, 1.0f});
        bones.push_back(bone);
    }
    rig.skeleton = Skeleton(std::move(bones));
    rig.pose = Pose::rest(rig.skeleton.size());
    return rig;
}

Rig puppet() {
    Rig rig = fan_rig(kAttachments / 5);
    for (int s = 0; s < kAttachments; ++s) {
        Attachment a;
        a.name = "a";
        a.image = "picture" + std::to_string(s / 5 % kPictures) + ".png";
        a.size = {12.0f, 8.0f};
        a.offset = {static_cast<float>(s % 5) * 2.0f, 0.0f};
        a.rotation = 0.1f * static_cast<float>(s % 5);
        rig.slots.push_back(Slot{"slot" + std::to_string(s), s / 5, {a}, 0, glm::vec4(1.0f, 1.0f, 1.0f, 0.9f)});
    }
    return rig;
}

void BM_SlotTrianglesFrame(benchmark::State& state) {
    Rig rig = puppet();
    std::vector<Transform> world(rig.skeleton.size());
    SlotTriangles quads;
    float t = 0.0f;
    for (auto _ : state) {
        // A frame of a moving puppet: every bone turns, FK, then the quads.
        t += 1.0f / 60.0f;
        for (std::size_t b = 0; b < rig.pose.rotations.size(); ++b) {
            rig.pose.rotations[b] = glm::angleAxis(0.02f * std::sin(t + static_cast<float>(b)), glm::vec3{0.0f, 0.0f, 1.0f});
        }
        const ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world};
        fk.run();
        quads.clear();
        build_slot_triangles(rig, rig.pose, world, quads);
        benchmark::DoNotOptimize(quads.vertices.data());
    }
    state.counters["draws"] = static_cast<double>(quads.batches.size());
    state.counters["quads"] = static_cast<double>(quads.indices.size() / 6);
}
BENCHMARK(BM_SlotTrianglesFrame)->Unit(benchmark::kMillisecond);

// 100 bones in a fan; on each a picture cut into a 19 x 9 grid (200 vertices), weighted from
// its bone to the next across its middle (the last bone's on itself), each its own picture.
Rig mesh_puppet() {
    constexpr int kBones = 100;
    Rig rig = fan_rig(kBones);
    for (int s = 0; s < kBones; ++s) {
        Attachment a;
        a.name = "a";
        a.image = "picture" + std::to_string(s) + ".png";
        a.size = {20.0f, 6.0f};
        a.pivot = {0.0f, 0.5f};
        a.mesh = grid_mesh(a.size, 19, 9);
        const auto next = static_cast<std::uint16_t>(std::min(s + 1, kBones - 1));
        for (const glm::vec2& v : a.mesh->vertices) {
            VertexWeights w;
            const float far = std::clamp((v.x - 6.0f) / 8.0f, 0.0f, 1.0f);
            w.bones = {static_cast<std::uint16_t>(s), next, 0, 0};
            w.weights = {1.0f - far, far, 0.0f, 0.0f};
            w.count = far > 0.0f && far < 1.0f && next != s ? 2 : 1;
            if (w.count == 1) w.weights = {1.0f, 0.0f, 0.0f, 0.0f}, w.bones[0] = far >= 1.0f ? next : static_cast<std::uint16_t>(s);
            a.mesh->weights.push_back(w);
        }
        rig.slots.push_back(Slot{"slot" + std::to_string(s), s, {a}, 0, glm::vec4(1.0f)});
    }
    return rig;
}

void BM_WeightedMeshesFrame(benchmark::State& state) {
    Rig rig = mesh_puppet();
    std::vector<Transform> world(rig.skeleton.size());
    SlotTriangles triangles;
    float t = 0.0f;
    for (auto _ : state) {
        t += 1.0f / 60.0f;
        for (std::size_t b = 0; b < rig.pose.rotations.size(); ++b) {
            rig.pose.rotations[b] = glm::angleAxis(0.02f * std::sin(t + static_cast<float>(b)), glm::vec3{0.0f, 0.0f, 1.0f});
        }
        const ForwardKinematicsJob fk{&rig.skeleton, &rig.pose, world};
        fk.run();
        triangles.clear();
        build_slot_triangles(rig, rig.pose, world, triangles);
        benchmark::DoNotOptimize(triangles.vertices.data());
    }
    state.counters["draws"] = static_cast<double>(triangles.batches.size());
    state.counters["triangles"] = static_cast<double>(triangles.indices.size() / 3);
}
BENCHMARK(BM_WeightedMeshesFrame)->Unit(benchmark::kMillisecond);

void append(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
}

// 50 different 256 x 256 RGBA pictures with soft shapes and transparent edges, as a drawn puppet
// has, read from files and decoded as the slot renderer does (file, decode, premultiply).
void BM_Read50Pictures(benchmark::State& state) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("marionette-slot-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kPictureSide * kPictureSide * 4));
    for (int p = 0; p < kPictures; ++p) {
        for (int y = 0; y < kPictureSide; ++y) {
            for (int x = 0; x < kPictureSide; ++x) {
                const float dx = static_cast<float>(x - 128) / 128.0f, dy = static_cast<float>(y - 128) / 128.0f;
                const float inside = std::clamp((1.0f - std::sqrt(dx * dx + dy * dy)) * 8.0f, 0.0f, 1.0f);
                std::uint8_t* px = &pixels[static_cast<std::size_t>((y * kPictureSide + x) * 4)];
                px[0] = static_cast<std::uint8_t>((x * 3 + p * 40) & 255);
                px[1] = static_cast<std::uint8_t>((y * 2 + p * 17) & 255);
                px[2] = static_cast<std::uint8_t>(((x ^ y) + p) & 255);
                px[3] = static_cast<std::uint8_t>(255.0f * inside);
            }
        }
        std::vector<std::uint8_t> png;
        stbi_write_png_to_func(append, &png, kPictureSide, kPictureSide, 4, pixels.data(), kPictureSide * 4);
        std::FILE* f = std::fopen((dir / ("picture" + std::to_string(p) + ".png")).c_str(), "wb");
        if (f) {
            std::fwrite(png.data(), 1, png.size(), f);
            std::fclose(f);
        }
    }
    for (auto _ : state) {
        std::size_t bytes = 0;
        for (int p = 0; p < kPictures; ++p) {
            Result<std::vector<std::uint8_t>> file = read_image_file(dir / ("picture" + std::to_string(p) + ".png"));
            if (!file) {
                state.SkipWithError(file.message().c_str());
                break;
            }
            Result<DecodedImage> image = decode_image(file.value());
            if (!image) {
                state.SkipWithError(image.message().c_str());
                break;
            }
            premultiply_alpha(image.value());
            bytes += image.value().rgba.size();
        }
        benchmark::DoNotOptimize(bytes);
    }
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_Read50Pictures)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
