#!/usr/bin/env bash
# Spine skeletons other programs wrote (tests/data/spine_import: Spine's own examples, 3.8 to
# 4.2) imported by `marionette --import`, and the imported rig held against Spine's own runtime
# reading the source file (compare_spine.mjs --import-setup, npm's spine-core of the file's
# version): the setup pose, then animations played as states at 33 times the rig's frames, every
# bone's joint and tip and every vertex of the pictures shown within 1e-4 of the skeleton's size.
# The setup pose is compared with Spine's constraints switched off (the rig keeps the bones' own
# setup values), the animations with its IK constraints on (the import keys their effect into
# the bones) and the others off (left out, warned; docs/spine-import.md). A skinned skeleton
# (goblins) is compared wearing each skin, both sides told which by attachment_frames' "skin".
# What a rig cannot hold is only reported: windmill's shear; spineboy's walk, whose head scales unevenly under turned hair (a skew) and
# whose head mesh has a vertex on five bones; coin's animation, whose coin turns by a negative
# scale, which a rig holds at 0.
# Usage: spine_import_test.sh MARIONETTE_BINARY ATTACHMENT_FRAMES_BINARY SOURCE_DIR WORK_DIR
set -euo pipefail
binary=$1 attachments=$2 source=$3 work=$4
mkdir -p "$work"
if [ ! -d "$work/node_modules/spine-core-4.1" ]; then
  cp "$source/tests/tools/package.json" "$source/tests/tools/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$source/tests/tools/compare_spine.mjs" "$work/"
compare() {  # NAME FRAMES ATTACHMENTS ANIMATION MODE [--report]
  local from="$source/tests/data/spine_import/$1.json"
  if [ "${6:-}" = --report ]; then
    node "$work/compare_spine.mjs" "$from" "$2" "$3" "$4" 30 "$5" || true
  else
    node "$work/compare_spine.mjs" "$from" "$2" "$3" "$4" 30 "$5"
  fi
}
check() {  # NAME [--report]: the setup pose
  local name=$1
  "$binary" --import "$source/tests/data/spine_import/$name.json" --out "$work/$name.json" --overwrite >/dev/null 2>"$work/$name.warnings"
  "$attachments" "$work/$name.json" - 0 1 "$work/$name.setup.json" 2>/dev/null
  compare "$name" "$work/$name.setup.json" "$work/$name.setup.json" - --import-setup "${2:-}"
}
play() {  # NAME ANIMATION SECONDS [--report]: an animation, past its loop
  play_rig "$1" "$1" "$2" "$3" "${4:-}"
}
play_rig() {  # NAME RIG ANIMATION SECONDS [--report]: the same, played by the imported rig RIG
  local name=$1 rig=$2 animation=$3 seconds=$4
  "$binary" --animate "$work/$rig.json" --timeline "$animation@0" --seconds "$seconds" --fps 990 \
    --out "$work/$rig.$animation.frames.json" --overwrite >/dev/null 2>&1
  "$attachments" "$work/$rig.json" "$animation@0" "$seconds" 990 "$work/$rig.$animation.attachments.json" 2>/dev/null
  compare "$name" "$work/$rig.$animation.frames.json" "$work/$rig.$animation.attachments.json" "$animation" --import-ik "${5:-}"
}
wear() {  # NAME SKIN: the setup pose with another of the imported rig's skins worn
  local name=$1 skin=$2
  sed "s/^  \"skin\": \".*\",\$/  \"skin\": \"$skin\",/" "$work/$name.json" >"$work/$name.$skin.json"
  grep -q "^  \"skin\": \"$skin\",\$" "$work/$name.$skin.json"
  "$attachments" "$work/$name.$skin.json" - 0 1 "$work/$name.$skin.setup.json" 2>/dev/null
  compare "$name" "$work/$name.$skin.setup.json" "$work/$name.$skin.setup.json" - --import-setup
}
check coin-pro       # 3.8: Spine 3's atlas, a clipping attachment
check owl-pro        # 4.0: weighted meshes
check spineboy-pro   # 4.1: meshes, IK, transform constraints, inheritance, events
check windmill-ess --report  # 4.2: shear, uneven scales
check goblins-pro    # 4.1: skins (the first worn, as the import shows it), weighted meshes
wear goblins-pro goblingirl  # the other skin: each slot its skin's attachment of the name
play coin-pro animation 2.8 --report  # 3.8's keys (in 4.0's form for its runtime); its coin turns by negative scale
play owl-pro idle 7          # Bezier keys on weighted meshes
play owl-pro blink 5.5       # attachment keys
play spineboy-pro shoot 1.3  # attachment and colour keys, a step, noRotationOrReflection feet keyed from Spine's pose
play spineboy-pro aim 0.5
play spineboy-pro walk 1.2 --report
play windmill-ess animation 5.2 --report
play goblins-pro walk 1.2    # deform keys on weighted and unweighted meshes, in skins
play_rig goblins-pro goblins-pro.goblingirl walk 1.2  # the same walk wearing the other skin
