#!/usr/bin/env python3
"""Drags a chain's target in circles round its root joint in the real editor window and reports
the largest joint turn a frame (docs/ik.md, "Limbs at their limits: no snaps").

The editor runs under xvfb-run with a --script: it presses the chain's target, moves the mouse
round the upper bone's joint one degree a step at each radius (in pixels; pick one inside the
limb's reach and one outside), and saves the rig after every move. Each step is one frame and
each save another, so the target moves half a degree a frame seen from the root, and a joint
turn between two saves is two frames' turn. Screenshots of each circle's quarters are kept.

Usage: python3 scripts/drag_circles.py RIG CHAIN UPPER LOWER RADII [WxH] [OUT_DIR]
  e.g. python3 scripts/drag_circles.py assets/rigs/hero.json leg_l leg_l_upper leg_l_lower 150,500 1920x1080
Exit 0 when no frame turns a joint by more than 10 degrees, 1 otherwise, 2 when the run failed.
"""

import glob
import json
import math
import os
import subprocess
import sys

FRAMES_PER_STEP = 2  # the move and the save
RULE_DEGREES = 10.0


def turn_degrees(a, b):
    """The angle between two saved pose rotations: degrees (2D) or quaternions [x, y, z, w]."""
    if isinstance(a, list) or isinstance(b, list):
        a = a if isinstance(a, list) else [0.0, 0.0, 0.0, 1.0]
        b = b if isinstance(b, list) else [0.0, 0.0, 0.0, 1.0]
        dot = abs(sum(x * y for x, y in zip(a, b))) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
        return math.degrees(2.0 * math.acos(min(1.0, dot)))
    return abs((a - b + 180.0) % 360.0 - 180.0)


def main(argv):
    if len(argv) < 6:
        print(__doc__.strip().splitlines()[-3], file=sys.stderr)
        return 2
    rig, chain, upper, lower = os.path.abspath(argv[1]), argv[2], argv[3], argv[4]
    radii = [float(r) for r in argv[5].split(",")]
    window = argv[6] if len(argv) > 6 else "1280x800"
    out = os.path.abspath(argv[7] if len(argv) > 7 else f"drag_circles_{chain}_{window}")
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "f*.json")):
        os.remove(old)
    steps = [{"wait": 5}, {"press": {"chain": chain, "at": "target"}}]
    saved = 0
    for radius in radii:
        for degree in range(361):
            a = math.radians(degree - 90)
            steps.append({"move": {"bone": upper, "at": "joint", "offset": [radius * math.cos(a), -radius * math.sin(a)]}})
            steps.append({"save": f"f{saved:04d}.json"})
            saved += 1
            if degree % 90 == 0:
                steps.append({"screenshot": f"r{int(radius)}_{degree:03d}.png"})
    steps.append({"release": "left"})
    script = os.path.join(out, "steps.json")
    with open(script, "w") as f:
        json.dump({"steps": steps}, f)
    editor = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "marionette")
    run = subprocess.run(["xvfb-run", "-a", "-s", f"-screen 0 {window}x24", editor, "--script", script, "--window", window, rig],
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout + run.stderr, file=sys.stderr)
        return 2
    worst, over, prev = (0.0, -1), 0, None
    for k in range(saved):
        with open(os.path.join(out, f"f{k:04d}.json")) as f:
            rotations = json.load(f)["pose"]["rotations"]
        now = [rotations.get(upper, 0.0), rotations.get(lower, 0.0)]
        # The first step of each circle jumps to it: not a step of the path.
        if prev is not None and k % 361 != 0:
            per_frame = max(turn_degrees(n, p) for n, p in zip(now, prev)) / FRAMES_PER_STEP
            worst = max(worst, (per_frame, k))
            over += per_frame > RULE_DEGREES
        prev = now
    print(f"{chain} in {window}: {saved} steps, largest joint turn {worst[0]:.1f} degrees a frame (step {worst[1]}), "
          f"{over} frames over {RULE_DEGREES:g}; screenshots in {out}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
