#version 330 core
in vec4 v_fill;
in vec4 v_outline;
in float v_outline_pixels;
in vec4 v_edges;
in vec3 v_bary;
in vec3 v_world;
flat in float v_ring_scale;

uniform int u_part;               // as bone.vert's
uniform float u_world_per_pixel;  // 2D
uniform float u_pixels_per_point;
uniform float u_ring_radius;      // points: the ring's outer radius
uniform float u_ring_band;        // points: its thickness
uniform vec3 u_light_direction;   // 3D: toward the light, unit length
uniform float u_ambient;

out vec4 frag_color;

// `distance` in pixels from an edge, negative inside: the fill, the outline along the edge, and
// the edge's coverage over one pixel (smooth without multisampling).
vec4 paint(float distance, vec4 fill, float outline_pixels) {
    float coverage = clamp(0.5 - distance, 0.0, 1.0);
    if (coverage <= 0.0) discard;
    float on_outline = clamp(distance + outline_pixels + 0.5, 0.0, 1.0);
    vec4 color = mix(fill, v_outline, on_outline);
    return vec4(color.rgb, color.a * coverage);
}

void main() {
    if (u_part == 0) {
        float d = max(max(v_edges.x, v_edges.y), max(v_edges.z, v_edges.w)) / u_world_per_pixel;
        frag_color = paint(d, v_fill, v_outline_pixels);
    } else if (u_part == 2) {
        float band = max(u_ring_band * u_pixels_per_point * v_ring_scale, 1.0);
        float middle = u_ring_radius * u_pixels_per_point * v_ring_scale - 0.5 * band;
        float d = abs(length(v_edges.xy) - middle) - 0.5 * band;
        frag_color = paint(d, v_fill, min(v_outline_pixels, 0.25 * band));
    } else {
        // Flat shading from the face's own slope; two-sided, so thin shapes never go black.
        vec3 normal = normalize(cross(dFdx(v_world), dFdy(v_world)));
        float lambert = abs(dot(normal, u_light_direction));
        vec4 fill = vec4(v_fill.rgb * (u_ambient + (1.0 - u_ambient) * lambert), v_fill.a);
        // Pixels to the face's nearest edge: the octahedron's wire outline, at most a fifth of
        // the face's smallest height on screen, so a small or far bone keeps its fill.
        vec3 per_pixel = max(fwidth(v_bary), vec3(1e-6));
        vec3 to_edge = v_bary / per_pixel;
        float height = 1.0 / max(max(per_pixel.x, per_pixel.y), per_pixel.z);
        float d = -min(min(to_edge.x, to_edge.y), to_edge.z);
        float on_outline = clamp(d + min(v_outline_pixels, 0.2 * height) + 0.5, 0.0, 1.0);
        frag_color = mix(fill, v_outline, on_outline);
    }
}
