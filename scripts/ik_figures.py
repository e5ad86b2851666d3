#!/usr/bin/env python3
"""Draws the figures of docs/ik.md as SVG files in docs/figures/ (python3, no other modules).

Usage: python3 scripts/ik_figures.py    rewrites docs/figures/two_bone_*.svg

The figures are computed here from the same formulas the text gives, so what they show is what
the solver does for the numbers named in each one.
"""
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "figures")
INK, BONE, TARGET, FAINT = "#222", "#2f6fb3", "#c0392b", "#999"


def svg(width, height, body):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">\n'
            f'<rect width="{width}" height="{height}" fill="white"/>\n{body}</svg>\n')


def line(a, b, colour=INK, width=2, dash=None):
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" stroke="{colour}" stroke-width="{width}"{d}/>\n'


def dot(p, colour=INK, r=5):
    return f'<circle cx="{p[0]:.1f}" cy="{p[1]:.1f}" r="{r}" fill="{colour}"/>\n'


def text(p, s, colour=INK, anchor="middle"):
    return f'<text x="{p[0]:.1f}" y="{p[1]:.1f}" fill="{colour}" text-anchor="{anchor}">{s}</text>\n'


def arc(centre, radius, start, end, colour=INK):
    """An arc from angle start to end (radians, counter-clockwise in the figure's y-up sense)."""
    a = (centre[0] + radius * math.cos(start), centre[1] - radius * math.sin(start))
    b = (centre[0] + radius * math.cos(end), centre[1] - radius * math.sin(end))
    large = 1 if abs(end - start) > math.pi else 0
    sweep = 0 if end > start else 1
    return f'<path d="M {a[0]:.1f} {a[1]:.1f} A {radius} {radius} 0 {large} {sweep} {b[0]:.1f} {b[1]:.1f}" fill="none" stroke="{colour}" stroke-width="1.5"/>\n'


def two_bone_points(root, upper, lower, target, bend):
    """The middle joint by the law of cosines: the angle at the root between the aim and the upper
    bone is acos((u^2 + d^2 - l^2) / (2 u d)), on the side `bend` picks (+1: the lower bone turns
    counter-clockwise from the upper, so the middle joint lies clockwise of the aim)."""
    dx, dy = target[0] - root[0], target[1] - root[1]
    d = math.hypot(dx, dy)
    aim = math.atan2(dy, dx)
    shoulder = math.acos((upper * upper + d * d - lower * lower) / (2 * upper * d))
    a = aim - bend * shoulder
    return (root[0] + upper * math.cos(a), root[1] + upper * math.sin(a)), shoulder, aim, d


def to_screen(p, origin, scale):
    return (origin[0] + scale * p[0], origin[1] - scale * p[1])


def triangle_figure():
    # The seed article's arm: upper 104, lower 185, the target 225 from the shoulder.
    upper, lower = 104.0, 185.0
    root, target = (0.0, 0.0), (225.0 * math.cos(0.3), 225.0 * math.sin(0.3))
    middle, shoulder, aim, d = two_bone_points(root, upper, lower, target, 1)
    elbow = math.acos((upper * upper + lower * lower - d * d) / (2 * upper * lower))
    origin, scale = (100.0, 220.0), 1.6
    R, M, T = (to_screen(p, origin, scale) for p in (root, middle, target))
    body = line(R, T, FAINT, 1.5, "6 4") + line(R, M, BONE, 5) + line(M, T, BONE, 5)
    body += dot(R) + dot(M) + dot(T, TARGET, 7)
    body += arc(R, 45, aim - shoulder, aim, INK)
    body += text((R[0] - 12, R[1] + 5), "root joint", anchor="end")
    body += text((M[0], M[1] + 24), "middle joint")
    body += text((T[0] + 10, T[1] - 12), "target", TARGET, "start")
    body += text(((R[0] + M[0]) / 2 - 14, (R[1] + M[1]) / 2 + 18), f"upper {upper:g}", BONE, "end")
    body += text(((M[0] + T[0]) / 2 + 28, (M[1] + T[1]) / 2 + 20), f"lower {lower:g}", BONE)
    body += text(((R[0] + T[0]) / 2, (R[1] + T[1]) / 2 - 14), f"d = {d:g}", FAINT)
    body += text((R[0] + 70, R[1] - 4), f"A = {math.degrees(shoulder):.1f}°", INK, "start")
    body += text((M[0] + 18, M[1] - 14), f"{math.degrees(math.pi - elbow):.1f}° bend", INK, "start")
    body += text((20, 24), "cos A = (upper² + d² − lower²) / (2 · upper · d)", INK, "start")
    return svg(520, 370, body)


