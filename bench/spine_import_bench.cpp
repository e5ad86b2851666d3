// A Spine skeleton's import (issue 62, item 7): a 70-bone skeleton with 50 animations is to import
// in at most 100 ms, the whole of it (the JSON read, the rig and its states made, the rig written
// and read back by the loader's rules; no atlas, so no picture is cut). The skeleton is generated
// as Spine 4.2 writes one: a spine of 10 bones with four limbs of 15, a slot of a region on each
// bone; each animation keys every bone's rotation (four keys, Bezier curves with the same handles
// for x and y as Spine's default), 20 bones' translation (their x and y easing differently), and
// 5 bones' scale. Spine's spineboy (67 bones, 11 animations, tests/data/spine_import) is timed
// too. Run with `./build/bench/spine_import_bench --benchmark_repetitions=3`.

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/io/spine_import/spine_import.hpp"

using namespace marionette;

namespace {

std::string generated_skeleton() {
    std::ostringstream j;
    j << R"({"skeleton": {"spine": "4.2.22"}, "bones": [{"name": "root"})";
    for (int i = 0; i < 69; ++i) {
        // Bones 0-9 the spine; then four limbs of 15, each hanging off a spine bone.
        const int parent = i < 10 ? i - 1 : (i - 10) % 15 == 0 ? 2 + 2 * ((i - 10) / 15) : i - 1;
        j << R"(, {"name": "b)" << i << R"(", "parent": ")" << (parent < 0 ? std::string("root") : "b" + std::to_string(parent))
          << R"(", "length": 20, "x": 20, "rotation": )" << (i % 7) * 5 << "}";
    }
    j << R"(], "slots": [)";
    for (int i = 0; i < 69; ++i) j << (i ? ", " : "") << R"({"name": "s)" << i << R"(", "bone": "b)" << i << R"(", "attachment": "p"})";
    j << R"(], "skins": [{"name": "default", "attachments": {)";
    for (int i = 0; i < 69; ++i) j << (i ? ", " : "") << R"("s)" << i << R"(": {"p": {"x": 10, "width": 20, "height": 8}})";
    j << R"(}}], "animations": {)";
    for (int a = 0; a < 50; ++a) {
        j << (a ? ", " : "") << R"("anim)" << a << R"(": {"bones": {)";
        for (int i = 0; i < 69; ++i) {
            j << (i ? ", " : "") << R"("b)" << i << R"(": {"rotate": [)";
            for (int k = 0; k < 4; ++k) {
                const double t = k * 0.25, v = (k % 2 ? 15.0 : -15.0) + a;
                j << (k ? ", " : "") << R"({"time": )" << t << R"(, "value": )" << v;
                if (k < 3) j << R"(, "curve": [)" << t + 0.08 << ", " << v << ", " << t + 0.17 << ", " << -v << "]";
                j << "}";
            }
            j << "]";
            if (i % 3 == 0 && i < 60)
                j << R"(, "translate": [{"x": 0, "y": 0, "curve": [0.1, 0, 0.3, 5, 0.2, 0, 0.4, 3]}, {"time": 0.5, "x": 5, "y": 3}, {"time": 1}])";
            if (i % 14 == 0) j << R"(, "scale": [{}, {"time": 0.5, "x": 1.2, "y": 1.2}, {"time": 1}])";
            j << "}";
        }
        j << "}}";
    }
    j << "}}";
    return j.str();
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void import(benchmark::State& state, const std::string& text) {
    std::size_t states = 0, keys = 0;
    for (auto _ : state) {
        Result<ImportedRig> imported = import_spine(text, nullptr, {}, "pictures");
        if (!imported) {
            state.SkipWithError(imported.message().c_str());
            return;
        }
        states = imported.value().rig.states.size();
        keys = 0;
        for (const State& s : imported.value().rig.states)
            for (const KeyTrack& t : s.tracks) keys += t.keys.size();
        benchmark::DoNotOptimize(imported.value().rig_json.data());
    }
    state.counters["states"] = double(states);
    state.counters["bone_keys"] = double(keys);
}

void BM_SpineImport70Bones50Animations(benchmark::State& state) { import(state, generated_skeleton()); }
BENCHMARK(BM_SpineImport70Bones50Animations)->Unit(benchmark::kMillisecond);

void BM_SpineImportSpineboy(benchmark::State& state) {
    import(state, read_file(std::string(MARIONETTE_TEST_DATA) + "/spine_import/spineboy-pro.json"));
}
BENCHMARK(BM_SpineImportSpineboy)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
