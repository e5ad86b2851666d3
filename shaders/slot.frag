#version 330 core
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_picture;  // premultiplied alpha, the picture's own (display) colours

out vec4 frag_color;

void main() {
    // Both premultiplied: their product is too, blended with (ONE, ONE_MINUS_SRC_ALPHA).
    frag_color = texture(u_picture, v_uv) * v_color;
}
