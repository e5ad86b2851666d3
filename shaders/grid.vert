#version 330 core
// The ground grid's quad (editor/grid_plan.hpp).
layout(location = 0) in vec2 a_corner;  // -1..1

uniform mat4 u_view_projection;
uniform vec2 u_center;
uniform float u_extent;
uniform bool u_is_2d;

out vec2 v_ground;  // the point on the ground plane (2D: x, y; 3D: x, z)

void main() {
    v_ground = u_center + a_corner * u_extent;
    vec3 p = u_is_2d ? vec3(v_ground, 0.0) : vec3(v_ground.x, 0.0, v_ground.y);
    gl_Position = u_view_projection * vec4(p, 1.0);
}
