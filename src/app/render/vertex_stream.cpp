#include "app/render/vertex_stream.hpp"

#include <glad/gl.h>

namespace marionette {

VertexStream::VertexStream(std::size_t stride, std::initializer_list<VertexAttribute> attributes) : stride_(stride) {
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    for (const VertexAttribute& a : attributes) {
        glEnableVertexAttribArray(a.location);
        glVertexAttribPointer(a.location, a.float_count, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride),
                              reinterpret_cast<void*>(a.offset));
    }
    glBindVertexArray(0);
}

VertexStream::~VertexStream() {
    if (ebo_ != 0) glDeleteBuffers(1, &ebo_);
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
}

void VertexStream::upload_bytes(const void* data, std::size_t count) {
    if (count == 0) return;
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(count * stride_), data, GL_STREAM_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void VertexStream::upload_indices(const std::uint32_t* data, std::size_t count) {
    if (count == 0) return;
    glBindVertexArray(vao_);
    if (ebo_ == 0) glGenBuffers(1, &ebo_);
    // The element buffer is the vertex array's: bound with it bound, it stays with it.
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(count * sizeof(std::uint32_t)), data, GL_STREAM_DRAW);
    glBindVertexArray(0);
}

void VertexStream::draw_indexed_range(unsigned mode, std::size_t first, std::size_t count) {
    if (count == 0 || ebo_ == 0) return;
    glBindVertexArray(vao_);
    glDrawElements(mode, static_cast<GLsizei>(count), GL_UNSIGNED_INT, reinterpret_cast<const void*>(first * sizeof(std::uint32_t)));
    glBindVertexArray(0);
}

void VertexStream::draw_range(unsigned mode, std::size_t first, std::size_t count) {
    if (count == 0) return;
    glBindVertexArray(vao_);
    glDrawArrays(mode, static_cast<GLint>(first), static_cast<GLsizei>(count));
    glBindVertexArray(0);
}

}  // namespace marionette
