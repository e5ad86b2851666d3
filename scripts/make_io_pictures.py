#!/usr/bin/env python3
"""Draws Io's pictures (assets/rigs/io/*.png), the seed article's hero as a puppet: a dark head
box with a white face, two pupils (and the line they make when closed), a body and limbs as
dark bars (a round hand on each forearm, a foot on each shin). Shapes are rounded
rectangles, their edges anti-aliased by 4 x 4 supersampling; dark parts have a light rim so
they read on the editor's dark background. Two pixels a rig unit. Written with the standard library only (zlib for PNG); the output is the same bytes on
every run. Run from the repository: python3 scripts/make_io_pictures.py [FOLDER]
(FOLDER: where to write them instead, as the test that checks the shipped ones does).
"""
import os
import struct
import sys
import zlib

PX = 2  # pixels a rig unit
DARK = (34, 34, 34)       # the seed's #222
RIM = (225, 228, 232)     # a light rim around dark parts
WHITE = (250, 250, 250)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "assets", "rigs", "io")


def rounded_box(x, y, w, h, r):
    """Coverage test of a rounded rectangle (x, y: its bottom-left, in pixels)."""
    def inside(px, py):
        cx = min(max(px, x + r), x + w - r)
        cy = min(max(py, y + r), y + h - r)
        return (px - cx) ** 2 + (py - cy) ** 2 <= r * r
    return inside


def render(width, height, layers):
    """layers: (inside-test, rgb) painted in order; returns RGBA rows, top row first."""
    rows = []
    n = 4
    for row in range(height):
        y = height - 1 - row  # shapes are given with y up, as the rig's
        line = bytearray()
        for x in range(width):
            r = g = b = a = 0.0
            for sy in range(n):
                for sx in range(n):
                    px, py = x + (sx + 0.5) / n, y + (sy + 0.5) / n
                    colour = None
                    for test, rgb in layers:
                        if test(px, py):
                            colour = rgb
                    if colour:
                        r += colour[0]
                        g += colour[1]
                        b += colour[2]
                        a += 1
            if a:
                line += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / (n * n))))
            else:
                line += bytes((0, 0, 0, 0))
        rows.append(bytes(line))
    return rows


def write_png(name, width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + r for r in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png)


RIM_PX = 1.5  # the light rim's width, in pixels


def union(tests):
    return lambda px, py: any(t(px, py) for t in tests)


def dark_shape(name, w, h, boxes):
    """A dark shape made of rounded boxes (x, y, w, h, r in units, from the picture's bottom
    left), `w` x `h` units, with one light rim round their union."""
    outer = union([rounded_box(x * PX, y * PX, bw * PX, bh * PX, r * PX) for x, y, bw, bh, r in boxes])
    inner = union([rounded_box(x * PX + RIM_PX, y * PX + RIM_PX, bw * PX - 2 * RIM_PX, bh * PX - 2 * RIM_PX, r * PX - RIM_PX)
                   for x, y, bw, bh, r in boxes])
    width, height = round(w * PX), round(h * PX)
    write_png(name, width, height, render(width, height, [(outer, RIM), (inner, DARK)]))


def bar(name, length, thick):
    """A dark bar `length` x `thick` units with round ends and a light rim."""
    dark_shape(name, length, thick, [(0, 0, length, thick, thick / 2)])


def limb(name, bone, end):
    """A limb segment on a `bone`-unit bone, 10 units thick with round ends reaching 5 units
    past its joint and its tip. `end` adds what the limb ends in, so its end reads at a
    glance: "hand", a round knob on the tip; "foot", a pad from the tip towards the bone's +y
    (the way Io faces as it walks)."""
    thick = 10
    if end == "hand":
        d = 13
        w, h = bone + thick / 2 + d / 2, d
        boxes = [(0, (h - thick) / 2, bone + thick, thick, thick / 2), (thick / 2 + bone - d / 2, 0, d, d, d / 2)]
    elif end == "foot":
        toe, sole = 14, 9  # how far it reaches in front of the bone, and its thickness
        w, h = bone + thick, thick / 2 + toe
        boxes = [(0, 0, bone + thick, thick, thick / 2), (thick / 2 + bone - sole / 2, 0, sole, h, sole / 2)]
    else:
        w, h = bone + thick, thick
        boxes = [(0, 0, w, h, thick / 2)]
    dark_shape(name, w, h, boxes)


def main():
    os.makedirs(OUT, exist_ok=True)
    # The head: a 100-unit box, a 10-unit dark frame round an 80-unit white face.
    side = 100 * PX
    write_png("head.png", side, side, render(side, side, [(rounded_box(0, 0, side, side, 8), RIM),
                                                          (rounded_box(3, 3, side - 6, side - 6, 6), DARK),
                                                          (rounded_box(10 * PX, 10 * PX, 80 * PX, 80 * PX, 4), WHITE)]))
    # The pupils: two 10 x 25 bars 28.6 units apart (the eyes bone's length), centre to centre.
    w, h = 40 * PX, 25 * PX
    apart = 200.0 / 7.0 * PX
    left = w / 2 - apart / 2 - 5 * PX
    right = w / 2 + apart / 2 - 5 * PX
    write_png("pupils.png", w, h, render(w, h, [(rounded_box(left, 0, 10 * PX, h, 4), DARK),
                                                (rounded_box(right, 0, 10 * PX, h, 4), DARK)]))
    # Closed: a short line where each pupil was.
    write_png("pupils-closed.png", w, h, render(w, h, [(rounded_box(left - 2, h / 2 - 3, 10 * PX + 4, 6, 3), DARK),
                                                       (rounded_box(right - 2, h / 2 - 3, 10 * PX + 4, 6, 3), DARK)]))
    bar("body.png", 60, 10)
    # Limbs of two 32.5-unit bones: the upper arm and thigh plain, the forearm ending in a
    # hand, the shin in a foot.
    limb("upper-limb.png", 32.5, None)
    limb("forearm.png", 32.5, "hand")
    limb("shin.png", 32.5, "foot")


if __name__ == "__main__":
    main()
