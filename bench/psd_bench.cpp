// A layered PSD at puppet-sheet size (issue 61, item 6): a 4096 x 4096 canvas of 50 RLE layers,
// each 1024 x 1024 holding a soft-edged disc of gradients (52 million pixels, 210 MB decoded),
// generated in memory; the whole import (read and decode, trim, the rig, each picture encoded as
// PNG, the rig written and read back) is to take at most 2 s. The reading alone is timed too.
// Run with `./build/bench/psd_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "tests/core/io/psd/psd_test_writer.hpp"

using namespace marionette;

namespace {

constexpr int kCanvas = 4096;
constexpr int kLayers = 50;
constexpr int kSide = 1024;

// Layer i: a disc filling most of its square, its colour a gradient across it, its edge soft,
// its corners transparent; the squares laid over the canvas in a 7 x 8 grid, overlapping.
testing::PsdTestLayer bench_layer(int i) {
    const int top = (i / 7) * 440, left = (i % 7) * 500;
    testing::PsdTestLayer l("part " + std::to_string(i), top, left, top + kSide, left + kSide);
    l.rgba.resize(4ull * kSide * kSide);
    for (int y = 0; y < kSide; ++y) {
        for (int x = 0; x < kSide; ++x) {
            std::uint8_t* p = l.rgba.data() + 4 * (static_cast<std::size_t>(y) * kSide + static_cast<std::size_t>(x));
            const double r = std::hypot(x - kSide / 2.0, y - kSide / 2.0) / (kSide / 2.0);
            const double alpha = std::clamp((1.0 - r) * 20.0, 0.0, 1.0);
            p[0] = static_cast<std::uint8_t>((x / 4 + i * 13) & 0xFF);
            p[1] = static_cast<std::uint8_t>((y / 4 + i * 29) & 0xFF);
            p[2] = static_cast<std::uint8_t>(i * 5);
            p[3] = static_cast<std::uint8_t>(std::lround(255.0 * alpha));
            if (p[3] == 0) p[0] = p[1] = p[2] = 0;
        }
    }
    return l;
}

const std::string& bench_psd() {
    static const std::string bytes = [] {
        std::vector<testing::PsdTestLayer> layers;
        for (int i = 0; i < kLayers; ++i) layers.push_back(bench_layer(i));
        return testing::make_test_psd(kCanvas, kCanvas, layers, true);
    }();
    return bytes;
}

std::span<const std::uint8_t> bench_bytes() {
    const std::string& b = bench_psd();
    return {reinterpret_cast<const std::uint8_t*>(b.data()), b.size()};
}

void BM_PsdRead(benchmark::State& state) {
    const std::span<const std::uint8_t> bytes = bench_bytes();
    for (auto _ : state) {
        ReadBudget budget;
        Result<psd::PsdDocument> doc = psd::read_psd(bytes, budget);
        if (!doc) state.SkipWithError(doc.message().c_str());
        benchmark::DoNotOptimize(doc);
    }
    state.counters["file_MB"] = static_cast<double>(bytes.size()) / 1e6;
}
BENCHMARK(BM_PsdRead)->Unit(benchmark::kMillisecond);

void BM_PsdImport(benchmark::State& state) {
    const std::span<const std::uint8_t> bytes = bench_bytes();
    std::size_t png_bytes = 0;
    for (auto _ : state) {
        ReadBudget budget;
        Result<ImportedRig> imported = psd::import_psd(bytes, "puppet", budget);
        if (!imported) {
            state.SkipWithError(imported.message().c_str());
            break;
        }
        png_bytes = 0;
        for (const ImportedPicture& p : imported.value().pictures) png_bytes += p.png.size();
        benchmark::DoNotOptimize(imported);
    }
    state.counters["png_MB"] = static_cast<double>(png_bytes) / 1e6;
}
BENCHMARK(BM_PsdImport)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
