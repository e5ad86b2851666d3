#include "core/io/gltf/gltf_accessor.hpp"

#include <cmath>
#include <cstring>

#include <tiny_gltf.h>

#include "core/base/read_budget.hpp"

namespace marionette::gltf {

namespace {

int type_of(int components) {
    switch (components) {
        case 1: return TINYGLTF_TYPE_SCALAR;
        case 2: return TINYGLTF_TYPE_VEC2;
        case 3: return TINYGLTF_TYPE_VEC3;
        case 4: return TINYGLTF_TYPE_VEC4;
        default: return TINYGLTF_TYPE_MAT4;
    }
}

std::size_t component_bytes(int type) {
    switch (type) {
        case TINYGLTF_COMPONENT_TYPE_BYTE:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
        case TINYGLTF_COMPONENT_TYPE_SHORT:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
        default: return 4;
    }
}

// An accessor's elements, located and bounds-checked: the first byte and the stride, or no
// bytes at all for an accessor without a buffer view (glTF: all zeros).
struct Located {
    const unsigned char* base = nullptr;
    std::size_t stride = 0;
    std::size_t count = 0;
    int component_type = 0;
    bool normalized = false;
};

std::string place_of(int index, const std::string& where) { return "accessors[" + std::to_string(index) + "] (" + where + ")"; }

Result<Located> locate(const tinygltf::Model& model, int index, int components, const std::string& where, std::size_t max_elements,
                       std::string& place) {
    if (index < 0 || index >= static_cast<int>(model.accessors.size()))
        return Error{where + ": " + std::to_string(index) + " is not an accessor"};
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(index)];
    place = place_of(index, where);
    if (a.sparse.isSparse) return Error{place + ": sparse accessors are not supported"};
    if (a.type != type_of(components)) return Error{place + ": expected " + std::to_string(components) + " numbers an element"};
    // Every size is checked before it is multiplied or allocated, so huge counts neither wrap
    // around nor ask for more memory than the caller can take.
    if (a.count > max_elements) {
        return Error{place + ": holds " + with_thousands(a.count) + " elements where at most " + with_thousands(max_elements) +
                     " are taken"};
    }
    Located out;
    out.count = a.count;
    out.component_type = a.componentType;
    out.normalized = a.normalized;
    if (a.bufferView < 0) return out;
    if (a.bufferView >= static_cast<int>(model.bufferViews.size()))
        return Error{place + ": " + std::to_string(a.bufferView) + " is not a buffer view"};
    const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
    if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) return Error{place + ": its buffer view names no buffer"};
    const std::vector<unsigned char>& data = model.buffers[static_cast<std::size_t>(view.buffer)].data;
    const std::size_t element = component_bytes(a.componentType) * static_cast<std::size_t>(components);
    out.stride = view.byteStride ? view.byteStride : element;
    if (out.stride > 256 || out.stride < element) return Error{place + ": stride out of range"};
    const std::size_t span = a.count == 0 ? 0 : (a.count - 1) * out.stride + element;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset || a.byteOffset > view.byteLength ||
        span > view.byteLength - a.byteOffset) {
        return Error{place + ": reads past the end of its buffer"};
    }
    out.base = data.data() + view.byteOffset + a.byteOffset;
    return out;
}

template <class T>
T load(const unsigned char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

}  // namespace

Result<std::size_t> element_count(const tinygltf::Model& model, int index, const std::string& where) {
    if (index < 0 || index >= static_cast<int>(model.accessors.size()))
        return Error{where + ": " + std::to_string(index) + " is not an accessor"};
    return model.accessors[static_cast<std::size_t>(index)].count;
}

Result<std::vector<float>> read_floats(const tinygltf::Model& model, int index, int components, const std::string& where,
                                       std::size_t max_elements, Numbers numbers) {
    std::string place;
    Result<Located> located = locate(model, index, components, where, max_elements, place);
    if (!located) return Error{located.message()};
    const Located& a = located.value();
    const bool unit_int =
        numbers == Numbers::FloatsOrUnitInts && a.normalized &&
        (a.component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE || a.component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
    if (a.component_type != TINYGLTF_COMPONENT_TYPE_FLOAT && !unit_int) {
        return Error{place +
                     (numbers == Numbers::Floats ? ": expected floats" : ": expected floats or normalized unsigned bytes or shorts")};
    }
    const auto n = static_cast<std::size_t>(components);
    std::vector<float> out(a.count * n, 0.0f);
    if (!a.base) return out;
    const std::size_t size = component_bytes(a.component_type);
    for (std::size_t i = 0; i < a.count; ++i) {
        for (std::size_t c = 0; c < n; ++c) {
            const unsigned char* p = a.base + i * a.stride + c * size;
            float& v = out[i * n + c];
            switch (a.component_type) {
                case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: v = static_cast<float>(*p) / 255.0f; break;
                case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: v = static_cast<float>(load<std::uint16_t>(p)) / 65535.0f; break;
                default: v = load<float>(p);
            }
        }
    }
    for (float v : out) {
        if (!std::isfinite(v)) return Error{place + ": holds a number that is not finite"};
    }
    return out;
}

Result<std::vector<std::uint32_t>> read_unsigned(const tinygltf::Model& model, int index, int components, const std::string& where,
                                                 std::size_t max_elements) {
    std::string place;
    Result<Located> located = locate(model, index, components, where, max_elements, place);
    if (!located) return Error{located.message()};
    const Located& a = located.value();
    if (a.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE && a.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
        a.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) {
        return Error{place + ": expected unsigned bytes, shorts or ints"};
    }
    const auto n = static_cast<std::size_t>(components);
    std::vector<std::uint32_t> out(a.count * n, 0);
    if (!a.base) return out;
    const std::size_t size = component_bytes(a.component_type);
    for (std::size_t i = 0; i < a.count; ++i) {
        for (std::size_t c = 0; c < n; ++c) {
            const unsigned char* p = a.base + i * a.stride + c * size;
            out[i * n + c] = size == 1 ? *p : size == 2 ? load<std::uint16_t>(p) : load<std::uint32_t>(p);
        }
    }
    return out;
}

}  // namespace marionette::gltf
