// glTF files that are small but expand: every vertex, key and decoded picture's byte an import
// makes is counted, over the whole file, before it is allocated (core/base/read_budget.hpp); and the
// numbers that locate data or place nodes are refused with the file's own place.

#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/base/read_budget.hpp"
#include "core/io/gltf/gltf_import.hpp"
#include "core/mesh/mesh_data.hpp"
#include "core/test_pictures.hpp"

using namespace marionette;
using nlohmann::json;

namespace {

Result<GltfImport> import_gltf_json(const json& j) { return import_gltf(j.dump(), false, {}); }

void expect_refused(const Result<GltfImport>& imported, const std::string& says) {
    ASSERT_FALSE(imported.ok()) << "expected: " << says;
    EXPECT_NE(imported.message().find(says), std::string::npos) << imported.message();
}

json gltf_asset() { return {{"asset", {{"version", "2.0"}}}}; }

// `nodes` nodes, each carrying mesh 0, whose positions are an accessor of `vertices` zeros (no
// buffer view: glTF reads it as zeros, so the file stays small whatever it claims).
json shared_mesh(int nodes, std::uint64_t vertices) {
    json j = gltf_asset();
    j["nodes"] = json::array();
    j["scenes"] = {{{"nodes", json::array()}}};
    for (int n = 0; n < nodes; ++n) {
        j["nodes"].push_back({{"mesh", 0}});
        j["scenes"][0]["nodes"].push_back(n);
    }
    j["meshes"] = {{{"primitives", {{{"attributes", {{"POSITION", 0}}}}}}}};
    j["accessors"] = {{{"componentType", 5126}, {"count", vertices}, {"type", "VEC3"}}};
    return j;
}

// `nodes` nodes, each turned by one CUBICSPLINE sampler of two keys, at 0 and `second_time`
// seconds (six rotations: in-tangent, value, out-tangent per key, all identity).
json cubic_spline_nodes(int nodes, float second_time) {
    json j = gltf_asset();
    j["nodes"] = json::array();
    j["scenes"] = {{{"nodes", json::array()}}};
    j["animations"] = {{{"channels", json::array()}, {"samplers", {{{"input", 0}, {"output", 1}, {"interpolation", "CUBICSPLINE"}}}}}};
    for (int n = 0; n < nodes; ++n) {
        j["nodes"].push_back({{"translation", {n, 0, 0}}});
        j["scenes"][0]["nodes"].push_back(n);
        j["animations"][0]["channels"].push_back({{"sampler", 0}, {"target", {{"node", n}, {"path", "rotation"}}}});
    }
    const float data[] = {0.0f, second_time, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0};
    j["buffers"] = {{{"byteLength", sizeof data},
                     {"uri", "data:application/octet-stream;base64," +
                                 base64_encode(std::string_view(reinterpret_cast<const char*>(data), sizeof data))}}};
    j["bufferViews"] = {{{"buffer", 0}, {"byteLength", 8}}, {{"buffer", 0}, {"byteOffset", 8}, {"byteLength", 96}}};
    j["accessors"] = {{{"bufferView", 0}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}},
                      {{"bufferView", 1}, {"componentType", 5126}, {"count", 6}, {"type", "VEC4"}}};
    return j;
}

}  // namespace

TEST(ReadBudget, CountsTheWholeFileAndNamesThePlaceThatWentOver) {
    ReadBudget budget;
    EXPECT_TRUE(budget.take(Budgeted::Keys, 6'000'000, "animations[0]", "its keys").ok());
    const Status over = budget.take(Budgeted::Keys, 5'000'000, "animations[1]", "its keys");
    ASSERT_FALSE(over.ok());
    EXPECT_EQ(over.message(), "animations[1]: its keys would make 5,000,000 keys (11,000,000 in the file); the limit is 10,000,000");
    EXPECT_EQ(budget.used(Budgeted::Keys), 6'000'000u);  // nothing counted by a refusal
    EXPECT_TRUE(budget.take(Budgeted::Keys, 4'000'000, "animations[1]", "its keys").ok());
    EXPECT_EQ(budget.left(Budgeted::Keys), 0u);
    // A count near the largest integer neither wraps around nor passes.
    EXPECT_FALSE(budget.take(Budgeted::Vertices, UINT64_MAX, "meshes[0]", "its POSITION").ok());
    EXPECT_EQ(with_thousands(0), "0");
    EXPECT_EQ(with_thousands(999), "999");
    EXPECT_EQ(with_thousands(1000), "1,000");
    EXPECT_EQ(with_thousands(108'000'000), "108,000,000");
}

