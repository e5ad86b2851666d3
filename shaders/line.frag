#version 330 core
in vec4 v_color;
uniform bool u_round_points;
out vec4 frag_color;

void main() {
    // Points are square in GL; joints read better as discs.
    if (u_round_points && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    frag_color = v_color;
}
