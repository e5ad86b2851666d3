#!/usr/bin/env python3
"""Builds the shipped character, assets/rigs/walker.json: a skinned, textured humanoid with a
walk, IK chains and joint limits (docs/gltf.md, "The shipped character").

It writes a glTF file the way any exporter would (Python's standard library only), imports it
with `marionette --import` like any other glTF file, then adds the chains and limits a user
would add in the editor. Usage (from the repository root, after a build):

    python3 scripts/make_walker.py build/marionette
"""

import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zlib

# name, parent, joint position in the world (metres, y up, facing +z), limb radius
BONES = [
    ("hips", None, (0.0, 0.95, 0.0), 0.13),
    ("spine", "hips", (0.0, 1.08, 0.0), 0.13),
    ("chest", "spine", (0.0, 1.25, 0.0), 0.15),
    ("neck", "chest", (0.0, 1.48, 0.0), 0.05),
    ("head", "neck", (0.0, 1.58, 0.0), 0.11),
    ("head_end", "head", (0.0, 1.82, 0.0), 0.0),
    ("upper_arm_l", "chest", (0.19, 1.44, 0.0), 0.05),
    ("forearm_l", "upper_arm_l", (0.46, 1.44, 0.0), 0.045),
    ("hand_l", "forearm_l", (0.71, 1.44, 0.0), 0.04),
    ("hand_end_l", "hand_l", (0.84, 1.44, 0.0), 0.0),
    ("upper_arm_r", "chest", (-0.19, 1.44, 0.0), 0.05),
    ("forearm_r", "upper_arm_r", (-0.46, 1.44, 0.0), 0.045),
    ("hand_r", "forearm_r", (-0.71, 1.44, 0.0), 0.04),
    ("hand_end_r", "hand_r", (-0.84, 1.44, 0.0), 0.0),
    ("thigh_l", "hips", (0.1, 0.92, 0.0), 0.075),
    ("shin_l", "thigh_l", (0.1, 0.5, 0.0), 0.06),
    ("foot_l", "shin_l", (0.1, 0.08, 0.0), 0.045),
    ("toe_l", "foot_l", (0.1, 0.03, 0.16), 0.0),
    ("thigh_r", "hips", (-0.1, 0.92, 0.0), 0.075),
    ("shin_r", "thigh_r", (-0.1, 0.5, 0.0), 0.06),
    ("foot_r", "shin_r", (-0.1, 0.08, 0.0), 0.045),
    ("toe_r", "foot_r", (-0.1, 0.03, 0.16), 0.0),
]
INDEX = {name: i for i, (name, _, _, _) in enumerate(BONES)}
RINGS, SIDES = 6, 10


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def scale(a, s):
    return tuple(x * s for x in a)


def norm(a):
    length = math.sqrt(sum(x * x for x in a))
    return scale(a, 1.0 / length) if length > 0 else a


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def tube(positions, normals, uvs, joints, weights, indices, bone, start, end, radius):
    """A capped-free tube from `start` to `end` skinned to `bone`, blending into its parent at
    the start so the joint bends smoothly."""
    axis = norm(sub(end, start))
    side = norm(cross(axis, (0.0, 0.0, 1.0) if abs(axis[2]) < 0.9 else (1.0, 0.0, 0.0)))
    up = cross(side, axis)
    parent = BONES[bone][1]
    base = len(positions)
    for ring in range(RINGS + 1):
        t = ring / RINGS
        centre = add(start, scale(sub(end, start), t))
        for k in range(SIDES + 1):
            angle = 2.0 * math.pi * k / SIDES
            n = add(scale(side, math.cos(angle)), scale(up, math.sin(angle)))
            positions.append(add(centre, scale(n, radius)))
            normals.append(n)
            uvs.append((k / SIDES, t))
            blend = min(1.0, t / 0.3) if parent is not None else 1.0
            own = 0.5 + 0.5 * blend
            joints.append((bone, INDEX[parent] if parent is not None else 0, 0, 0))
            weights.append((own, 1.0 - own, 0.0, 0.0))
    for ring in range(RINGS):
        for k in range(SIDES):
            a = base + ring * (SIDES + 1) + k
            b = a + SIDES + 1
            indices += [a, a + 1, b, a + 1, b + 1, b]