def branches_figure():
    # The two branches for one goal distance, and what a limit on the middle joint leaves.
    upper, lower = 3.0, 4.0
    root, target = (0.0, 0.0), (5.0, 0.0)
    origin, scale = (60.0, 200.0), 50.0
    body = ""
    for bend, colour, label in ((1, BONE, "bend +1"), (-1, "#8e44ad", "bend −1")):
        middle, _, _, _ = two_bone_points(root, upper, lower, target, bend)
        R, M, T = (to_screen(p, origin, scale) for p in (root, middle, target))
        body += line(R, M, colour, 5) + line(M, T, colour, 5) + dot(M, colour)
        body += text((M[0], M[1] + (24 if bend > 0 else -14)), label, colour)
    R, T = to_screen(root, origin, scale), to_screen(target, origin, scale)
    body += line(R, T, FAINT, 1.5, "6 4") + dot(R) + dot(T, TARGET, 7)
    body += text((R[0], R[1] + 24), "root joint") + text((T[0] + 12, T[1] + 5), "target", TARGET, "start")
    body += text((20, 24), "Two branches: one bend each side of the straight limb.", INK, "start")
    body += text((20, 44), "A limited limb keeps the branch it is on while that branch reaches.", INK, "start")
    return svg(520, 380, body)


def pole_figure():
    # Seen along the aim: the middle joint's circle about the line from the root joint to the
    # target, and the point the pole picks (the pole's side of the aim).
    centre, radius = (220.0, 190.0), 100.0
    pole_angle = math.radians(35.0)
    body = f'<circle cx="{centre[0]}" cy="{centre[1]}" r="{radius}" fill="none" stroke="{FAINT}" stroke-width="1.5" stroke-dasharray="6 4"/>\n'
    middle = (centre[0] + radius * math.cos(pole_angle), centre[1] - radius * math.sin(pole_angle))
    pole = (centre[0] + 1.8 * radius * math.cos(pole_angle), centre[1] - 1.8 * radius * math.sin(pole_angle))
    body += line(centre, pole, FAINT, 1.5, "3 3") + line(centre, middle, BONE, 4)
    body += dot(centre) + dot(middle, BONE) + dot(pole, "#27ae60", 7)
    body += text((centre[0], centre[1] + 24), "aim line (seen end on)")
    body += text((middle[0] + 12, middle[1] + 18), "middle joint", BONE, "start")
    body += text((pole[0] + 10, pole[1]), "pole", "#27ae60", "start")
    body += arc(centre, 40, 0.0, pole_angle)
    body += text((centre[0] + 48, centre[1] - 10), "swivel", INK, "start")
    body += text((20, 24), "The middle joint may sit anywhere on this circle;", INK, "start")
    body += text((20, 44), "the pole picks the point on its side of the aim.", INK, "start")
    return svg(520, 320, body)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, make in (("two_bone_triangle", triangle_figure), ("two_bone_branches", branches_figure),
                       ("two_bone_pole", pole_figure)):
        with open(os.path.join(OUT, name + ".svg"), "w", encoding="utf-8") as f:
            f.write(make())


if __name__ == "__main__":
    main()
