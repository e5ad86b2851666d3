#include "core/io/gltf/gltf_writer.hpp"

#include <algorithm>
#include <cstring>

namespace marionette::gltf {

int Writer::view(const void* bytes, std::size_t size, int target) {
    data().resize((data().size() + 3) / 4 * 4, 0);  // every accessor's components aligned
    const std::size_t offset = data().size();
    data().resize(offset + size);
    if (size) std::memcpy(data().data() + offset, bytes, size);
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = offset;
    v.byteLength = size;
    v.target = target;
    model.bufferViews.push_back(v);
    return static_cast<int>(model.bufferViews.size()) - 1;
}

int Writer::accessor(int view, int component_type, std::size_t count, int type) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.componentType = component_type;
    a.count = count;
    a.type = type;
    model.accessors.push_back(a);
    return static_cast<int>(model.accessors.size()) - 1;
}

int Writer::floats(const std::vector<float>& values, int type, int per_element, bool with_bounds, int target) {
    const int v = view(values.data(), values.size() * sizeof(float), target);
    const auto n = static_cast<std::size_t>(per_element);
    const int a = accessor(v, TINYGLTF_COMPONENT_TYPE_FLOAT, values.size() / n, type);
    if (with_bounds && !values.empty()) {
        std::vector<double> lo(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
        std::vector<double> hi = lo;
        for (std::size_t i = 0; i < values.size(); ++i) {
            lo[i % n] = std::min(lo[i % n], static_cast<double>(values[i]));
            hi[i % n] = std::max(hi[i % n], static_cast<double>(values[i]));
        }
        model.accessors[static_cast<std::size_t>(a)].minValues = lo;
        model.accessors[static_cast<std::size_t>(a)].maxValues = hi;
    }
    return a;
}

int Writer::texture(const std::string& name, const std::string& mime_type, const void* bytes, std::size_t size, int sampler) {
    tinygltf::Image i;
    i.name = name;
    i.mimeType = mime_type;
    i.bufferView = view(bytes, size);
    model.images.push_back(i);
    tinygltf::Texture t;
    t.source = static_cast<int>(model.images.size()) - 1;
    t.sampler = sampler;
    model.textures.push_back(t);
    return static_cast<int>(model.textures.size()) - 1;
}

}  // namespace marionette::gltf
