#version 330 core
in vec3 v_normal;
in vec4 v_color;

uniform vec3 u_light_direction;  // toward the light, unit length
uniform float u_ambient;

out vec4 frag_color;

void main() {
    // Two-sided: a face seen from behind is lit like its front, so thin shapes never go black.
    float lambert = abs(dot(normalize(v_normal), u_light_direction));
    frag_color = vec4(v_color.rgb * (u_ambient + (1.0 - u_ambient) * lambert), v_color.a);
}
