#pragma once
// glTF files written by hand in tests: one buffer, a data URI, of the arrays added.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/mesh/mesh_data.hpp"

namespace marionette::testing {

// A glTF file written by hand: one buffer (a data URI) of the arrays added, one accessor each.
class HandGltf {
public:
    HandGltf() {
        json_ = {{"asset", {{"version", "2.0"}}},
                 {"scene", 0},
                 {"scenes", {{{"nodes", {0}}}}},
                 {"accessors", nlohmann::json::array()},
                 {"bufferViews", nlohmann::json::array()}};
    }
    int floats(const std::vector<float>& values, const char* type) {
        return add(values.data(), values.size() * 4, 5126, values.size() / components(type), type);
    }
    int ushorts(const std::vector<std::uint16_t>& values, const char* type) {
        return add(values.data(), values.size() * 2, 5123, values.size() / components(type), type);
    }
    nlohmann::json& json() { return json_; }
    std::string text() {
        json_["buffers"] = {{{"byteLength", bytes_.size()}, {"uri", "data:application/octet-stream;base64," + base64_encode(bytes_)}}};
        return json_.dump();
    }

private:
    static std::size_t components(const std::string& type) { return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4; }
    int add(const void* data, std::size_t size, int component_type, std::size_t count, const char* type) {
        while (bytes_.size() % 4) bytes_ += '\0';
        json_["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", bytes_.size()}, {"byteLength", size}});
        bytes_.append(static_cast<const char*>(data), size);
        json_["accessors"].push_back(
            {{"bufferView", json_["bufferViews"].size() - 1}, {"componentType", component_type}, {"count", count}, {"type", type}});
        return static_cast<int>(json_["accessors"].size() - 1);
    }
    nlohmann::json json_;
    std::string bytes_;
};

}  // namespace marionette::testing
