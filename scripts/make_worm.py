#!/usr/bin/env python3
"""Makes Wren the worm (assets/rigs/worm.json and assets/rigs/worm/worm.png), the shipped 2D
puppet whose one picture bends: a 220 x 50 unit body, striped, with an eye and a mouth at its
head end, cut into a 22 x 4 grid mesh weighted along a five-bone spine (each vertex between the
two bones nearest it), so the body curves where a rigid picture would crack. A CCD chain runs
from the tail to the head (drag the head and the body follows); "wriggle" keys the spine in a
travelling wave and the head's shape (the mouth opening) with deform keys; "gulp" keys a bulge
that runs from the head to the tail. The same bytes on every run: drawn with the standard
library, numbers rounded. Run from the repository: python3 scripts/make_worm.py [FOLDER]
(FOLDER: where to write worm.json and worm/ instead, as the test that checks the shipped ones
does).
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_io_pictures as pictures  # noqa: E402  (its rounded boxes, supersampling and PNG writer)

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "assets", "rigs")
PX = 2                      # pixels a rig unit
LENGTH, THICK = 220, 50     # the picture, in units
BONE = 40                   # each spine bone's length; the picture starts 10 units behind the tail
SPINE = ["tail", "body1", "body2", "neck", "head"]
COLUMNS, ROWS = 22, 4       # the mesh's grid cells
SKIN = (236, 150, 160)
STRIPE = (204, 110, 128)
RIM = (250, 222, 226)
DARK = (40, 30, 34)
WHITE = (250, 250, 250)


def draw(folder):
    w, h = LENGTH * PX, THICK * PX
    body = pictures.rounded_box(0, 0, w, h, h / 2)
    inner = pictures.rounded_box(2, 2, w - 4, h - 4, h / 2 - 2)
    stripes = [pictures.rounded_box((20 + 24 * k) * PX, 3, 8 * PX, h - 6, 4 * PX) for k in range(7)]
    eye = pictures.rounded_box(188 * PX, 28 * PX, 12 * PX, 12 * PX, 6 * PX)
    pupil = pictures.rounded_box(194 * PX, 31 * PX, 5 * PX, 6 * PX, 2.5 * PX)
    mouth = pictures.rounded_box(196 * PX, 14 * PX, 20 * PX, 3 * PX, 1.5 * PX)
    layers = [(body, RIM), (inner, SKIN), (pictures.union(stripes), STRIPE), (eye, WHITE), (pupil, DARK), (mouth, DARK)]
    os.makedirs(folder, exist_ok=True)
    pictures.OUT = folder
    pictures.write_png("worm.png", w, h, pictures.render(w, h, layers))


def r4(x):
    return round(x + 0.0, 4) + 0.0


def grid():
    """The grid's vertices (picture space), its outline first counter-clockwise from the bottom
    left, then the inside; its triangles counter-clockwise."""
    def at(i, j):
        return (LENGTH * i / COLUMNS, THICK * j / ROWS)
    order = [(i, 0) for i in range(COLUMNS)] + [(COLUMNS, j) for j in range(ROWS)]
    order += [(i, ROWS) for i in range(COLUMNS, 0, -1)] + [(0, j) for j in range(ROWS, 0, -1)]
    hull = len(order)
    order += [(i, j) for j in range(1, ROWS) for i in range(1, COLUMNS)]
    index = {ij: k for k, ij in enumerate(order)}
    triangles = []
    for j in range(ROWS):
        for i in range(COLUMNS):
            a, b, c, d = index[(i, j)], index[(i + 1, j)], index[(i + 1, j + 1)], index[(i, j + 1)]
            triangles += [[a, b, c], [a, c, d]]
    return [at(i, j) for i, j in order], hull, triangles


def weights_of(x):
    """[bone, weight, ...] for a vertex `x` units along the picture: shared by the two bones
    whose middles it lies between, by nearness; past the first or last middle, that bone's."""
    t = min(max((x - 10 - BONE / 2) / BONE, 0.0), len(SPINE) - 1.0)
    k = min(int(t), len(SPINE) - 2)
    far = r4(t - k)
    if far <= 0.0:
        return [k, 1]
    if far >= 1.0:
        return [k + 1, 1]
    return [k, r4(1 - far), k + 1, far]


def head_shape(vertices, amount):
    """Offsets opening the mouth: the head end's lower half down and its upper half up, most at
    the tip, by `amount` units."""
    out = []
    for x, y in vertices:
        reach = max(0.0, (x - 170) / 50)
        out.append([0, r4(amount * reach * reach * (y - THICK / 2) / (THICK / 2))])
    return out


def bulge(vertices, centre, amount):
    """Offsets swelling the body round `centre` (units along it) by `amount`, across."""
    out = []
    for x, y in vertices:
        near = math.exp(-((x - centre) / 22) ** 2)
        out.append([0, r4(amount * near * (y - THICK / 2) / (THICK / 2))])
    return out


def rig():
    vertices, hull, triangles = grid()
    bones = []
    for k, name in enumerate(SPINE):
        bone = {"name": name, "length": BONE}
        if k > 0:
            bone["parent"] = SPINE[k - 1]
        bones.append(bone)
    mesh = {"vertices": [[r4(x), r4(y)] for x, y in vertices],
            "uvs": [[r4(x / LENGTH), r4(y / THICK)] for x, y in vertices],
            "triangles": triangles, "hull": hull, "bones": SPINE,
            "weights": [weights_of(x) for x, _ in vertices]}
    slot = {"name": "body", "bone": "tail", "attachment": "worm",
            "attachments": [{"name": "worm", "image": "worm/worm.png", "size": [LENGTH, THICK], "offset": [-10, 0],
                             "pivot": [0, 0.5], "mesh": mesh}]}
    # A travelling wave: each bone a quarter period behind the one before it, cosine eased.
    period = 1.6
    tracks = []
    for k, name in enumerate(SPINE[1:], start=1):
        keys = []
        for step in range(5):
            t = r4(period * step / 4)
            keys.append({"time": t, "value": r4(14 * math.sin(2 * math.pi * (step / 4) - k * math.pi / 2)),
                         "interpolation": "cosine"})
        tracks.append({"bone": name, "keys": keys})
    rest = [[0, 0]] * len(vertices)
    wriggle_shape = {"slot": "body", "attachment": "worm", "keys": [
        {"time": 0, "offsets": rest, "interpolation": "cosine"},
        {"time": r4(period / 2), "offsets": head_shape(vertices, 7), "interpolation": "cosine"},
        {"time": period, "offsets": rest}]}
    gulp_keys = []
    for step, centre in enumerate([220, 170, 120, 70, 20, -30]):
        gulp_keys.append({"time": r4(0.3 * step), "offsets": bulge(vertices, centre, 0 if step in (0, 5) else 14)})
    states = [{"name": "wriggle", "loop": True, "tracks": tracks, "deform": [wriggle_shape]},
              {"name": "gulp", "loop": True, "deform": [{"slot": "body", "attachment": "worm", "keys": gulp_keys}]}]
    chains = [{"name": "spine", "root": "tail", "effector": "head", "solver": "ccd"}]
    return {"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": bones, "chains": chains,
            "slots": [slot], "states": states}


def main():
    os.makedirs(OUT, exist_ok=True)
    draw(os.path.join(OUT, "worm"))
    with open(os.path.join(OUT, "worm.json"), "w") as f:
        json.dump(rig(), f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
