#!/usr/bin/env bash
# Exported Spine skeletons played by Spine's own runtime (npm's @esotericsoftware/spine-core,
# compare_spine.mjs) against Marionette's answer for the same state: the bones of
# `marionette --animate` and the pictures' vertices of attachment_frames, at the rig's frames
# and between them (baked at a whole multiple of the rig's fps). The sleeve rig's weighted and rigid
# meshes with bone and deform keys (linear, Bezier, step) and the shipped worm's states are held
# to 1e-3 of the rig's size;
# so is Spine's goblins, imported, wearing each of its skins; the shipped 2D rigs' states are
# played and their figures printed (--report: docs/spine.md says which pass).
# With `walkthrough` after the work folder, it plays instead the puppet the user guide's PSD
# walk-through makes in the real window (docs/images/scripts/psd-walkthrough.json on
# tests/data/psd/gimp_character.psd, under xvfb-run): its arm's weighted mesh and its face's
# deform keys, held to 1e-3.
# Usage: spine_core_test.sh MARIONETTE_BINARY ATTACHMENT_FRAMES_BINARY SOURCE_DIR WORK_DIR [walkthrough]
set -euo pipefail
binary=$1 attachments=$2 source=$3 work=$4 only=${5:-}
mkdir -p "$work"
if [ ! -d "$work/node_modules/@esotericsoftware/spine-core" ]; then
  cp "$source/tests/tools/package.json" "$source/tests/tools/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$source/tests/tools/compare_spine.mjs" "$work/"
check() {  # RIG STATE SECONDS [--report]
  local rig=$1 state=$2 seconds=$3 flag=${4:-} name fps
  name=$(basename "${rig%.*}")
  fps=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).fps ?? 30)' "$rig")
  # As many times a frame as --animate's 1000 frames a second allow (33 at 30 fps): frame + 1/33,
  # + 12/33 (0.36), ... fall between the rig's frames at no fraction its keys use.
  fine=$(node -e "console.log($fps * Math.max(1, Math.floor(1000 / $fps)))")
  "$binary" --export "$rig" --format spine --out "$work/$name/$name.json" --overwrite >/dev/null
  "$binary" --animate "$rig" --timeline "$state@0" --seconds "$seconds" --fps "$fine" \
    --out "$work/$name.$state.frames.json" --overwrite >/dev/null
  "$attachments" "$rig" "$state@0" "$seconds" "$fine" "$work/$name.$state.attachments.json"
  node "$work/compare_spine.mjs" "$work/$name/$name.json" "$work/$name.$state.frames.json" \
    "$work/$name.$state.attachments.json" "$state" "$fps" $flag
}
if [ "$only" = walkthrough ]; then
  walk="$work/walkthrough"
  rm -rf "$walk" && mkdir -p "$walk"
  cp "$source/tests/data/psd/gimp_character.psd" "$walk/"
  cp "$source/docs/images/scripts/psd-walkthrough.json" "$walk/steps.json"
  # Its own display number, as the end-to-end tests pick theirs (app_test_support.hpp).
  (cd "$walk" && MARIONETTE_CONFIG_DIR= xvfb-run -a -n $((100 + $$ % 800)) -s '-noreset -screen 0 1280x800x24' \
    "$binary" --window 1280x800 --script steps.json >/dev/null)
  # The state's keys at 0 and 0.5 s, played past its loop.
  check "$walk/waving.json" wave 1.2
  exit 0
fi
# Played past its loop (1.5 s), which Spine and Marionette both start again.
check "$source/tests/data/spine/sleeve.json" flex 2
# Wren the worm: one weighted mesh on a five-bone spine, cosine bone keys and deform keys.
check "$source/assets/rigs/worm.json" wriggle 2
check "$source/assets/rigs/worm.json" gulp 2
# Skins: Spine's goblins imported (tests/data/spine_import) and exported with its two skins,
# played wearing each (attachment_frames' "skin" tells compare_spine.mjs which).
"$binary" --import "$source/tests/data/spine_import/goblins-pro.json" --out "$work/goblins/rig/goblins.json" --overwrite \
  >/dev/null 2>&1
sed 's/^  "skin": "goblin",$/  "skin": "goblingirl",/' "$work/goblins/rig/goblins.json" >"$work/goblins/rig/goblingirl.json"
grep -q '^  "skin": "goblingirl",$' "$work/goblins/rig/goblingirl.json"
check "$work/goblins/rig/goblins.json" walk 1.2 2>/dev/null
check "$work/goblins/rig/goblingirl.json" walk 1.2 2>/dev/null
check "$source/assets/rigs/arm.json" wave 1.2 --report
# Io's periods (pi/3 s) close no loop in whole frames: played within its first.
check "$source/assets/rigs/io.json" walking 1 --report
check "$source/assets/rigs/io.json" climbing 1 --report