TEST(GltfBudget, AnAccessorOfFourBillionElementsIsRefusedBeforeAnythingIsAllocated) {
    // No buffer view: the count alone says how much would be made.
    expect_refused(import_gltf_json(shared_mesh(1, std::uint64_t{1} << 32)),
                   "meshes[0].primitives[0] (on nodes[0]): its POSITION would make 4,294,967,296 vertices; the limit is 16,000,000");
    // As key times, the same.
    json j = gltf_asset();
    j["nodes"] = {json::object()};
    j["accessors"] = {{{"componentType", 5126}, {"count", std::uint64_t{1} << 32}, {"type", "SCALAR"}},
                      {{"componentType", 5126}, {"count", 2}, {"type", "VEC4"}}};
    j["animations"] = {
        {{"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "rotation"}}}}}}, {"samplers", {{{"input", 0}, {"output", 1}}}}}};
    expect_refused(import_gltf_json(j),
                   "accessors[0] (animations[0].samplers[0].input): holds 4,294,967,296 elements where at most 10,000,000 are taken");
}

TEST(GltfBudget, NodesSharingOneMeshCountItsVerticesEachTime) {
    // 60 nodes x 300,000 vertices: each mesh is far within the limit, the file is not.
    expect_refused(import_gltf_json(shared_mesh(60, 300'000)),
                   "(on nodes[53]): its POSITION would make 300,000 vertices (16,200,000 in the file); the limit is 16,000,000");
    // 50 of them fit.
    const Result<GltfImport> fits = import_gltf_json(shared_mesh(50, 300'000));
    ASSERT_TRUE(fits.ok()) << fits.message();
    EXPECT_EQ(fits.value().rig.meshes.meshes().size(), 50u);
}

TEST(GltfBudget, CubicSplinesAreCountedAsTheKeysTheirSamplingMakesBeforeAnyIsSampled) {
    // 1,000 bones, each turned by a cubic spline of two keys an hour apart: sampled at 30 fps,
    // 108,001 keys each.
    expect_refused(import_gltf_json(cubic_spline_nodes(1000, 3600.0f)),
                   "animations[0]: sampling 1,000 cubic channels would make 108,001,000 keys; the limit is 10,000,000");
    // Ten of them, a tenth of an hour apart, fit: 10 x 10,801 keys.
    const Result<GltfImport> fits = import_gltf_json(cubic_spline_nodes(10, 360.0f));
    ASSERT_TRUE(fits.ok()) << fits.message();
    ASSERT_EQ(fits.value().rig.states.size(), 1u);
    EXPECT_EQ(fits.value().rig.states[0].tracks.size(), 10u);
    EXPECT_EQ(fits.value().rig.states[0].tracks[0].keys.size(), 10'801u);
}

// Counting a cubic spline's keys comes before its curve is read; times that are no key times
// (1e27 seconds, before 0, going back) are not counted (1e27 seconds of samples overflowed the count's
// conversion, found by fuzzing under UBSan) but refused by the curve's read, with the place.
TEST(GltfBudget, CubicSplineTimesThatAreNoKeyTimesAreRefusedNotCounted) {
    for (const auto& [late, says] :
         {std::pair{1e27f, "key times must lie between 0 and 3600 seconds"},
          std::pair{-0.5f, "key times must lie between 0 and 3600 seconds"}, std::pair{0.0f, "key times must increase"}}) {
        expect_refused(import_gltf_json(cubic_spline_nodes(1, late)), std::string("animations[0].samplers[0].input: ") + says);
    }
}

TEST(GltfBudget, PicturesAreCountedAsTheyDecodeWhenTheFileIsRead) {
    // Five textures whose headers say 8192 x 8192: 256 MB each decoded, 1.25 GB together.
    json j = shared_mesh(5, 3);
    j["meshes"] = json::array();
    j["materials"] = json::array();
    j["images"] = json::array();
    j["textures"] = json::array();
    std::string bytes;
    j["bufferViews"] = json::array();
    for (int i = 0; i < 5; ++i) {
        j["nodes"][static_cast<std::size_t>(i)]["mesh"] = i;
        j["meshes"].push_back({{"primitives", {{{"attributes", {{"POSITION", 0}}}, {"material", i}}}}});
        j["materials"].push_back({{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", i}}}}}});
        j["textures"].push_back({{"source", i}});
        const std::string png = marionette::testing::png_claiming(8192);
        j["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", bytes.size()}, {"byteLength", png.size()}});
        j["images"].push_back({{"bufferView", i}, {"mimeType", "image/png"}});
        bytes += png;
    }
    j["buffers"] = {{{"byteLength", bytes.size()}, {"uri", "data:application/octet-stream;base64," + base64_encode(bytes)}}};
    expect_refused(
        import_gltf_json(j),
        "images[4]: decoding it would make 268,435,456 bytes of decoded pictures (1,342,177,280 in the file); the limit is 1,073,741,824");
}

TEST(GltfPlaces, NumbersThatLocateDataAreRefusedWithThePlace) {
    struct Case {
        const char* change;  // a JSON patch's value for the file below
        const char* says;
    };
    const json base = [] {
        json j = shared_mesh(1, 3);
        j["accessors"][0]["bufferView"] = 0;
        j["bufferViews"] = {{{"buffer", 0}, {"byteLength", 36}}};
        j["buffers"] = {{{"byteLength", 36}, {"uri", "data:application/octet-stream;base64," + base64_encode(std::string(36, '\0'))}}};
        return j;
    }();
    ASSERT_TRUE(import_gltf_json(base).ok());
    const Case cases[] = {
        {R"([{"op": "replace", "path": "/accessors/0/count", "value": -5}])",
         "accessors[0].count: -5 is not a count of elements (at least 1)"},
        {R"([{"op": "replace", "path": "/accessors/0/count", "value": 0}])", "accessors[0].count: 0 is not a count"},
        {R"([{"op": "replace", "path": "/accessors/0/count", "value": 1.5}])", "accessors[0].count: 1.5 is not a count"},
        {R"([{"op": "remove", "path": "/accessors/0/count"}])", "accessors[0]: gives no count"},
        {R"([{"op": "add", "path": "/bufferViews/0/byteStride", "value": 2147483644}])",
         "bufferViews[0].byteStride: 2147483644 is not a stride from 4 to 252 bytes"},
        {R"([{"op": "add", "path": "/bufferViews/0/byteStride", "value": 14}])", "bufferViews[0].byteStride: 14 is not a multiple of 4"},
        {R"([{"op": "replace", "path": "/accessors/0/bufferView", "value": -7}])",
         "accessors[0].bufferView: -7 is not a buffer view (there are 1)"},
        {R"([{"op": "replace", "path": "/bufferViews/0/buffer", "value": 3}])", "bufferViews[0].buffer: 3 is not a buffer (there are 1)"},
        {R"([{"op": "replace", "path": "/meshes/0/primitives/0/attributes/POSITION", "value": 9}])",
         "meshes[0].primitives[0].attributes.POSITION: 9 is not an accessor (there are 1)"},
        {R"([{"op": "replace", "path": "/nodes/0/mesh", "value": "0"}])", "nodes[0].mesh: a string is not a mesh"},
        {R"([{"op": "replace", "path": "/accessors/0/componentType", "value": 5124}])", "accessors[0].componentType: 5124"},
        {R"([{"op": "add", "path": "/nodes/0/scale", "value": [1e30, 1, 1]}])", "nodes[0].scale: 1e+30 is not between -1e15 and 1e15"},
        {R"([{"op": "add", "path": "/nodes/0/translation", "value": [0, 1e20, 0]}])",
         "nodes[0].translation: 1e+20 is not between -1e15 and 1e15"},
        {R"([{"op": "add", "path": "/nodes/0/matrix", "value": [1,0,0,0, 0,1,0,0, 0,0,1,0, 1e16,0,0,1]}])",
         "nodes[0].matrix: 1e+16 is not between"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.change);
        expect_refused(import_gltf_json(base.patch(json::parse(c.change))), c.says);
    }
}

TEST(GltfPlaces, ScalesDownTheTreeThatPlaceAJointPastTheRangeNameItsNode) {
    // Each node's own numbers are in range; together they place node 3 at 1e18.
    json j = gltf_asset();
    j["nodes"] = {{{"children", {1}}, {"scale", {1e6, 1e6, 1e6}}},
                  {{"children", {2}}, {"scale", {1e6, 1e6, 1e6}}},
                  {{"children", {3}}, {"translation", {1e6, 0, 0}}},
                  json::object()};
    j["scenes"] = {{{"nodes", {0}}}};
    expect_refused(import_gltf_json(j),
                   "nodes[2]: with the scales and moves of the nodes above it, its joint is not between -1e15 and 1e15");
    // A length as Marionette's export writes it, stretched by its node's scale past the range.
    j["nodes"] = {{{"scale", {2, 2, 2}}, {"extras", {{"marionette", {{"length", 1e15}}}}}}};
    expect_refused(import_gltf_json(j), "nodes[0]: the scales above it make its bone longer than 1e15");
}

TEST(GltfPlaces, ALongChainOfNodesAboveTheJointsComesInWhole) {
    // 20,000 static nodes above a skin's 20,000 joints, each a unit further along x: folded in,
    // every joint where its node is (read linearly: a walk to the root per joint would be
    // quadratic; bench/gltf_bench times a million).
    constexpr int kChain = 20'000;
    json j = gltf_asset();
    j["nodes"] = json::array();
    json joints = json::array();
    for (int n = 0; n < 2 * kChain; ++n) {
        json node = {{"translation", {1, 0, 0}}};
        if (n + 1 < 2 * kChain) node["children"] = {n + 1};
        j["nodes"].push_back(node);
        if (n >= kChain) joints.push_back(n);
    }
    j["scenes"] = {{{"nodes", {0}}}};
    j["skins"] = {{{"joints", joints}}};
    const Result<GltfImport> imported = import_gltf_json(j);
    ASSERT_TRUE(imported.ok()) << imported.message();
    const Skeleton& s = imported.value().rig.skeleton;
    ASSERT_EQ(s.size(), static_cast<std::size_t>(kChain));
    EXPECT_EQ(s[0].parent, -1);
    EXPECT_FLOAT_EQ(s[0].rest.translation.x, static_cast<float>(kChain + 1));  // the first joint, past the chain above it
    EXPECT_EQ(s[kChain - 1].parent, kChain - 2);
}
