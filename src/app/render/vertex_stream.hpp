#pragma once
// A vertex array and buffer refilled every frame: the GL objects both renderers draw through.
// Create it once a GL context is current.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace marionette {

struct VertexAttribute {
    unsigned location;
    int float_count;     // 1 to 4 floats
    std::size_t offset;  // bytes into the vertex
};

class VertexStream {
public:
    VertexStream(std::size_t stride, std::initializer_list<VertexAttribute> attributes);
    ~VertexStream();
    VertexStream(const VertexStream&) = delete;
    VertexStream& operator=(const VertexStream&) = delete;

    // Uploads the vertices and draws them as `mode` (GL_LINES, GL_TRIANGLES, ...).
    template <class Vertex>
    void draw(const std::vector<Vertex>& vertices, unsigned mode) {
        upload_bytes(vertices.data(), vertices.size());
        draw_range(mode, 0, vertices.size());
    }

    // Uploads the vertices once for several draws of parts of them (one per texture, say).
    template <class Vertex>
    void upload(const std::vector<Vertex>& vertices) {
        upload_bytes(vertices.data(), vertices.size());
    }
    // Draws vertices [first, first + count) of the last upload.
    void draw_range(unsigned mode, std::size_t first, std::size_t count);

    // Indexed drawing: the vertices and the indices into them, once for several draws.
    template <class Vertex>
    void upload(const std::vector<Vertex>& vertices, const std::vector<std::uint32_t>& indices) {
        upload_bytes(vertices.data(), vertices.size());
        upload_indices(indices.data(), indices.size());
    }
    // Draws indices [first, first + count) of the last indexed upload.
    void draw_indexed_range(unsigned mode, std::size_t first, std::size_t count);

private:
    void upload_bytes(const void* data, std::size_t count);
    void upload_indices(const std::uint32_t* data, std::size_t count);

    std::size_t stride_;
    unsigned vao_ = 0;
    unsigned vbo_ = 0;
    unsigned ebo_ = 0;  // made by the first indexed upload
};

}  // namespace marionette
