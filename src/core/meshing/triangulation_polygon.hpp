#pragma once
// The two questions about a polygon that the triangulation and the picture outline both ask,
// answered once: which way three points turn (the mesh rule's own test, so that every sign
// agrees with attachment_mesh_problem's), and whether a polygon is simple and counter-clockwise.

#include <optional>
#include <span>
#include <string>

#include <glm/glm.hpp>

namespace marionette {

// Twice the signed area of a, b, c in doubles: positive when they turn counter-clockwise. The
// mesh rule's orientation test, shared so that both agree on every sign.
double triangle_cross(const glm::vec2& a, const glm::vec2& b, const glm::vec2& c);

// Why `polygon` is not simple and counter-clockwise, or nothing: the triangulation's and the
// picture outline's check (no two vertices at one place, no two edges crossing or touching but
// neighbours at their shared end, a positive area).
std::optional<std::string> simple_polygon_problem(std::span<const glm::vec2> polygon);

}  // namespace marionette
