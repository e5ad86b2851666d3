#include "app/render/shader_program.hpp"

#include <glad/gl.h>

#include <fstream>
#include <sstream>

namespace marionette {

namespace {

Result<std::string> read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error{"cannot read shader " + file.string()};
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Result<GLuint> compile(GLenum stage, const std::filesystem::path& file) {
    Result<std::string> source = read_text(file);
    if (!source) return Error{source.message()};
    const GLuint shader = glCreateShader(stage);
    const char* text = source.value().c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        glDeleteShader(shader);
        return Error{"shader " + file.string() + " failed to compile:\n" + log.c_str()};
    }
    return shader;
}

}  // namespace

Result<std::unique_ptr<ShaderProgram>> ShaderProgram::load(const std::filesystem::path& vertex_file,
                                                           const std::filesystem::path& fragment_file) {
    Result<GLuint> vs = compile(GL_VERTEX_SHADER, vertex_file);
    if (!vs) return Error{vs.message()};
    Result<GLuint> fs = compile(GL_FRAGMENT_SHADER, fragment_file);
    if (!fs) {
        glDeleteShader(vs.value());
        return Error{fs.message()};
    }
    std::unique_ptr<ShaderProgram> p(new ShaderProgram());
    p->program_ = glCreateProgram();
    glAttachShader(p->program_, vs.value());
    glAttachShader(p->program_, fs.value());
    glLinkProgram(p->program_);
    glDeleteShader(vs.value());
    glDeleteShader(fs.value());
    GLint ok = GL_FALSE;
    glGetProgramiv(p->program_, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        GLint length = 0;
        glGetProgramiv(p->program_, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
        glGetProgramInfoLog(p->program_, length, nullptr, log.data());
        return Error{"shaders " + vertex_file.string() + " + " + fragment_file.string() + " failed to link:\n" + log.c_str()};
    }
    return p;
}

ShaderProgram::~ShaderProgram() {
    if (program_) glDeleteProgram(program_);
}

int ShaderProgram::uniform(const char* name) const { return glGetUniformLocation(program_, name); }

}  // namespace marionette