def png(width, height, pixel):
    """An RGB PNG of pixel(x, y) -> (r, g, b), written with zlib."""
    raw = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def cloth(x, y):
    """Knitted stripes across the tubes, lighter seams along them."""
    stripe = (y // 8) % 2
    seam = x % 16 in (0, 1)
    r, g, b = (208, 120, 72) if stripe else (226, 160, 96)
    return (min(255, r + 30), min(255, g + 30), min(255, b + 30)) if seam else (r, g, b)


def quat_x(degrees):
    h = math.radians(degrees) / 2.0
    return [math.sin(h), 0.0, 0.0, math.cos(h)]


def gltf():
    positions, normals, uvs, joints, weights, indices = [], [], [], [], [], []
    children = {}
    for i, (_, parent, _, _) in enumerate(BONES):
        if parent is not None:
            children.setdefault(INDEX[parent], []).append(i)
    for i, (name, parent, at, radius) in enumerate(BONES):
        if radius == 0.0:
            continue
        for c in children.get(i, []):
            if name == "chest" and BONES[c][0].startswith("upper_arm"):
                continue  # the shoulders come from the arms' own tubes
            tube(positions, normals, uvs, joints, weights, indices, i, at, BONES[c][2], radius)

    blob = bytearray()
    views, accessors = [], []

    def put(data, component, kind, count, target=None, bounds=None):
        while len(blob) % 4:
            blob.append(0)
        view = {"buffer": 0, "byteOffset": len(blob), "byteLength": len(data)}
        if target:
            view["target"] = target
        blob.extend(data)
        views.append(view)
        accessor = {"bufferView": len(views) - 1, "componentType": component, "count": count, "type": kind}
        if bounds:
            accessor["min"], accessor["max"] = bounds
        accessors.append(accessor)
        return len(accessors) - 1

    def floats(rows, kind, target=None, bounds=False):
        flat = [v for row in rows for v in row]
        b = None
        if bounds:
            n = len(rows[0])
            b = ([min(r[k] for r in rows) for k in range(n)], [max(r[k] for r in rows) for k in range(n)])
        return put(struct.pack("<%df" % len(flat), *flat), 5126, kind, len(rows), target, b)

    position = floats(positions, "VEC3", 34962, True)
    normal = floats(normals, "VEC3", 34962)
    uv = floats(uvs, "VEC2", 34962)
    joint = put(struct.pack("<%dH" % (4 * len(joints)), *[j for row in joints for j in row]), 5123, "VEC4", len(joints), 34962)
    weight = floats(weights, "VEC4", 34962)
    index = put(struct.pack("<%dI" % len(indices), *indices), 5125, "SCALAR", len(indices), 34963)
    inverse_binds = floats([[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -at[0], -at[1], -at[2], 1] for (_, _, at, _) in BONES], "MAT4")
    image = bytes(png(64, 64, cloth))
    while len(blob) % 4:
        blob.append(0)
    views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(image)})
    image_view = len(views) - 1
    blob.extend(image)

    nodes = []
    for i, (name, parent, at, _) in enumerate(BONES):
        local = sub(at, BONES[INDEX[parent]][2]) if parent is not None else at
        node = {"name": name, "translation": [round(v, 6) for v in local]}
        if children.get(i):
            node["children"] = children[i]
        nodes.append(node)
    nodes.append({"name": "body", "mesh": 0, "skin": 0})

    # The walk: one second, legs and arms swinging opposite, knees bending on the swing, the
    # hips bobbing twice a stride.
    times = [0.0, 0.25, 0.5, 0.75, 1.0]
    swing = [25.0, 0.0, -25.0, 0.0, 25.0]
    time_accessor = floats([[t] for t in times], "SCALAR", None, True)
    channels, samplers = [], []

    def rotate(bone, degrees):
        out = floats([quat_x(d) for d in degrees], "VEC4")
        samplers.append({"input": time_accessor, "output": out})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": INDEX[bone], "path": "rotation"}})

    rotate("thigh_l", [-s for s in swing])
    rotate("thigh_r", swing)
    rotate("shin_l", [0.0, 30.0, 5.0, 10.0, 0.0])
    rotate("shin_r", [5.0, 10.0, 0.0, 30.0, 5.0])
    rotate("upper_arm_l", [s * 0.8 for s in swing])
    rotate("upper_arm_r", [-s * 0.8 for s in swing])
    bob = floats([[0.0, 0.95 + 0.02 * math.cos(4.0 * math.pi * t), 0.0] for t in times], "VEC3")
    samplers.append({"input": time_accessor, "output": bob})
    channels.append({"sampler": len(samplers) - 1, "target": {"node": INDEX["hips"], "path": "translation"}})

    document = {
        "asset": {"version": "2.0", "generator": "Marionette scripts/make_walker.py"},
        "scene": 0,
        "scenes": [{"nodes": [0, len(BONES)]}],
        "nodes": nodes,
        "skins": [{"joints": list(range(len(BONES))), "inverseBindMatrices": inverse_binds, "skeleton": 0}],
        "meshes": [{"name": "body", "primitives": [{
            "attributes": {"POSITION": position, "NORMAL": normal, "TEXCOORD_0": uv, "JOINTS_0": joint, "WEIGHTS_0": weight},
            "indices": index, "material": 0}]}],
        "materials": [{"name": "cloth", "pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1], "baseColorTexture": {"index": 0},
                                                                  "metallicFactor": 0.0}}],
        "textures": [{"source": 0}],
        "images": [{"name": "cloth", "mimeType": "image/png", "bufferView": image_view}],
        "animations": [{"name": "walk", "samplers": samplers, "channels": channels}],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(blob)}],
    }
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    body = bytes(blob) + b"\0" * (-len(blob) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text + struct.pack("<I4s", len(body), b"BIN\0") + body
    return struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    marionette = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rig_path = os.path.join(root, "assets", "rigs", "walker.json")
    with tempfile.TemporaryDirectory() as work:
        glb = os.path.join(work, "walker.glb")
        with open(glb, "wb") as f:
            f.write(gltf())
        subprocess.run([marionette, "--import", glb, "--out", rig_path, "--overwrite"], check=True)
    with open(rig_path) as f:
        rig = json.load(f)
    # What a user adds in the editor: two-bone chains for the limbs, bending as knees and elbows
    # do (poles in front of the knees, behind the elbows), and limits a body keeps.
    rig["chains"] = [
        {"name": "arm_l", "root": "upper_arm_l", "effector": "forearm_l", "solver": "two_bone", "settings": {"pole": [0.46, 1.44, -0.6]}},
        {"name": "arm_r", "root": "upper_arm_r", "effector": "forearm_r", "solver": "two_bone", "settings": {"pole": [-0.46, 1.44, -0.6]}},
        {"name": "leg_l", "root": "thigh_l", "effector": "shin_l", "solver": "two_bone", "settings": {"pole": [0.1, 0.5, 0.8]}},
        {"name": "leg_r", "root": "thigh_r", "effector": "shin_r", "solver": "two_bone", "settings": {"pole": [-0.1, 0.5, 0.8]}},
        {"name": "spine", "root": "spine", "effector": "head", "solver": "ccd"},
    ]
    limits = {"spine": 30, "chest": 30, "neck": 40, "head": 50, "forearm_l": 150, "forearm_r": 150, "shin_l": 150, "shin_r": 150,
              "upper_arm_l": 120, "upper_arm_r": 120, "thigh_l": 110, "thigh_r": 110, "hand_l": 70, "hand_r": 70, "foot_l": 50, "foot_r": 50}
    for bone in rig["bones"]:
        if bone["name"] in limits:
            bone["limits"] = {"max": limits[bone["name"]]}
    with open(rig_path, "w") as f:
        json.dump(rig, f, indent=2)
        f.write("\n")
    subprocess.run([marionette, "--check", rig_path], check=True)


if __name__ == "__main__":
    main()
