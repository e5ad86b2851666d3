#pragma once
// A GLSL program built from two files in shaders/. A missing file or a compile or link error
// comes back as a message with the driver's log, never as a black window.

#include <filesystem>
#include <memory>
#include <string>

#include "core/base/result.hpp"

namespace marionette {

class ShaderProgram {
public:
    static Result<std::unique_ptr<ShaderProgram>> load(const std::filesystem::path& vertex_file,
                                                       const std::filesystem::path& fragment_file);
    ~ShaderProgram();
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;

    unsigned id() const { return program_; }
    int uniform(const char* name) const;

private:
    ShaderProgram() = default;
    unsigned program_ = 0;
};

}  // namespace marionette
