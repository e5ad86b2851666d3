#version 330 core
// Skinning on the GPU: each vertex blends up to four matrices of its mesh's palette, read from
// a float texture (four texels a matrix, one row a joint), so no uniform limit caps the joints.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_joints;
layout(location = 4) in vec4 a_weights;

uniform mat4 u_view_projection;
uniform sampler2D u_palette;

out vec3 v_normal;
out vec2 v_uv;

mat4 joint_matrix(uint joint) {
    int row = int(joint);
    return mat4(texelFetch(u_palette, ivec2(0, row), 0), texelFetch(u_palette, ivec2(1, row), 0),
                texelFetch(u_palette, ivec2(2, row), 0), texelFetch(u_palette, ivec2(3, row), 0));
}

void main() {
    mat4 skin = a_weights.x * joint_matrix(a_joints.x) + a_weights.y * joint_matrix(a_joints.y) +
                a_weights.z * joint_matrix(a_joints.z) + a_weights.w * joint_matrix(a_joints.w);
    gl_Position = u_view_projection * (skin * vec4(a_position, 1.0));
    // The inverse transpose keeps normals square to a surface a bone's scale stretches.
    v_normal = transpose(inverse(mat3(skin))) * a_normal;
    v_uv = a_uv;
}
