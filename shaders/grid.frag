#version 330 core
// Lines 1, 10 and 100 `u_spacing` apart, each set as opaque as its lines are far apart on
// screen (none at u_finest points: so the opacity of a line never depends on which set it was
// counted in, and a step of u_spacing changes nothing), one pixel wide and smoothed; the axes
// over them.
in vec2 v_ground;

uniform float u_spacing;
uniform float u_finest;            // points
uniform float u_pixels_per_point;
uniform vec2 u_center;
uniform float u_fade_from;         // 3D: distance fade; both 0 in 2D
uniform float u_fade_to;
uniform vec3 u_line_color;
uniform vec3 u_first_axis_color;   // the x axis
uniform vec3 u_second_axis_color;  // 2D: the y axis; 3D: the z axis

out vec4 frag_color;

// How much of a pixel a set of lines `spacing` apart covers here, times its opacity.
float lines(float spacing, vec2 ground_per_pixel) {
    vec2 cell_pixels = spacing / max(ground_per_pixel, vec2(1e-30));
    vec2 to_line = abs(fract(v_ground / spacing + 0.5) - 0.5) * cell_pixels;
    vec2 coverage = clamp(1.0 - to_line, 0.0, 1.0);
    // Faded in over the first factor of four, then stronger the wider apart, so the sets read
    // as minor and major lines.
    float finest = u_finest * u_pixels_per_point;
    vec2 opacity = smoothstep(finest, 4.0 * finest, cell_pixels) * mix(vec2(0.3), vec2(0.85), smoothstep(4.0 * finest, 40.0 * finest, cell_pixels));
    return max(coverage.x * opacity.x, coverage.y * opacity.y);
}

void main() {
    vec2 ground_per_pixel = fwidth(v_ground);
    float a = max(lines(u_spacing, ground_per_pixel), max(lines(10.0 * u_spacing, ground_per_pixel), lines(100.0 * u_spacing, ground_per_pixel)));
    vec3 color = u_line_color;
    // The axes: 1.5 pixels wide, always shown.
    vec2 to_axis = abs(v_ground) / max(ground_per_pixel, vec2(1e-30));
    float first = clamp(1.25 - to_axis.y, 0.0, 1.0);
    float second = clamp(1.25 - to_axis.x, 0.0, 1.0);
    if (second > 0.0) {
        color = mix(color, u_second_axis_color, second / max(a, second));
        a = max(a, second);
    }
    if (first > 0.0) {
        color = mix(color, u_first_axis_color, first / max(a, first));
        a = max(a, first);
    }
    if (u_fade_to > 0.0) a *= 1.0 - smoothstep(u_fade_from, u_fade_to, length(v_ground - u_center));
    if (a <= 0.0) discard;
    frag_color = vec4(color, a);
}
