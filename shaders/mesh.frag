#version 330 core
in vec3 v_normal;
in vec2 v_uv;

uniform sampler2D u_base_color;  // sRGB texture, read as linear (white when the mesh has none)
uniform vec4 u_color;            // glTF's baseColorFactor, linear
uniform vec3 u_light_direction;  // toward the light, unit length
uniform float u_ambient;

out vec4 frag_color;

void main() {
    vec4 base = u_color * texture(u_base_color, v_uv);
    // Two-sided, as the bone shapes: a surface seen from inside is lit like its outside.
    float lambert = abs(dot(normalize(v_normal), u_light_direction));
    vec3 lit = base.rgb * (u_ambient + (1.0 - u_ambient) * lambert);
    // Lit in linear light, written for the sRGB display.
    frag_color = vec4(pow(lit, vec3(1.0 / 2.2)), 1.0);
}
