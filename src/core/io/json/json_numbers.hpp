#pragma once
// Numbers in the JSON files people read (rigs, baked frames): a whole number as an integer
// (90, not 90.0) and a float in the shortest form that reads back as the same float (0.1, not
// 0.10000000149011612), so the files stay short and reload exactly.

#include <cstddef>
#include <string>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/io/json/json_field.hpp"

namespace marionette {

// `d` as an integer when it is whole and exact as one, else as the double.
Json json_number(double d);

// The shortest decimal that reads back as `v`, as json_number writes it.
Json json_float(float v);

// The text json_float(v).dump() is, appended to `text` without building a Json value: a frame
// of baked bones writes hundreds of thousands of them (frames_json.cpp).
void append_json_float(std::string& text, float v);

// The longest text append_json_float writes: the JSON writer's 17 digits, a sign, a point and an
// exponent ("-1.2345678901234567e-05"), with room to spare.
inline constexpr std::size_t kMaxJsonFloatChars = 32;

// The same text written at `out`, which holds kMaxJsonFloatChars; returns its end. For a
// writer that sizes its buffer once for many numbers.
char* write_json_float(char* out, float v);

// A rig's vector as the files write it: [x, y] for a 2D rig, [x, y, z] for a 3D one.
Json json_vector(const glm::vec3& v, bool is_2d);

// A rotation as the files write it: 2D, its angle about z in degrees to 1e-4 degree; 3D, the
// quaternion [x, y, z, w].
Json json_rotation(const glm::quat& q, bool is_2d);

}  // namespace marionette
