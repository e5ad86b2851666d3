#version 330 core
// One bone per instance (editor/bone_shapes.hpp): a 2D diamond, a 3D octahedron, or the ring
// at its joint, as u_part says.
layout(location = 0) in vec3 a_corner;  // the unit shape's corner (bone units), or the ring's (-1..1)
layout(location = 1) in vec3 a_edges;   // barycentric weight within the corner's triangle
layout(location = 2) in vec4 a_joint;   // xyz: the joint; w: the outline's width in points
layout(location = 3) in vec4 a_rotation;
layout(location = 4) in vec3 a_size;
layout(location = 5) in vec4 a_fill;
layout(location = 6) in vec4 a_outline;

uniform mat4 u_view_projection;
uniform int u_part;                // 0: 2D diamond, 1: 3D octahedron, 2: joint ring
uniform float u_world_per_pixel;   // 2D: world units per framebuffer pixel
uniform vec2 u_viewport_pixels;    // the viewport's size in framebuffer pixels
uniform float u_pixels_per_point;  // framebuffer pixels per point, UI scale included
uniform float u_waist;             // where the shape is widest, as a fraction of its length
uniform float u_ring_radius;       // points
uniform vec3 u_eye;                // 3D: the camera's position
uniform float u_world_per_pixel_per_depth;  // 3D: a pixel's size in world units, per unit from the eye; 2D: 0

out vec4 v_fill;
out vec4 v_outline;
out float v_outline_pixels;
out vec4 v_edges;    // diamond: signed distances to its four sides (world units); ring: xy, pixels from its centre
out vec3 v_bary;     // octahedron: barycentric weights
out vec3 v_world;    // octahedron: world position
flat out float v_ring_scale;  // ring: its size as a fraction of u_ring_radius's

// A ring's radius is at most this fraction of its bone's length in pixels at its joint, and a
// ring whose radius would be under kSmallestRingPixels is not drawn: on bones drawn short (a
// long chain seen whole, a zoom out) rings at full size would cover the bones they mark, as
// Blender's joints shrink with their bones.
const float kRingPerBoneLength = 0.25;
const float kSmallestRingPixels = 1.5;

// Smooth edges need a pixel of room outside the shape.
const float kMarginPixels = 1.5;

vec3 rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }

vec2 outward(vec2 from, vec2 to) {
    vec2 d = to - from;
    return normalize(vec2(d.y, -d.x));
}

void main() {
    v_fill = a_fill;
    v_outline = a_outline;
    v_outline_pixels = a_joint.w * u_pixels_per_point;
    v_edges = vec4(0.0);
    v_bary = a_edges;
    v_world = vec3(0.0);
    v_ring_scale = 1.0;
    if (u_part == 2) {
        float radius = u_ring_radius * u_pixels_per_point;
        if (a_size.x > 0.0) {
            // The bone's length in pixels at its joint, whichever way it points (a bone seen
            // end-on keeps its ring, as a joint's sphere in Blender does).
            float world_per_pixel = u_world_per_pixel_per_depth > 0.0 ? u_world_per_pixel_per_depth * distance(u_eye, a_joint.xyz)
                                                                      : u_world_per_pixel;
            v_ring_scale = min(1.0, kRingPerBoneLength * a_size.x / max(world_per_pixel, 1e-30) / radius);
        }
        if (radius * v_ring_scale < kSmallestRingPixels) {
            gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: no ring
            return;
        }
        radius *= v_ring_scale;
        float extent = radius + kMarginPixels;
        vec3 at = a_joint.xyz;
        if (u_world_per_pixel_per_depth > 0.0) {
            // 3D: a disc facing the eye on the front of a ball of its own radius about the
            // joint, so the bones meeting there do not cut it, and a skin round them hides it.
            vec3 to_eye = u_eye - at;
            at += to_eye * min(extent * u_world_per_pixel_per_depth, 0.5);
        }
        vec4 clip = u_view_projection * vec4(at, 1.0);
        clip.xy += a_corner.xy * extent * 2.0 / u_viewport_pixels * clip.w;
        gl_Position = clip;
        v_edges.xy = a_corner.xy * extent;
        return;
    }
    if (u_part == 1) {
        vec3 world = a_joint.xyz + rotate(a_rotation, a_corner * a_size);
        v_world = world;
        gl_Position = u_view_projection * vec4(world, 1.0);
        return;
    }
    // The diamond's corners counter-clockwise: joint, the waist's -y side, the tip, its +y side.
    float len = a_size.x;
    if (len <= 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // nothing to draw: outside the clip volume
        return;
    }
    vec2 p[4] = vec2[4](vec2(0.0), vec2(u_waist * len, -a_size.y), vec2(len, 0.0), vec2(u_waist * len, a_size.y));
    vec2 n[4] = vec2[4](outward(p[0], p[1]), outward(p[1], p[2]), outward(p[2], p[3]), outward(p[3], p[0]));
    int c = a_corner.x == 0.0 ? 0 : (a_corner.x == 1.0 ? 2 : (a_corner.y < 0.0 ? 1 : 3));
    vec2 before = n[(c + 3) % 4];
    vec2 after = n[c];
    // Each side pushed out by the margin: the corner moves along its mitre.
    // Capped, for a tip so sharp its mitre would reach far out: past the shape is only overdraw.
    vec2 mitre = (before + after) / max(1.0 + dot(before, after), 1e-3);
    mitre *= min(1.0, 64.0 / max(length(mitre), 1e-6));
    vec2 local = p[c] + mitre * kMarginPixels * u_world_per_pixel;
    for (int k = 0; k < 4; ++k) v_edges[k] = dot(n[k], local - p[k]);
    // A thin bone keeps some of its fill: the outline takes at most a third of its half width.
    float inner = u_waist * len * a_size.y / length(vec2(u_waist * len, a_size.y)) / u_world_per_pixel;
    v_outline_pixels = min(v_outline_pixels, max(inner / 3.0, 0.75));
    gl_Position = u_view_projection * vec4(a_joint.xyz + rotate(a_rotation, vec3(local, 0.0)), 1.0);
}
